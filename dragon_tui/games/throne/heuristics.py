"""Position value for the greedy bot, which evaluates each candidate after ``determinize``.

Prestige is what wins, so it dominates; the other terms are what turns into prestige later:
the end-of-game majorities as they stand now, pawns on the board, the economy (resources and
recruits), King's Guards in hand and Dragon Lords placed. Everything is relative to the best
opponent so the bot also values hurting the leader.
"""

from __future__ import annotations

from .data import card


def _own_value(state, seat: int, bonus) -> float:
    value = float(state.score[seat])
    value += 0.6 * sum(bonus[seat].values())
    value += 0.8 * sum(h.count(seat) for h in state.houses)
    value += 0.35 * sum(state.sup[gi][seat] for gi in range(36))
    value += 0.15 * state.supply[seat]
    value += 0.4 * state.kg_supply[seat]
    value += 0.12 * sum(state.res[seat])
    for c in state.hand[seat] + state.deck[seat] + state.discard[seat]:
        cd = card(c)
        if cd.is_recruit:
            value += 0.25 + 0.1 * sum(cd.produce)
        elif cd.kind == "favor":
            value += 0.6
    return value


def evaluate(state, seat: int) -> float:
    if state.is_over:
        scores = state.scores()
        best_other = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
        win = 100.0 if seat in state.winners() else 0.0
        return win + scores[seat] - best_other
    bonus = state.end_bonus()
    mine = _own_value(state, seat, bonus)
    others = [_own_value(state, s, bonus) for s in range(state.num_players) if s != seat]
    return mine - 0.5 * max(others, default=0.0)
