"""A key is answered in one frame (the ``perf`` tier: a figure of the bench, counted exactly).

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

from dragon_tui.devtools import bench_ui
from dragon_tui.app import DragonApp
from dragon_tui.games import GAMES

pytestmark = pytest.mark.perf

CASES = [
    ("crowns", 0.8, (120, 40)),  # the "since your last turn" box goes: the log grows
    ("hoard", 0.2, (120, 40)),  # the hand grows: the board grows, the panes below shrink
    ("throne", 0.2, (120, 40)),  # the players panel (min-height 7) is repainted
    ("court", 0.2, (80, 24)),  # the new choices overflow the action list
    ("throne", 0.8, (80, 24)),  # the new choices no longer overflow it (a scroll bar went)
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


async def test_the_action_list_says_what_is_out_of_sight_instead_of_a_scroll_bar():
    """A scroll bar that comes and goes with the choices lays the whole screen out (a second
    frame): the list draws none, and its border counts the choices above and below the view."""
    from dragon_tui.ui.widgets.action_list import ActionList

    from .apps import app_with
    from .throne.test_snapshots import deploying

    app = app_with(deploying())  # a Dragon's deploy: twelve guilds to choose from
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        actions = app.screen.query_one(ActionList)
        actions.focus()
        await pilot.pause()
        count = len(actions.actions)
        assert actions.max_scroll_y > 0, "this position's list overflows at 80x24"
        assert not actions.show_vertical_scrollbar and actions.allow_vertical_scroll
        note = actions.border_subtitle
        assert note.startswith("↓ ") and note.endswith(" more") and "↑" not in note
        hidden = int(note.split()[1])
        assert 0 < hidden < count
        await pilot.press("end")
        await pilot.pause()
        note = actions.border_subtitle
        assert note.startswith("↑ ") and "↓" not in note
        await pilot.press("home")
        await pilot.pause()
        assert actions.border_subtitle.startswith("↓ ")
