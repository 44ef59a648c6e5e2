"""The club's database under siege: a PostgreSQL that stops answering freezes nothing (every
call has a deadline and runs off the event loop; the player is told the database is not
answering and local games still start), the data folder and the SQLite files are private
whatever the umask, and a seat its stand-in bot mostly played gains no rating."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import stat
import threading
import time
from pathlib import Path

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.club import list_rooms
from dragon_tui.net.cluster import ADMIT_WAIT
from dragon_tui.net.store import NOT_ANSWERING, SeatRecord, Store, TableRecord, default_url
from dragon_tui.net.store.ratings import absent
from dragon_tui.session import storage

from .helpers import TablesThread
from .test_tables import TWO

#: The deadline the tests give a database call (the server's default is longer).
DEADLINE = 3.0


def _table(table_id: str, seats: int = 2) -> TableRecord:
    return TableRecord(table_id, "crowns", {}, 42, "ana", 1000.0,
                       [SeatRecord(i, f"Seat {i + 1}", "remote", "greedy") for i in range(seats)])


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


# ---------------------------------------------------------------------- the deadline of every call
@pytest.mark.slow
def test_a_call_past_its_deadline_is_broken_off_and_the_next_one_works(store):
    from dragon_tui.net.store import NotAnswering

    store.db.deadline = 1.0
    slow = ("SELECT pg_sleep(30)" if store.db.postgres else
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)"
            " SELECT SUM(x) FROM c")
    started = time.monotonic()
    with pytest.raises(NotAnswering) as caught:
        store.db.query(slow)
    took = time.monotonic() - started
    assert 0.9 < took < 2.0, took
    assert str(caught.value) == NOT_ANSWERING
    store.db._quiet_until = 0.0  # (the 2 s of quiet after a hung call are tested with the server)
    store.create_table(_table("after"))  # the connection was opened afresh
    assert store.table_exists("after")
    if store.db.postgres:  # what PostgreSQL itself enforces, and the keepalives
        assert store.db.query("SHOW statement_timeout") == [("4500ms",)]
        params = store.db.conn.info.get_parameters()
        assert params.get("keepalives") == "1" and params.get("keepalives_idle") == "15"
        own = Store(store.db.url + "?options=-c%20statement_timeout%3D9000")  # the operator's own wins
        try:
            assert own.db.query("SHOW statement_timeout") == [("9s",)]
        finally:
            own.close()


# ---------------------------------------------------------------------- stand-in moves and ratings
def _play_out(store: Store, table_id: str, seats: int, stand_in_seat: int, moves: int = 12) -> None:
    """``moves`` moves round the table; every one of ``stand_in_seat``'s but the first is its
    stand-in's."""
    seen = set()
    for n in range(1, moves + 1):
        seat = (n - 1) % seats
        level = "hard" if seat == stand_in_seat and seat in seen else None
        seen.add(seat)
        store.append_move(table_id, n, seat, {"kind": "a", "args": [n]}, over=n == moves, timeout_level=level)


def test_stand_in_moves_are_counted_per_seat_and_an_absent_winner_gains_nothing(store):
    store.create_table(_table("t1"))
    _play_out(store, "t1", 2, stand_in_seat=0)
    assert store.stand_in_counts("t1") == [(6, 5), (6, 0)]
    assert absent(6, 5) and not absent(6, 3) and not absent(0, 0)
    # ana (seat 0) "won" with the hard stand-in playing five of her six moves
    assert store.record_result("t1", "crowns", ["ana", "ben"], [1, 2]) == {}
    assert store.rating("ana", "crowns") is None  # no gain, and no game on the board
    assert store.rating("ben", "crowns") is None  # losing to a bot says nothing of ben
    assert store.leaderboard("crowns") == []


def test_an_absent_seat_still_loses_and_those_who_played_are_rated_among_themselves(store):
    store.create_table(_table("t2", seats=3))
    _play_out(store, "t2", 3, stand_in_seat=0)
    new = store.record_result("t2", "crowns", ["ana", "ben", "cy"], [3, 1, 2])  # ana's stand-in came last
    assert set(new) == {"ana", "ben", "cy"}
    assert new["ana"].ordinal < 0 and new["ana"].mu < 25  # walking away from a lost game saves nothing
    assert new["ben"].mu > 25 > new["cy"].mu
    store.create_table(_table("t3", seats=3))
    _play_out(store, "t3", 3, stand_in_seat=0)
    again = store.record_result("t3", "crowns", ["ana", "ben", "cy"], [1, 2, 3])  # now the stand-in won
    assert "ana" not in again and store.rating("ana", "crowns").mu == pytest.approx(new["ana"].mu)
    assert again["ben"].mu > new["ben"].mu  # ben still beat cy


@pytest.mark.net
@pytest.mark.slow
def test_the_table_server_counts_the_stand_in_move_of_a_seat_whose_time_ran_out(private_data_dir, db_url):
    club = TablesThread(private_data_dir, db=db_url)
    club.server.move_limits = (0.1, 7 * 86400.0)  # short, so the test is quick
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO, move_limit=0.5, limit_level="random")
        ben = RemoteTable.join(club.path, "ben", ana.room, 1)
        mover = ana.state.current_player
        ben.leave()
        assert ana.wait_for(lambda t: len(t.moves) >= 1, 15)
        counts = club.server.store.stand_in_counts(ana.room)
        # the stand-in plays the rest of the turn that ran out (one decision or several, and the
        # other seat's turn too once its time runs out): nobody moved themselves, so every move
        # counted for a seat is counted as its stand-in's
        assert counts[mover][0] >= 1 and all(made == by_stand_in for made, by_stand_in in counts)
        ana.close()
    finally:
        club.stop()


# ---------------------------------------------------------------------- checks, then a write
@pytest.mark.net
def test_hosting_on_many_connections_at_once_cannot_pass_the_limit_per_host(private_data_dir, db_url):
    """Hosting waits for the database between its checks and its write: twelve requests at
    once, on twelve connections of one player, still open only the allowed five tables."""
    from dragon_tui.net.tables import MAX_ROOMS_PER_HOST

    club = TablesThread(private_data_dir, db=db_url)
    try:
        barrier = threading.Barrier(12)
        opened, refused = [], []

        def host() -> None:
            barrier.wait()
            try:
                opened.append(RemoteTable.host(club.path, "ana", "crowns", TWO))
            except IllegalAction as exc:
                refused.append(str(exc))

        threads = [threading.Thread(target=host) for _ in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(opened) == MAX_ROOMS_PER_HOST, (len(opened), refused[:1])
        assert len(refused) == 12 - MAX_ROOMS_PER_HOST and all("already host" in r for r in refused)
        for t in opened:
            t.close()
    finally:
        club.stop()


# ---------------------------------------------------------------------- a private data folder
def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_the_data_folder_and_the_database_files_are_private_whatever_the_umask(tmp_path, monkeypatch, umask):
    home = tmp_path / "home"
    monkeypatch.setenv("DRAGON_TUI_HOME", str(home))
    old = os.umask(umask)
    try:
        data = storage.data_dir()
        assert data == home and _mode(home) == 0o700
        s = Store(default_url(data))
        s.create_table(_table("t1"))
        s.append_move("t1", 1, 0, {"kind": "a"}, over=False)
        db = Path(default_url(data))
        files = [db, *(db.with_name(db.name + tail) for tail in ("-wal", "-shm"))]
        assert all(f.exists() for f in files)
        assert {f.name: _mode(f) for f in files} == {f.name: 0o600 for f in files}
        s.close()
        # a folder and files an older version left open to everyone are closed at start
        os.chmod(home, 0o755)
        for f in files:
            if f.exists():
                os.chmod(f, 0o644)
        (db.with_name(db.name + "-journal")).write_text("")
        os.chmod(db.with_name(db.name + "-journal"), 0o666)
        club = TablesThread(storage.data_dir())
        try:
            assert _mode(home) == 0o700
            for f in [*files, db.with_name(db.name + "-journal")]:
                if f.exists():
                    assert _mode(f) == 0o600, f
        finally:
            club.stop()
    finally:
        os.umask(old)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to try the file as another user")
def test_another_local_user_cannot_read_the_database(request, monkeypatch):
    import pwd

    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="dragon-nobody-"))  # pytest's own folders are 0700 already
    request.addfinalizer(lambda: shutil.rmtree(root, ignore_errors=True))
    os.chmod(root, 0o755)  # only the data folder and the files themselves stand in the way
    home = root / "home"
    monkeypatch.setenv("DRAGON_TUI_HOME", str(home))
    old = os.umask(0o022)
    try:
        s = Store(default_url(storage.data_dir()))
        s.create_table(_table("t1"))
        s.close()
    finally:
        os.umask(old)
    nobody = pwd.getpwnam("nobody").pw_uid
    pid = os.fork()
    if pid == 0:  # the child becomes nobody and tries the database and the folder
        code = 0
        try:
            os.setuid(nobody)
            for path in (default_url(home), str(home)):
                try:
                    (open(path, "rb") if not os.path.isdir(path) else os.scandir(path)).close()
                    code = 1
                except PermissionError:
                    pass
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, "nobody could read the database or list the data folder"


# ---------------------------------------------------------------------- a PostgreSQL that hangs
def _postgres_pids(server) -> list[int]:
    """The postmaster (its pid is the first line of postmaster.pid) and all its children."""
    master = int((server.data / "postmaster.pid").read_text().split()[0])
    pids = [master]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat_line = Path(f"/proc/{entry}/stat").read_text()
                if int(stat_line.rsplit(")", 1)[1].split()[1]) == master:
                    pids.append(int(entry))
    return pids


@contextlib.contextmanager
def _stopped(server):
    pids = _postgres_pids(server)
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)


@pytest.mark.pg
@pytest.mark.net
@pytest.mark.slow
def test_a_hung_postgresql_freezes_nothing_and_the_player_is_told(private_data_dir, postgres_server):
    club = TablesThread(private_data_dir, db=postgres_server.new_database())
    club.server.store.db.deadline = DEADLINE
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        ben = RemoteTable.join(club.path, "ben", ana.room, 1)
        me = ana if ana.state.current_player == 0 else ben
        with _stopped(postgres_server):
            failure: list[BaseException] = []
            took: list[float] = []

            def move() -> None:
                started = time.monotonic()
                try:
                    me.apply(me.state.legal_actions()[0])
                except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
                    failure.append(exc)
                took.append(time.monotonic() - started)

            mover = threading.Thread(target=move)
            mover.start()
            time.sleep(0.3)  # the move is waiting on the stopped database now
            # meanwhile the event loop answers at once: a request that needs no database, and
            # a bare call on the loop
            started = time.monotonic()
            rooms = list_rooms(club.path, "cy")
            list_took = time.monotonic() - started
            started = time.monotonic()
            assert club.call(lambda: 42) == 42
            loop_took = time.monotonic() - started
            assert [r["id"] for r in rooms] == [ana.room]
            assert list_took < 1.0 and loop_took < 0.5, (list_took, loop_took)
            mover.join(4 * DEADLINE)
            assert not mover.is_alive()
            assert took[0] < 2 * DEADLINE + 1, took
            assert isinstance(failure[0], IllegalAction) and str(failure[0]) == NOT_ANSWERING
            assert len(club.server.rooms[ana.room].table.moves) == 0  # nothing half-played
            # a new table: refused with the same words, within the deadline
            started = time.monotonic()
            with pytest.raises(IllegalAction, match="database is not answering, so nothing was changed; local games"):
                RemoteTable.host(club.path, "cy", "crowns", TWO)
            assert time.monotonic() - started < 2 * DEADLINE + 2
            # a new session is let in uncounted (local games need no database), not told it
            # has too many games open
            started = time.monotonic()
            ticket = asyncio.run_coroutine_threadsafe(club.server.open_session("dee", 2), club.loop).result(
                4 * DEADLINE)
            assert ticket is not None and time.monotonic() - started < ADMIT_WAIT + 1
            print(f"\nstalled PostgreSQL: list answered in {list_took * 1000:.0f} ms, a bare loop call in "
                  f"{loop_took * 1000:.1f} ms; the move was refused after {took[0]:.2f} s")
        # PostgreSQL answers again: play goes on, on a fresh connection
        deadline = time.monotonic() + 20
        while True:
            try:
                me.apply(me.state.legal_actions()[0])
                break
            except IllegalAction:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        assert me.wait_for(lambda t: len(t.moves) == 1, 10)
        ana.close()
        ben.close()
    finally:
        club.stop()


@pytest.mark.pg
@pytest.mark.net
@pytest.mark.slow
def test_with_postgresql_hung_a_player_still_logs_in_and_plays_locally(postgres_server, tmp_path):
    """Over SSH, on a club node, while its PostgreSQL is stopped: the banner comes, the session
    is let in (it is not told it has too many games open) and the menu of local games shows."""
    from .helpers import connect, open_screen
    from .test_cluster import Node

    node = Node(tmp_path / "one", postgres_server.new_database(), "--per-player", "1")
    try:
        async def scenario() -> float:
            started = time.monotonic()
            conn = await asyncio.wait_for(connect(node.port, "ana"), 10)  # the banner and the login
            screen = await open_screen(conn, (100, 30))
            assert await screen.wait_for("five dragon games", 40), screen.text[-300:]
            assert "too many games" not in screen.text
            conn.close()
            return time.monotonic() - started

        with _stopped(postgres_server):
            took = asyncio.run(scenario())
        print(f"\nlogin to the menu with PostgreSQL stopped: {took:.1f} s")
        assert any("not counted" in line for line in node.lines), "".join(node.lines[-20:])
    finally:
        node.stop()
