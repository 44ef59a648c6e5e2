"""Shared tables through the table server: two seats play to the end, seats are enforced,
secrets stay on the server, dropped players come back, a restarted server resumes."""

from __future__ import annotations

import asyncio
import json
import random
import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import Connection, RemoteTable, TablesError
from dragon_tui.net.club import list_rooms

from .helpers import TablesThread

TWO = [{"kind": "remote"}, {"kind": "remote"}]


@pytest.fixture
def tables(private_data_dir):
    t = TablesThread(private_data_dir)
    yield t
    t.stop()


def play(tables_by_seat: dict[int, RemoteTable], rng: random.Random, limit: float = 40.0, max_moves: int = 10_000,
         first: frozenset[int] = frozenset()):
    """Whoever must decide picks a legal action from their own view, until the game ends: at
    random, or the first one offered for the seats in ``first`` (a Crowns player who always
    takes the first choice ends a game against a random one in about a quarter of the moves)."""
    any_table = next(iter(tables_by_seat.values()))
    end = time.monotonic() + limit
    made = 0
    while not any_table.state.is_over and made < max_moves:
        assert time.monotonic() < end, "game did not finish in time"
        seat = any_table.state.current_player
        table = tables_by_seat[seat]
        assert table.wait_for(lambda t: len(t.moves) == len(any_table.moves), 30)
        choices = table.state.legal_actions()
        action = choices[0] if seat in first else rng.choice(choices)
        table.apply(action)
        made += 1
        for other in tables_by_seat.values():
            assert other.wait_for(lambda t: len(t.moves) == len(table.moves), 30)
    return made


def test_two_players_play_crowns_to_the_end(tables):
    ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
    rooms = list_rooms(tables.path, "ben")
    assert [r["id"] for r in rooms] == [ana.room] and rooms[0]["seats"][0]["player"] == "ana"
    ben = RemoteTable.join(tables.path, "ben", ana.room, 1)
    assert ana.person_seats() == [0] and ben.person_seats() == [1]
    assert ben.wait_for(lambda t: t.names == ["ana", "ben"], 30)
    watcher = RemoteTable.watch(tables.path, "cai", ana.room)
    assert watcher.person_seats() == []
    made = play({0: ana, 1: ben}, random.Random(3), first=frozenset({0}))  # a shorter game
    assert made > 10 and ana.state.is_over and ben.state.is_over
    assert watcher.wait_for(lambda t: t.state.is_over, 30)
    room = tables.server.rooms[ana.room]
    assert len(room.table.moves) == len(ana.moves) == len(ben.moves)
    assert ana.state.winners() == room.table.state.winners() == ben.state.winners()
    assert ana.seed == room.table.seed  # revealed once the game is over
    # the replay reads past positions from the server
    assert ana.states[0].to_json()["data"] == room.table.states[0].view(0).to_json()["data"]
    for t in (ana, ben, watcher):
        t.close()


def test_a_seat_acts_only_for_itself(tables):
    ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
    ben = RemoteTable.join(tables.path, "ben", ana.room, 1)
    watcher = RemoteTable.watch(tables.path, "cai", ana.room)
    first = ana.state.current_player
    mover, other = (ana, ben) if first == 0 else (ben, ana)
    action = mover.state.legal_actions()[0]
    with pytest.raises(IllegalAction, match="not your decision"):
        other.apply(action)
    with pytest.raises(IllegalAction, match="not another"):
        other.apply(action, seat=first)
    with pytest.raises(IllegalAction, match="watching"):
        watcher.apply(action)
    with pytest.raises(IllegalAction, match="sits there"):
        RemoteTable.join(tables.path, "eve", ana.room, 1, token="guess")  # a taken seat, wrong token
    assert len(tables.server.rooms[ana.room].table.moves) == 0
    mover.apply(action)
    assert len(other.moves) == 1 or other.wait_for(lambda t: len(t.moves) == 1, 30)
    # a stale action (chosen before the last move) is refused
    conn = mover._conn
    with pytest.raises(IllegalAction):
        conn.request("act", action=action.to_json(), at=0)
    for t in (ana, ben, watcher):
        t.close()


def test_no_hidden_information_reaches_another_seat(tables):
    """Dragon's Hoard: Ben's connection never receives Ana's hand faces, the deck order or the RNG."""
    ana = RemoteTable.host(tables.path, "ana", "hoard", TWO)
    received: list[dict] = []
    ben = RemoteTable.join(tables.path, "ben", ana.room, 1)
    ben._conn.on_event = lambda msg: (received.append(json.loads(json.dumps(msg))), ben._events.put(msg))
    room = tables.server.rooms[ana.room]
    rng = random.Random(5)
    end = time.monotonic() + 30
    while len(room.table.moves) < 60 and not ana.state.is_over and time.monotonic() < end:
        seat = room.table.state.current_player
        me = ana if seat == 0 else ben
        assert me.wait_for(lambda t: len(t.moves) == len(room.table.moves), 30)
        me.apply(rng.choice(me.state.legal_actions()))
    assert ben.wait_for(lambda t: len(t.moves) == len(room.table.moves), 30)
    updates = [m for m in received if m.get("event") == "update"]
    assert len(updates) >= 20
    for msg in updates:
        data = msg["view"]["data"]
        assert all(card < 0 for card in data["hands"][0]), "Ana's hand faces reached Ben"
        assert all(card < 0 for card in data["deck"])
        assert msg["view"]["rng"][0] == 0 and msg["seed"] is None
        # Ana's moves reach Ben only as the public log lines they wrote (Table.visible_move)
        assert all(m["kind"] == "hidden" and m["args"] == [] and m["text"] for m in msg["moves"] if m["seat"] == 0)
    # and Ben's own hand is face up for him
    assert all(card >= 0 for card in updates[-1]["view"]["data"]["hands"][1])
    # the replay is filtered too
    past = ben._request("history", k=3)["view"]["data"]
    assert all(card < 0 for card in past["hands"][0])
    ana.close()
    ben.close()


@pytest.mark.slow
def test_drop_and_reconnect_to_the_same_seat(tables):
    ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
    ben = RemoteTable.join(tables.path, "ben", ana.room, 1)
    play_some = random.Random(1)
    seat = ana.state.current_player
    (ana if seat == 0 else ben).apply(play_some.choice((ana if seat == 0 else ben).state.legal_actions()))
    # the connection drops under Ben: the table reconnects with its token and goes on
    old = ben._conn
    old.sock.shutdown(2)
    assert ben.wait_for(lambda t: t._conn is not old and t.updates >= 3, 10)
    assert ben.gone is None and ben.seat == 1
    # Ben's app dies; a new app of his comes back with the token it kept
    ben.close()
    again = RemoteTable.join(tables.path, "ben", ana.room, 1)
    assert again.seat == 1 and len(again.moves) == len(ana.moves)
    # Random(5): a random game of typical length (about 540 decisions; since Crowns activations
    # may be declined, some random games run to 2500 and would not fit the time limit).
    made = play({0: ana, 1: again}, random.Random(5))
    assert made > 0 and again.state.is_over
    ana.close()
    again.close()


def test_a_server_restart_resumes_the_table(private_data_dir):
    first = TablesThread(private_data_dir)
    ana = RemoteTable.host(first.path, "ana", "crowns", [{"kind": "remote"}, {"kind": "bot", "level": "random"}], reconnect_for=15)
    rng = random.Random(2)
    for _ in range(4):
        assert ana.wait_for(lambda t: t.state.current_player == 0 or t.state.is_over, 10)
        if ana.state.is_over:
            break
        ana.apply(rng.choice(ana.state.legal_actions()))
    moves = len(first.server.rooms[ana.room].table.moves)
    first.stop()
    second = TablesThread(private_data_dir)
    try:
        assert ana.room in second.server.rooms
        assert ana.wait_for(lambda t: t._conn.closed.is_set() is False and t.updates > 0 and t.gone is None, 15)
        resumed = second.server.rooms[ana.room].table
        assert len(resumed.moves) >= moves
        # the reconnected client plays on, and the bot answers
        assert ana.wait_for(lambda t: t.state.current_player == 0 or t.state.is_over, 10)
        before = len(resumed.moves)
        if not ana.state.is_over:
            ana.apply(ana.state.legal_actions()[0])
            assert ana.wait_for(lambda t: len(t.moves) > before, 10)
    finally:
        ana.close()
        second.stop()


def test_unreachable_server_is_a_clear_error(tmp_path):
    with pytest.raises(TablesError, match="not reachable"):
        Connection(tmp_path / "none.sock", "ana")


def test_hosting_is_bounded_and_checked(tables):
    from dragon_tui.net import tables as module

    conn = Connection(tables.path, "ana")
    with pytest.raises(IllegalAction, match="bot"):
        conn.request("host", game="crowns", seats=[{"kind": "bot"}, {"kind": "remote"}], seat=0)
    with pytest.raises(IllegalAction, match="No game"):
        conn.request("host", game="chess", seats=TWO)
    hosts = [Connection(tables.path, "ana") for _ in range(module.MAX_ROOMS_PER_HOST)]
    for host in hosts:
        host.request("host", game="crowns", seats=TWO)
        host.close()
    with pytest.raises(IllegalAction, match="already host"):
        conn.request("host", game="crowns", seats=TWO)
    with pytest.raises(IllegalAction, match="Unknown request"):
        conn.request("shell")
    conn.close()


def test_a_bot_on_a_shared_table_thinks_during_its_pause_not_after_it(private_data_dir, monkeypatch):
    """The pause that paces a table (``bot_delay``) and the bot's thinking overlap, as at the
    app's own table: a move comes after the longer of the two, not after both. Timed on the
    server, from the start of each bot turn that thinks to its decision being played."""
    from dragon_tui.session.controller import TurnController

    think = 0.6
    begin, decide, finish = TurnController.begin, TurnController.decide, TurnController.finish
    started: dict[int, float] = {}  # id of a thinking turn -> when it began
    waits: list[float] = []  # begin to finish of each such turn

    def timed_begin(self):
        turn = begin(self)
        if turn is not None and turn.forced is None:
            started[id(turn)] = time.monotonic()
        return turn

    def slow_decide(self, turn):
        if turn.forced is None:
            time.sleep(think)
        return decide(self, turn)

    def timed_finish(self, result, play=None):
        if id(result.turn) in started:
            waits.append(time.monotonic() - started.pop(id(result.turn)))
        return finish(self, result, play)

    monkeypatch.setattr(TurnController, "begin", timed_begin)
    monkeypatch.setattr(TurnController, "decide", slow_decide)
    monkeypatch.setattr(TurnController, "finish", timed_finish)
    t = TablesThread(private_data_dir, bot_delay=think)
    try:
        ana = RemoteTable.host(t.path, "ana", "crowns", [{"kind": "remote"}, {"kind": "bot", "level": "random"}])
        end = time.monotonic() + 60
        while len(waits) < 2 and not ana.state.is_over:  # the person answers at once, the bot in its time
            assert time.monotonic() < end, waits
            assert ana.wait_for(lambda x: x.state.is_over or x.state.current_player == 0, 10)
            if not ana.state.is_over:
                ana.apply(ana.state.legal_actions()[0])
        assert len(waits) >= 2, "the game ended before the bot thought twice"
        assert max(waits) < 2 * think * 0.9, waits  # one pause, the thinking inside it
        assert min(waits) >= think * 0.9, waits  # and the pause (or the thinking) did happen
        ana.close()
    finally:
        t.stop()


def test_a_server_that_stops_while_a_bot_thinks_leaves_no_task_behind(private_data_dir, monkeypatch):
    """Stopping the table server cancels a bot's turn mid-thought and lets it end before the
    server's loop does: nothing is left pending for the loop's teardown to complain about."""
    import threading

    from dragon_tui.session.controller import TurnController

    decide = TurnController.decide
    thinking = threading.Event()

    def slow_decide(self, turn):
        if turn.forced is None:
            thinking.set()
            time.sleep(1.0)
        return decide(self, turn)

    monkeypatch.setattr(TurnController, "decide", slow_decide)
    t = TablesThread(private_data_dir, bot_delay=0)
    ana = RemoteTable.host(t.path, "ana", "crowns", [{"kind": "bot", "level": "random"}, {"kind": "remote"}], seat=1)
    room = t.server.rooms[ana.room]
    assert thinking.wait(10)
    task = room.bot_task
    assert task is not None and not task.done()
    ana.close()
    asyncio.run_coroutine_threadsafe(t.server.close(), t.loop).result(10)
    assert task.done()  # ended by the close, not left for the loop to destroy
    # a move whose writing ends during the close asks for the next bot's turn: none starts
    assert t.call(lambda: t.server._kick_bots(room) or room.bot_task) is task
    t.stop()
