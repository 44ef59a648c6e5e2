"""How good a Court position is, for the greedy one-ply bot (higher = better).

One ply sees no further than the action it weighs, so the evaluation prices what a position
holds for the turns to come, not just its score now: copper is worth more than its final 1/3 VP
while there are cards to buy and Princes to fight (up to what
the turns left can spend); Generals are worth the copper they will save
on every Prince still to come; Tax Collectors the copper they will bring; a Prince left in the
row costs a card every turn it stays. Future terms are scaled by the turns left, estimated from
the draw pile. A card bought but not yet placed is valued at its best placement, so "buy" is
weighed with the placement it leads to.

The constants are designed and were tuned on the greedy bot's mean score over fixed seeds.
"""

from __future__ import annotations

from .board import IS_PRINCE, general_strength, tax_income
from .data import CARDS

#: Listed VP and strength by card id, for the Princes' loop below (the search calls it a lot).
_PRINCE_VP = tuple(card.vp for card in CARDS)
_PRINCE_STRENGTH = tuple(card.strength for card in CARDS)

#: Roughly how many cards leave the draw pile per turn (phase 1, often phase 2 or 3).
DRAWS_PER_TURN = 2.5
#: A CP kept for later, in VP, while many turns remain (falls to 1/3 at the end).
CP_VALUE = 0.9
#: Copper beyond this buys nothing more in the turns left: it only scores its 1/3 VP.
CP_CAP = 12
#: Average listed VP of a court card a raid carries off.
RAID_LOSS = 1.0
#: How many turns a Prince nobody beats is expected to raid.
RAID_TURNS = 3.0
#: Three Princes in the row: the next one ends the game and every future term with it.
THREE_PRINCES = 0.5
#: How likely a Prince still in the pile is to be met before the game ends.
PILE_PRINCE_WEIGHT = 0.6
#: Share of the remaining turns spent passing (for Tax Collector income).
PASS_SHARE = 0.3


def remaining_turns(state) -> float:
    """Expected turns left: until the pile's last Prince is drawn (uniformly placed)."""
    pile = state.pile
    princes = sum(map(IS_PRINCE.__getitem__, pile))
    if not princes:
        return 0.0
    # The deepest of k Princes among n cards sits on average n*k/(k+1) cards down.
    return len(pile) * princes / (princes + 1) / DRAWS_PER_TURN


def copper_value(turns: float) -> float:
    ahead = min(1.0, turns / 8.0)
    return 1 / 3 + (CP_VALUE - 1 / 3) * ahead


def evaluate(state, seat: int = 0) -> float:
    if state.is_over:
        return state.scores()[0]
    if state.pending is not None:
        return _best_placement(state, seat)
    turns = remaining_turns(state)
    cpv = copper_value(turns)
    useful = min(state.cp, CP_CAP)
    value = state.scores()[0] - state.cp // 3 + useful * cpv + (state.cp - useful) / 3

    value += (tax_income(state.court) - 1) * turns * PASS_SHARE * cpv

    base, bonus = general_strength(state.court)
    strength = base + bonus
    stay = -RAID_LOSS * min(turns, RAID_TURNS)
    in_row = [c for c in state.row if c is not None and IS_PRINCE[c]]
    for princes, weight in ((in_row, 1.0), (filter(IS_PRINCE.__getitem__, state.pile), PILE_PRINCE_WEIGHT)):
        for c in princes:
            vp, short = _PRINCE_VP[c], _PRINCE_STRENGTH[c] - strength
            beat = vp - (short if short > 0 else 0) * cpv  # the copper a fight would cost
            value += weight * (stay if stay > beat else beat)  # max(beat, stay)

    if len(in_row) >= 3:  # princes_in_row
        value -= RAID_LOSS * turns * THREE_PRINCES
    return value


def _best_placement(state, seat: int) -> float:
    best = None
    for action in state.legal_actions():
        after = state.clone()
        after._apply(action)
        v = evaluate(after, seat)
        if best is None or v > best:
            best = v
    return best if best is not None else state.scores()[0]
