"""How good a duel position is for one seat: the greedy bot's compass.

Gems decide the game, so they dwarf everything; then the means to take the next gem
(swords against the rival's shields, a dragon close to its field) and to keep one's own
(shields). Gold is only worth what it buys, about a third of a step.
"""

from __future__ import annotations

from .data import CHAIRS
from .rules import CrownsState


def evaluate(state: CrownsState, seat: int) -> float:
    if state.winner is not None:
        return 1000.0 if state.winner == seat else -1000.0
    return _side(state, seat) - _side(state, 1 - seat)


def evaluate_all(state: CrownsState) -> list[float]:
    """``evaluate`` for both seats, each side valued once (for the search)."""
    if state.winner is not None:
        return [1000.0 if state.winner == seat else -1000.0 for seat in (0, 1)]
    a, b = _side(state, 0), _side(state, 1)
    return [a - b, b - a]


def _side(state: CrownsState, p: int) -> float:
    value = 100.0 * state.gems_won[p]
    value += 4.0 * state.swords[p] + 5.0 * state.shields[p]
    gold = state.gold[p]  # max(gold, -1) without the builtin's call (the search scores every iteration)
    value += 1.3 * (gold if gold > -1 else -1)
    value += (2.0, 4.0, 7.0, 11.0, 16.0)[state.dragon[p]]
    value += 2.0 * (CHAIRS - state.chairs[p].count(None))  # seated advisors
    value += 3.0 * state.smith_token[p]
    value += 4.0 * (state.crown_holder == p) + 3.0 * (state.cross_holder == p)
    if state.shields[p] == 0:
        value -= 25.0  # one lost roll from losing a gem
    return value
