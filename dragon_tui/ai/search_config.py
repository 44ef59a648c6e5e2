"""The search's settings (one frozen record per level and game; ``agents.level_config``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


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



__all__ = ["SearchConfig"]
