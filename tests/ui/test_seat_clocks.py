"""The seat clocks on the game screen of a shared table with a time limit: every seat's time,
the running one counting down between the server's updates (no real waiting: the widget's
clock is fixed by the test), in the unit that matters, and a notice when a time runs out."""

from __future__ import annotations

import pytest

from dragon_tui.net.client import RemoteTable, time_ran_out_line
from dragon_tui.net.table_rules import DAY
from dragon_tui.session import Seat, Table
from dragon_tui.ui.widgets import seat_clocks

from .apps import app_with, settle

pytestmark = pytest.mark.ui

#: the widget's monotonic clock in these tests
T0 = 1000.0


def clocked_table(per_turn: float = DAY, bank: float = 3 * DAY, running: int | None = 0, left: float | None = None,
                  banks: tuple[float, float] | None = None, timed_out: bool = False) -> Table:
    """A local duel dressed as a shared table's: the clocks as the server's update gives them."""
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    banks = list(banks or (bank, bank))
    now = 1_800_000_000.0
    deadline = None if running is None else now + (per_turn + banks[running] if left is None else left)
    table.clock = {"per_turn": per_turn, "bank": bank, "banks": banks, "running": running,
                   "turn_since": now, "deadline": deadline, "now": now, "level": "greedy"}
    table.clock_received = T0
    table.clock_lines = [(len(table.state.log), time_ran_out_line(1, "greedy"))] if timed_out else []
    table._forfeit_line = None
    table.log_of = lambda state: RemoteTable.log_of(table, state)
    return table


@pytest.fixture
def fixed_clock(monkeypatch):
    now = [T0]
    monkeypatch.setattr(seat_clocks, "monotonic", lambda: now[0])
    return now


async def test_every_seat_has_a_clock_and_the_running_one_counts_down(fixed_clock):
    table = clocked_table()
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        clocks = app.screen.query_one(seat_clocks.SeatClocks)
        assert clocks.line().plain == "▶ Ana 4d 0h · Ben 4d 0h (bank 3d 0h)"
        fixed_clock[0] += 26 * 3600  # a day and two hours later: the bank is being spent
        clocks.show()
        assert clocks.line().plain.startswith("▶ Ana 2d 22h ·")
        assert clocks.seconds_left(0) == pytest.approx(4 * DAY - 26 * 3600)
        assert clocks.seconds_left(1) == 4 * DAY  # what Ben's next turn starts with


async def test_a_live_clock_reads_in_minutes_and_seconds_and_turns_red(fixed_clock):
    table = clocked_table(per_turn=3600.0, bank=0.0, running=1, left=3600.0)
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        clocks = app.screen.query_one(seat_clocks.SeatClocks)
        assert clocks.line().plain == "Ana 1h 00m · ▶ Ben 1h 00m"
        fixed_clock[0] += 600
        assert clocks.line().plain == "Ana 1h 00m · ▶ Ben 50:00"
        running = clocks.line().spans[-1]
        assert running.style == clocks.get_component_rich_style("seat-clocks--low", partial=True)
        fixed_clock[0] += 3600
        assert clocks.line().plain.endswith("▶ Ben 0:00")


async def test_no_clock_before_the_table_fills_and_none_without_a_limit(fixed_clock):
    app = app_with(clocked_table(running=None))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen.query_one(seat_clocks.SeatClocks).line().plain.endswith(
            "clocks start when every seat is taken")
    app = app_with(Table("crowns", [Seat("Ana"), Seat("Ben")], 7))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not app.screen.query(seat_clocks.SeatClocks)


async def test_a_time_that_ran_out_is_a_notice_and_a_log_line(fixed_clock):
    table = clocked_table(running=0)
    app = app_with(table)
    told: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        notify = app.screen.query_one(seat_clocks.SeatClocks).notify
        app.screen.query_one(seat_clocks.SeatClocks).notify = lambda message, **kw: (told.append(message),
                                                                                       notify(message, **kw))
        table.clock_lines.append((len(table.state.log), time_ran_out_line(1, "greedy")))
        app.screen.model.publish()
        await settle(pilot)
        said = "Time ran out for Ben: a greedy bot plays the rest of this turn for them"
        assert told and told[0].startswith(said)
        assert any(line.startswith(f"⏱ {said}") for line in app.screen.query_one("#log").lines)


async def test_a_clock_on_vacation_stands_still(fixed_clock):
    table = clocked_table(running=0)
    clock = table.clock
    clock["deadline"] += 10 * DAY  # the vacation's ten days move the turn's end on
    clock["vacations"] = [{"on": True, "until": clock["now"] + 10 * DAY, "left": 4 * DAY},
                          {"on": False, "until": None, "left": 14 * DAY}]
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        clocks = app.screen.query_one(seat_clocks.SeatClocks)
        assert clocks.line().plain == "▶ Ana 4d 0h (on vacation) · Ben 4d 0h (bank 3d 0h)"
        fixed_clock[0] += 3 * DAY
        assert clocks.line().plain.startswith("▶ Ana 4d 0h (on vacation)")


async def test_each_players_rating_is_beside_their_name(fixed_clock):
    """The table server sends each seated person's rating (the club board's number): it shows
    beside the name, with or without a clock; a table where nobody is rated shows no line."""
    table = clocked_table()
    table.seat_info = [{"name": "Ana", "rating": 27.43}, {"name": "Ben"}]
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        clocks = app.screen.query_one(seat_clocks.SeatClocks)
        assert clocks.line().plain == "▶ Ana (27.4) 4d 0h · Ben 4d 0h (bank 3d 0h)"
        table.clock = None  # no time limit
        clocks.show()
        assert clocks.line().plain == "Ana (27.4) · Ben" and clocks.display
        table.seat_info = [{"name": "Ana"}, {"name": "Ben"}]
        clocks.show()
        assert clocks.line().plain == "" and not clocks.display
