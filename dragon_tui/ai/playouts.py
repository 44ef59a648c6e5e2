"""Determinized greedy playouts: a search for the solitaire that values each move by playing it out.

Where the only unknown is the order of future draws (the Court's pile), a tree over the seat's
moves learns little below its root: a node's move ("buy slot 1") stands for a different card in
every sampled world, so deeper statistics average over draws that never happen together, and
past a few hundred iterations the tree's answer is the heuristic's one-step opinion, refined.
This search instead asks what each move leads to:

1. sample a world the seat cannot tell from the real one (``determinize`` of the seat's
   view, as the tree search does: the hidden order is never read);
2. in that world, play every candidate move, then let the *greedy* policy (the move the
   game's heuristic likes best one step ahead) play on for ``depth`` decisions, and score the
   position reached: the final score if the game ended, else the heuristic;
3. every candidate meets the same worlds with the same future chance (common random numbers),
   so the difference between two moves is measured on the very same draws; halfway through
   (and at a quarter) the worse half of the candidates is dropped (sequential halving), so
   the later worlds are spent telling the best ones apart.

The move with the best mean over the worlds it met is played. This is "perfect-information
Monte Carlo" with a policy rollout: in each sampled world the greedy policy sees that world's
draws as they come, which is the same for every candidate move, so it favours none of them.
Only one-player games: the value is the seat's own score, with no opponent to model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from ..engine import Action, Rng, State

Heuristic = Callable[[State, int], float]


def greedy_action(world: State, legal: list[Action], seat: int, heuristic: Heuristic) -> Action:
    """The move after which ``heuristic`` likes ``seat``'s position best (ties: the first)."""
    best, best_value = legal[0], float("-inf")
    for action in legal:
        after = world.clone()
        after._apply(action)
        value = heuristic(after, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def play_out(world: State, seat: int, heuristic: Heuristic, depth: int) -> float:
    """Let the greedy policy make ``depth`` decisions in ``world`` (forced moves are free),
    then its value for ``seat``: the score if the game is over, else the heuristic."""
    decisions = 0
    while not world.is_over:
        legal = world._legal_actions()
        if len(legal) == 1:
            world._apply(legal[0])
            continue
        if decisions >= depth:
            return float(heuristic(world, seat))
        world._apply(greedy_action(world, legal, seat, heuristic))
        decisions += 1
    return float(world.scores()[seat])


class PlayoutSearch:
    """One decision's playouts; construct, then call :meth:`run`.

    ``worlds`` is the reproducible limit (each world costs one playout per candidate still in
    the race); ``time_limit`` (seconds) and ``cancel`` stop it early with the best move so far.
    """

    #: After these fractions of the worlds, the worse half of the candidates is dropped.
    HALVING_POINTS = (0.25, 0.5)

    def __init__(
        self,
        state: State,
        seat: int,
        heuristic: Heuristic,
        worlds: int,
        depth: int,
        rng: Rng,
        time_limit: float,
        cancel: threading.Event | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if state.num_players != 1:
            raise ValueError("Greedy playouts value a move by the seat's own score: one-player games only.")
        self.seat = seat
        self.heuristic = heuristic
        self.worlds = worlds
        self.depth = depth
        self.rng = rng
        self.time_limit = time_limit
        self.cancel = cancel
        self.on_progress = on_progress
        self.clock = clock
        self.root_legal = state.legal_actions()
        self.view = state.view(seat)
        self.view.log = []  # playouts need no history: clones without it are cheaper
        self.totals = [0.0] * len(self.root_legal)
        self.counts = [0] * len(self.root_legal)
        #: Indexes into ``root_legal`` of the moves still in the race.
        self.alive = list(range(len(self.root_legal)))
        #: Worlds played so far.
        self.done = 0

    def mean(self, i: int) -> float:
        return self.totals[i] / self.counts[i] if self.counts[i] else float("-inf")

    def run(self) -> Action:
        legal = self.root_legal
        if len(legal) == 1:
            return legal[0]
        clock = self.clock
        deadline = clock() + self.time_limit
        checkpoints = {max(1, int(self.worlds * p)) for p in self.HALVING_POINTS}
        while self.done < self.worlds:
            if self.cancel is not None and self.cancel.is_set():
                break
            if self.done and clock() > deadline:
                break
            world = self.view.determinize(self.seat, self.rng)
            chance = self.rng.next64()
            for i in self.alive:
                copy = world.clone()
                copy.rng = Rng(chance, copy.rng.draws)  # the same future chance for every move
                copy._apply(legal[i])
                self.totals[i] += play_out(copy, self.seat, self.heuristic, self.depth)
                self.counts[i] += 1
            self.done += 1
            if self.done in checkpoints and len(self.alive) > 2:
                self.alive.sort(key=lambda i: (-self.mean(i), i))
                self.alive = sorted(self.alive[: max(2, (len(self.alive) + 1) // 2)])
            if self.on_progress is not None:
                self.on_progress(self.done, self.worlds)
        return self.best()

    def best(self) -> Action:
        """The candidate with the best mean (ties: the earlier in the legal list)."""
        pool = [i for i in self.alive if self.counts[i]] or [0]
        return self.root_legal[max(pool, key=lambda i: (self.mean(i), -i))]

    def statistics(self) -> list[tuple[Action, int, float]]:
        """(action, worlds played, mean value) for every root move, best mean first."""
        rows = [(a, self.counts[i], self.mean(i)) for i, a in enumerate(self.root_legal)]
        return sorted(rows, key=lambda r: -r[2])


__all__ = ["PlayoutSearch", "greedy_action", "play_out"]
