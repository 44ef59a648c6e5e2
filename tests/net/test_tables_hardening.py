"""The table server under attack: secret seeds, expiry and per-player limits, write-first moves on
a full disk, the private socket folder, and hostile socket lines. All on loopback Unix sockets."""

from __future__ import annotations

import json
import os
import socket
import tempfile
import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.engine.rng import KeyedRng
from dragon_tui.net import seating
from dragon_tui.net import tables as module
from dragon_tui.net.identity import Tickets
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.tables import socket_path_for

from .helpers import TablesThread

TWO = [{"kind": "remote"}, {"kind": "remote"}]


@pytest.fixture
def tables(private_data_dir):
    t = TablesThread(private_data_dir)
    yield t
    t.stop()


# ---------------------------------------------------------------- finding 6
def test_shared_tables_deal_from_secret_128_bit_seeds(tables):
    ana = RemoteTable.host(tables.path, "ana", "hoard", TWO)
    table = tables.server.rooms[ana.room].table
    assert table.seed >= 2**64 and isinstance(table.state.rng, KeyedRng)
    other = RemoteTable.host(tables.path, "ana", "hoard", TWO)
    assert tables.server.rooms[other.room].table.seed != table.seed
    crowns = RemoteTable.host(tables.path, "ben", "crowns", TWO)
    assert tables.server.rooms[crowns.room].table.seed >= 2**64
    for t in (ana, other, crowns):
        t.close()


# ---------------------------------------------------------------- finding 11
def test_abandoned_and_finished_tables_expire_and_restarts_do_not_keep_them(private_data_dir):
    first = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(first.path, "ana", "crowns", TWO)
        room_id = ana.room
        ana.close()
        store = first.server.store
        assert first.call(lambda: store.table_exists(room_id))
        assert first.call(lambda: first.server.sweep()) == []  # fresh: kept
        later = time.time() + module.ABANDONED_AFTER + 60
        assert first.call(lambda: first.server.sweep(later)) == [room_id]
        assert room_id not in first.server.rooms and not first.call(lambda: store.table_exists(room_id))
        # one that was abandoned while the server was down is not loaded again
        bob = RemoteTable.host(first.path, "bob", "crowns", TWO)
        bob.close()
        old = time.time() - module.ABANDONED_AFTER - 60

        def age() -> None:
            with store.db.transaction() as tx:
                tx.execute("UPDATE game_tables SET active = ? WHERE id = ?", (old, bob.room))

        first.call(age)
    finally:
        first.stop()
    second = TablesThread(private_data_dir)
    try:
        assert bob.room not in second.server.rooms
        assert not second.call(lambda: second.server.store.table_exists(bob.room))
    finally:
        second.stop()


def test_a_finished_table_leaves_memory_a_day_after_its_last_move_and_is_kept(private_data_dir):
    tables = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(tables.path, "ana", "court", [{"kind": "remote"}])
        room = tables.server.rooms[ana.room]
        for _ in range(2000):
            if ana.state.is_over:
                break
            ana.apply(ana.state.legal_actions()[0])
        assert ana.state.is_over
        ana.close()
        time.sleep(0.2)
        assert tables.call(lambda: tables.server.sweep()) == []  # kept for its player to look back
        assert ana.room in tables.server.rooms
        later = room.active + module.FINISHED_KEPT + 60
        assert tables.call(lambda: tables.server.sweep(later)) == []  # nothing deleted
        assert ana.room not in tables.server.rooms  # out of memory, archived in the database
        assert tables.call(lambda: tables.server.store.table_exists(ana.room))
        # its score stays on the boards
        assert tables.call(lambda: tables.server.store.high_scores("court", room.table.seed))[0]["player"] == "ana"
        ana.close()
    finally:
        tables.stop()


def test_one_player_can_hold_only_so_many_seats(tables, monkeypatch):
    monkeypatch.setattr(seating, "MAX_SEATS_PER_PLAYER", 2)
    hosts = [RemoteTable.host(tables.path, f"host{i}", "crowns", TWO) for i in range(3)]
    eve = [RemoteTable.join(tables.path, "eve", hosts[i].room, 1) for i in range(2)]
    with pytest.raises(IllegalAction, match="already sit at 2"):
        RemoteTable.join(tables.path, "eve", hosts[2].room, 1)
    for t in hosts + eve:
        t.close()


# ---------------------------------------------------------------- finding 12
def test_a_failed_database_write_refuses_the_move_instead_of_losing_it(private_data_dir):
    """A full disk (or a database that went read-only) makes the write fail: the move is
    refused with a message, neither applied nor broadcast, and a restart is not one move back.
    The database is made to refuse every write with SQLite's ``query_only``: the server's
    own connection fails exactly as it does when the disk is full."""
    first = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(first.path, "ana", "crowns", TWO)
        ben = RemoteTable.join(first.path, "ben", ana.room, 1)
        mover = ana if ana.state.current_player == 0 else ben
        watcher = ben if mover is ana else ana
        moves = len(mover.moves)
        db = first.server.store.db
        first.call(lambda: db.conn.execute("PRAGMA query_only = ON"))
        with pytest.raises(IllegalAction, match="could not save"):
            mover.apply(mover.state.legal_actions()[0])
        time.sleep(0.3)
        assert len(first.server.rooms[ana.room].table.moves) == moves  # not applied ...
        assert len(watcher.moves) == moves and len(mover.moves) == moves  # ... nor broadcast
        # nor can anyone sit down or open a table meanwhile
        with pytest.raises(IllegalAction, match="nothing was changed"):
            RemoteTable.host(first.path, "cai", "crowns", TWO)
        assert len(first.server.rooms) == 1
        # writable again: the same move goes through, and it is stored before anyone sees it
        first.call(lambda: db.conn.execute("PRAGMA query_only = OFF"))
        mover.apply(mover.state.legal_actions()[0])
        assert watcher.wait_for(lambda t: len(t.moves) == moves + 1, 10)
        assert len(first.call(lambda: first.server.store.load_table(ana.room)).moves) == moves + 1
        ana.close()
        ben.close()
    finally:
        first.stop()
    second = TablesThread(private_data_dir)  # a restart is not one move back
    try:
        assert len(second.server.rooms[ana.room].table.moves) == moves + 1
    finally:
        second.stop()


# ---------------------------------------------------------------- finding 15
def test_the_tmp_socket_folder_must_be_our_own_private_one(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    long_data = tmp_path / ("d" * 120)
    expected = socket_path_for(long_data)  # created 0700 by us
    folder = expected.parent
    assert oct(folder.stat().st_mode & 0o777) == "0o700" and folder.stat().st_uid == os.getuid()
    folder.rmdir()
    folder.mkdir(mode=0o777)  # made by someone else (or made open to others)
    os.chmod(folder, 0o777)
    with pytest.raises(OSError, match="not a private folder"):
        socket_path_for(long_data)
    folder.rmdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    folder.symlink_to(elsewhere)  # a link to a folder of the attacker's choosing
    with pytest.raises(OSError, match="not a private folder"):
        socket_path_for(long_data)


# ---------------------------------------------------------------- finding 17 (socket lines)
def test_hostile_socket_lines_get_an_error_and_the_connection_lives(tables):
    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(10)
    sock.connect(tables.path)
    reader = sock.makefile("rb")

    def ask(line: bytes) -> dict:
        sock.sendall(line + b"\n")
        return json.loads(reader.readline())

    ticket = Tickets.load(tables.path).issue("ana", None, "127.0.0.1")
    assert ask(json.dumps({"op": "hello", "ticket": ticket, "id": 0}).encode())["ok"] is True
    for line in (b"[" * 100000 + b"]" * 100000,
                 b'{"op": "act", "at": 1e999, "id": 1}',
                 b'{"op": "history", "k": ' + b"9" * 5000 + b', "id": 2}',
                 b'{"op": "act", "at": NaN}',
                 b'{"op": "join", "room": {"a": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}}'):
        reply = ask(line)
        assert reply["ok"] is False and "Bad request" in reply["error"], reply
    assert ask(b'{"op": "list", "id": 3}') == {"ok": True, "rooms": [], "id": 3}
    sock.close()
