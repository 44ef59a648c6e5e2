"""The heuristic's shortcuts give exactly the values of the plain path.

The evaluation remembers a great deal to be fast: the board, house and card facts a position
shares with its copies, the facts it works out once for every completion of a pending choice
(``heuristics.evaluate``) and the card facts of a freshly dealt world (``determinize``). None
of that may change a value, to the last bit: the search bots' decisions at a fixed number of
iterations must stay what they were. Here every value is compared with the one worked out
from copies that remember nothing, along seeded games, in the worlds a search deals.
"""

from __future__ import annotations

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.throne import GAME
from dragon_tui.games.throne.heuristics import _PENDING, _static_values, evaluate, evaluate_all

#: What a state remembers of the facts it worked out (never part of the position).
_REMEMBERED = ("_facts", "_seen", "_listed", "_cards", "_houses_memo", "_offered")


def _forgetful(state):
    """A copy of ``state`` that remembers no facts: everything is worked out from the position."""
    copy = state.clone()
    for name in _REMEMBERED:
        copy.__dict__.pop(name, None)
    return copy


def _plain(state, seat: int) -> float:
    """``evaluate`` written without any shortcut: a pending choice of ``seat`` is valued by its
    best completion, each carried out on a copy that remembers nothing."""
    if state.is_over:
        return evaluate(_forgetful(state), seat)
    if state.phase in _PENDING and state.current_player == seat:
        values = []
        for action in _forgetful(state).legal_actions():
            after = _forgetful(state)
            after.apply(action)
            values.append(_plain(after, seat))
        if values:
            return max(values)
    return _static_values(_forgetful(state))[seat]


def _positions(players: int, seed: int, every: int):
    """Positions along a seeded random game, every ``every`` steps (and every pending choice)."""
    state = GAME.new_state(players, seed)
    rng = Rng(seed + 100)
    for step in range(1500):
        if state.is_over:
            return
        if step % every == 0 or state.phase in _PENDING:
            yield state
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players, seed", [(2, 11), (2, 12), (3, 13), (4, 14)])
def test_every_value_is_the_plain_paths(players, seed):
    checked = pending = 0
    rng = Rng(seed)
    for position in _positions(players, seed, every=9):
        seat = position.current_player
        world = position.determinize(seat, rng)
        # What the search values: each move's result for the mover (the greedy and best-first
        # order), and the leaf for every seat.
        for action in world.legal_actions()[:12]:
            after = world.clone()
            after._apply(action)
            if after.phase in _PENDING and after.current_player == seat:
                pending += 1
            assert evaluate(after, seat) == _plain(after, seat), (action, after.phase)
            assert evaluate_all(after) == [_plain(after, s) for s in range(players)], (action, after.phase)
            checked += 1
    assert checked > 300 and pending > 20, (checked, pending)
