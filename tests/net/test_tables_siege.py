"""The table socket under siege: stalled hellos leave nothing behind in the app, one player's
connections are capped, identity comes only from the serve process's session ticket, table
quotas count by address and key (names cost nothing), never-joined tables go within hours,
seeds are the server's and move limits the lobby's. Each replays the attack on loopback and
shows a normal player served meanwhile. Bounded: small limits, short timeouts."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net import quotas, rooms
from dragon_tui.net import tables as module
from dragon_tui.net.client import Connection, RemoteTable, TablesError
from dragon_tui.net.club import list_rooms
from dragon_tui.net.identity import Tickets, quota_address
from dragon_tui.net.table_rules import MOVE_LIMIT_RANGE, MOVE_LIMITS, TIME_CONTROLS
from dragon_tui.session import highscores

from .helpers import TablesThread

TWO = [{"kind": "remote"}, {"kind": "remote"}]
ROOT = Path(__file__).parents[2]


@pytest.fixture
def tables(private_data_dir):
    t = TablesThread(private_data_dir)
    yield t
    t.stop()


#: The threads a table-server client starts (``net/client.py``): counted by name, since other
#: tests in the same worker may still be ending threads of their own.
CLIENT_THREADS = ("tables-reader", "tables-notifier")


def sockets_and_threads() -> tuple[int, int]:
    """This process's open sockets and its table-client threads."""
    fds = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            fds += os.readlink(f"/proc/self/fd/{fd}").startswith("socket:")
        except OSError:
            pass
    return fds, sum(t.name in CLIENT_THREADS for t in threading.enumerate())


def no_more_than(baseline: tuple[int, int]) -> bool:
    now = sockets_and_threads()
    return now[0] <= baseline[0] and now[1] <= baseline[1]


def settle(baseline: tuple[int, int], timeout: float = 5.0) -> tuple[int, int]:
    """Wait until no more sockets and client threads are open than at ``baseline`` (a socket
    another test of this worker was closing may go meanwhile: fewer is no leak)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and not no_more_than(baseline):
        time.sleep(0.05)
    return sockets_and_threads()


def ticket(tables, player: str, address: str = "127.0.0.1", key: str | None = None) -> str:
    return Tickets.load(tables.path).issue(player, key, address)


# ---------------------------------------------------------------- a slow table server
@pytest.mark.net
def test_a_hello_that_is_never_answered_leaves_no_socket_or_thread(tmp_path):
    """A table server that accepts nothing (its backlog takes the connection, nobody answers):
    every attempt times out and gives back its socket and its reader thread."""
    path = str(tmp_path / "stalled.sock")
    stalled = socket.socket(socket.AF_UNIX)
    stalled.bind(path)
    stalled.listen(64)
    try:
        baseline = sockets_and_threads()
        for _ in range(6):
            with pytest.raises(TablesError, match="did not answer"):
                Connection(path, "ana", timeout=0.2, ticket="t")
        with pytest.raises(TablesError):
            RemoteTable.host(path, "ana", "crowns", TWO, timeout=0.2, ticket="t")
        after = settle(baseline)
        assert after[0] <= baseline[0] and after[1] <= baseline[1], (baseline, after)
    finally:
        stalled.close()


SERVER = """
import asyncio, sys
from pathlib import Path
from dragon_tui.net.tables import TableServer

async def main():
    server = TableServer(Path(sys.argv[1]))
    await server.start()
    print("ready", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""


def _fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.net
@pytest.mark.slow
def test_a_stopped_table_server_leaves_no_connections_behind_when_it_resumes(private_data_dir):
    """The table server is stopped (SIGSTOP) while a lobby keeps asking for the list: each ask
    times out; once the server resumes, the app holds its baseline sockets and threads again,
    and the server its baseline descriptors (it kept a connection per timed-out ask before)."""
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(private_data_dir)], cwd=str(ROOT),
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        path = str(module.socket_path_for(private_data_dir))
        assert list_rooms(path, "ana") == []
        time.sleep(0.3)  # that request's connection has ended on the server's side too
        server_before = _fds(proc.pid)
        app_before = sockets_and_threads()
        os.kill(proc.pid, signal.SIGSTOP)
        try:
            for _ in range(5):  # the lobby's refresh, with a short timeout
                with pytest.raises(TablesError):
                    Connection(path, "ana", timeout=0.3)
            app_during = sockets_and_threads()
        finally:
            os.kill(proc.pid, signal.SIGCONT)
        after = settle(app_before)
        assert after[0] <= app_before[0] and after[1] <= app_before[1], (app_before, app_during, after)
        end = time.monotonic() + 5
        while time.monotonic() < end and _fds(proc.pid) > server_before:
            time.sleep(0.05)
        assert _fds(proc.pid) <= server_before  # (it kept one per timed-out hello before)
        assert list_rooms(path, "ana") == []  # and it serves again
        print(f"\nstalled server: app sockets/threads {app_before} before, {app_during} after 5 timeouts; "
              f"server descriptors {server_before} before and after")
    finally:
        proc.kill()
        proc.wait(10)


@pytest.mark.net
def test_one_players_connections_are_capped_and_others_are_served(tables, monkeypatch):
    monkeypatch.setattr(quotas, "MAX_CONNECTIONS_PER_PLAYER", 3)
    eve = [Connection(tables.path, "eve") for _ in range(3)]
    with pytest.raises(IllegalAction, match="too many connections"):
        Connection(tables.path, "eve")
    assert list_rooms(tables.path, "ana") == []  # another player is served
    eve.pop().close()
    time.sleep(0.2)
    eve.append(Connection(tables.path, "eve"))  # a closed one gives its place back
    for conn in eve:
        conn.close()


# ---------------------------------------------------------------- identity
def _raw(tables):
    sock = socket.socket(socket.AF_UNIX)
    sock.settimeout(10)
    sock.connect(tables.path)
    reader = sock.makefile("rb")

    def ask(**msg) -> dict:
        sock.sendall(json.dumps(msg).encode() + b"\n")
        return json.loads(reader.readline())

    return sock, ask


@pytest.mark.net
def test_the_socket_believes_only_the_session_ticket(tables):
    """Open mode: a client says hello as "alice" with an invented key. Refused; with its own
    (valid) ticket it is whoever the ticket says, whatever name it states; alice's seat and
    stored token stay hers."""
    alice = RemoteTable.host(tables.path, "alice", "crowns", TWO)
    sock, ask = _raw(tables)
    try:
        assert not ask(op="list", id=1)["ok"]  # nothing before hello
        for forged in (None, "x", {"p": "alice"}, ticket(tables, "alice")[:-2] + "AA", "é.ü", "a" * 5000,
                       Tickets(b"k" * 32).issue("alice", "SHA256:invented", "127.0.0.1")):
            reply = ask(op="hello", player="alice", key="SHA256:invented", ticket=forged, id=2)
            assert not reply["ok"] and "session ticket" in reply["error"], forged
        # a tampered body: the signature no longer fits
        body, mac = ticket(tables, "mallory").split(".")
        good = Tickets.load(tables.path).issue("alice", "SHA256:invented", "127.0.0.1").split(".")[0]
        assert not ask(op="hello", ticket=f"{good}.{mac}", id=3)["ok"]
        reply = ask(op="hello", player="alice", key="SHA256:invented", ticket=ticket(tables, "mallory"), id=4)
        assert reply == {"ok": True, "player": "mallory", "id": 4}
        assert not ask(op="hello", ticket=ticket(tables, "alice"), id=5)["ok"]  # identity fixed once
        reply = ask(op="join", room=alice.room, seat=0, id=6)
        assert not reply["ok"] and "alice sits there" in reply["error"]
    finally:
        sock.close()
    token = alice.token
    alice.close()
    back = RemoteTable.join(tables.path, "alice", alice.room, 0, token=token)  # her token still works
    assert back.seat == 0
    back.close()


@pytest.mark.net
def test_keys_mode_a_name_without_its_key_gets_no_fresh_token(tables):
    ana = RemoteTable.host(tables.path, "ana", "crowns", TWO, ticket=ticket(tables, "ana", key="SHA256:ana"))
    room = ana.room
    ana.close()
    with pytest.raises(IllegalAction, match="ana sits there"):
        RemoteTable.join(tables.path, "ana", room, 0, token="not-hers", ticket=ticket(tables, "ana"))  # no key
    back = RemoteTable.join(tables.path, "ana", room, 0, token="not-hers",
                            ticket=ticket(tables, "ana", key="SHA256:ana"))
    assert back.seat == 0  # her key brings her back without the token
    back.close()


@pytest.mark.net
async def test_an_ssh_session_gets_a_ticket_for_its_own_name_and_address(private_data_dir):
    import asyncio

    from dragon_tui.net.ssh import SSHOptions, SSHServer

    from .helpers import connect, open_screen

    tables = TablesThread(private_data_dir)
    probe = [sys.executable, str(Path(__file__).with_name("pty_probe.py"))]
    ssh = SSHServer(SSHOptions("127.0.0.1", 0, tables_socket=tables.server.socket_path,
                               tickets=tables.server.tickets, child_command=probe))
    await ssh.start()
    try:
        conn = await connect(ssh.port, "ana")
        screen = await open_screen(conn)
        assert await screen.wait_for("player=ana", 15)
        (pid,) = list(ssh.children)
        with open(f"/proc/{pid}/environ", "rb") as f:
            env = dict(v.split("=", 1) for v in f.read().decode().split("\0") if "=" in v)
        identity = tables.server.tickets.check(env["DRAGON_TUI_TICKET"])
        assert (identity.player, identity.key, identity.address) == ("ana", None, "127.0.0.1")
        conn.close()
    finally:
        await ssh.close()
        await asyncio.to_thread(tables.stop)


# ---------------------------------------------------------------- quotas
@pytest.mark.net
def test_made_up_names_do_not_multiply_the_table_quota(tables, monkeypatch):
    """40 names from one address each try to host 5 tables: the address gets its quota, and a
    player from elsewhere still opens a table."""
    monkeypatch.setattr(quotas, "MAX_ROOMS_PER_ADDRESS", 6)
    hosted, refused = 0, set()
    for i in range(40):
        conn = Connection(tables.path, f"n{i}", ticket=ticket(tables, f"n{i}", "127.0.5.5"))
        for _ in range(5):
            try:
                conn.request("host", game="crowns", seats=TWO)
                hosted += 1
            except IllegalAction as exc:
                refused.add(str(exc))
        conn.close()
    assert hosted == 6
    assert refused == {"Your address already has 6 open tables: finish one first."}
    other = RemoteTable.host(tables.path, "ana", "crowns", TWO, ticket=ticket(tables, "ana", "127.0.6.6"))
    other.close()
    # IPv6: the addresses of one /64 count together
    for n in range(6):
        Connection(tables.path, f"v{n}", ticket=ticket(tables, f"v{n}", f"2001:db8::{n + 1}")).request(
            "host", game="crowns", seats=TWO)
    with pytest.raises(IllegalAction, match="address already has"):
        Connection(tables.path, "v9", ticket=ticket(tables, "v9", "2001:db8::ffff")).request(
            "host", game="crowns", seats=TWO)
    assert quota_address("2001:db8::1") == quota_address("2001:db8::ffff") != quota_address("2001:db8:0:1::1")
    # nor deals of the day under made-up names (one per name a day)
    for n in range(6):
        RemoteTable.daily(tables.path, f"d{n}", ticket=ticket(tables, f"d{n}", "127.0.5.5")).close()
    with pytest.raises(IllegalAction, match="address already has 6 open deals of the day"):
        RemoteTable.daily(tables.path, "d9", ticket=ticket(tables, "d9", "127.0.5.5"))


@pytest.mark.net
def test_one_key_under_many_names_has_one_quota(tables, monkeypatch):
    monkeypatch.setattr(quotas, "MAX_ROOMS_PER_KEY", 2)
    for n, name in enumerate(("ana", "anna")):
        conn = Connection(tables.path, name, ticket=ticket(tables, name, f"127.0.7.{n}", key="SHA256:k"))
        conn.request("host", game="crowns", seats=TWO)
    with pytest.raises(IllegalAction, match="Your key already has 2 open tables"):
        Connection(tables.path, "a3", ticket=ticket(tables, "a3", "127.0.7.9", key="SHA256:k")).request(
            "host", game="crowns", seats=TWO)


@pytest.mark.net
def test_a_table_nobody_joined_goes_within_hours_and_games_are_kept(tables):
    host = lambda name, seats, seat=0: RemoteTable.host(tables.path, name, "crowns", seats, seat=seat)  # noqa: E731
    offer = host("ana", TWO)  # nobody ever joins
    joined = host("ben", TWO)
    cai = RemoteTable.join(tables.path, "cai", joined.room, 1)  # joined, no move yet
    solo = host("dee", [{"kind": "remote"}, {"kind": "bot", "level": "random"}])
    mover = solo.state.current_player
    if mover == 0:
        solo.apply(solo.state.legal_actions()[0])  # a person moved: a game
    bots_only = host("eve", [{"kind": "bot", "level": "random"}, {"kind": "remote"}], seat=1)
    server = tables.server
    assert bots_only.wait_for(lambda t: t.state.current_player == 1, 10)
    for t in (offer, joined, cai, solo, bots_only):
        t.close()
    time.sleep(0.2)
    now = time.time()
    assert tables.call(lambda: server.sweep(now + 3600)) == []
    gone = set(tables.call(lambda: server.sweep(now + rooms.UNJOINED_AFTER + 60)))
    expected = {offer.room, bots_only.room} | ({solo.room} if mover != 0 else set())
    assert gone == expected
    assert joined.room in server.rooms  # someone joined: a game, never removed (it ends by forfeit)
    later = set(tables.call(lambda: server.sweep(now + module.ABANDONED_AFTER + 60)))
    assert later == set() and joined.room in server.rooms


# ---------------------------------------------------------------- seeds and clocks
@pytest.mark.net
def test_a_client_cannot_choose_a_shared_tables_seed(tables):
    conn = Connection(tables.path, "ana")
    for game in ("carcassonne", "crowns", "hoard"):
        with pytest.raises(IllegalAction, match="seed the server draws"):
            conn.request("host", game=game, seats=TWO, seed=1)
    room = conn.request("host", game="carcassonne", seats=TWO)["room"]
    assert tables.server.rooms[room].table.seed >= 2**64  # 128 secret bits
    conn.close()
    daily = RemoteTable.daily(tables.path, "ben")  # the one exception: the server's deal of the day
    assert tables.server.rooms[daily.room].table.seed == highscores.daily_seed(module._today())
    daily.close()


@pytest.mark.net
def test_move_limits_are_the_lobbys(tables):
    from dragon_tui.ui.screens import host

    assert host.TIME_CONTROLS is TIME_CONTROLS  # one definition for the host dialog and the server
    assert MOVE_LIMITS == [(tc.label, tc.per_turn) for tc in TIME_CONTROLS]
    assert MOVE_LIMIT_RANGE == (3600.0, 7 * 86400.0)
    conn = Connection(tables.path, "ana")
    for bad in (0.1, 3599, 7 * 86400 + 1, -1, 1e308):
        with pytest.raises(IllegalAction, match="between 1 hour and 7 days"):
            conn.request("host", game="crowns", seats=TWO, move_limit=bad)
    for _, good in MOVE_LIMITS[1:]:
        room = conn.request("host", game="crowns", seats=TWO, move_limit=good)["room"]
        assert tables.server.rooms[room].move_limit == good
    conn.close()


@pytest.mark.net
@pytest.mark.slow
async def test_a_web_session_gets_a_ticket_for_its_guest_name_and_address(private_data_dir):
    import asyncio

    import aiohttp

    from dragon_tui.net.web import WebServer

    from .helpers import app_processes, wait_until
    from .test_web_hardening import environ, until_painted

    tables = TablesThread(private_data_dir)
    web = WebServer("127.0.0.1", 0, tables.server.socket_path, tickets=tables.server.tickets)
    await web.start()
    try:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as browser:
            async with browser.get(web.url + "/"):
                pass
            async with browser.ws_connect(web.url + "/ws") as ws:
                await until_painted(ws, b"Dragon")
                (pid,) = app_processes(private_data_dir)
                env = environ(pid)
                identity = tables.server.tickets.check(env["DRAGON_TUI_TICKET"])
                assert (identity.player, identity.key) == (env["DRAGON_TUI_PLAYER"], None)
                assert identity.address == "127.0.0.1"
        assert await wait_until(lambda: not app_processes(private_data_dir), 10)
    finally:
        await web.close()
        await asyncio.to_thread(tables.stop)


@pytest.mark.net
def test_the_ticket_key_is_private_and_new_at_every_start(private_data_dir):
    import stat

    from dragon_tui.net.identity import key_path_for

    old = os.umask(0)  # whatever the umask, the key is the server user's only
    try:
        first = TablesThread(private_data_dir)
    finally:
        os.umask(old)
    try:
        path = key_path_for(first.path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        stale = ticket(first, "ana")
    finally:
        first.stop()
    assert not path.exists()  # gone with the server
    second = TablesThread(private_data_dir)
    try:
        with pytest.raises(IllegalAction, match="session ticket"):
            Connection(second.path, "ana", ticket=stale)  # a ticket of the last run
        Connection(second.path, "ana", ticket=ticket(second, "ana")).close()
    finally:
        second.stop()
