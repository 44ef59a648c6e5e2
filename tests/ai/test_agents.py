
import pytest
import threading

from dragon_tui.ai import GreedyAgent, RandomAgent, make_agent
from dragon_tui.games import get_game
from dragon_tui.session import Seat, Table, TurnController


def duel(level_a, level_b, seed):
    t = Table("crowns", [Seat("A", "bot", level_a), Seat("B", "bot", level_b)], seed)
    TurnController(t).play_bots()
    return t.state.winners()


@pytest.mark.slow
def test_greedy_beats_random_most_of_the_time():
    wins = sum(duel("greedy", "random", s) == [0] for s in range(20))
    wins += sum(duel("random", "greedy", s) == [1] for s in range(20, 40))
    assert wins >= 30


def test_bot_does_not_change_the_state_it_is_given():
    game = get_game("crowns")
    state = game.new_state(2, 3)
    before = state.to_json()
    make_agent("greedy", game).choose(state, 0)
    assert state.to_json() == before


def test_greedy_does_not_foresee_the_dice():
    """The rng inside determinize is re-seeded: choices do not depend on the true future."""
    game = get_game("crowns")
    a = game.new_state(2, 3)
    b = game.new_state(2, 3)
    b.rng.state ^= 0xDEADBEEF
    agent_a, agent_b = GreedyAgent(game.heuristic, seed=1), GreedyAgent(game.heuristic, seed=1)
    assert agent_a.choose(a, 0) == agent_b.choose(b, 0)


def test_cancel_returns_a_legal_action_at_once():
    game = get_game("crowns")
    state = game.new_state(2, 3)
    cancel = threading.Event()
    cancel.set()
    assert make_agent("greedy", game).choose(state, 0, cancel=cancel) in state.legal_actions()
    assert RandomAgent(1).choose(state, 0) in state.legal_actions()
