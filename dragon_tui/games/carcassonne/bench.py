"""Carcassonne's own figures in ``dragon-tui bench`` (dragon_tui/devtools/bench.py reads them
through the registry): what the engine's speed work on the board was measured by."""

from __future__ import annotations

import time

from ...engine import Rng


def figures(game, seconds: float) -> list[str]:
    """Placement listing per call and scoring a finished board, for ``dragon-tui bench``."""
    state = game.new_state(2, 11)
    rng = Rng(12)
    listing, calls = 0.0, 0
    while not state.is_over:
        if state.phase == "place" and state.tile is not None:
            t0 = time.perf_counter()
            state.placements(state.tile)
            listing += time.perf_counter() - t0
            calls += 1
        state.apply(rng.choice(state.legal_actions()))
    runs, spent = 0, 0.0
    while spent < seconds / 4 or runs < 5:
        board = state.clone()
        t0 = time.perf_counter()
        board.final_scoring()
        spent += time.perf_counter() - t0
        runs += 1
    return [
        f"  placement listing: {1e6 * listing / max(calls, 1):,.1f} µs per call ({calls} calls in one game)",
        f"  final scoring, run again on a finished {len(state.board)}-tile board: {1e3 * spent / runs:,.2f} ms",
    ]
