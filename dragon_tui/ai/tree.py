"""The search tree's nodes and the small numeric helpers its inner loop reads."""

from __future__ import annotations

import math
import threading

from ..engine import Action


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

