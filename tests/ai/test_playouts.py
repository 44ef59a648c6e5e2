"""The solitaire's hard level: greedy playouts in sampled worlds (dragon_tui/ai/playouts.py).
Honest (the pile's order changes nothing), reproducible, interruptible, and it plays out every
candidate in the same worlds."""

import threading

import pytest

from dragon_tui.ai import make_agent
from dragon_tui.ai.agents import level_config
from dragon_tui.ai.ismcts import ISMCTSAgent, SearchConfig
from dragon_tui.ai.playouts import PlayoutSearch, greedy_action, play_out
from dragon_tui.engine import Rng
from dragon_tui.games import GAMES, get_game

from .test_ismcts import position, same_view

COURT = get_game("court")
SMALL = SearchConfig(iterations=40, time_limit=120.0, playout_worlds=12, playout_depth=4)


def buy_position(moves=8, seed=4):
    """A Court position in phase 1 with at least three choices (so halving has work to do)."""
    for extra in range(40):
        state = position("court", moves + extra, seed=seed, players=1)
        if state.phase == "buy" and len(state.legal_actions()) >= 3:
            return state
    raise AssertionError("no buy decision with three choices")


def test_the_solitaires_hard_level_plays_out_its_moves_and_the_others_do_not():
    assert level_config("hard", "court").playout_worlds > 0
    for level in ("easy", "normal"):
        assert level_config(level, "court").playout_worlds == 0
    for game_id in GAMES:
        if game_id != "court":
            for level in ("easy", "normal", "hard", "hard-old"):
                assert level_config(level, game_id).playout_worlds == 0
    assert level_config("hard-old", "court").playout_worlds == 0


def test_the_pile_order_changes_nothing():
    a = buy_position()
    b = a.clone()
    b.pile.reverse()
    b.rng.state ^= 0xABCDEF
    assert a.pile != b.pile
    same_view(a, b, 0)
    agent_a, agent_b = ISMCTSAgent(COURT, SMALL, 7), ISMCTSAgent(COURT, SMALL, 7)
    assert agent_a.choose(a, 0) == agent_b.choose(b, 0)
    assert agent_a.last_playouts.statistics() == agent_b.last_playouts.statistics()


def test_same_seed_same_decision_and_the_real_state_is_untouched():
    state = buy_position()
    before = state.to_json()
    first = ISMCTSAgent(COURT, SMALL, 3).choose(state, 0)
    assert state.to_json() == before
    agent = ISMCTSAgent(COURT, SMALL, 3)
    seen = []
    agent.on_progress = lambda done, planned: seen.append((done, planned))
    assert agent.choose(state, 0) == first
    assert first in state.legal_actions()
    assert agent.progress == (SMALL.playout_worlds, SMALL.playout_worlds)
    assert [done for done, _ in seen] == list(range(1, SMALL.playout_worlds + 1))


def test_the_worse_half_is_dropped_and_the_best_mean_is_played():
    state = buy_position()
    search = PlayoutSearch(state, 0, COURT.heuristic, 16, 4, Rng(5), 120.0)
    action = search.run()
    counts = sorted(search.counts)
    assert counts[-1] == 16  # the finalists met every world
    assert counts[0] < 16  # the worst candidate was dropped at a halving point
    finalists = [(mean, a) for a, n, mean in search.statistics() if n == 16]
    assert action == max(finalists, key=lambda pair: pair[0])[1]


def test_every_candidate_meets_the_same_worlds():
    """Common random numbers: two identical candidates get identical values. Here the same move
    is offered twice, so the search must value both copies exactly alike."""
    state = buy_position()
    search = PlayoutSearch(state, 0, COURT.heuristic, 6, 3, Rng(8), 120.0)
    search.root_legal = [search.root_legal[0]] * 2
    search.totals, search.counts, search.alive = [0.0, 0.0], [0, 0], [0, 1]
    search.run()
    assert search.counts == [6, 6]
    assert search.totals[0] == search.totals[1]


def test_play_out_scores_the_end_or_the_heuristic():
    state = buy_position()
    world = state.view(0).determinize(0, Rng(1))
    assert play_out(world.clone(), 0, COURT.heuristic, 0) == COURT.heuristic(world, 0)
    finished = world.clone()
    value = play_out(finished, 0, COURT.heuristic, 10**6)
    assert finished.is_over and value == finished.scores()[0]


def test_greedy_action_is_the_heuristics_favourite():
    state = buy_position()
    legal = state.legal_actions()
    values = []
    for action in legal:
        after = state.clone()
        after.apply(action)
        values.append(COURT.heuristic(after, 0))
    assert greedy_action(state, legal, 0, COURT.heuristic) == legal[values.index(max(values))]


def test_cancel_and_time_limit_return_a_legal_move():
    state = buy_position()
    cancel = threading.Event()
    cancel.set()
    agent = ISMCTSAgent(COURT, SearchConfig(playout_worlds=10**6, time_limit=600.0), 1)
    assert agent.choose(state, 0, cancel=cancel) in state.legal_actions()
    quick = ISMCTSAgent(COURT, SearchConfig(playout_worlds=10**6, time_limit=0.05), 1)
    assert quick.choose(state, 0) in state.legal_actions()
    assert 0 < quick.progress[0] < 10**6


def test_only_one_player_games():
    state = position("crowns", 4)
    with pytest.raises(ValueError):
        PlayoutSearch(state, state.current_player, get_game("crowns").heuristic, 4, 2, Rng(1), 1.0)


@pytest.mark.slow
def test_the_hard_bot_finishes_a_court_game():
    """The level as the app builds it plays a whole game to the end with legal moves."""
    from dataclasses import replace

    agent = make_agent("hard", COURT, 2)
    agent.config = replace(agent.config, playout_worlds=4)  # the level's search, fewer worlds
    state = COURT.new_state(1, 11)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else agent.choose(state, 0))
    assert state.is_over
