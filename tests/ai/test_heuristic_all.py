"""``heuristic_all`` is a speed-up only: it must give exactly the per-seat heuristic values."""

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games import GAMES
from tests.protocol_checks import slow_for


@pytest.mark.parametrize("game_id", slow_for([g for g, game in GAMES.items() if game.heuristic_all is not None], "throne"))
@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_all_equals_the_heuristic_for_every_seat(game_id, players):
    game = GAMES[game_id]
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game.title} is not played by {players}")
    for seed in range(2):
        state = game.new_state(players, seed)
        rng = Rng(seed + 50)
        checked = 0
        step = 0
        while True:
            step += 1
            if step % 4 and not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
                continue
            expected = [game.heuristic(state, s) for s in range(players)]
            assert game.heuristic_all(state) == pytest.approx(expected, abs=1e-9)
            checked += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert checked > 10
