"""The search bot: information-set MCTS (``search.py``), or greedy playouts for the solitaire
(``playouts.py``), behind the Agent protocol; this module also re-exports the search's names,
where the rest of the project has always found them."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

from ..engine import Action, Game, Rng, State
from .obvious import obvious_action
from .playouts import PlayoutSearch
from .search import Heuristic, Search
from .search_config import SearchConfig
from .tree import Node


class ISMCTSAgent:
    """A search bot: ``choose(state, seat, budget, cancel)`` like every Agent.

    ``progress`` holds (iterations done, planned) of the current or last decision and
    ``on_progress`` (if set) is called with the same pair while thinking, from the thinking
    thread. The level's own time limit applies; ``budget`` (the controller's default) is not
    used to shorten it, so a level's strength does not depend on who calls it.
    """

    def __init__(self, game: Game, config: SearchConfig, seed: int = 0, level: str = "ismcts") -> None:
        self.game = game
        self.config = config
        self.level = level
        self.rng = Rng(seed)
        self.progress: tuple[int, int] = (0, config.iterations)
        self.on_progress: Callable[[int, int], None] | None = None
        self.last_search: Search | None = None
        #: The last decision's playouts, when the config asks for them (``playout_worlds``).
        self.last_playouts: PlayoutSearch | None = None

    def _progress(self, done: int, planned: int) -> None:
        self.progress = (done, planned)
        if self.on_progress is not None:
            self.on_progress(done, planned)

    def choose(self, state: State, seat: int, budget: float = 1.0, cancel: threading.Event | None = None) -> Action:
        cfg = self.config
        obvious = obvious_action(state, seat)
        if obvious is not None:  # forced or near-forced: nothing to search (obvious.py)
            self.progress = (0, cfg.playout_worlds or cfg.iterations)
            self.last_search = self.last_playouts = None
            return obvious
        if cfg.playout_worlds > 0:
            return self._choose_by_playouts(state, seat, cancel)
        planned = cfg.iterations
        self.progress = (0, planned)
        trees = max(1, cfg.trees)
        deadline = cfg.clock() + cfg.time_limit
        visits: dict[Action, int] = {}
        reward: dict[Action, float] = {}
        done = 0
        search = None
        for tree in range(trees):
            remaining = deadline - cfg.clock()
            if search is not None and (remaining <= 0 or (cancel is not None and cancel.is_set())):
                break
            share = planned // trees + (1 if tree < planned % trees else 0)
            sub = cfg if trees == 1 else replace(cfg, iterations=share, time_limit=max(remaining, 0.0))
            offset = done
            search = Search(state, seat, self.game.heuristic, sub, Rng(self.rng.next64()), cancel,
                            lambda d, _p, offset=offset: self._progress(offset + d, planned), self.game.heuristic_all)
            action = search.run()
            done += search.iterations
            self.progress = (done, planned)
            for act, count, mean in search.statistics():
                visits[act] = visits.get(act, 0) + count
                reward[act] = reward.get(act, 0.0) + mean * count
        self.last_search = search
        if trees == 1 or not visits:
            return action
        legal = search.root_legal
        return max(legal, key=lambda a: (visits.get(a, 0), reward.get(a, 0.0) / max(1, visits.get(a, 0))))

    def _choose_by_playouts(self, state: State, seat: int, cancel: threading.Event | None) -> Action:
        cfg = self.config
        self.progress = (0, cfg.playout_worlds)
        search = PlayoutSearch(state, seat, self.game.heuristic, cfg.playout_worlds, cfg.playout_depth,
                               Rng(self.rng.next64()), cfg.time_limit, cancel, self._progress, cfg.clock)
        action = search.run()
        self.progress = (search.done, cfg.playout_worlds)
        self.last_search = None
        self.last_playouts = search
        return action


def iterations_per_second(game: Game, seconds: float = 2.0, players: int | None = None, seed: int = 0) -> float:
    """Search iterations per second on positions of a random game (for ``dragon-tui bench``)."""
    n = players or (1 if game.max_players == 1 else max(2, game.min_players))
    state = game.new_state(n, seed)
    rng = Rng(seed + 1)
    # A few positions spread over a game: from the start and after some random moves.
    positions = []
    while not state.is_over and len(positions) < 6:
        if len(state.legal_actions()) > 1:
            positions.append(state.clone())
        for _ in range(7):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
    per = seconds / max(1, len(positions))
    total_iter = 0
    total_time = 0.0
    for i, pos in enumerate(positions):
        cfg = SearchConfig(iterations=10**9, time_limit=per)
        search = Search(pos, pos.current_player, game.heuristic, cfg, Rng(i), heuristic_all=game.heuristic_all)
        t0 = time.perf_counter()
        search.run()
        total_time += time.perf_counter() - t0
        total_iter += search.iterations
    return total_iter / total_time if total_time else 0.0


__all__ = ["Heuristic", "ISMCTSAgent", "Node", "Search", "SearchConfig", "iterations_per_second"]
