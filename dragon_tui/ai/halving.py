"""Sequential halving at the root (``SearchConfig.root_halving``): every root move meets the
same sampled worlds, the worse half drops out after each round. Below the root the tree of
:class:`~dragon_tui.ai.search.Search` (which takes these methods in) is searched as usual."""

from __future__ import annotations

import math

from ..engine import Action, Rng
from .tree import _key


class RootHalving:
    """The halving methods of :class:`~dragon_tui.ai.search.Search`, kept apart by idea: they
    read the search's tree, worlds and clock (``root``, ``view``, ``iterate``, ``config``)."""

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
