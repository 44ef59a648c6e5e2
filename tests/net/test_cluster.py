"""Several ``dragon-tui serve`` nodes on one PostgreSQL share the lobby and the tables.

Every test starts real ``serve`` processes (SSH on a free loopback port, fresh Python sessions)
on a fresh database of a throwaway PostgreSQL; players talk to each node's table server through
its socket, exactly as that node's SSH sessions do. Bounded: every wait has a timeout."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.store import Store
from dragon_tui.net.tables import socket_path_for

TWO = [{"kind": "remote"}, {"kind": "remote"}]
ROOT = Path(__file__).parents[2]


class Node:
    """One ``dragon-tui serve`` process with a data folder of its own."""

    def __init__(self, home: Path, url: str, *extra: str) -> None:
        self.home = home
        home.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ, DRAGON_TUI_HOME=str(home), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dragon_tui.net.cli", "--ssh", "127.0.0.1:0", "--db", url, "--no-warm",
             "--grace", "2", *extra],
            env=env, cwd=str(ROOT), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: list[str] = []
        self.node = self.port = None
        end = time.monotonic() + 60
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            if line.startswith("Node: "):
                self.node = line.split()[1]
            if line.startswith("SSH: "):
                self.port = int(line.split("-p ")[1].split()[0])
                break
        assert self.port is not None, "".join(self.lines)
        threading.Thread(target=self._drain_output, daemon=True).start()
        self.path = str(socket_path_for(home))

    def _drain_output(self) -> None:
        for line in self.proc.stdout:
            self.lines.append(line)

    def stop(self, sig: int = signal.SIGKILL) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(10)


@pytest.fixture
def cluster(postgres_server, tmp_path):
    url = postgres_server.new_database()
    nodes: list[Node] = []

    def start(name: str, *extra: str) -> Node:
        node = Node(tmp_path / name, url, *extra)
        nodes.append(node)
        return node

    start.url = url  # type: ignore[attr-defined]
    start.pg = postgres_server  # type: ignore[attr-defined]
    yield start
    for node in nodes:
        node.stop()


def _mover(tables: dict[int, RemoteTable]) -> RemoteTable:
    any_table = next(iter(tables.values()))
    return tables[any_table.state.current_player]


def _step(tables: dict[int, RemoteTable], rng: random.Random) -> None:
    """The seat to move plays; every other seat (on any node) sees the move."""
    me = _mover(tables)
    n = len(me.moves)
    me.apply(rng.choice(me.state.legal_actions()))
    for t in tables.values():
        assert t.wait_for(lambda t: len(t.moves) == n + 1, 15), f"move {n + 1} did not reach every node"


def _join_when_listed(path: str, player: str, room: str, seat: int, token=None) -> RemoteTable:
    end = time.monotonic() + 15
    while True:
        try:
            return RemoteTable.join(path, player, room, seat, token=token)
        except IllegalAction as exc:
            if "no such table" not in str(exc) or time.monotonic() > end:
                raise
            time.sleep(0.05)


def _watch_when_listed(path: str, player: str, room: str) -> RemoteTable:
    end = time.monotonic() + 15
    while True:
        try:
            return RemoteTable.watch(path, player, room)
        except IllegalAction:
            if time.monotonic() > end:
                raise
            time.sleep(0.05)


@pytest.mark.slow
def test_nodes_report_who_they_are_and_share_a_game(cluster):
    one, two = cluster("one"), cluster("two")
    assert one.node and two.node and one.node != two.node
    assert "one of 2 live nodes" in "".join(two.lines)
    ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
    ben = _join_when_listed(two.path, "ben", ana.room, 1)  # the table reached node two
    assert ana.wait_for(lambda t: t.seats and t.seats[1].name == "ben", 10)  # ... and ben's seat node one
    tables, rng = {0: ana, 1: ben}, random.Random(2)
    while not ana.state.is_over:
        _step(tables, rng)
    assert ben.state.is_over and ana.state.to_json() == ben.state.to_json()
    store = Store(cluster.url)
    try:
        assert store.load_table(ana.room).over and len(store.load_table(ana.room).moves) == len(ana.moves)
    finally:
        store.close()
    ana.close()
    ben.close()


@pytest.mark.slow
def test_the_same_move_raced_from_two_nodes_is_played_once(cluster):
    one, two = cluster("one"), cluster("two")
    ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
    ben = _join_when_listed(two.path, "ben", ana.room, 1)
    tables, rng = {0: ana, 1: ben}, random.Random(1)
    for _ in range(4):
        _step(tables, rng)
    me = _mover(tables)
    seat = me.seat
    # the same seat at both nodes (its owner came back on the other node with the token)
    here = RemoteTable.join(one.path, me.player, ana.room, seat, token=me.token)
    there = RemoteTable.join(two.path, me.player, ana.room, seat, token=me.token)
    n = len(here.moves)
    assert there.wait_for(lambda t: len(t.moves) == n, 10)
    actions = here.state.legal_actions()
    results: dict[str, object] = {}
    go = threading.Barrier(2)

    def send(name: str, table: RemoteTable, action) -> None:
        go.wait(5)
        try:
            table.apply(action)
            results[name] = "ok"
        except IllegalAction as exc:
            results[name] = exc

    threads = [threading.Thread(target=send, args=("one", here, actions[0])),
               threading.Thread(target=send, args=("two", there, actions[-1]))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(str(v) == "ok" for v in results.values()) == [False, True], results
    loser = there if results["one"] == "ok" else here
    # The loser is refused either by the database's move-number check ("the table moved on")
    # or, when its node had already heard of the winning move, by the rules (the decision has
    # passed to another seat or the choice is gone): both leave the table as the winner made it.
    refusal = str(results["two" if loser is there else "one"])
    assert any(words in refusal for words in ("moved on", "not your decision", "not possible now")), refusal
    # the loser's player sees the fresh position: the winner's move
    assert loser.wait_for(lambda t: len(t.moves) == n + 1, 10)
    store = Store(cluster.url)
    try:
        assert len(store.load_table(ana.room).moves) == n + 1  # no double, no lost move
    finally:
        store.close()
    for t in (here, there, ana, ben):
        t.close()


@pytest.mark.slow
def test_a_killed_node_loses_nothing_and_the_game_finishes_on_another(cluster):
    one, two = cluster("one"), cluster("two")
    ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
    ben = _join_when_listed(two.path, "ben", ana.room, 1)
    tables, rng = {0: ana, 1: ben}, random.Random(3)
    for _ in range(6):
        _step(tables, rng)
    acknowledged = len(ana.moves)
    one.stop(signal.SIGKILL)  # kill -9 mid-game
    ana.close()  # her app went with the node
    # ana reconnects to node two and finds her seat, with every acknowledged move
    ana = RemoteTable.join(two.path, "ana", ana.room, 0, token=ana.token)
    assert len(ana.moves) == acknowledged
    tables = {0: ana, 1: ben}
    while not ana.state.is_over:
        _step(tables, rng)
    ana.close()
    ben.close()


@pytest.mark.slow
def test_bot_moves_are_played_by_one_node_only(cluster):
    one, two = cluster("one"), cluster("two")
    seats = [{"kind": "remote"}, {"kind": "bot", "level": "random"}]
    ana = RemoteTable.host(one.path, "ana", "crowns", seats)
    watcher = _watch_when_listed(two.path, "eve", ana.room)
    rng = random.Random(4)
    for _ in range(8):
        assert ana.wait_for(lambda t: t.state.is_over or t.state.current_player == 0, 20)
        if ana.state.is_over:
            break
        ana.apply(rng.choice(ana.state.legal_actions()))
    assert ana.wait_for(lambda t: t.state.is_over or t.state.current_player == 0, 20)
    store = Store(cluster.url)
    try:
        moves = store.load_table(ana.room).moves
    finally:
        store.close()
    assert [m.number for m in moves] == list(range(1, len(moves) + 1)) == list(range(1, len(ana.moves) + 1))
    assert any(m.seat != 0 for m in moves)
    assert watcher.wait_for(lambda t: len(t.moves) == len(moves), 10)
    watcher.close()
    ana.close()


@pytest.mark.slow
def test_the_nodes_recover_when_postgresql_restarts(cluster):
    one, two = cluster("one"), cluster("two")
    ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
    ben = _join_when_listed(two.path, "ben", ana.room, 1)
    tables, rng = {0: ana, 1: ben}, random.Random(5)
    for _ in range(3):
        _step(tables, rng)
    n = len(ana.moves)
    cluster.pg.stop()
    try:
        me = _mover(tables)
        with pytest.raises(IllegalAction, match="nothing was changed"):
            me.apply(me.state.legal_actions()[0])  # refused with a message, not lost later
        assert len(me.moves) == n
    finally:
        cluster.pg.resume()
    # the nodes reconnect by themselves (a failed attempt first, then a fresh connection)
    end = time.monotonic() + 30
    while True:
        me = _mover(tables)
        try:
            me.apply(rng.choice(me.state.legal_actions()))
            break
        except IllegalAction:
            assert time.monotonic() < end, "the nodes did not come back after PostgreSQL restarted"
            time.sleep(0.5)
    for t in tables.values():  # and moves cross the nodes again (the listener is back)
        assert t.wait_for(lambda t: len(t.moves) == n + 1, 20)
    for _ in range(3):
        _step(tables, rng)
    ana.close()
    ben.close()


@pytest.mark.slow
def test_sigterm_drains_and_a_club_wide_limit_per_player(cluster):
    import asyncio

    from .helpers import connect, open_screen

    one = cluster("one", "--per-player", "1")
    two = cluster("two", "--per-player", "1")

    async def scenario() -> None:
        conn = await connect(one.port, "ana")
        screen = await open_screen(conn, (100, 30))
        assert await screen.wait_for("five dragon games", 30), screen.text[-300:]
        # the same player on the other node: over the club-wide limit of one session
        other = await connect(two.port, "ana")
        refused = await other.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
        message = (await asyncio.wait_for(refused.stderr.read(), 20)).decode(errors="replace")
        assert "too many games open across the club" in message, message
        other.close()
        # another player on that node is welcome
        cai = await connect(two.port, "cai")
        welcome = await open_screen(cai, (100, 30))
        assert await welcome.wait_for("five dragon games", 30), welcome.text[-300:]
        cai.close()
        one.proc.send_signal(signal.SIGTERM)  # drain: a notice, then the grace period
        assert await screen.wait_for("shutting down", 10), screen.text[-300:]
        with pytest.raises((OSError, asyncio.TimeoutError)):
            await connect(one.port, "ben")  # no new sessions
        conn.close()

    asyncio.run(scenario())
    assert one.proc.wait(20) == 0
    assert any("Draining" in line for line in one.lines)


@pytest.mark.slow
def test_with_keys_a_player_finds_their_seat_on_another_node_without_its_token(cluster, monkeypatch, tmp_path):
    """A seat's token lives in the player's folder on the node where they sat down; in keys mode
    the name is bound to the key, so on another node the key is enough. In open mode it is not."""
    one, two = cluster("one"), cluster("two")
    monkeypatch.setenv("DRAGON_TUI_KEY", "SHA256:ana-key")  # what the SSH server sets for a keyed player
    ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
    monkeypatch.delenv("DRAGON_TUI_KEY")
    ben = _join_when_listed(two.path, "ben", ana.room, 1)
    room = ana.room
    one.stop(signal.SIGKILL)
    ana.close()
    elsewhere = tmp_path / "ana-on-two"  # her folder on node two: no tokens there
    monkeypatch.setenv("DRAGON_TUI_HOME", str(elsewhere))
    with pytest.raises(IllegalAction, match="need its token"):  # open mode: a name alone is no proof
        RemoteTable.join(two.path, "ana", room, 0, token="")
    monkeypatch.setenv("DRAGON_TUI_KEY", "SHA256:ana-key")
    back = RemoteTable.join(two.path, "ana", room, 0, token="")
    assert back.seat == 0 and back.token
    tables, rng = {0: back, 1: ben}, random.Random(7)
    for _ in range(3):
        _step(tables, rng)
    back.close()
    ben.close()


@pytest.mark.slow
def test_a_turn_notice_reaches_the_player_on_another_node(cluster):
    """Ben moves on node one; Ana, following the lobby on node two, is told it is her turn."""
    from dragon_tui.net.club import follow_lobby

    from .test_lobby_push import Events

    one, two = cluster("one"), cluster("two")
    events = Events()
    follower = follow_lobby(two.path, "ana", events)
    try:
        ben = RemoteTable.host(one.path, "ben", "crowns", TWO)
        assert events.wait(lambda got: any(m["event"] == "lobby" for m in got), 15)  # opened on the other node
        ana = _join_when_listed(two.path, "ana", ben.room, 1)
        for _ in range(200):
            seen = max(len(ben.moves), len(ana.moves))
            assert ben.wait_for(lambda t: len(t.moves) >= seen, 15) and ana.wait_for(lambda t: len(t.moves) >= seen, 15)
            if ben.state.current_player == 1:
                break
            ben.apply(ben.state.legal_actions()[0])
        assert events.wait(lambda got: events.turns(ben.room) == 1, 15), events.got[-3:]
        ben.close()
        ana.close()
    finally:
        follower.close()
