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
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..engine import Action, Game, Rng, State
from .obvious import obvious_action
from .playouts import PlayoutSearch

Heuristic = Callable[[State, int], float]


@dataclass(frozen=True)
class SearchConfig:
    #: Iterations per decision (the reproducible limit).
    iterations: int = 400
    #: Wall-clock safety limit in seconds: the search stops here even if iterations remain.
    time_limit: float = 1.0
    #: The clock ``time_limit`` is counted on: wall-clock seconds at the table; the measuring
    #: tools and the arena may count CPU seconds instead (``time.process_time``), so that on a
    #: busy machine the limit cuts what it would cut on an idle one, and tests pass a fake clock.
    clock: Callable[[], float] = time.perf_counter
    #: UCB1 exploration constant (on normalised values, see ``normalize``).
    exploration: float = 0.7
    #: Rank each node's children on their mean reward rescaled to [0, 1] between the worst
    #: and the best child (as MuZero does): squashed heuristic values of sibling moves often
    #: differ by a few hundredths, which plain UCB1 cannot tell from noise in a few hundred
    #: iterations, so without this the search spreads its visits almost evenly. Applied in
    #: games of two or more players only: in the solitaire (no opponent, the draw decides most
    #: differences) it amplified noise and scored lower in the arena, so there plain UCB1 runs.
    normalize: bool = True
    #: Random steps played after expansion before the heuristic scores the position.
    rollout_depth: int = 0
    #: Progressive widening: a node may hold ``ceil(widen_k * visits ** widen_alpha)`` children
    #: (never fewer than ``widen_min``). widen_k <= 0 switches widening off.
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    widen_min: int = 4
    #: Order untried actions at the root by the one-step heuristic (greedy) value.
    order_root: bool = True
    #: Where a seat finishes a decision it started (a deploy's guild, a tile's figure: the
    #: node's mover moves again), expand the untried completions best-first by the one-step
    #: heuristic instead of at random. The leaf value of such a position is already its best
    #: completion, so expanding random completions below it would pull the decision's value
    #: down the more it is explored; costs one heuristic call per completion, once per node.
    order_continuations: bool = False
    #: ... but only at nodes visited this often (ordering costs a heuristic call per action;
    #: rarely visited nodes matter little to the decision).
    order_min_visits: int = 4
    #: Weight of the greedy prior at the root, decaying with visits (progressive bias).
    prior_weight: float = 0.5
    #: Each determinization serves this many iterations (each with freshly seeded future
    #: chance). Sampling a world (reshuffling every unseen card) costs more than an iteration's
    #: moves in some games; reusing it a few times keeps the tree fed. 1 = a new world each time.
    det_reuse: int = 3
    #: Stop once the most visited root move cannot be caught (same answer, less time).
    early_stop: bool = True
    #: Independent trees the iterations are split among, their root statistics summed
    #: (root parallelisation, run one after the other). Past a few hundred iterations one tree
    #: stops gaining where chance decides much (the solitaire's draws: its deep nodes average
    #: over draws that never happen together); several smaller trees instead average out the
    #: noise of each one's root estimate.
    trees: int = 1
    #: Instead of a tree, value each root move by greedy playouts in this many sampled worlds
    #: (``playouts.PlayoutSearch``; one-player games only). 0 = the tree search (default).
    playout_worlds: int = 0
    #: Greedy decisions per playout before the heuristic scores the position.
    playout_depth: int = 8
    #: Share the root's iterations out by sequential halving instead of UCB: in rounds, every
    #: root move still in the race gets the same number of iterations, each world sampled once
    #: and played by every such move with the same future chance (common random numbers), and
    #: the worse half (by mean reward) drops out after each round; the best mean of the last
    #: round is played. Below the root the tree is searched as usual. In Princes the UCB root
    #: locked onto one move after a few visits each (1,200 visits against 4 for its rivals, with
    #: means a hundredth apart), so a higher cap only deepened the line it already held.
    root_halving: bool = False
    #: Random lines of play used to measure the heuristic's scale.
    calibration_lines: int = 4
    calibration_depth: int = 12


def _key(action: Action) -> tuple:
    """What a node's children are keyed by: the action's kind and arguments as a plain tuple,
    hashed and compared in C. Keyed by the Action itself, every lookup of the selection loop
    (once per legal action per step) called its Python ``__hash__`` and ``__eq__``."""
    return (action.kind, action.args)


class Node:
    __slots__ = ("action", "mover", "children", "visits", "avail", "reward", "value", "prior", "order",
                 "world", "legal")

    def __init__(self, action: Action | None, mover: int | None, num_players: int) -> None:
        self.action = action
        #: The seat that chose ``action`` (its reward is what this node is ranked by).
        self.mover = mover
        #: By ``_key(action)``; each child keeps its action in ``child.action``.
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * num_players
        #: ``reward[mover] / visits``, kept up to date by the backup: selection reads it for
        #: every legal child at every step, the backup writes it once per node on the path.
        self.value = 0.0
        self.prior = 0.0
        #: Untried actions best-first (see ``SearchConfig.order_continuations``), once computed.
        self.order: list[Action] | None = None
        #: The legal list of the position this node stands for in the sampled world numbered
        #: ``world`` (from 1; see ``Search.iterate``).
        self.world = 0
        self.legal: list[Action] | None = None

    def mean(self, seat: int) -> float:
        return self.reward[seat] / self.visits if self.visits else 0.0


_sqrt, _exp = math.sqrt, math.exp
#: ``_LOG[n] == math.log(n)``: the exploration term reads it for every scored child, and a
#: list lookup is cheaper than the call. Grown by ``_grow_log_table`` before a search needs more.
_LOG: list[float] = [-math.inf]


_LOG_LOCK = threading.Lock()


def _grow_log_table(size: int) -> None:
    # Searches may run in several threads at once: the table only ever grows, one whole
    # block at a time, so every entry a reader looks up is already in place.
    with _LOG_LOCK:
        start = len(_LOG)
        if size > start:
            _LOG.extend([math.log(n) for n in range(start, max(size, 2 * start, 1024))])


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class Search:
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
        if len(self.root_legal) == 1:
            return self.root_legal[0]
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

    def _run_halving(self, deadline: float) -> Action:
        """The root's iterations by sequential halving (``SearchConfig.root_halving``).

        ``ceil(log2(moves))`` rounds share the cap equally; in a round each move still in the
        race meets the same sampled worlds, each copy with the same future chance, through
        ``focus``'s forced first step. The worse half by mean drops out after each round.
        Moves are taken best prior first, so a round cut short by the clock has tried the
        likeliest ones.

        Where the clock would stop the rounds before the cap is spent, each round is shortened
        instead, at the rate the search has shown so far: every round still runs (so the race
        still narrows to the best of the last round) on fewer worlds, rather than the clock
        ending the first round with every move still in it."""
        cfg = self.config
        clock = cfg.clock
        root = self.root
        prepared = [child.action for child in root.children.values()]
        alive = prepared + [a for a in self.root_legal if _key(a) not in root.children]
        rounds = max(1, math.ceil(math.log2(len(alive))))
        planned = cfg.iterations
        report_every = max(1, planned // 50)
        stopped = False
        started = clock()
        for round_ in range(rounds):
            per_move = max(1, (planned - self.iterations) // ((rounds - round_) * len(alive)))
            worlds = 0
            while worlds < per_move:
                now = clock()
                if (self.cancel is not None and self.cancel.is_set()) or now > deadline:
                    stopped = True
                    break
                if worlds == 1 and self.iterations:
                    # One world of this round timed: the round's fair share of the clock left.
                    rate = self.iterations / max(now - started, 1e-9)
                    afford = int(rate * (deadline - now) / ((rounds - round_) * len(alive)))
                    per_move = min(per_move, max(1, 1 + afford))
                worlds += 1
                world = self.view.determinize(self.seat, self.rng)
                if not (self._one_world and self._world_number):
                    self._world_number += 1
                chance = self.rng.next64()
                for action in alive:
                    if clock() > deadline:  # a world of many moves can take long on a busy machine
                        stopped = True
                        break
                    copy = world.clone()
                    copy.rng = Rng(chance, copy.rng.draws)
                    self._focus = action
                    try:
                        self.iterate(copy)
                    finally:
                        self._focus = None
                    self.iterations += 1
                    if self.on_progress is not None and self.iterations % report_every == 0:
                        self.on_progress(self.iterations, planned)
                if stopped:
                    break
            if stopped or len(alive) == 1:
                break
            if round_ < rounds - 1:
                ranked = sorted(range(len(alive)), key=lambda i: (-self._root_mean(alive[i]), i))
                keep = sorted(ranked[: (len(alive) + 1) // 2])
                alive = [alive[i] for i in keep]
        # The best mean among the moves still in the race (ties: the earlier, i.e. the better prior).
        return max(alive, key=lambda a: (self._root_mean(a), -alive.index(a)))

    def _root_mean(self, action: Action) -> float:
        child = self.root.children.get(_key(action))
        return child.mean(self.seat) if child is not None and child.visits else -math.inf

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


__all__ = ["ISMCTSAgent", "Search", "SearchConfig", "iterations_per_second"]
