"""The game screen of a shared table with clocks (plain def test: snap_compare runs its own
event loop): both seats' clocks above the log, Ana's running on her bank, and the log's line
from Ben's time that ran out before."""

from __future__ import annotations

from dragon_tui.net.table_rules import DAY
from dragon_tui.ui.widgets import seat_clocks

from .apps import app_with, settle
from .test_seat_clocks import T0, clocked_table


def test_game_screen_with_seat_clocks_100x30(snap_compare, monkeypatch):
    monkeypatch.setattr(seat_clocks, "monotonic", lambda: T0 + 5 * 3600 + 7 * 60)
    table = clocked_table(banks=(2.5 * DAY, 0.0), timed_out=True)

    async def ready(pilot):
        await settle(pilot)

    assert snap_compare(app_with(table), terminal_size=(100, 30), run_before=ready)
