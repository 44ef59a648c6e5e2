"""What the Court state says to the player: the choices' labels, status line, keys, reasons
for refusals, and the log's most frequent lines.

A mixin so the rules module stays about rules; it reads the state's attributes only. The
choices are built by small functions of the few values their labels show, cached: a turn
offers the same cards at the same prices again and again, and building every label at every
step was much of the cost of a step for the bots.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from .board import COURT_SPACES, IS_PRINCE, ROW_SLOTS, SPACE_LETTERS, price_table, space_name
from .data import CARDS

#: Inputs are card ids, slots, spaces and small numbers, so the caches stay small; the bound
#: only guards against a damaged save full of odd numbers.
_CACHE = 1 << 14

NO_FIGHT = Action("no_fight", (), "Do not fight this turn")


@lru_cache(maxsize=_CACHE)
def take_action(slot: int, card: int) -> Action:
    return Action("take", (slot,), f"Take the {CARDS[card].name} (slot {slot + 1}) as a starting card")


@lru_cache(maxsize=_CACHE)
def buy_action(slot: int, card: int, cost: int) -> Action:
    return Action("buy", (slot,), f"Buy the {CARDS[card].name} (slot {slot + 1}) for {cost} CP")


@lru_cache(maxsize=_CACHE)
def pass_action(discarded: int | None, income: int) -> Action:
    """Passing: the rightmost court card of the row (None: none there) is discarded."""
    if discarded is None:
        return Action("pass", (), f"Pass: collect {income} CP")
    return Action("pass", (), f"Pass: discard the {CARDS[discarded].name} and collect {income} CP")


@lru_cache(maxsize=_CACHE)
def place_action(card: int, space: int, old: int | None) -> Action:
    """Placing ``card`` in ``space``, dismissing ``old`` from it (None: the space is free)."""
    name = CARDS[card].name
    if old is None:
        return Action("place", (space,), f"Place the {name} in space {space_name(space)}")
    return Action("place", (space,), f"Place the {name} in space {space_name(space)}, dismissing the {CARDS[old].name}")


@lru_cache(maxsize=8)
def buy_table(auction: str) -> tuple:
    """``buy_action`` of every court card in every row slot under the ``auction`` rule option,
    by ``[card][slot]`` (None for a Prince, which is never bought): the legal list indexes it
    instead of calling a cache for each card of the row."""
    prices = price_table(auction)
    return tuple(
        None if IS_PRINCE[card] else tuple(buy_action(slot, card, prices[card][slot]) for slot in range(ROW_SLOTS))
        for card in range(len(CARDS))
    )


@lru_cache(maxsize=1)
def take_table() -> tuple:
    """``take_action`` of every card in every row slot, by ``[card][slot]``."""
    return tuple(tuple(take_action(slot, card) for slot in range(ROW_SLOTS)) for card in range(len(CARDS)))


@lru_cache(maxsize=1)
def place_table() -> tuple:
    """``place_action`` of every card into every free space, by ``[card][space]``."""
    return tuple(tuple(place_action(card, space, None) for space in range(COURT_SPACES)) for card in range(len(CARDS)))


@lru_cache(maxsize=_CACHE)
def fight_action(slot: int, card: int, strength: int) -> Action:
    """Fighting the Prince ``card`` in ``slot`` with Generals of ``strength``, paying the rest."""
    prince = CARDS[card]
    pay = max(0, prince.strength - strength)
    cost = f"Generals {strength} + {pay} CP" if pay else f"Generals {strength}"
    return Action("fight", (slot,), f"Fight the {prince.name} (slot {slot + 1}, strength {prince.strength}): {cost}")


# ------------------------------------------------------------------------------ log lines
# The log's most frequent lines, worded once per card and slot or space: a random game writes
# about eighty lines, and formatting each one again was a good part of a step.
_CARD_IDS = range(len(CARDS))
#: By card: taking it as a starting card.
TAKES: tuple[str, ...] = tuple(f"{{p0}} takes the {CARDS[c].name} as a starting card." for c in _CARD_IDS)
#: By [card][space]: placing it in the Royal Court.
PLACES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{{p0}} places the {CARDS[c].name} in space {SPACE_LETTERS[s]}." for s in range(COURT_SPACES))
    for c in _CARD_IDS
)
#: By [card][slot]: passing discards it from the row.
PASS_DISCARDS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{{p0}} passes; the {CARDS[c].name} is discarded from slot {i + 1}." for i in range(ROW_SLOTS))
    for c in _CARD_IDS
)
#: By card: a raid carries it off.
RAIDS: tuple[str, ...] = tuple(
    f"The Daemon Princes carry the {card.name} off to their court (-{card.vp} VP)." for card in CARDS
)
#: By card (a Prince): the refill draws it into the row.
PRINCE_ENTERS: tuple[str, ...] = tuple(
    f"A Daemon Prince enters the Society Row: the {card.name} (strength {card.strength})." for card in CARDS
)


@lru_cache(maxsize=64)
def collects(income: int) -> str:
    """Passing: the copper collected."""
    return f"{{p0}} collects {income} CP."


@lru_cache(maxsize=_CACHE)
def buys(card: int, slot: int, cost: int) -> str:
    return f"{{p0}} buys the {CARDS[card].name} from slot {slot + 1} for {cost} CP."


@lru_cache(maxsize=_CACHE)
def none_beatable(strength: int, cp: int) -> str:
    """Phase 2 passes by itself: Princes in the row, none of them beatable."""
    return f"No Daemon Prince in the row can be beaten (Generals {strength}, {cp} CP)."


_PHASE_NAMES = {
    "setup_take": "choosing starting cards",
    "setup_place": "placing a starting card",
    "buy": "phase 1 (buy a card or pass)",
    "place": "placing the card you bought",
    "fight": "phase 2 (fight a Daemon Prince)",
    "over": "the end of the game",
}


class CourtTexts:
    def phase_label(self) -> str:
        phase = self.phase
        if phase == "setup_take":
            return f"{{p0}}: choose starting card {self.taken + 1} of 3 from the Society Row"
        if phase in ("setup_place", "place"):
            full = " (court full: choose a card to dismiss)" if all(c is not None for c in self.court) else ""
            return f"{{p0}}: choose a space for the {CARDS[self.pending].name}{full}"
        if phase == "buy":
            return f"{{p0}}, turn {self.turn}: buy a card or pass"
        if phase == "fight":
            return f"{{p0}}, turn {self.turn}: fight a Daemon Prince or let it be"
        return "Game over"

    def action_key(self, action: Action) -> str | None:
        if action.kind in ("take", "buy", "fight") and action.args:
            return str(action.args[0] + 1)
        if action.kind == "place" and action.args:
            return SPACE_LETTERS[action.args[0]].lower()
        if action.kind in ("pass", "no_fight"):
            return "p"
        return None

    def why_illegal(self, action: Action) -> str | None:
        kind, args, phase = action.kind, action.args, self.phase
        if phase == "over":
            return "The game is over."
        wanted = {
            "take": ("setup_take",),
            "place": ("setup_place", "place"),
            "buy": ("buy",),
            "pass": ("buy",),
            "fight": ("fight",),
            "no_fight": ("fight",),
        }
        if kind not in wanted:
            return None
        if phase not in wanted[kind]:
            return f"You cannot {kind.replace('_', ' ')} now: the game is at {_PHASE_NAMES[phase]}."
        if kind in ("take", "buy", "fight", "place") and (len(args) != 1 or not isinstance(args[0], int)):
            return f"'{kind}' needs exactly one slot or space number."
        if kind == "take":
            slot = args[0]
            if not 0 <= slot < ROW_SLOTS or self.row[slot] is None:
                return f"There is no card in slot {slot + 1} to take."
        if kind == "buy":
            return self._buy_problem(args[0])
        if kind == "place":
            space = args[0]
            if not 0 <= space < COURT_SPACES:
                return f"There is no space {space}: the Royal Court has spaces A-H."
            if self.court[space] is not None:
                return (
                    f"Space {SPACE_LETTERS[space]} already holds the {CARDS[self.court[space]].name}; "
                    "choose a free space (you may only dismiss a card when the court is full)."
                )
        if kind == "fight":
            slot = args[0]
            if not 0 <= slot < ROW_SLOTS or self.row[slot] is None or not CARDS[self.row[slot]].is_prince:
                return f"There is no Daemon Prince in slot {slot + 1} to fight."
            prince = CARDS[self.row[slot]]
            strength = self.general_total()
            short = prince.strength - strength
            return (
                f"The {prince.name} has strength {prince.strength}; your Generals give {strength} "
                f"and you have {self.cp} CP: {short - self.cp} short."
            )
        return None
