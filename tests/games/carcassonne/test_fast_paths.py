"""Carcassonne's shortcuts for bots agree with the full rules they stand in for."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games import GAMES

OPTIONS = [{}, {"fairy": "on-tile", "princess": "must"}, {"dragon_move": "after-scoring", "farmers": False}]


@pytest.mark.parametrize("options", OPTIONS)
def test_has_figure_choice_matches_the_figure_list(options):
    game = GAMES["carcassonne"]
    for seed in range(3):
        state = game.new_state(3, seed, **options)
        rng = Rng(seed)
        while not state.is_over:
            if state.placed in state.board:
                assert state.has_figure_choice() == bool(state.figure_actions())
            state.apply(rng.choice(state.legal_actions()))
