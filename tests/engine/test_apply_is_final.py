"""``State.apply`` is final: a game writes ``_apply`` and the speed-up hooks
(``engine/hooks.py``), so every game checks actions in the same way."""

from __future__ import annotations

import pytest

from dragon_tui.engine import State
from dragon_tui.games import GAMES
from tests.example_game.rules import PebblesState


def test_a_state_that_defines_apply_is_refused():
    with pytest.raises(TypeError, match="apply, which is final"):
        class Sneaky(PebblesState):  # noqa: F841
            def apply(self, action):
                pass


def test_apply_is_refused_at_any_depth_and_other_members_are_not():
    class Fine(PebblesState):
        def _apply(self, action):
            PebblesState._apply(self, action)

    with pytest.raises(TypeError):
        class Deeper(Fine):  # noqa: F841
            apply = Fine._apply


def test_no_game_overrides_apply():
    for game in GAMES.values():
        assert game.state_class.apply is State.apply, game.id
