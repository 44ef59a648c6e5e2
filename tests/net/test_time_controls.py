"""Time controls players know: time per *turn* (a turn of several decisions spends one turn's
time), a time bank per seat (the overrun of a turn comes out of it, time left over goes back,
up to where it started), kept in the database across restarts and reconnects — on SQLite and
on the real PostgreSQL. The server's clock is moved by hand: nothing sleeps for real."""

from __future__ import annotations

import random
import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import Connection, RemoteTable
from dragon_tui.net.club import list_rooms, set_vacation
from dragon_tui.net.store import Store
from dragon_tui.net.table_rules import (BANK_MAX, DAY, TIME_CONTROLS, clock_text, limit_text, time_control)

from .helpers import TablesThread, until
from .test_lobby import tables  # noqa: F401  (the lobby's table server fixture, shared)
from .test_tables import TWO

pytestmark = pytest.mark.net


class Clock:
    """The table server's "now", moved by the test."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _synced(server: TablesThread, *seats: RemoteTable) -> None:
    served = server.server.rooms[seats[0].room].table
    for t in seats:
        assert t.wait_for(lambda t: len(t.moves) == len(served.moves) and t.clock is not None, 10)


def _play_turn(server: TablesThread, me: RemoteTable, rng: random.Random) -> int:
    """The seat at the keyboard plays its whole turn (every decision until the turn passes)."""
    _synced(server, me)
    seat, made = me.seat, 0
    assert me.state.current_player == seat
    while not me.state.is_over and me.state.current_player == seat:
        me.apply(rng.choice(me.state.legal_actions()))
        made += 1
    return made


def _banks(db_url: str, room: str) -> list[float | None]:
    store = Store(db_url)
    try:
        return [s.bank for s in store.load_table(room).seats]
    finally:
        store.close()


def test_the_presets():
    assert [tc.label for tc in TIME_CONTROLS][:2] == ["No limit", "1 hour a turn (live)"]
    assert time_control(DAY, 3 * DAY).label == "1 day a turn + 3 days bank"
    assert time_control(7 * DAY, 14 * DAY) is TIME_CONTROLS[-1] and BANK_MAX == 14 * DAY
    assert limit_text(3 * DAY, 7 * DAY) == "3 days a turn + 7 days bank" and limit_text(3600) == "1 h a turn"
    # a clock reads in the unit that matters: days and hours, hours and minutes, minutes and seconds
    assert [clock_text(s) for s in (3 * DAY + 5 * 3600 + 9, 5 * 3600 + 12 * 60, 12 * 60 + 5, 42, -3)] == [
        "3d 5h", "5h 12m", "12:05", "0:42", "0:00"]


def test_a_host_chooses_a_preset_and_nothing_else(private_data_dir):
    served_by = TablesThread(private_data_dir)
    conn = Connection(served_by.path, "ana")
    try:
        with pytest.raises(IllegalAction, match="time bank is at most 14 days"):
            conn.request("host", game="crowns", seats=TWO, move_limit=DAY, bank=15 * DAY)
        with pytest.raises(IllegalAction, match="time bank"):
            conn.request("host", game="crowns", seats=TWO, move_limit=DAY, bank=-1)
        for tc in TIME_CONTROLS[1:]:
            room = conn.request("host", game="crowns", seats=TWO, move_limit=tc.per_turn, bank=tc.bank)["room"]
            served = served_by.server.rooms[room]
            assert (served.move_limit, served.bank, served.banks) == (tc.per_turn, tc.bank, [tc.bank, tc.bank])
    finally:
        conn.close()
        served_by.stop()


@pytest.mark.pg
def test_a_correspondence_game_across_reconnects_runs_its_bank_out(private_data_dir, db_url):
    """1 day a turn + 3 days bank. One turn of several decisions spends one turn's time; a slow
    turn draws on the bank; a restart and reconnections keep every bank; a seat that stays
    away past its turn and its bank gets its stand-in for the rest of that turn, and the log
    says what happens next."""
    clock, rng = Clock(), random.Random(4)
    first = TablesThread(private_data_dir, db=db_url, clock=clock)
    ana = RemoteTable.host(first.path, "ana", "crowns", TWO, move_limit=DAY, bank=3 * DAY, limit_level="random")
    room = ana.room
    clock.advance(5 * DAY)  # the table waits for its players: no clock runs until every seat is taken
    first.call(first.server.tick)
    ben = RemoteTable.join(first.path, "ben", room, 1)
    by_seat = {0: ana, 1: ben}
    _synced(first, ana, ben)
    assert ana.wait_for(lambda t: t.clock["running"] is not None, 10)  # the update of Ben sitting down
    assert ana.moves == [] and ana.clock["banks"] == [3 * DAY, 3 * DAY]
    mover = ana.state.current_player
    assert ana.clock["running"] == mover and ana.clock["deadline"] == pytest.approx(clock.now + 4 * DAY)

    # a quick turn of several decisions: one turn's time, the bank stays full
    clock.advance(3600)
    made = _play_turn(first, by_seat[mover], rng)
    assert made > 1
    _synced(first, ana, ben)
    assert ana.clock["banks"][mover] == 3 * DAY and ana.clock["running"] == 1 - mover
    # a slow turn: 1.5 days, half a day from the bank — counted once for the whole turn
    other = 1 - mover
    clock.advance(DAY / 2)
    _synced(first, ana, ben)
    by_seat[other].apply(rng.choice(by_seat[other].state.legal_actions()))
    clock.advance(DAY)
    _play_turn(first, by_seat[other], rng)
    _synced(first, ana, ben)
    assert ana.clock["banks"][other] == pytest.approx(2.5 * DAY)
    assert _banks(db_url, room)[other] == pytest.approx(2.5 * DAY)  # in the database with the move
    # quicker turns give back what they left, never above the bank's start
    clock.advance(DAY / 4)
    _play_turn(first, by_seat[mover], rng)
    clock.advance(DAY / 4)
    _play_turn(first, by_seat[other], rng)
    _synced(first, ana, ben)
    assert ana.clock["banks"] == [pytest.approx(3 * DAY), pytest.approx(3 * DAY)]
    tokens = (ana.token, ben.token)
    ana.close()
    ben.close()
    first.stop()

    # the server restarts; the clock it shows is the database's
    second = TablesThread(private_data_dir, db=db_url, clock=clock)
    try:
        served = second.server.rooms[room]
        to_play = served.table.state.current_player
        assert served.banks == [pytest.approx(3 * DAY)] * 2 and served.bank == 3 * DAY
        ana = RemoteTable.join(second.path, "ana", room, 0, token=tokens[0])
        # the seat to play stays away: a turn's day and the bank's three, then it has run out
        clock.advance(4 * DAY - 60)
        second.call(second.server.tick)
        assert ana.wait_for(lambda t: t.clock is not None, 10)
        assert len(served.table.moves) == len(ana.moves) and not served.timeouts
        before = len(served.table.moves)
        clock.advance(120)
        second.call(second.server.tick)
        assert ana.wait_for(lambda t: t.state.current_player != to_play or t.state.is_over, 15)
        stand_in = served.table.moves[before:]
        assert stand_in and all(m.seat == to_play for m in stand_in)
        assert sorted(served.timeouts) == list(range(before + 1, len(served.table.moves) + 1))  # the whole turn
        assert served.banks[to_play] == 0.0 and _banks(db_url, room)[to_play] == 0.0
        # the log pane says what happened and what happens next, once for the turn
        lines = [line for line in ana.log_of(ana.state) if "Time ran out" in line]
        assert lines == [f"⏱ Time ran out for {{p{to_play}}}: a random bot plays the rest of this turn for them "
                         "(their bank is empty; a week away and the seat forfeits)."]
        assert ana.log_of(ana.state).index(lines[0]) == len(served.table.states[before].log)
        # the seat back at the table reads the line too (once), and its next turn has its day, no bank
        ana.close()
        names = ("ana", "ben")
        back = {i: RemoteTable.join(second.path, names[i], room, i, token=tokens[i]) for i in (0, 1)}
        try:
            assert back[to_play].clock["banks"][to_play] == 0.0
            assert back[to_play].log_of(back[to_play].state).count(lines[0]) == 1
            if not served.over:
                _play_turn(second, back[1 - to_play], rng)
                _synced(second, *back.values())
                assert served.clock_seat() == to_play
                assert back[to_play].clock["deadline"] == pytest.approx(clock.now + DAY)
        finally:
            for t in back.values():
                t.close()
    finally:
        second.stop()


@pytest.mark.pg
def test_a_vacation_stops_the_clock_for_its_days_a_year(private_data_dir, db_url):
    """1 day a turn + 3 days bank, 14 vacation days a year: the player to move goes on
    vacation, their clock stands still (no stand-in however long), the days used are kept
    across a restart, a vacation ends by itself when the year's days are used up, and then
    there are none left."""
    clock = Clock()
    first = TablesThread(private_data_dir, db=db_url, clock=clock)
    ana = RemoteTable.host(first.path, "ana", "crowns", TWO, move_limit=DAY, bank=3 * DAY, vacation_days=14)
    ben = RemoteTable.join(first.path, "ben", ana.room, 1)
    room, tokens = ana.room, (ana.token, ben.token)
    served = first.server.rooms[room]
    mover = served.clock_seat()
    player = ("ana", "ben")[mover]
    start = served.turn_since
    clock.advance(DAY / 2)
    assert set_vacation(first.path, player, True) == {"tables": [room], "no_days_left": []}
    assert ana.wait_for(lambda t: t.clock["vacations"][mover]["on"], 10)  # the server tells the table
    assert not ana.clock["vacations"][1 - mover]["on"]
    assert list_rooms(first.path, player)[0]["on_vacation"]
    clock.advance(10 * DAY)  # far past the turn and the bank: on vacation, nothing runs out
    first.call(first.server.tick)
    assert ana.wait_for(lambda t: t.updates > 0, 5) and not served.timeouts and not served.table.moves
    assert set_vacation(first.path, player, False)["tables"] == [room]  # back after ten days
    assert served.deadline() == pytest.approx(start + 4 * DAY + 10 * DAY)
    ana.close()
    ben.close()
    first.stop()

    second = TablesThread(private_data_dir, db=db_url, clock=clock)  # a restart keeps the days used
    try:
        served = second.server.rooms[room]
        assert served.vacations[mover].used == pytest.approx(10 * DAY) and served.turn_paused == pytest.approx(10 * DAY)
        assert served.deadline() == pytest.approx(start + 14 * DAY)
        assert set_vacation(second.path, player, True)["tables"] == [room]
        clock.advance(6 * DAY)  # four days were left: the vacation stopped by itself after them
        assert not served.on_vacation(mover, clock.now)
        assert served.deadline() == pytest.approx(start + 4 * DAY + 14 * DAY)
        assert set_vacation(second.path, player, True) == {"tables": [], "no_days_left": [room]}
        # the turn ends: the vacation did not count against the bank (12 h of the day were used
        # before it, 2 days after it: a day and a half from the bank)
        me = RemoteTable.join(second.path, player, room, mover, token=tokens[mover])
        try:
            _play_turn(second, me, random.Random(2))
            assert served.banks[mover] == pytest.approx(1.5 * DAY) and served.turn_paused == 0.0
            assert _banks(db_url, room)[mover] == pytest.approx(1.5 * DAY)
        finally:
            me.close()
    finally:
        second.stop()


def test_a_seat_away_past_the_forfeit_rule_forfeits_and_the_log_says_so(private_data_dir):
    """7 days a turn, nobody comes back: each seat's stand-in plays a turn, and when the first
    seat's time runs out again a week after its stand-in began, it forfeits; the log says so."""
    clock = Clock()
    server = TablesThread(private_data_dir, clock=clock)
    try:
        ana = RemoteTable.host(server.path, "ana", "crowns", TWO, move_limit=7 * DAY, limit_level="random")
        ben = RemoteTable.join(server.path, "ben", ana.room, 1)
        ben.close()
        served = server.server.rooms[ana.room]
        first = served.clock_seat()
        for _ in range(2):  # each seat's turn runs out once: its stand-in plays it
            running = served.clock_seat()
            clock.advance(7 * DAY + 1)
            server.call(server.server.tick)
            assert ana.wait_for(lambda t: served.clock_seat() not in (None, running) or served.over, 15)
        clock.advance(7 * DAY + 1)
        server.call(server.server.tick)
        assert ana.wait_for(lambda t: t.ending is not None, 15)
        assert served.over and served.ending["how"] == "forfeit" and served.ending["seats"] == [first]
        line = f"⏱ {{p{first}}} forfeited (away too long): the game is over."
        assert ana.log_of(ana.state)[-1] == line
        ana.close()
    finally:
        server.stop()


def test_a_vacation_declared_while_away_restarts_the_forfeit_week_from_the_return(private_data_dir, db_url):
    """1 day a turn, no bank, 14 vacation days: ana's time runs out and her stand-in plays her
    turns; five days later she declares a vacation (away, not gone) and comes back after ten.
    Her absence before the vacation does not count: her next timeout does not forfeit, and a
    restart keeps when she came back; a full week away after the return does."""
    clock = Clock()
    first = TablesThread(private_data_dir, db=db_url, clock=clock)
    ana = RemoteTable.host(first.path, "ana", "hoard", TWO, move_limit=DAY, bank=0, vacation_days=14,
                           limit_level="random")
    ben = RemoteTable.join(first.path, "ben", ana.room, 1)
    room = ana.room
    served = first.server.rooms[room]
    seat = 0  # the host's
    assert served.owners[seat]["player"] == "ana"
    rng = random.Random(5)

    def ben_plays_if_his_turn() -> None:
        if served.clock_seat() == 1 - seat:
            _play_turn(first, ben, rng)

    def run_out() -> None:
        """Ana's turn: her time runs out and her stand-in plays it."""
        ben_plays_if_his_turn()
        assert ana.wait_for(lambda t: served.clock_seat() == seat, 10)
        moves = len(served.table.moves)
        clock.advance(DAY + 1)
        first.call(first.server.tick)
        assert ana.wait_for(lambda t: served.over or (len(served.table.moves) > moves
                                                      and served.clock_seat() != seat), 15)

    run_out()
    away = served.away_since[seat]
    for _ in range(5):  # five more days of stand-in turns
        run_out()
    assert not served.over and clock.now - away >= 5 * DAY
    ben_plays_if_his_turn()
    assert set_vacation(first.path, "ana", True)["tables"] == [room]
    clock.advance(10 * DAY)
    assert set_vacation(first.path, "ana", False)["tables"] == [room]
    returned = clock.now
    ana.close()
    ben.close()
    first.stop()

    second = TablesThread(private_data_dir, db=db_url, clock=clock)  # a restart keeps the return
    try:
        served = second.server.rooms[room]
        assert served.vacations[seat].ended == pytest.approx(returned)
        assert served.away_since[seat] == pytest.approx(away)  # still away: no move of her own

        def time_runs_out() -> None:
            running = served.clock_seat()
            clock.advance(DAY + 1)
            second.call(second.server.tick)
            assert until(lambda: served.over or served.clock_seat() not in (None, running))

        assert served.clock_seat() == seat
        time_runs_out()  # her time runs out again, 16 days after she first went away
        assert not served.over and served.ending is None
        # A week after her return, with nothing of her own, she forfeits (ben, gone too since
        # the restart, has his turns played by his stand-in meanwhile).
        for _ in range(12):
            if served.over:
                break
            time_runs_out()
        assert served.over and served.ending["how"] == "forfeit" and served.ending["seats"] == [seat]
        assert served.ending["at"] - returned >= 7 * DAY
    finally:
        second.stop()


@pytest.mark.ui
async def test_the_game_screen_shows_the_servers_clocks_and_says_when_a_time_ran_out(tables, monkeypatch):  # noqa: F811
    """Ben hosts with 1 hour a turn; Ana sits down from the lobby: both clocks show above the
    log (the running one in minutes and seconds), and when Ben's time runs out the log pane
    and a notice say what happens next."""
    import asyncio

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.lobby import LobbyScreen
    from dragon_tui.ui.widgets import seat_clocks

    from .test_lobby import _until

    clock = Clock()
    tables.server.clock = clock
    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns", TWO, move_limit=3600.0,
                                  limit_level="random")
    ana = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    ana.leave()
    room = tables.server.rooms[ben.room]
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(110, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("j")
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        widget = screen.query_one(seat_clocks.SeatClocks)
        told: list[str] = []
        notify = widget.notify
        widget.notify = lambda message, **kw: (told.append(message), notify(message, **kw))
        table = screen.table
        monkeypatch.setattr(seat_clocks, "monotonic", lambda: table.clock_received + 600)
        running = room.clock_seat()
        names = ["ben", "ana"]
        assert f"▶ {names[running]} 50:00" in widget.line().plain
        assert f"{names[1 - running]} 1h 00m" in widget.line().plain
        # the seat to play stays away past its hour: its stand-in plays the rest of the turn
        before = len(room.table.moves)
        clock.advance(3601)
        tables.call(tables.server.tick)
        assert await _until(pilot, lambda: room.timeouts and room.clock_seat() != running)
        said = f"Time ran out for {names[running]}: a random bot plays the rest of this turn for them"
        assert await _until(pilot, lambda: any(said in line for line in screen.query_one("#log").lines))
        assert await _until(pilot, lambda: told and told[-1].startswith(said))
        assert min(room.timeouts) == before + 1
    ben.close()


@pytest.mark.ui
async def test_v_in_the_lobby_stops_and_starts_your_clocks(tables):  # noqa: F811
    import asyncio

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.lobby import LobbyScreen

    from .test_lobby import _until

    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns", TWO, move_limit=DAY, bank=3 * DAY,
                                  vacation_days=14)
    ana = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    ana.leave()
    room = tables.server.rooms[ben.room]
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(110, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("v")
        assert await _until(pilot, lambda: room.vacations[1].since is not None)
        assert await _until(pilot, lambda: app.screen.rooms and app.screen.rooms[0]["on_vacation"])
        await pilot.press("v")
        assert await _until(pilot, lambda: room.vacations[1].since is None and room.vacations[1].used >= 0)
    ben.close()
