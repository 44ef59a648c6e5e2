"""What the Court state says to the player: status line, keys, reasons for refusals, and the
log's most frequent lines (the choices' labels are made in ``offers.py``).

A mixin so the rules module stays about rules; it reads the state's attributes only.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from .board import COURT_SPACES, ROW_SLOTS, SPACE_LETTERS
from .data import CARDS
from .offers import _CACHE

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
