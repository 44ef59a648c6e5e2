"""The search bot: honest (no peeking at hidden cards, bag order or future dice), reproducible,
interruptible, within its time limits, and it never changes the real state."""

import math
import threading
import time

import pytest

from dragon_tui.ai import LEVELS, make_agent
from dragon_tui.ai.agents import hint
from dragon_tui.ai.ismcts import ISMCTSAgent, Search, SearchConfig, iterations_per_second
from dragon_tui.engine import Rng
from dragon_tui.games import GAMES, get_game

SMALL = SearchConfig(iterations=40, time_limit=120.0)


def position(game_id, moves, seed=4, players=2, seat=None):
    """A position after some random moves where a choice (>1 legal action) is to be made."""
    game = get_game(game_id)
    n = 1 if game.max_players == 1 else players
    state = game.new_state(n, seed)
    rng = Rng(seed + 100)
    made = 0
    while not state.is_over:
        legal = state.legal_actions()
        if made >= moves and len(legal) > 1 and (seat is None or state.current_player == seat):
            return state
        state.apply(rng.choice(legal))
        made += 1
    raise AssertionError("game ended before a choice came up")


def decide(state, seat, seed=7, config=SMALL):
    agent = ISMCTSAgent(get_game(state.game_id), config, seed)
    action = agent.choose(state.clone(), seat)
    stats = [(a, v, round(m, 9)) for a, v, m in agent.last_search.statistics()]
    return action, stats


def same_view(a, b, seat):
    """The change is invisible to the seat (the RNG's seed aside: determinize replaces it, and
    the search never draws from the real state's or the view's generator)."""
    va, vb = a.view(seat).to_json(), b.view(seat).to_json()
    va.pop("rng"), vb.pop("rng")
    assert va == vb, "the change must be invisible to the seat"


# ------------------------------------------------------------------ information leaks
def test_hoard_opponent_hand_and_deck_swap_changes_nothing():
    from dragon_tui.games.hoard.data import back

    a = position("hoard", 12, seat=0)
    b = a.clone()
    swapped = False
    for i, card in enumerate(b.hands[1]):
        for j, other in enumerate(b.deck[:-1]):  # the top card's back is public
            if other != card and back(other) == back(card):
                b.hands[1][i], b.deck[j] = other, card
                swapped = True
                break
        if swapped:
            break
    assert swapped
    b.rng.state ^= 0x5A5A5A5A  # future shuffles/picks differ too
    assert a.to_json() != b.to_json()
    same_view(a, b, 0)
    assert decide(a, 0) == decide(b, 0)


def test_throne_opponent_hand_deck_and_citizen_deck_changes_nothing():
    a = position("throne", 30, seat=0)
    b = a.clone()
    assert b.hand[1] and b.deck[1]
    # A card drawn since the last reshuffle: the ones held at it are publicly in the hand.
    i = next(i for i, c in enumerate(b.hand[1]) if c not in b.shown[1])
    b.hand[1][i], b.deck[1][-1] = b.deck[1][-1], b.hand[1][i]
    b.deck[0].reverse()  # own deck order is hidden from its owner too
    b.cdeck.reverse()
    b.ddeck.reverse()
    b.rng.state ^= 0x1234567
    assert a.to_json() != b.to_json()
    same_view(a, b, 0)
    assert decide(a, 0) == decide(b, 0)


def test_court_pile_order_changes_nothing():
    a = position("court", 2)
    b = a.clone()
    b.pile.reverse()
    b.rng.state ^= 0xABCDEF
    assert a.pile != b.pile
    same_view(a, b, 0)
    assert decide(a, 0) == decide(b, 0)


def test_carcassonne_bag_order_changes_nothing():
    a = position("carcassonne", 9, seat=0)
    b = a.clone()
    b.bag.reverse()
    b.rng.state ^= 0x77777
    assert a.bag != b.bag
    same_view(a, b, 0)
    assert decide(a, 0) == decide(b, 0)


def test_crowns_future_dice_change_nothing():
    a = position("crowns", 6)
    b = a.clone()
    b.rng.state ^= 0xDEADBEEF
    seat = a.current_player
    assert decide(a, seat) == decide(b, seat)


# ------------------------------------------------------------------ reproducible, safe
@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_decision_and_real_state_untouched(game_id):
    state = position(game_id, 5)
    before = state.to_json()
    seat = state.current_player
    agent_a = ISMCTSAgent(get_game(game_id), SMALL, seed=3)
    agent_b = ISMCTSAgent(get_game(game_id), SMALL, seed=3)
    first = agent_a.choose(state, seat)
    assert state.to_json() == before  # the search works on clones, with its own RNG
    assert first == agent_b.choose(state, seat)
    assert first in state.legal_actions()
    done, planned = agent_a.progress
    assert 0 < done <= planned == SMALL.iterations


def test_cancel_returns_a_legal_action_quickly():
    state = position("carcassonne", 7)
    seat = state.current_player
    agent = ISMCTSAgent(get_game("carcassonne"), SearchConfig(iterations=10**9, time_limit=600.0), 1)
    cancel = threading.Event()
    threading.Timer(0.2, cancel.set).start()
    t0 = time.perf_counter()
    action = agent.choose(state, seat, cancel=cancel)
    assert time.perf_counter() - t0 < 5.0
    assert action in state.legal_actions()
    done, planned = agent.progress
    assert 0 < done < planned

    already = threading.Event()
    already.set()
    assert agent.choose(state, seat, cancel=already) in state.legal_actions()


def test_time_limit_is_a_bound():
    state = position("hoard", 10)
    agent = ISMCTSAgent(get_game("hoard"), SearchConfig(iterations=10**9, time_limit=0.3), 2)
    t0 = time.perf_counter()
    assert agent.choose(state, state.current_player) in state.legal_actions()
    assert time.perf_counter() - t0 < 3.0


@pytest.mark.parametrize("game_id", list(GAMES))
def test_normal_level_decides_within_its_budget(game_id):
    """Generous bound (the level limit is 0.9 s, a bot must answer within 1 s; CI machines vary)."""
    state = position(game_id, 8)
    agent = make_agent("normal", get_game(game_id), 5)
    t0 = time.perf_counter()
    assert agent.choose(state, state.current_player) in state.legal_actions()
    assert time.perf_counter() - t0 < 4.0


def test_levels_are_offered_and_progress_is_reported():
    assert LEVELS == ("random", "greedy", "easy", "normal", "hard")
    game = get_game("crowns")
    for level in LEVELS:
        assert make_agent(level, game, 1) is not None
    agent = make_agent("easy", game, 1)
    seen = []
    agent.on_progress = lambda done, planned: seen.append((done, planned))
    state = position("crowns", 4)
    agent.choose(state, state.current_player)
    assert seen and seen[-1][0] <= seen[-1][1]
    assert all(b >= a for (a, _), (b, _) in zip(seen, seen[1:]))


def test_hint_does_not_play():
    state = position("crowns", 4)
    before = state.to_json()
    action = hint(get_game("crowns"), state, state.current_player, SMALL, seed=1)
    assert action in state.legal_actions()
    assert state.to_json() == before


def test_hint_reports_its_progress():
    # The F3 hint shows how far it has got, as a bot's turn does.
    state = position("crowns", 4)
    seen = []
    hint(get_game("crowns"), state, state.current_player, SMALL, seed=1,
         on_progress=lambda done, planned: seen.append((done, planned)))
    assert seen and all(planned == SMALL.iterations for _done, planned in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


@pytest.mark.slow
def test_search_prefers_a_winning_move_in_crowns():
    """Sanity: with many iterations the search's top move is among the greedy-best ones
    often enough to beat random play (the arena measures the real strength)."""
    from dragon_tui.devtools.arena import run_arena

    report = run_arena("crowns", ["easy", "random"], 2, seed=3, processes=1)
    easy = report.entries[0]
    assert easy.wins >= 1


def test_iterations_per_second_is_positive():
    assert iterations_per_second(get_game("court"), 0.3) > 0


def test_search_statistics_visits_add_up():
    state = position("hoard", 6)
    search = Search(state, state.current_player, get_game("hoard").heuristic, SMALL, Rng(1))
    search.run()
    assert sum(v for _, v, _ in search.statistics()) == search.iterations <= SMALL.iterations


@pytest.mark.parametrize("game_id", ["crowns", "carcassonne"])
def test_early_stop_gives_the_same_move(game_id):
    state = position(game_id, 12)
    full = SearchConfig(iterations=200, time_limit=120.0, early_stop=False)
    early = SearchConfig(iterations=200, time_limit=120.0)
    assert decide(state, state.current_player, 5, full)[0] == decide(state, state.current_player, 5, early)[0]


def test_several_trees_share_the_iterations_and_stay_reproducible():
    state = position("court", 6, players=1)
    config = SearchConfig(iterations=120, time_limit=120.0, trees=4, normalize=False)
    game = get_game("court")
    agent = ISMCTSAgent(game, config, seed=9)
    seen = []
    agent.on_progress = lambda done, planned: seen.append((done, planned))
    first = agent.choose(state.clone(), 0)
    assert first in state.legal_actions()
    assert first == ISMCTSAgent(game, config, seed=9).choose(state.clone(), 0)
    done, planned = agent.progress
    assert 0 < done <= planned == 120
    # Progress counts across the trees: it only goes up and never past the plan.
    assert seen and all(b >= a for (a, _), (b, _) in zip(seen, seen[1:])) and seen[-1][0] <= 120
    cancel = threading.Event()
    cancel.set()
    assert agent.choose(state.clone(), 0, cancel=cancel) in state.legal_actions()


def test_the_solitaires_hard_search_uses_several_trees():
    """The hard level plays by playouts (test_playouts.py); the game review, which searches
    trees at the hard level's settings, splits its iterations among several."""
    from dragon_tui.ai.agents import level_config

    assert level_config("hard", "court").trees > 1
    assert level_config("normal", "court").trees == 1


def test_a_seats_own_follow_up_moves_are_expanded_best_first():
    from dragon_tui.ai.ismcts import Node

    game = get_game("carcassonne")
    state = position("carcassonne", 3)
    seat = state.current_player
    config = SearchConfig(iterations=10, time_limit=60.0, order_continuations=True, order_min_visits=0)
    search = Search(state, seat, game.heuristic, config, Rng(2), heuristic_all=game.heuristic_all)
    world = search.view.determinize(seat, Rng(5))
    legal = world.legal_actions()
    node = Node(None, seat, state.num_players)  # this seat moved into it and moves again
    values = {}
    for action in legal:
        after = world.clone()
        after._apply(action)
        values[action] = game.heuristic(after, seat)
    child = search._expand(node, legal, seat, world)
    first = child.action
    assert values[first] == max(values.values())
    child.visits = 1  # tried: the next expansion takes the next best
    second = search._expand(node, legal, seat, world).action
    assert second != first
    assert values[second] == max(v for a, v in values.items() if a != first)
    # After another seat's move the reply is picked at random (ordering costs a call per reply).
    other = Node(None, 1 - seat, state.num_players)
    other.visits = 50
    search._expand(other, legal, seat, world)
    assert other.order is None and node.order is not None


def test_princes_hard_level_orders_follow_up_moves():
    from dragon_tui.ai.agents import level_config

    assert level_config("hard", "throne").order_continuations
    assert not level_config("normal", "throne").order_continuations


class _CheckedSearch(Search):
    """A search that checks, at every scored step, the legal list its walk uses (possibly
    remembered from an earlier walk through the same world) against the world's own list."""

    checked = 0
    reused = 0

    def _sample(self):
        self.current = super()._sample()
        return self.current

    def _select(self, node, legal):
        fresh = self.current._legal_actions()
        assert [(a.kind, a.args) for a in legal] == [(a.kind, a.args) for a in fresh]
        self.checked += 1
        self.reused += legal is node.legal and legal is not fresh
        return super()._select(node, legal)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_remembered_legal_list_is_the_worlds_own(game_id):
    """The walk takes a node's legal list from an earlier walk through the same world (or, in
    a game without hidden information, any world) only before chance came into play: the
    position is then the same, so the list must be too."""
    game = get_game(game_id)
    state = position(game_id, 9)
    search = _CheckedSearch(state, state.current_player, game.heuristic,
                            SearchConfig(iterations=300, time_limit=120.0, early_stop=False), Rng(3),
                            heuristic_all=game.heuristic_all)
    search.run()
    assert search.checked > 100
    assert search.reused > 0


def test_the_log_table_is_math_log():
    from dragon_tui.ai import tree

    tree._grow_log_table(5000)
    assert all(tree._LOG[n] == math.log(n) for n in range(1, 5000))
