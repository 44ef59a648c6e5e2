"""A key is answered in one frame (issue 14).

Each frame after the first waits for Textual's screen update timer (~17 ms), so a move that
drew two or three frames was answered that much later. These positions are the ones of
``dragon-tui bench`` (``bench_ui``) where a move changes the size of a pane: the "since your
last turn" box goes (the log grows), a hand grows (the board grows, the panes below shrink),
a panel with a min-height gets a line, the new choices bring the list's scroll bar. Frames
are counted where they reach the terminal (``bench_ui.FrameClock``), scroll-bar-only frames
aside as in the bench.
"""

from __future__ import annotations

import time

import pytest

from dragon_tui import bench_ui
from dragon_tui.app import DragonApp
from dragon_tui.games import GAMES

CASES = [
    ("crowns", 0.8, (120, 40)),  # the "since your last turn" box goes: the log grows
    ("hoard", 0.2, (120, 40)),  # the hand grows: the board grows, the panes below shrink
    ("throne", 0.2, (120, 40)),  # the players panel (min-height 7) is repainted
    ("court", 0.2, (80, 24)),  # the new choices bring the action list's scroll bar
]


@pytest.mark.parametrize(("game_id", "point", "size"), CASES, ids=[f"{c[0]}-{c[1]:.0%}-{c[2][0]}x{c[2][1]}" for c in CASES])
async def test_a_move_that_resizes_a_pane_is_drawn_in_one_frame(game_id, point, size):
    position = bench_ui._position(GAMES[game_id], point)
    table = position.table()
    app = DragonApp(table=table, autosave=False, bot_delay=5)
    clock = bench_ui.FrameClock(app)
    before = len(table.moves)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await clock.quiet(time.perf_counter())
        start = time.perf_counter()
        await pilot.press(position.key)
        await clock.settle(start)
        frames = [f for f in clock.frames if f[0] > start]
    assert len(table.moves) == before + 1, "the key played a move"
    assert len(frames) == 1, f"{len(frames)} frames for one key"
