"""Single-observer information-set MCTS (SO-ISMCTS) over the engine protocol, for every game.

One tree per decision, seen from the bot's seat. Each iteration

1. samples a world the seat cannot tell from the real one: ``view(seat)`` is taken once (it
   hides hands, deck and bag order and blanks the RNG seed) and ``determinize(seat, rng)`` is
   called on that view with the search's own RNG (each sampled world serves ``det_reuse``
   iterations, each copy with freshly seeded future chance). The bot therefore never reads a
   hidden card, the order of a pile or a future die: changing only what its seat cannot see
   changes nothing it computes (tests/ai/test_ismcts.py checks that for every hidden-
   information game);
2. descends the tree by UCB1 with *availability counts* (a child's exploration term uses how
   often it was legal, not how often its parent was visited, because in other worlds it may not
   have been) on children's mean rewards rescaled to [0, 1] between the worst and best sibling,
   plus a decaying greedy prior at the root; it expands one untried action (progressive
   widening limits how many children a node may have, which matters for Carcassonne's many
   placements; the root expands its moves best-greedy-value first);
3. plays at most ``rollout_depth`` random steps and scores the position with the game's
   heuristic for *every* seat (each seat maximises its own reward, so three- to five-player
   games work as they are);
4. backs the reward vector up the path.

Rewards lie in [0, 1]. A finished game gives each winner 1/len(winners) (the solitaire gives a
squashed score instead); an unfinished one gives ``logistic((h(s) - max other h) / scale)``,
where ``h`` is the game's heuristic and ``scale`` is measured once per decision from the spread
of heuristic values over a few random lines of play, so no game needs a hand-set constant.

The search only ever touches clones, runs on its own :class:`Rng` (seeded by the agent),
stops at an iteration cap (deterministic for a fixed seed; it may stop earlier once the most
visited move cannot be caught, which returns the same move), at a wall-clock limit (a safety
net) or when ``cancel`` is set (best move so far), and reports progress through
``on_progress(done, planned)`` and the ``progress`` attribute.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable

from ..engine import Action, Rng, State
from . import collector
from .halving import RootHalving
from .search_config import SearchConfig
from .tree import _LOG, Node, _exp, _grow_log_table, _key, _logistic, _sqrt

Heuristic = Callable[[State, int], float]


class Search(RootHalving):
    """One decision's search; construct, then call :meth:`run`."""

    def __init__(
        self,
        state: State,
        seat: int,
        heuristic: Heuristic | None,
        config: SearchConfig,
        rng: Rng,
        cancel: threading.Event | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        heuristic_all: Callable[[State], list[float]] | None = None,
    ) -> None:
        self.seat = seat
        self.heuristic = heuristic
        self.heuristic_all = heuristic_all
        self.config = config
        self.rng = rng
        self.cancel = cancel
        self.on_progress = on_progress
        self.n = state.num_players
        self.root_legal = state.legal_actions()
        self.view = state.view(seat)
        # The search's worlds need no history: without the log every clone is cheaper.
        self.view.log = []
        self.root = Node(None, None, self.n)
        self.iterations = 0
        self._world: State | None = None
        #: Counts the sampled worlds (see :meth:`_sample`); nodes remember legal lists by it.
        self._world_number = 0
        #: A game without hidden information keeps the engine's own ``determinize``: every
        #: world is the view with fresh dice, so up to the first draw all worlds hold the same
        #: positions and count as one.
        self._one_world = type(self.view).determinize is State.determinize
        #: A root move every iteration must go through (see :meth:`focus`), else None.
        self._focus: Action | None = None
        self.scale = 1.0
        self.base = 0.0
        # Settings the selection reads at every step, looked up once.
        self._rescale = config.normalize and self.n > 1
        self._exploration = config.exploration
        self._prior_weight = config.prior_weight
        self._widen = config.widen_k > 0

    # ------------------------------------------------------------------------- evaluation
    def _values(self, world: State) -> list[float]:
        h = self.heuristic
        if h is None:
            return [float(s) for s in world.scores()]
        if self.heuristic_all is not None:
            return self.heuristic_all(world)
        return [float(h(world, s)) for s in range(self.n)]

    def _relative(self, values: list[float]) -> list[float]:
        if self.n == 1:
            return [values[0] - self.base]
        if self.n == 2:
            return [values[0] - values[1], values[1] - values[0]]
        out = []
        for s in range(self.n):
            other = max(v for i, v in enumerate(values) if i != s)
            out.append(values[s] - other)
        return out

    def _calibrate(self) -> None:
        """Scale = spread of the relative heuristic over a few random lines of play."""
        cfg = self.config
        samples: list[float] = []
        if self.n == 1:
            self.base = self._values(self.view.determinize(self.seat, self.rng))[0]
        for _ in range(cfg.calibration_lines):
            world = self.view.determinize(self.seat, self.rng)
            for step in range(cfg.calibration_depth):
                if world.is_over:
                    break
                world._apply(world._random_action(self.rng))
                if step % 3 == 2 and not world.is_over:
                    samples.extend(abs(d) for d in self._relative(self._values(world)))
        samples = [s for s in samples if s < 500]  # "won/lost" sentinels of some heuristics
        if samples:
            samples.sort()
            spread = samples[len(samples) // 2] + 0.5 * samples[(len(samples) * 9) // 10]
            self.scale = max(spread, 1e-3)

    def _rewards(self, world: State) -> list[float]:
        if world.is_over and self.n > 1:
            winners = world.winners()
            share = 1.0 / len(winners) if winners else 0.0
            return [share if s in winners else 0.0 for s in range(self.n)]
        if self.n == 2 and self.heuristic_all is not None and self.heuristic is not None:
            # Two seats (the common case) written out: each seat's lead is minus the other's,
            # bit for bit, so one exponential serves both logistic values.
            value0, value1 = self.heuristic_all(world)
            lead = (value0 - value1) / self.scale
            if lead >= 0:
                e = _exp(-lead)
                return [1.0 / (1.0 + e), e / (1.0 + e)]
            e = _exp(lead)
            return [e / (1.0 + e), 1.0 / (1.0 + e)]
        rel = self._relative(self._values(world))
        return [_logistic(d / self.scale) for d in rel]

    # ------------------------------------------------------------------------ root prior
    def _root_priors(self) -> None:
        """Greedy one-step values of the root's actions, as a decaying bonus in [0, 1]."""
        if self.heuristic is None or len(self.root_legal) < 2:
            return
        world = self.view.determinize(self.seat, self.rng)
        values = self._one_step_values(world, self.root_legal, self.seat)
        lo, hi = min(values), max(values)
        for action, value in zip(self.root_legal, values):
            child = Node(action, self.seat, self.n)
            child.prior = (value - lo) / (hi - lo) if hi > lo else 0.5
            self.root.children[_key(action)] = child
        # Order: best prior first (stable on the legal order for ties).
        self.root.children = dict(sorted(self.root.children.items(), key=lambda kv: -kv[1].prior))

    # ------------------------------------------------------------------------- the search
    def _select(self, node: Node, legal: list[Action]) -> Node | None:
        """UCB1 with availability among the children legal here; None to expand instead."""
        get = node.children.get
        if len(legal) == 1:  # a forced step (common: rolls, single follow-ups): no scoring
            child = get((legal[0].kind, legal[0].args))
            if child is None:
                return None
            child.avail += 1
            return child if child.visits else None
        untried = False
        ready = []
        for action in legal:
            child = get((action.kind, action.args))
            if child is None:
                untried = True
            else:
                child.avail += 1
                if child.visits:
                    ready.append(child)
                else:
                    untried = True
        best = None
        if ready:
            lo = hi = 0.0
            if self._rescale and len(ready) > 1:
                if len(ready) == 2:  # min() and max() of the two, ties and all, without a list
                    first, second = ready[0].value, ready[1].value
                    lo = second if second < first else first
                    hi = second if second > first else first
                else:
                    means = [child.value for child in ready]
                    lo, hi = min(means), max(means)
            c_explore = self._exploration
            log, sqrt = _LOG, _sqrt
            best_score = -math.inf
            if hi > lo:
                span = hi - lo
                if node is self.root:
                    prior_weight = self._prior_weight
                    for child in ready:
                        visits = child.visits
                        score = (child.value - lo) / span + c_explore * sqrt(log[child.avail] / visits)
                        if child.prior:
                            score += prior_weight * child.prior / (1 + visits)
                        if score > best_score:
                            best, best_score = child, score
                else:  # below the root no child has a prior
                    for child in ready:
                        score = (child.value - lo) / span + c_explore * sqrt(log[child.avail] / child.visits)
                        if score > best_score:
                            best, best_score = child, score
            else:
                # Not rescaled: ``(mean - 0.0) / 1.0`` is the mean itself, bit for bit.
                prior_weight = self._prior_weight
                for child in ready:
                    visits = child.visits
                    score = child.value + c_explore * sqrt(log[child.avail] / visits)
                    if child.prior:
                        score += prior_weight * child.prior / (1 + visits)
                    if score > best_score:
                        best, best_score = child, score
        if untried:
            if best is None or not self._widen:
                return None
            cfg = self.config
            allowed = max(cfg.widen_min, math.ceil(cfg.widen_k * (node.visits + 1) ** cfg.widen_alpha))
            if len(ready) < allowed:
                return None
        return best

    def _expand(self, node: Node, legal: list[Action], mover: int, world: State) -> Node:
        # Prepared children (root priors) come first, in their order; then the best untried
        # completion of a decision the mover started, or else a random untried action. Only
        # the root holds prepared children: below it every child was visited by the iteration
        # that made it.
        legal_keys = None
        for key, child in (node.children.items() if node is self.root else ()):
            if child.visits == 0:
                if legal_keys is None:
                    legal_keys = {_key(a) for a in legal}
                if key in legal_keys:
                    return child
        action = None
        cfg = self.config
        if (cfg.order_continuations and node.mover == mover and self.heuristic is not None
                and (node.order is not None or node.visits >= cfg.order_min_visits)):
            if node.order is None:
                node.order = self._best_first(world, legal, mover)
            if legal_keys is None:
                legal_keys = {_key(a) for a in legal}
            action = next((a for a in node.order if _key(a) not in node.children and _key(a) in legal_keys), None)
        if action is None:
            children = node.children
            action = self.rng.choice([a for a in legal if (a.kind, a.args) not in children])
        child = Node(action, mover, self.n)
        child.avail = 1
        node.children[_key(action)] = child
        return child

    def _one_step_values(self, world: State, actions: list[Action], seat: int) -> list[float]:
        """The heuristic's value for ``seat`` after each action (what the greedy bot weighs)."""
        values = []
        for action in actions:
            after = world.clone()
            after._apply(action)
            values.append(self.heuristic(after, seat))
        return values

    def _best_first(self, world: State, legal: list[Action], mover: int) -> list[Action]:
        values = self._one_step_values(world, legal, mover)
        ranked = sorted(range(len(legal)), key=lambda i: -values[i])
        return [legal[i] for i in ranked]

    def _sample(self) -> State:
        """A world consistent with the seat's view: a fresh determinization every
        ``det_reuse`` iterations, in between a copy of the last one with new future chance.

        The last iteration a world serves gets the world itself rather than a copy (nothing
        reads it afterwards). Each fresh world gets a new ``_world_number`` (but see
        ``_one_world``)."""
        reuse = max(1, self.config.det_reuse)
        done = self.iterations
        last = (done + 1) % reuse == 0
        if self._world is None or done % reuse == 0:
            self._world = self.view.determinize(self.seat, self.rng)
            if not (self._one_world and self._world_number):
                self._world_number += 1
            world = self._world if last else self._world.clone()
        else:
            world = self._world if last else self._world.clone()
            world.rng = Rng(self.rng.next64(), world.rng.draws)
        if last:
            self._world = None
        return world

    def iterate(self, world: State | None = None) -> None:
        """One iteration: sample a world, walk down the tree, score the leaf, back it up.

        The worlds sampled from one determinization differ only in their future chance (in a
        game without hidden information all worlds do), so until the first random draw
        (``rng.draws`` unchanged) the walk passes through the very same positions in each of
        them: a node's legal list is then taken from an earlier walk through that world instead
        of being generated again. ``world``: a world to use instead of :meth:`_sample`'s (see
        :meth:`_run_halving`)."""
        cfg = self.config
        if world is None:
            world = self._sample()
        number = self._world_number
        draws = world.rng.draws
        node = self.root
        path = []  # the nodes below the root that this iteration passes through
        fresh = False
        if self._focus is not None:
            node = self.root.children.get(_key(self._focus))
            if node is None:
                node = self.root.children[_key(self._focus)] = Node(self._focus, self.seat, self.n)
            node.avail += 1
            fresh = node.visits == 0
            world._apply(node.action)
            path.append(node)
            if world.rng.draws != draws:
                number = -1
        if self.iterations + 2 > len(_LOG):  # availability counts never exceed iterations + 1
            _grow_log_table(self.iterations + 2)
        select = self._select
        while not fresh:
            if node.world == number:  # this node's position in this world, seen before
                legal = node.legal
            else:
                if world.is_over:
                    break
                # The game's own list: the search applies with ``_apply``, so nothing needs
                # ``legal_actions`` to remember what it offered.
                legal = world._legal_actions()
                if number > 0:
                    node.world = number
                    node.legal = legal
            if len(legal) == 1:  # a forced step (rolls, single follow-ups): nothing to score
                action = legal[0]
                child = node.children.get((action.kind, action.args))
                if child is not None:
                    child.avail += 1
                    if not child.visits:
                        child = None
            else:
                child = select(node, legal)
            if child is None:
                child = self._expand(node, legal, world.current_player, world)
                world._apply(child.action)
                path.append(child)
                break
            world._apply(child.action)
            node = child
            path.append(node)
            if number > 0 and world.rng.draws != draws:
                number = -1  # chance came into play: positions below differ between copies
        for _ in range(cfg.rollout_depth):
            if world.is_over:
                break
            world._apply(world._random_action(self.rng))
        rewards = self._rewards(world)
        root = self.root
        root.visits += 1
        if self.n == 2:
            reward0, reward1 = rewards
            r = root.reward
            r[0] += reward0
            r[1] += reward1
            for node in path:
                visits = node.visits = node.visits + 1
                r = node.reward
                r[0] += reward0
                r[1] += reward1
                node.value = r[node.mover] / visits
        else:
            seats = range(self.n)
            r = root.reward
            for s in seats:
                r[s] += rewards[s]
            for node in path:
                visits = node.visits = node.visits + 1
                r = node.reward
                for s in seats:
                    r[s] += rewards[s]
                node.value = r[node.mover] / visits

    def run(self) -> Action:
        """The chosen move. The cyclic garbage collector stays off meanwhile: the search makes
        no reference cycles, and its passes over the search's objects cost about a fifth of a
        decision for nothing (see collector.py)."""
        if len(self.root_legal) == 1:
            return self.root_legal[0]
        with collector.paused():
            return self._run()

    def _run(self) -> Action:
        cfg = self.config
        clock = cfg.clock
        deadline = clock() + cfg.time_limit
        self._calibrate()
        if cfg.order_root:
            self._root_priors()
        if cfg.root_halving:
            return self._run_halving(deadline)
        planned = cfg.iterations
        report_every = max(1, planned // 50)
        started = clock()
        while self.iterations < planned:
            if self.cancel is not None and self.cancel.is_set():
                break
            if clock() > deadline:
                break
            self.iterate()
            self.iterations += 1
            if (cfg.early_stop and self.iterations % 32 == 0
                    and self._decided(self._left(planned, started, clock(), deadline))):
                break
            if self.on_progress is not None and self.iterations % report_every == 0:
                self.on_progress(self.iterations, planned)
        return self.best()

    def _left(self, planned: int, started: float, now: float, deadline: float) -> int:
        """Iterations this search may still run: what the cap leaves, or fewer where the clock
        will stop it first at the rate so far (with a round of slack). The early stop then also
        ends a search whose leader the clock's last iterations could not overtake."""
        left = planned - self.iterations
        spent = now - started
        if spent > 0 and self.iterations:
            by_clock = int(self.iterations * max(0.0, deadline - now) / spent) + 32
            left = min(left, by_clock)
        return left

    def _decided(self, remaining: int) -> bool:
        """True when no other root move can catch the most visited one in the iterations
        left: the answer cannot change any more, so stopping early returns the same move."""
        first = second = 0
        for child in self.root.children.values():
            v = child.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > remaining

    def best(self) -> Action:
        """Most visited legal root action (ties: better mean, then the prior, then list order)."""
        best = self.root_legal[0]
        key = (-1, -1.0, -1.0)
        for action in self.root_legal:
            child = self.root.children.get(_key(action))
            if child is None:
                continue
            k = (child.visits, child.mean(self.seat), child.prior)
            if k > key:
                best, key = action, k
        return best

    def focus(self, action: Action, iterations: int, deadline: float | None = None) -> None:
        """Run ``iterations`` more iterations that all start with the root move ``action``
        (legal here): the game review uses it to value a move the search barely tried.
        ``deadline`` (on the config's clock) stops them early, after at least one."""
        if action not in self.root_legal:
            raise ValueError(f"{action!r} is not a legal move here.")
        self._focus = action
        clock = self.config.clock
        try:
            for done in range(iterations):
                if self.cancel is not None and self.cancel.is_set():
                    break
                if done and deadline is not None and clock() > deadline:
                    break
                self.iterate()
                self.iterations += 1
        finally:
            self._focus = None

    def root_values(self) -> dict[Action, tuple[int, list[float]]]:
        """Each tried root move's visits and mean reward for every seat (the review's values)."""
        return {c.action: (c.visits, [r / c.visits for r in c.reward])
                for c in self.root.children.values() if c.visits}

    def statistics(self) -> list[tuple[Action, int, float]]:
        """(action, visits, mean reward) for the root's children, most visited first."""
        rows = [(c.action, c.visits, c.mean(self.seat)) for c in self.root.children.values()]
        return sorted(rows, key=lambda r: -r[1])


__all__ = ["Heuristic", "Search"]
