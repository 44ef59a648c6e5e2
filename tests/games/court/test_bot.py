"""The heuristic behind the greedy bot: exact at the end, and clearly better than chance."""

from __future__ import annotations

import statistics

from dragon_tui.engine import Rng
from dragon_tui.games.court import GAME
from dragon_tui.games.court.heuristics import evaluate, remaining_turns

from .helpers import find, make_state


def greedy_game(seed):
    """One-ply greedy over a fresh determinization per decision, as the bench's bot plays."""
    state = GAME.new_state(1, seed)
    rng = Rng(seed + 1)
    while not state.is_over:
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue

        def value(action):
            after = state.determinize(0, rng)
            after.apply(action)
            return evaluate(after, 0)

        state.apply(max(legal, key=value))
    return state


def random_game(seed):
    state = GAME.new_state(1, seed)
    rng = Rng(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_evaluate_is_the_score_once_the_game_is_over():
    state = random_game(3)
    assert evaluate(state, 0) == state.scores()[0]


def test_evaluate_prefers_beating_a_prince_to_letting_it_raid():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal"}
    row = ["Sun Court Poet", "Moon Court Poet", "Prince of Ash", "Earth Court Poet"]
    state = make_state(row=row, court=court, cp=1)
    state._phase2()
    fight, wait = state.clone(), state.clone()
    fight.apply(find(fight, "fight", 2))
    wait.apply(find(wait, "no_fight"))
    assert evaluate(fight, 0) > evaluate(wait, 0)


def test_remaining_turns_shrink_as_the_pile_runs_down():
    state = GAME.new_state(1, 4)
    early = remaining_turns(state)
    state.pile = state.pile[: len(state.pile) // 2]
    assert 0 < remaining_turns(state) < early


def test_greedy_bot_beats_random_play_by_a_wide_margin():
    seeds = range(12)
    greedy = statistics.mean(greedy_game(s).scores()[0] for s in seeds)
    chance = statistics.mean(random_game(s).scores()[0] for s in seeds)
    assert greedy > chance + 10, (greedy, chance)
