"""What Dragon's Hoard offers: the choices each seat has in each phase, and why not, each
choice made (and worded) once per distinct argument.

A mixin for ``HoardState`` (``rules.py``), kept apart so each file reads in one sitting; what
a choice does once taken is the ``Moves`` mixin in ``moves.py``.
Phases and the seat that decides:

- ``draw``  (turn player) one card at a time, from the deck or a field slot;
- ``act``   (turn player) play an action card (alone or with a Wizard), a treasure, a lair, or end;
- ``pay``   (turn player) spend one card at a time until the treasure is paid;
- ``react`` (each eligible opponent, in turn order) answer an action with a Battle or let it be;
- ``steal`` (turn player) name the back colour of each card the Thief takes;
- ``mob``   (each opponent, in turn order) discard for the Angry Mob one card at a time;
- ``limit`` (turn player) discard down to ten at the end of the turn.

An offered action is immutable and depends only on its arguments, so listing the legal
actions hands out the same objects again instead of building and wording new ones: the search
bots list the choices at every step.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ...engine import Action, wording
from ...engine.wording import count_of
from . import data
from .data import (
    CARDS, COLOUR_OF, COLOURS, FACES, KINDS, PAYS_FOR, PLAYABLE_ACTIONS, PLAYABLE_CARDS, TREASURE_CARDS, WIZARD_CARDS,
    back, kind,
)

#: "a red sheep", "an orange sheep": the wording helper's answer for each of the few words
#: Hoard's log puts an article before, remembered (every draw and payment writes one).
a_or_an = lru_cache(maxsize=None)(wording.a_or_an)


@lru_cache(maxsize=None)
def seat(s: int) -> str:
    """A seat as the log and labels write it ({p0}..{p4}), turned into a name when shown."""
    return f"{{p{s}}}"


def cost_text(c: int) -> str:
    """"2 purple + 1 any": what a treasure costs."""
    card = CARDS[c]
    parts = []
    if card.own:
        parts.append(f"{card.own} {card.colour_name}")
    if card.any:
        parts.append(f"{card.any} any")
    return " + ".join(parts) or "free"


END_TURN = Action("end_turn", (), "End the turn")


@lru_cache(maxsize=None)
def draw_deck_action(top: int | None) -> Action:
    where = f"the {data.sheep(top)}" if top is not None else "after reshuffling the discards"
    return Action("draw_deck", (), f"Draw from the deck ({where})")


@lru_cache(maxsize=None)
def draw_field_action(i: int, c: int) -> Action:
    return Action("draw_field", (i,), f"Take the {data.sheep(c)} from field slot {i + 1}")


def _target_text(args: tuple) -> str:
    return f" on {seat(args[0])}" if args else ""


@lru_cache(maxsize=None)
def play_action(c: int, args: tuple) -> Action:
    return Action("play", (c, *args), f"Play the {data.describe(c)}{_target_text(args)}")


@lru_cache(maxsize=None)
def wizard_action(w: int, c: int, args: tuple) -> Action:
    return Action("wizard", (w, c, *args), f"Play the {data.describe(c)}{_target_text(args)} with the {data.describe(w)}")


@lru_cache(maxsize=None)
def treasure_action(c: int) -> Action:
    verb = "Open" if kind(c) == "lair" else "Lay"
    card = CARDS[c]
    cost = "" if card.kind == "lair" else f" ({card.vp} VP, cost {cost_text(c)})"
    return Action("treasure", (c,), f"{verb} the {card.title}{cost}")


@lru_cache(maxsize=None)
def pay_action(c: int) -> Action:
    as_ = "any colour" if kind(c) == "wild" else data.sheep(c)
    return Action("pay", (c,), f"Spend the {data.describe(c)} as {as_}")


@lru_cache(maxsize=None)
def steal_action(colour: int, target: int) -> Action:
    return Action("steal", (COLOURS[colour],), f"Steal {a_or_an(COLOURS[colour])} sheep from {seat(target)}")


@lru_cache(maxsize=None)
def discard_action(c: int) -> Action:
    return Action("discard", (c,), f"Discard the {data.describe(c)}")


@lru_cache(maxsize=None)
def battle_action(c: int, action_kind: str) -> Action:
    return Action("battle", (c,), f"Answer the {data.ACTION_NAMES[action_kind]} with the {data.describe(c)}")


@lru_cache(maxsize=None)
def no_battle_action(action_kind: str) -> Action:
    return Action("no_battle", (), f"Let the {data.ACTION_NAMES[action_kind]} happen")


#: Per card id, what ``_treasure_block`` reads of it: (is a lair, colour, own sheep, any sheep).
_BLOCK_INFO = tuple((c.kind == "lair", c.colour, c.own, c.any) for c in CARDS)


def _covered_part(matches: bool, own: int, any_: int) -> str | None:
    """The part of a treasure's cost a paying card covers, "own" or "any": sheep of the
    treasure's own colour while those are owed (``matches``: the card pays as that colour),
    else any colour; None when it covers neither."""
    if matches and own > 0:
        return "own"
    if any_ > 0:
        return "any"
    return None


#: ``_pay_choices``' lists by what they depend on (emptied when full).
_PAY_LISTS: dict[tuple, tuple[Action, ...]] = {}


@lru_cache(maxsize=None)
def _others(actor: int, n: int) -> tuple[int, ...]:
    """The other seats in turn order from ``actor``'s left."""
    return tuple((actor + k) % n for k in range(1, n))


class Offers:
    # --------------------------------------------------------------------- legal actions
    def _legal_actions(self) -> list[Action]:
        if self.over:
            return []
        phase = self.phase
        if phase == "draw":
            return self._draw_choices()
        if phase == "act":
            acts = self._act_choices()
            acts.append(END_TURN)
            return acts
        if phase == "pay":
            return self._pay_choices()
        if phase == "react":
            return self._react_choices()
        if phase == "steal":
            target = self.pending["target"]
            colours = sorted({back(c) for c in self.hands[target]})
            return [steal_action(b, target) for b in colours]
        if phase in ("mob", "limit"):
            seat = self.current_player
            return [discard_action(c) for c in self._distinct(self.hands[seat])]
        raise AssertionError(f"unknown phase {phase}")

    @staticmethod
    def _distinct(cards: list[int]) -> list[int]:
        """One card per (face, colour): the two Battles of a colour are the same choice."""
        seen: set[tuple[str, int]] = set()
        out = []
        face = FACES.get
        for c in cards:
            key = face(c) or (kind(c), back(c))
            if key not in seen:
                seen.add(key)
                out.append(c)
        return out

    def _draw_choices(self) -> list[Action]:
        acts = []
        if self.deck or self.discard:
            acts.append(draw_deck_action(self.deck[-1] if self.deck else None))
        for i, c in enumerate(self.field):
            if c is not None:
                acts.append(draw_field_action(i, c))
        return acts

    def _targets(self, action_kind: str, actor: int) -> list[int]:
        others = _others(actor, self.num_players)
        if action_kind == "thief":
            return [s for s in others if self.hands[s]]
        if action_kind == "knight":
            return [s for s in others if not self.skipped_last[s] and not self.skip_next[s]]
        return []

    def _act_choices(self) -> list[Action]:
        return list(self._iter_act_choices())

    def _has_act_choice(self) -> bool:
        """Whether ``_act_choices()`` offers anything, without wording or listing a choice:
        ``_iter_act_choices`` offers a play for every playable card with a target (if it
        needs one) and a lay for every treasure ``_treasure_block`` lets through. Asked after
        every step of the act phase (tests/games/hoard checks it against the list)."""
        seat = self.active
        hand = self.hands[seat]
        if not self.used_action:
            for c in hand:
                if c in PLAYABLE_CARDS:
                    k = KINDS[c]
                    if k not in ("thief", "knight") or self._targets(k, seat):
                        return True
        if not self.used_treasure:
            paying: dict[int, int] = {}
            block = self._treasure_block
            for c in hand:
                if c in TREASURE_CARDS and block(c, paying) is None:
                    return True
        return False

    def _iter_act_choices(self) -> Iterator[Action]:
        """The act phase's card plays, one by one (labels are only worded for those asked)."""
        seat = self.active
        hand = self.hands[seat]
        if not self.used_action:
            wizards = None  # listed after the first play (``_has_act_choice`` stops there)
            for c in hand:
                if c not in PLAYABLE_CARDS:  # (never a placeholder: its face is unknown)
                    continue
                k = KINDS[c]
                targets = [(t,) for t in self._targets(k, seat)] if k in ("thief", "knight") else [()]
                for args in targets:
                    yield play_action(c, args)
                    if wizards is None:
                        wizards = [w for w in hand if w in WIZARD_CARDS]
                    for w in wizards:
                        yield wizard_action(w, c, args)
        if not self.used_treasure:
            paying: dict[int, int] = {}
            block = self._treasure_block
            for c in hand:
                # (``_can_lay`` without the call: the treasure ids are all >= 0)
                if c in TREASURE_CARDS and block(c, paying) is None:
                    yield treasure_action(c)

    def _can_lay(self, c: int, paying: dict[int, int] | None = None) -> bool:
        """Whether card ``c`` of the turn player's hand may be laid (treasure) or opened (lair)
        (``paying``: see ``_treasure_block``)."""
        return c >= 0 and c in TREASURE_CARDS and self._treasure_block(c, paying) is None

    @staticmethod
    def _cost_text(c: int) -> str:
        return cost_text(c)

    def _treasure_block(self, c: int, paying: dict[int, int] | None = None) -> str | None:
        """Which rule stops this treasure or lair now: "colour", "limit", "cost", or None.

        The rules themselves, without wording: the act phase asks this of every treasure in
        the hand at every step, and ``_treasure_problem`` words the answer for the player.
        ``paying`` remembers the hand's ``_paying`` count per colour across the treasures of
        one listing (the hand does not change in between)."""
        seat = self.active
        is_lair, colour, own, any_ = _BLOCK_INFO[c]
        if is_lair:
            lairs = self.lairs[seat]
            if colour in map(COLOUR_OF.__getitem__, lairs):
                return "colour"
            if len(lairs) >= self.lair_limit:
                return "limit"
            return None
        # The treasure itself cannot pay: it leaves the cards that pay (its back shows its own
        # colour, so each copy of it in the hand is one paying card less).
        hand = self.hands[seat]
        copies = hand.count(c)
        if paying is None:
            count = self._paying(hand, colour)
        else:
            count = paying.get(colour)
            if count is None:  # (``_paying`` without the call)
                paying[colour] = count = sum(map(PAYS_FOR[colour].__contains__, hand))
        return None if self._covers(len(hand) - copies, count - copies, own, any_) else "cost"

    def _treasure_problem(self, c: int) -> str | None:
        """Why this treasure or lair cannot be played now (None: it can)."""
        block = self._treasure_block(c)
        card = CARDS[c]
        if block == "colour":
            return f"You already have {a_or_an(card.colour_name)} Lair: never two lairs of one colour."
        if block == "limit":
            return f"With {self.num_players} players each player may open only {count_of(self.lair_limit, 'lair')}."
        if block == "cost":
            return (
                f"The {card.title} costs {self._cost_text(c)} sheep "
                f"(the treasure itself cannot pay); your other cards cannot cover it."
            )
        return None

    @staticmethod
    def _matches(c: int, colour: int) -> bool:
        """Whether ``c`` pays as a sheep of ``colour``: its back shows it, or it is a Wild Sheep."""
        return c in PAYS_FOR[colour]

    @staticmethod
    def _paying(cards: list[int], colour: int) -> int:
        """How many of ``cards`` pay as a sheep of ``colour`` (``_matches``)."""
        pays = PAYS_FOR[colour]
        return len([c for c in cards if c in pays])

    @staticmethod
    def _covers(count: int, paying: int, own: int, any_: int) -> bool:
        """Whether ``count`` cards, ``paying`` of them of the treasure's colour (or wild), pay
        ``own`` sheep of that colour and ``any_`` of any colour."""
        return count >= own + any_ and paying >= own

    def _pay_choices(self) -> list[Action]:
        # The list depends on the turn player's hand, the treasure and what is still owed:
        # remembered by those.
        pay = self.pay
        key = (tuple(self.hands[self.active]), pay["card"], pay["own"], pay["any"])
        acts = _PAY_LISTS.get(key)
        if acts is None:
            acts = tuple(self._list_pay_choices())
            if len(_PAY_LISTS) >= 4096:
                _PAY_LISTS.clear()
            _PAY_LISTS[key] = acts
        return list(acts)

    def _list_pay_choices(self) -> list[Action]:
        hand = self.hands[self.active]
        colour = CARDS[self.pay["card"]].colour
        pays = PAYS_FOR[colour]
        paying = len([c for c in hand if c in pays])
        # Whether a card may pay depends only on whether it pays as the treasure's colour:
        # ask the rule once for each of the two answers, not once per card.
        if self._pay_slot(True, paying) is not None:
            if self._pay_slot(False, paying) is not None:
                return [pay_action(c) for c in self._distinct(hand)]
            return [pay_action(c) for c in self._distinct(hand) if c in pays]
        if self._pay_slot(False, paying) is not None:
            return [pay_action(c) for c in self._distinct(hand) if c not in pays]
        return []

    def _pay_step(self, c: int, paying: int | None = None) -> str | None:
        """Which part of the cost card ``c`` would cover ("own"/"any"), None if it may not pay
        (``paying``: the hand's ``_paying`` count for the treasure's colour, when known)."""
        if paying is None:
            paying = self._paying(self.hands[self.active], CARDS[self.pay["card"]].colour)
        return self._pay_slot(self._matches(c, CARDS[self.pay["card"]].colour), paying)

    def _pay_slot(self, matches: bool, paying: int) -> str | None:
        """Which part of the cost a card of the turn player's hand would cover ("own"/"any"),
        None if it may not pay. ``matches``: the card pays as the treasure's colour;
        ``paying``: the hand's ``_paying`` count for that colour."""
        pay = self.pay
        own, any_ = pay["own"], pay["any"]
        slot = _covered_part(matches, own, any_)
        if slot is None:
            return None
        if slot == "own":
            own -= 1
        else:
            any_ -= 1
        # The card (in the hand) is spent: the rest of the hand must pay what is still owed.
        if matches:
            paying -= 1
        return slot if self._covers(len(self.hands[self.active]) - 1, paying, own, any_) else None

    def _react_choices(self) -> list[Action]:
        seat = self.current_player
        pend = self.pending
        action_kind = pend["kind"]
        acts = [battle_action(c, action_kind) for c in self._distinct(self.hands[seat]) if kind(c) == "battle"]
        acts.append(no_battle_action(action_kind))
        return acts

    # --------------------------------------------------------------------- why illegal
    def why_illegal(self, action: Action) -> str | None:
        if self.over:
            return "The game is over."
        args = action.args
        card = args[0] if args and isinstance(args[0], int) else None
        seat = self.current_player
        hand = self.hands[seat] if seat is not None else []
        if action.kind in ("play", "treasure", "pay", "discard", "battle", "wizard"):
            named = args[:2] if action.kind == "wizard" else args[:1]
            if not named or not all(isinstance(c, int) and 0 <= c < data.NUM_CARDS for c in named):
                return "There is no such card."
            if card not in hand:
                return f"The {data.describe(card)} is not in your hand."
        phase = self.phase
        if action.kind in ("play", "wizard", "treasure") and phase != "act":
            if phase == "draw":
                return f"Draw first: {count_of(self.draws_left, 'more card')} to take from the deck or the field."
            return f"Not now: {self.phase_label()}."
        if action.kind == "battle" and phase != "react":
            return "A Battle is played only in answer to another player's action card."
        if action.kind in ("play", "wizard"):
            if self.used_action:
                return "You may play only one action card per turn."
            cards = list(args[:2]) if action.kind == "wizard" else [card]
            if action.kind == "wizard" and len(args) >= 2:
                if kind(args[0]) != "wizard":
                    return "Pair a Wizard with another action card."
                if kind(args[1]) == "battle":
                    return "A Wizard cannot be played with a Battle."
                if args[1] not in hand:
                    return f"The {data.describe(args[1])} is not in your hand."
            k = kind(cards[-1])
            if k == "battle":
                return "A Battle is played only in answer to another player's action card."
            if k == "wizard":
                return "A Wizard must be paired with another action card."
            if k == "wild":
                return "A Wild Sheep is not played: spend it as any colour when paying for a treasure."
            if k not in PLAYABLE_ACTIONS:
                return "That is a treasure: lay it as your treasure action."
            if k == "knight" and len(args) >= 1:
                target = args[-1]
                if isinstance(target, int) and 0 <= target < self.num_players and target != self.active:
                    if self.skipped_last[target] or self.skip_next[target]:
                        return "That player was just skipped: nobody is skipped twice in a row."
            if k in ("thief", "knight"):
                return "Choose another player as the target."
            return None
        if action.kind == "treasure":
            if self.used_treasure:
                return "You have already played a treasure or lair this turn."
            if not CARDS[card].is_treasure:
                return "That is an action card, not a treasure."
            return self._treasure_problem(card)
        if action.kind == "pay" and phase == "pay":
            return f"That card does not help: still owed {self.owed_text()}."
        if action.kind == "end_turn" and phase != "act":
            return f"Not yet: {self.phase_label()}."
        return None

    def quick_legal(self, action: Action) -> bool:
        """The common moves checked directly by the rules ``legal_actions()`` lists with;
        the rest compared against their own phase's list. Never looser than the full list."""
        if self.over:
            return False
        kind_, args, phase = action.kind, action.args, self.phase
        if kind_ == "end_turn":
            return phase == "act" and not args
        if kind_ == "draw_deck":
            return phase == "draw" and not args and bool(self.deck or self.discard)
        one_int = len(args) == 1 and type(args[0]) is int
        if kind_ == "draw_field":
            return (phase == "draw" and one_int and 0 <= args[0] < len(self.field)
                    and self.field[args[0]] is not None)
        if kind_ == "treasure":
            return (phase == "act" and one_int and not self.used_treasure
                    and args[0] in self.hands[self.active] and self._can_lay(args[0]))
        if kind_ == "pay":
            return (phase == "pay" and one_int and self._distinct_pick(self.hands[self.active], args[0])
                    and self._pay_step(args[0]) is not None)
        if kind_ == "discard":
            return (phase in ("mob", "limit") and one_int
                    and self._distinct_pick(self.hands[self.current_player], args[0]))
        if kind_ == "no_battle":
            return phase == "react" and not args
        if kind_ == "battle":
            return (phase == "react" and one_int
                    and self._distinct_pick(self.hands[self.current_player], args[0])
                    and kind(args[0]) == "battle")
        return super().quick_legal(action)

    def _distinct_pick(self, hand: list[int], card: int) -> bool:
        """Whether ``card`` is the one ``_distinct(hand)`` offers for its face and colour."""
        if card not in hand:
            return False
        face = (kind(card), back(card))
        return next(c for c in hand if (kind(c), back(c)) == face) == card

    def actions_of_kind(self, kind_: str) -> list[Action] | None:
        phase = self.phase
        if phase == "act" and kind_ in ("play", "wizard"):
            listed = self._act_choices()
        elif phase == "steal" and kind_ == "steal":
            listed = self.legal_actions()
        else:
            return None
        return [a for a in listed if a.kind == kind_]

    def action_key(self, action: Action) -> str | None:
        return {"draw_deck": "d", "end_turn": "e", "no_battle": "n"}.get(action.kind)
