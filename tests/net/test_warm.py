"""Sessions forked from the warm worker: still one process per player, each a session leader
on its own terminal, the worker holding none of the server's environment, nothing left behind;
and if the worker dies, sessions start the old way."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from dragon_tui.net.ssh import Limits, SSHOptions, SSHServer
from dragon_tui.net.warm import ForkedChild

from .helpers import app_processes, connect, open_screen, wait_until


def _environ(pid: int) -> bytes:
    with open(f"/proc/{pid}/environ", "rb") as f:
        return f.read()


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


@pytest.fixture
async def server(monkeypatch):
    monkeypatch.setenv("DRAGON_SERVER_SECRET", "s3cret")  # must never reach a session
    srv = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=10, per_address=10)))
    await srv.start()
    await srv.warm.wait_ready()
    yield srv
    await srv.close()


@pytest.mark.slow
async def test_sessions_are_forked_processes_of_their_own(server, private_data_dir):
    worker = server.warm.process.pid
    assert b"s3cret" not in _environ(worker)
    assert set(_environ(worker).split(b"\0")) - {b""} <= {
        f"{k}={os.environ[k]}".encode() for k in os.environ} | {f"DRAGON_TUI_HOME={private_data_dir}".encode(),
                                                                 b"LANG=C.UTF-8"}
    conns, screens = [], []
    for name in ("ana", "ben", "cai"):
        conn = await connect(server.port, name)
        conns.append(conn)
        screens.append(await open_screen(conn))
    for screen in screens:
        assert await screen.wait_for("five dragon games", 20), screen.text[-300:]
    children = list(server.children.values())
    assert len(children) == 3 and all(isinstance(c, ForkedChild) for c in children)
    pids = [c.pid for c in children]
    assert len(set(pids)) == 3 and worker not in pids
    for pid in pids:
        assert os.getsid(pid) == pid  # a session (and process group) of its own: killpg hangs it up
        assert _parent(pid) == worker
        assert b"s3cret" not in _environ(pid)
    assert set(pids) <= set(app_processes(private_data_dir))
    screens[0].send("q")  # one player quits: only that process goes
    assert await wait_until(lambda: len(server.children) == 2, 10)
    assert not os.path.exists(f"/proc/{pids[0]}") or pids[0] not in app_processes()
    for conn in conns:
        conn.close()
    assert await wait_until(lambda: not server.children, 15)
    assert await wait_until(lambda: not app_processes(private_data_dir), 10), app_processes(private_data_dir)
    assert server.warm.process.returncode is None  # the worker stays for the next players


@pytest.mark.slow
async def test_when_the_worker_dies_sessions_start_cold(server):
    conn = await connect(server.port, "ana")
    screen = await open_screen(conn)
    assert await screen.wait_for("five dragon games", 20)
    forked = next(iter(server.children.values()))
    os.kill(server.warm.process.pid, signal.SIGKILL)
    # the kernel hangs up the worker's children (parent-death signal): the session ends
    assert await wait_until(lambda: not server.children, 15)
    assert forked.returncode is not None
    conn.close()
    again = await connect(server.port, "ben")
    screen = await open_screen(again)
    assert await screen.wait_for("five dragon games", 30), screen.text[-300:]
    child = next(iter(server.children.values()))
    assert isinstance(child, asyncio.subprocess.Process) and server.warm is None
    again.close()
    assert await wait_until(lambda: not server.children, 15)
