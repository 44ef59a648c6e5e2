"""Position value for Dragon's Hoard's greedy bot.

The greedy bot looks one decision ahead on a determinized state, so this function must rate
half-finished steps sensibly: a treasure being paid for already counts (minus the cards still
owed, so each payment step is neutral and cheap cards get spent first), and an action aimed at
the seat but not yet resolved counts as the loss it will cause, so answering it with a Battle
can look better than letting it happen.
"""

from __future__ import annotations

from .data import CARDS, HAND_LIMIT, LAIR_BONUS, LAIR_CAPACITY, TREASURES

#: What a card in hand is worth beyond being one sheep to pay with.
_ACTION_VALUE = {"battle": 0.8, "thief": 0.9, "shepherd": 0.8, "knight": 0.5, "mob": 0.5, "wizard": 0.3, "wild": 0.6}
_SHEEP = 0.45


def _card_value(state, seat: int, card: int) -> float:
    if card < 0:
        return _SHEEP
    c = CARDS[card]
    if c.kind in _ACTION_VALUE:
        return _SHEEP + _ACTION_VALUE[c.kind]
    if c.kind == "lair":
        if any(CARDS[x].colour == c.colour for x in state.lairs[seat]) or len(state.lairs[seat]) >= state.lair_limit:
            return _SHEEP
        held = sum(1 for t in state.treasures[seat] if CARDS[t].colour == c.colour)
        return _SHEEP + 0.8 + 0.6 * min(held, LAIR_CAPACITY)
    # A treasure in hand: worth part of its points, more if the hand could soon pay for it.
    hand = state.hands[seat]
    matching = sum(1 for x in hand if x != card and x >= 0 and (CARDS[x].colour == c.colour or CARDS[x].kind == "wild"))
    reach = 1.0 if matching >= c.own and len(hand) - 1 >= c.own + c.any else 0.5
    return _SHEEP + 0.25 * c.vp * reach


def _lair_gain(state, seat: int, treasure: int) -> float:
    colour = CARDS[treasure].colour
    if not any(CARDS[x].colour == colour for x in state.lairs[seat]):
        # Points for a future lair of that colour.
        return 0.4
    held = sum(1 for t in state.treasures[seat] if CARDS[t].colour == colour)
    if held >= LAIR_CAPACITY:
        return 0.0
    return float(LAIR_BONUS[held + 1] - LAIR_BONUS[held])


def evaluate(state, seat: int) -> float:
    scores = state.scores()
    others = [scores[s] for s in range(state.num_players) if s != seat]
    if state.is_over:
        margin = scores[seat] - max(others)
        return 1000.0 * (1 if seat in state.winners() else 0) + 10.0 * margin
    value = scores[seat] - 0.6 * max(others)
    hand = state.hands[seat]
    value += sum(_card_value(state, seat, c) for c in hand)
    # Future lair bonus potential: treasures of a colour whose lair is not yet open.
    lair_colours = {CARDS[x].colour for x in state.lairs[seat]}
    for t in state.treasures[seat]:
        if CARDS[t].colour not in lair_colours:
            value += 0.3
    if state.pay is not None and state.turn == seat:
        t = state.pay["card"]
        value += CARDS[t].vp + _lair_gain(state, seat, t) - _SHEEP * (state.pay["own"] + state.pay["any"])
    pend = state.pending
    if pend is not None and not pend.get("wizard") and state.phase == "react":
        k = pend["kind"]
        if k == "thief" and pend["target"] == seat:
            value -= 2 * (_SHEEP + 0.4)
        elif k == "knight" and pend["target"] == seat:
            value -= 3.0
        elif k == "mob" and seat != pend["actor"] and seat not in pend["shielded"]:
            value -= (len(hand) // 2) * (_SHEEP + 0.3)
        elif k == "shepherd" and seat != pend["actor"]:
            value -= 0.6
    if state.skip_next[seat]:
        value -= 3.0
    if state.turn == seat and len(hand) > HAND_LIMIT:
        value -= 0.2 * (len(hand) - HAND_LIMIT)
    # Racing to the end: each treasure laid brings the finish closer for a leader.
    value += 0.2 * len(state.treasures[seat])
    return value
