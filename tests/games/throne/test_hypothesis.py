"""Hypothesis picks the lines of play (and shrinks any failure to a short one)."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragon_tui.games.throne import GAME

from .helpers import check_invariants


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), data=st.data())
def test_any_line_of_play_keeps_the_invariants(players, seed, data):
    state = GAME.new_state(players, seed)
    picks = data.draw(st.lists(st.integers(0, 10_000), min_size=50, max_size=250))
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[pick % len(legal)])
        check_invariants(state)
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
