"""The list of tables by push, and the your-turn notice: a following connection is told when
the list changes and, once a turn, when it becomes its player's turn — on the node it is
connected to, wherever the move was made."""

from __future__ import annotations

import threading
import time

import pytest

from dragon_tui.net.client import RemoteTable

from dragon_tui.net.club import follow_lobby
from dragon_tui.net.lobby import Lobby

from .helpers import TablesThread

TWO = [{"kind": "remote"}, {"kind": "remote"}]


class Events:
    """What a follower was sent, collected from its reader thread."""

    def __init__(self) -> None:
        self.got: list[dict] = []
        self.cond = threading.Condition()

    def __call__(self, msg: dict) -> None:
        with self.cond:
            self.got.append(msg)
            self.cond.notify_all()

    def wait(self, predicate, timeout: float = 10.0) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: predicate(self.got), timeout)

    def turns(self, room: str) -> int:
        return sum(1 for m in self.got if m.get("event") == "your_turn" and m.get("room") == room)


@pytest.fixture
def tables(private_data_dir):
    t = TablesThread(private_data_dir)
    yield t
    t.stop()


def _play_until(mover: RemoteTable, other: RemoteTable, seat: int) -> None:
    """``mover`` plays first choices until it is ``seat``'s turn (seen by both)."""
    for _ in range(200):
        # each table waits for its own updates (a table is told only of changes to itself)
        seen = max(len(mover.moves), len(other.moves))
        assert mover.wait_for(lambda t: len(t.moves) >= seen, 10) and other.wait_for(lambda t: len(t.moves) >= seen, 10)
        if mover.state.is_over or mover.state.current_player == seat:
            return
        mover.apply(mover.state.legal_actions()[0])
    raise AssertionError("the turn never came round")


@pytest.mark.slow
def test_a_follower_is_told_the_list_changed_and_once_a_turn_that_it_is_theirs(tables):
    events = Events()
    follower = follow_lobby(tables.path, "ana", events)
    try:
        ben = RemoteTable.host(tables.path, "ben", "crowns", TWO)
        assert events.wait(lambda got: any(m["event"] == "lobby" for m in got))  # a new table, told
        ana = RemoteTable.join(tables.path, "ana", ben.room, 1)
        turns = 0
        for _ in range(3):
            _play_until(ben, ana, 1)
            if ben.state.is_over:
                break
            turns += 1
            assert events.wait(lambda got: events.turns(ben.room) == turns), events.got[-3:]
            _play_until(ana, ben, 0)  # ana plays all the decisions of her turn: told once, not per decision
        time.sleep(0.5)
        assert turns >= 2 and events.turns(ben.room) == turns
        assert all(m.get("title") == "Batalla de Coronas" for m in events.got if m["event"] == "your_turn")
        ben.close()
        ana.close()
    finally:
        follower.close()


def test_the_lobby_event_is_one_for_a_burst_of_changes(tables):
    events = Events()
    follower = follow_lobby(tables.path, "cai", events)
    try:
        hosts = [RemoteTable.host(tables.path, name, "crowns", TWO) for name in ("ann", "bo", "dee")]
        assert events.wait(lambda got: any(m["event"] == "lobby" for m in got))
        time.sleep(0.6)
        # three tables opened and three hosts connected within a moment: a refresh or two, not six
        assert 1 <= sum(1 for m in events.got if m["event"] == "lobby") <= 3
        for t in hosts:
            t.close()
    finally:
        follower.close()


def test_a_follower_that_stops_reading_is_dropped():
    class Transport:
        def __init__(self, size: int) -> None:
            self.size = size

        def get_write_buffer_size(self) -> int:
            return self.size

    class Writer:
        def __init__(self, size: int) -> None:
            self.transport, self.closed = Transport(size), False

        def close(self) -> None:
            self.closed = True

    class Conn:
        def __init__(self, size: int) -> None:
            self.writer, self.sent, self.player = Writer(size), [], "ana"

        def send(self, doc: dict) -> None:
            self.sent.append(doc)

    lobby, reading, stalled = Lobby(), Conn(0), Conn(10**6)
    lobby.follow(reading)
    lobby.follow(stalled)
    lobby._flush()
    assert reading.sent == [{"event": "lobby"}] and not reading.writer.closed
    assert stalled.sent == [] and stalled.writer.closed and stalled not in lobby.followers


@pytest.mark.slow
async def test_the_lobby_updates_by_push_and_rings_on_your_turn(private_data_dir, monkeypatch):
    """With polling out of the way (an hour between checks), a table another player opens shows
    at once, and when it becomes her turn the player is told, with the bell."""
    import asyncio

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens import lobby as lobby_screen
    from dragon_tui.ui.screens.lobby import LobbyScreen

    from .test_lobby import _until

    monkeypatch.setattr(lobby_screen, "POLL_EVERY", 3600.0)
    club = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", club.path)
    monkeypatch.setenv("DRAGON_TUI_PLAYER", "ana")
    try:
        app = ServedApp(bot_delay=0, autosave=False)
        rings, notices = [], []
        monkeypatch.setattr(app, "bell", lambda: rings.append(1))
        async with app.run_test(size=(110, 30)) as pilot:
            assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            screen = app.screen
            original = screen.notify
            monkeypatch.setattr(screen, "notify", lambda text, **kw: (notices.append(text), original(text, **kw)))
            ben = await asyncio.to_thread(RemoteTable.host, club.path, "ben", "crowns", TWO)
            assert await _until(pilot, lambda: any(r["id"] == ben.room for r in screen.rooms))
            ana = await asyncio.to_thread(RemoteTable.join, club.path, "ana", ben.room, 1)
            await asyncio.to_thread(_play_until, ben, ana, 1)
            assert await _until(pilot, lambda: any("your turn at Batalla de Coronas" in n for n in notices))
            assert rings == [1]
            app.toggle_bell()  # the setting: no bell, the notice still shows
            assert not app.bell_on_turn
            await asyncio.to_thread(_play_until, ana, ben, 0)
            await asyncio.to_thread(_play_until, ben, ana, 1)
            assert await _until(pilot, lambda: sum("your turn at" in n for n in notices) == 2)
            assert rings == [1]
            ben.close()
            ana.close()
    finally:
        club.stop()
