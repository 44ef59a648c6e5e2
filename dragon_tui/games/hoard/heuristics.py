"""Position value for Dragon's Hoard's greedy bot.

The greedy bot looks one decision ahead on a determinized state, so this function must rate
half-finished steps the way they will end: a treasure being paid for already counts (minus the
sheep still owed, so every payment step is neutral and the least useful cards get spent), an
own action card waiting for answers counts as most of what it will bring, and an action aimed
at the seat counts as the loss it will cause, so answering with a Battle can look better than
letting it happen. Without those, a one-step bot never plays an action card at all.

A card in hand is worth about a third of a point as a sheep (a treasure converts roughly one
card into half a point, and the one treasure a turn is the scarce thing, not the cards), more
if its colour pays for a treasure in hand; a laid treasure is worth its points plus a little
for bringing the end nearer and filling lairs.
"""

from __future__ import annotations

from .data import CARDS, COLOUR_OF, HAND_LIMIT, LAIR_BONUS, LAIR_CAPACITY, PAYS_FOR

SHEEP = 0.3
#: Extra worth of an action card in hand.
ACTION_VALUE = {"battle": 0.6, "thief": 0.6, "shepherd": 0.5, "knight": 0.6, "mob": 0.4, "wizard": 0.3, "wild": 0.4}
#: How likely an action card goes unanswered (a Battle is one card in nine).
UNANSWERED = 0.85
LAID = 0.5
OPEN_LAIR = 1.0
SKIP = 1.5


def _held(state, seat: int, colour: int) -> int:
    return sum(1 for t in state.treasures[seat] if COLOUR_OF[t] == colour)


def _lair_open(state, seat: int, colour: int) -> bool:
    return any(COLOUR_OF[x] == colour for x in state.lairs[seat])


#: Per card id, what the hand's valuation reads of it (colour, kind, worth as an action card or
#: None, own sheep, any sheep, points): ``CARDS[card]``'s fields without the attribute lookups,
#: since the search values every hand thousands of times a decision.
_CARD_INFO = tuple((c.colour, c.kind, ACTION_VALUE.get(c.kind), c.own, c.any, c.vp) for c in CARDS)
#: The cards a treasure in hand makes wanted: treasures other than lairs.
_WANTING = frozenset(c.id for c in CARDS if c.is_treasure and c.kind != "lair")


def _card_table(card: int, wanted: bool) -> tuple:
    """A card's possible values in hand (its colour wanted or not: a treasure of that colour
    is in the hand), worked out once for ``_hand_worth``: an action card's value; a lair's
    value when it may not be opened, then when it may, by the treasures its colour holds (0
    to 4: kept in hand a lair earns nothing, so playing it must look better than holding
    it); a treasure's value in reach and out of reach, with its colour, own and own + any
    sheep."""
    colour, kind, action, own, any_, vp = _CARD_INFO[card]
    value = SHEEP + (0.1 if wanted else 0.0)
    if action is not None:
        return (value + action,)
    if kind == "lair":
        return (value, *(value + 0.5 * (OPEN_LAIR + LAIR_BONUS[held]) for held in range(LAIR_CAPACITY + 1)))
    return (value + 0.2 * vp * 1.0, value + 0.2 * vp * 0.6, colour, own, own + any_)


#: ``_card_table`` by card id, for a colour not wanted ([0]) and wanted ([1]).
_TABLES = tuple(tuple(_card_table(card, wanted) for card in range(len(CARDS))) for wanted in (False, True))
#: The action cards (their value does not depend on the rest of the hand) and the lairs.
_ACTION_CARDS = frozenset(c.id for c in CARDS if _CARD_INFO[c.id][2] is not None)
_LAIR_CARDS = frozenset(c.id for c in CARDS if c.kind == "lair")


#: ``PAYS_FOR`` without the placeholders (which do not count towards a treasure in hand).
_PAYS_REAL = tuple(frozenset(c for c in pays if c >= 0) for pays in PAYS_FOR)


def _hand_worth(state, seat: int, hand: list[int]) -> float:
    """The values of the hand's cards (``_card_table``) added up in hand order, from the int
    0 one float at a time: the search values a hand at every leaf, so each is read from
    ``_TABLES``. A treasure is in reach when the hand's other cards that pay for its colour
    (every copy of the treasure itself would have counted, so they are taken off) cover its
    own sheep and the hand holds enough cards for the rest."""
    colour_of = COLOUR_OF
    # (``map`` and set operations run in C: a comprehension is a call of its own)
    wanted = set(map(colour_of.__getitem__, _WANTING.intersection(hand)))
    no, yes = _TABLES
    total = 0
    paying: dict[int, int] | None = None
    lairs = None
    for card in hand:
        if card < 0:
            total += SHEEP
            continue
        table = yes[card] if colour_of[card] in wanted else no[card]
        if card in _ACTION_CARDS:
            total += table[0]
        elif card in _LAIR_CARDS:
            if lairs is None:
                lairs = state.lairs[seat]
                shut = len(lairs) >= state.lair_limit
                open_colours = set(map(colour_of.__getitem__, lairs))
                held = list(map(colour_of.__getitem__, state.treasures[seat]))
            colour = colour_of[card]
            if shut or colour in open_colours:
                total += table[0]
            else:
                total += table[1 + min(held.count(colour), LAIR_CAPACITY)]
        else:
            in_reach, out_of_reach, colour, own, cost = table
            if paying is None:
                paying = {}
            count = paying.get(colour)
            if count is None:
                paying[colour] = count = sum(map(_PAYS_REAL[colour].__contains__, hand))
            total += in_reach if count - hand.count(card) >= own and len(hand) - 1 >= cost else out_of_reach
    return total


def _treasure_gain(state, seat: int, treasure: int) -> float:
    c = CARDS[treasure]
    held = _held(state, seat, c.colour)
    gain = c.vp + LAID
    if _lair_open(state, seat, c.colour) and held < LAIR_CAPACITY:
        gain += LAIR_BONUS[held + 1] - LAIR_BONUS[held]
    return gain


def _pending_value(state, seat: int) -> float:
    pend = state.pending
    if pend is None:
        return 0.0
    k, actor = pend["kind"], pend["actor"]
    odds = 1.0 if pend["wizard"] or state.phase != "react" else UNANSWERED
    if actor == seat:
        if k == "thief":
            return odds * pend.get("steals_left", 2) * (SHEEP + 0.2)
        if k == "knight":
            return odds * SKIP
        if k == "shepherd":
            return odds * 2 * (SHEEP + 0.2)
        if k == "mob":
            if state.phase == "mob":
                return 0.25 * sum(n for _, n in pend["discarders"])
            return odds * 0.25 * sum(len(state.hands[s]) // 2 for s in range(state.num_players) if s != seat)
        return 0.0
    if state.phase == "react":
        if k == "thief" and pend["target"] == seat:
            return -2 * (SHEEP + 0.3)
        if k == "knight" and pend["target"] == seat:
            return -SKIP - 0.5
        if k == "mob" and seat not in pend["shielded"]:
            return -(len(state.hands[seat]) // 2) * (SHEEP + 0.2)
        if k == "shepherd":
            return -0.3
    return 0.0


def evaluate(state, seat: int) -> float:
    return _evaluate(state, seat, state.scores(), state.winners() if state.is_over else [])


def evaluate_all(state) -> list[float]:
    """``evaluate`` for every seat, the scores and winners worked out once (for the search)."""
    scores = state.scores()
    winners = state.winners() if state.over else []
    if state.num_players == 2:
        return [_evaluate(state, 0, scores, winners), _evaluate(state, 1, scores, winners)]
    return [_evaluate(state, seat, scores, winners) for seat in range(state.num_players)]


def _evaluate(state, seat: int, scores: list[float], winners: list[int]) -> float:
    n = state.num_players
    if n == 2:
        best_other = scores[1 - seat]
    else:
        best_other = max([scores[s] for s in range(n) if s != seat])
    if state.over:  # (``is_over`` without the property's call)
        margin = scores[seat] - best_other
        return 1000.0 * (1 if seat in winners else 0) + 10.0 * margin
    treasures = state.treasures[seat]
    value = scores[seat] - 0.6 * best_other + LAID * len(treasures)
    hand = state.hands[seat]
    value += _hand_worth(state, seat, hand)
    lairs = state.lairs[seat]
    if lairs:
        colour_of = COLOUR_OF
        held = list(map(colour_of.__getitem__, treasures))
        for lair in lairs:
            if held.count(colour_of[lair]) < LAIR_CAPACITY:
                value += OPEN_LAIR
    if state.pay is not None and state.active == seat:
        value += _treasure_gain(state, seat, state.pay["card"]) - SHEEP * (state.pay["own"] + state.pay["any"])
    value += _pending_value(state, seat) if state.pending is not None else 0.0
    skip_next = state.skip_next
    if skip_next[seat]:
        value -= SKIP
    if n == 2:
        skipped = 1 if skip_next[1 - seat] else 0
    else:
        skipped = len([1 for s in range(n) if s != seat and skip_next[s]])
    value += 0.6 * SKIP * skipped
    if state.active == seat and len(hand) > HAND_LIMIT:
        value -= 0.1 * (len(hand) - HAND_LIMIT)
    return value
