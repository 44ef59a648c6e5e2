"""``State.clone`` (hand-written copies, not pickle) gives an equal state that shares nothing
mutable: playing on from either copy leaves the other exactly as it was, in every game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from dragon_tui.engine import Rng
from dragon_tui.engine.state import _ATOMS, _BASE_FIELDS
from dragon_tui.games import GAMES
from tests.protocol_checks import slow_for


def _doc(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play(state, rng: Rng, steps: int) -> None:
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", slow_for(sorted(GAMES), "carcassonne", "crowns", "throne"))
def test_clones_are_equal_and_independent(game_id):
    game = GAMES[game_id]
    players = game.min_players if game.max_players == 1 else min(3, game.max_players)
    for seed in range(3):
        state = game.new_state(players, seed)
        rng = Rng(seed + 9)
        while not state.is_over:
            copy = state.clone()
            assert type(copy) is type(state)
            before = _doc(state)
            assert _doc(copy) == before
            assert copy.rng.to_json() == state.rng.to_json() and copy.rng is not state.rng
            # Every mutable field is copied by copy_fields (a forgotten one would be shared).
            mutable = {k for k, v in vars(state).items()
                       if k not in _BASE_FIELDS and k not in state.SHARED_FIELDS and type(v) not in _ATOMS}
            # A field a clone shares must hold a value nobody can change in place.
            for k in state.SHARED_FIELDS:
                value = getattr(state, k)
                assert dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen, k
            assert mutable <= set(state.copy_fields()), f"not copied: {mutable - set(state.copy_fields())}"
            _play(copy, Rng(rng.next64()), 12)
            assert _doc(state) == before, "playing on a clone changed the original"
            frozen = state.clone()
            frozen_doc = _doc(frozen)
            _play(state, rng, 1 + rng.randint(0, 9))
            assert _doc(frozen) == frozen_doc, "playing on the original changed a clone"


def _atoms(value) -> bool:
    return type(value) is list and all(type(v) in _ATOMS for v in value)


@pytest.mark.parametrize("game_id", slow_for(sorted(GAMES), "throne"))
def test_declared_field_shapes_hold_all_game_long(game_id):
    """FLAT_FIELDS / NESTED_FIELDS let clone copy by slicing: a field that ever held deeper
    data would be shared between clones, so the declarations are checked on random games."""
    game = GAMES[game_id]
    cls = game.state_class
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(4):
            state = game.new_state(players, seed)
            rng = Rng(seed)
            while not state.is_over:
                for name in cls.FLAT_FIELDS:
                    value = getattr(state, name)
                    assert value is None or _atoms(value), f"{name} is not a flat list: {value!r}"
                for name in cls.NESTED_FIELDS:
                    value = getattr(state, name)
                    assert type(value) is list and all(_atoms(v) for v in value), f"{name}: {value!r}"
                state.apply(rng.choice(state.legal_actions()))
