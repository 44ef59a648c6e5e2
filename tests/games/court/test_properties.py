"""Seeded random games to the end: the shared protocol checks plus the Court's own invariants."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragon_tui.games.court import GAME
from dragon_tui.games.court.data import CARDS, PRINCE_IDS
from tests.protocol_checks import play_random_game

CHUNK = 50
CHUNKS = 11  # 550 games


class Invariants:
    """Checks after every action; remembers the last position to check what may only grow."""

    def __init__(self):
        self.last = None

    def __call__(self, state):
        cards = state.all_cards()
        assert sorted(cards) == list(range(54)), "54 cards, each exactly once"
        assert state.cp >= 0, "CP never negative"
        assert len(state.row) == 4 and len(state.court) == 8
        assert not state.set_aside or state.phase in ("setup_take", "setup_place"), "set aside only in setup"
        assert all(not CARDS[c].is_prince for c in state.court if c is not None)
        assert all(not CARDS[c].is_prince for c in state.daemon_court + state.discard)
        assert all(CARDS[c].is_prince for c in state.defeated)
        # Between decisions gaps only ever sit on the left, and only once the pile is empty.
        if state.phase in ("buy", "fight", "over"):
            filled = [c is not None for c in state.row]
            assert filled == sorted(filled)
            if not all(filled):
                assert state.pile == []
        if state.phase == "buy":
            assert sum(1 for c in state.row if c is not None and c in PRINCE_IDS) < 4
        if self.last is not None:
            assert len(state.defeated) >= self.last[0] and state.verse_vp >= self.last[1]
        self.last = (len(state.defeated), state.verse_vp)
        if state.is_over:
            assert state.current_player is None


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_promise(chunk):
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        state, actions = play_random_game(GAME, 1, seed, invariants=Invariants(), full_checks_every=7)
        assert state.is_over


@pytest.mark.parametrize("options", [
    {"auction": "printed"}, {"full_court": "closed"}, {"raids": "per_prince"},
    {"auction": "printed", "full_court": "closed", "raids": "per_prince"},
    {"fresh_prince": "waits"}, {"fresh_prince": "waits", "raids": "per_prince"},
])
def test_random_games_under_every_rule_option(options):
    for seed in range(25):
        play_random_game(GAME, 1, seed, invariants=Invariants(), full_checks_every=5, options=options)


def test_same_seed_same_game():
    a = GAME.new_state(1, 42)
    b = GAME.new_state(1, 42)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())
    assert GAME.new_state(1, 43).to_json() != a.to_json()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**63), picks=st.lists(st.integers(0, 50), min_size=1, max_size=120))
def test_any_line_of_play_keeps_the_cards_and_the_copper(seed, picks):
    state = GAME.new_state(1, seed)
    check = Invariants()
    for pick in picks:
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal
        state.apply(legal[pick % len(legal)])
        check(state)
