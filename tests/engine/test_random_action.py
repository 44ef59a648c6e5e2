"""``State.random_action`` is ``rng.choice(state.legal_actions())`` exactly: the same action
(label included), the same draws, offered so that ``apply`` takes it without a check. Random
playouts and the search's rollouts draw every step this way, and games may work the draw out
without building the whole list (Carcassonne's placements and figure step), so every game is
played here with every rule option's every choice, and each step is drawn both ways."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games import GAMES
from tests.protocol_checks import slow_for


def _settings(game) -> list[dict]:
    """The defaults, then each option's other choices one at a time."""
    out: list[dict] = [{}]
    for option in game.options:
        out += [{option.key: value} for value, _ in option.choices if value != option.default]
    return out


def _compare_game(game, players: int, seed: int, options: dict, max_steps: int) -> int:
    state = game.new_state(players, seed, **options)
    rng = Rng(seed + 77)
    steps = 0
    while not state.is_over and steps < max_steps:
        twin = rng.copy()
        listed = twin.choice(state.legal_actions())
        drawn = state.random_action(rng)
        assert drawn == listed, f"step {steps}: drew {drawn}, the list gives {listed}"
        assert drawn.label == listed.label
        assert (rng.state, rng.draws) == (twin.state, twin.draws), f"step {steps}: draws differ"
        assert state._offered is not None and any(a is drawn for a in state._offered)
        state.apply(drawn)
        steps += 1
    return steps


@pytest.mark.parametrize("game_id", slow_for(sorted(GAMES), "carcassonne", "throne"))
def test_random_action_is_a_draw_from_the_legal_list(game_id):
    game = GAMES[game_id]
    counts = sorted({game.min_players, game.max_players})
    steps = 0
    for k, options in enumerate(_settings(game)):
        for players in counts:
            for seed in range(2):
                steps += _compare_game(game, players, 100 * k + seed, options, max_steps=1500)
    assert steps > 100  # games were played, not just started


def test_carcassonne_draws_through_portals_princesses_and_fairies():
    """The figure step's rarer parts come up: a magic portal's spots, the princess's knights,
    the fairy's moves, each drawn (not only counted) in some game."""
    game = GAMES["carcassonne"]
    kinds: set[str] = set()
    portal_meeples = 0
    for seed in range(12):
        state = game.new_state(2, seed, **({"princess": "must"} if seed % 3 == 0 else {}))
        rng = Rng(seed)
        while not state.is_over:
            twin = rng.copy()
            listed = twin.choice(state.legal_actions())
            drawn = state.random_action(rng)
            assert drawn == listed and drawn.label == listed.label
            kinds.add(drawn.kind)
            portal_meeples += drawn.kind == "meeple" and drawn.label.startswith("Portal")
            state.apply(drawn)
    assert {"place", "meeple", "pass", "fairy", "princess", "dragon"} <= kinds
    assert portal_meeples > 0


def test_random_action_is_applied_without_a_second_check():
    """The drawn action goes through ``apply``'s fast path: the game's full check (here,
    ``quick_legal``) is never asked about it."""
    state = GAMES["carcassonne"].new_state(2, 3)
    asked = []
    real = state.quick_legal
    state.quick_legal = lambda action: asked.append(action) or real(action)  # type: ignore[method-assign]
    rng = Rng(9)
    for _ in range(40):
        state.apply(state.random_action(rng))
    assert asked == []
