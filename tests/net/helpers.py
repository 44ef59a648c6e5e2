"""Helpers for the network tests: servers on free loopback ports, SSH clients, bounded waits."""

from __future__ import annotations

import asyncio
import os
import time

import asyncssh


def _cmdline(pid) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def app_processes(home=None) -> list[int]:
    """Pids of running app sessions that are not zombies: spawned ones (``-m
    dragon_tui.remote.play``) and those forked by the warm worker (``-m dragon_tui.remote.warm_worker``
    whose parent is the worker). With ``home``, only those whose DRAGON_TUI_HOME (at exec: for
    a forked session, the worker's, the server's data folder) lies under it."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmd = _cmdline(entry)
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            state, parent = fields[0], fields[1]
        except OSError:
            continue
        forked = b"dragon_tui.remote.warm_worker" in cmd and b"dragon_tui.remote.warm_worker" in _cmdline(parent)
        if not (b"dragon_tui.remote.play" in cmd or forked) or state == "Z":
            continue
        if home is not None:
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    env = f.read()
            except OSError:
                continue
            if f"DRAGON_TUI_HOME={home}".encode() not in env:
                continue
        found.append(int(entry))
    return found


async def connect(port: int, user: str = "ana", **kw) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(
        asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None,
                         client_keys=kw.pop("client_keys", None), agent_path=None, **kw),
        10,
    )


class Screen:
    """An interactive shell session; ``text`` is everything the app printed (escapes stripped)."""

    def __init__(self, process: asyncssh.SSHClientProcess) -> None:
        self.process = process
        self.raw = bytearray()
        self._task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    return
                self.raw += data
        except Exception:
            return

    @property
    def text(self) -> str:
        import re

        s = self.raw.decode("utf-8", "replace")
        s = re.sub(r"\x1b\[[0-9;?<>=]*[A-Za-z~]", " ", s)
        s = re.sub(r"\x1b[\]P_^][^\x07\x1b]*(\x07|\x1b\\)", "", s)
        return re.sub(r"\s+", " ", s)

    async def wait_for(self, needle: str, timeout: float = 15.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.text:
                return True
            await asyncio.sleep(0.05)
        return needle in self.text

    def send(self, keys: str) -> None:
        self.process.stdin.write(keys.encode())

    def close(self) -> None:
        self._task.cancel()


async def open_screen(conn, size=(100, 30)) -> Screen:
    process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
    return Screen(process)


async def wait_until(predicate, timeout: float = 10.0, step: float = 0.05) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        await asyncio.sleep(step)
    return bool(predicate())


class TablesThread:
    """A table server on its own event loop in a thread, so blocking clients can talk to it."""

    def __init__(self, data, bot_delay: float = 0.0, db: str | None = None, clock=None) -> None:
        import threading

        from dragon_tui.net.tables import TableServer

        self.server = TableServer(data, bot_delay=bot_delay, db=db)
        if clock is not None:  # the server's "now", moved by the test (never a real sleep)
            self.server.clock = clock
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.server.start(), self.loop).result(10)

    @property
    def path(self) -> str:
        return str(self.server.socket_path)

    def call(self, fn):
        """Run fn() on the server's loop and return its result."""
        import concurrent.futures

        fut: concurrent.futures.Future = concurrent.futures.Future()
        self.loop.call_soon_threadsafe(lambda: fut.set_result(fn()))
        return fut.result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


def until(condition, seconds: float = 15.0) -> bool:
    """Wait for a table server's thread to reach ``condition`` (read from the test's thread)."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.01)
    return True
