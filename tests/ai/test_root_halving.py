"""Sequential halving at the root (``SearchConfig.root_halving``, Princes' hard level): every
move still in the race meets the same worlds, the worse half drops out after each round, the
best mean is played; reproducible, honest about hidden cards, and the yardstick hard-old
keeps the plain UCB root."""

import math

from dragon_tui.ai.agents import level_config
from dragon_tui.ai.ismcts import ISMCTSAgent, Search, SearchConfig
from dragon_tui.engine import Rng
from dragon_tui.games import get_game

from .test_ismcts import position, same_view

HALVING = SearchConfig(iterations=120, time_limit=120.0, root_halving=True, order_continuations=True)


class _RecordingSearch(Search):
    """Remembers, per iteration, the forced root move and the world it was given."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seen = []

    def iterate(self, world=None):
        if world is not None:
            self.seen.append((self._focus, world.to_json()))
        super().iterate(world)


def _search(state, config=HALVING, seed=3, cls=Search):
    game = get_game("throne")
    return cls(state, state.current_player, game.heuristic, config, Rng(seed), heuristic_all=game.heuristic_all)


def _throne_position(min_moves=6):
    # a decision with several moves, so that there is something to halve
    for moves in range(30, 80):
        state = position("throne", moves, seat=0)
        if len(state.legal_actions()) >= min_moves:
            return state
    raise AssertionError("no position with enough moves")


def test_princes_hard_level_halves_at_the_root_and_hard_old_does_not():
    assert level_config("hard", "throne").root_halving
    assert not level_config("hard-old", "throne").root_halving
    assert not level_config("normal", "throne").root_halving


def test_carcassonne_hard_level_halves_at_the_root_and_its_other_levels_do_not():
    assert level_config("hard", "carcassonne").root_halving
    assert level_config("hard", "carcassonne").order_continuations
    assert not level_config("hard-old", "carcassonne").root_halving
    assert not level_config("normal", "carcassonne").root_halving
    assert not SearchConfig().root_halving


def test_every_move_meets_the_same_worlds_and_the_worse_half_drops_out():
    state = _throne_position()
    search = _search(state, cls=_RecordingSearch)
    chosen = search.run()
    legal = search.root_legal
    visits = {a: search.root.children[(a.kind, a.args)].visits for a in legal}
    # The first round tries every move equally often.
    first = min(visits.values())
    assert first >= 1 and all(v >= first for v in visits.values())
    # Halving: the more rounds a move survived, the more visits; the last round holds
    # ceil(n / 2 ** (rounds - 1)) moves, which all have the most visits.
    rounds = math.ceil(math.log2(len(legal)))
    finalists = [a for a, v in visits.items() if v == max(visits.values())]
    size = len(legal)
    for _ in range(rounds - 1):
        size = (size + 1) // 2
    assert len(finalists) == size
    assert chosen in finalists
    means = {a: search.root.children[(a.kind, a.args)].mean(state.current_player) for a in finalists}
    assert means[chosen] == max(means.values())
    # Common random numbers: consecutive runs of iterations share one world, one per move alive.
    worlds: dict[str, set] = {}
    for focus, world in search.seen:
        worlds.setdefault(repr(world), set()).add(focus)
    assert len(worlds) < len(search.seen) / 2
    assert max(len(moves) for moves in worlds.values()) == len(legal)
    assert search.iterations <= HALVING.iterations


def test_same_seed_same_decision_and_the_real_state_is_untouched():
    state = _throne_position()
    before = state.to_json()
    game = get_game("throne")
    first = ISMCTSAgent(game, HALVING, seed=5).choose(state, 0)
    assert state.to_json() == before
    second = ISMCTSAgent(game, HALVING, seed=5)
    assert second.choose(state, 0) == first
    assert first in state.legal_actions()
    assert second.progress[0] == second.last_search.iterations > 0


def test_the_opponents_hand_and_every_deck_order_change_nothing():
    a = _throne_position()
    b = a.clone()
    assert b.hand[1] and b.deck[1]
    i = next(i for i, c in enumerate(b.hand[1]) if c not in b.shown[1])
    b.hand[1][i], b.deck[1][-1] = b.deck[1][-1], b.hand[1][i]
    b.deck[0].reverse()
    b.cdeck.reverse()
    b.ddeck.reverse()
    b.rng.state ^= 0x1234567
    assert a.to_json() != b.to_json()
    same_view(a, b, 0)
    results = []
    for state in (a, b):
        search = _search(state)
        results.append((search.run(), sorted((k, c.visits, round(c.mean(0), 9)) for k, c in search.root.children.items())))
    assert results[0] == results[1]


def test_a_cut_short_search_still_returns_a_legal_move():
    state = _throne_position()
    search = _search(state, SearchConfig(iterations=10**6, time_limit=0.05, root_halving=True))
    assert search.run() in state.legal_actions()
