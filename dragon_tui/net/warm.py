"""Sessions that start at once: a warm worker that has the app imported, forked per connection.

A fresh Python importing Textual and the games costs ~0.3 s of CPU, so eight players arriving
together on two cores wait seconds for their first screen. Instead the SSH server starts one
*warm worker* (``python -m dragon_tui.remote.warm_worker``) which imports everything once and waits. For
each session the server hands it the pty's slave end (over a Unix socket, SCM_RIGHTS) with the
session's environment; the worker forks, and the child — a process of its own, as before —
becomes a session leader on that terminal, replaces its whole environment with the one the
server filtered for it, and runs the app. Children share the worker's imported pages copy-on-
write (``gc.freeze`` keeps the collector from touching them), so a session's private memory is
small.

The security model is the one of a spawned child: one process per player in its own session
(the server's ``killpg`` hangs it up), an environment built by the server from ``PASS_ENV``
only (the worker itself runs with nothing more), and a parent-death signal chain (SIGKILL: server →
worker → child, as for spawned apps) so nothing outlives the server, even under ``nohup``. The worker holds no secret and reads no input
but the server's socket. What the children do share with each other is what any fork shares:
the interpreter's hash seed (the ``random`` module reseeds itself in every child).

Messages (JSON, one per SOCK_SEQPACKET datagram): server → worker ``{"env": {...}}`` with the
slave fd; worker → server ``{"ready": true}``, ``{"pid": n}`` per fork, and ``{"exited": pid,
"rc": code}`` when the worker reaps a child.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys

MAX_MESSAGE = 1 << 16
READY_TIMEOUT = 60.0
#: The worker's own code imports the app, so it lives on the app's side (:mod:`dragon_tui.remote`):
#: the server only starts it by name.
WORKER_MODULE = "dragon_tui.remote.warm_worker"


class WarmError(Exception):
    """The warm worker is not available (not started, died, or refused)."""


class ForkedChild:
    """A session forked by the warm worker, with the part of ``asyncio.subprocess.Process``
    the SSH server uses: ``pid``, ``returncode``, ``wait()``, ``send_signal()``."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        self._done = asyncio.get_running_loop().create_future()

    def _exited(self, rc: int) -> None:
        if self.returncode is None:
            self.returncode = rc
        if not self._done.done():
            self._done.set_result(rc)

    async def wait(self) -> int:
        return await asyncio.shield(self._done)

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)


class WarmWorker:
    """The server's handle on the warm worker process."""

    def __init__(self) -> None:
        self.process: asyncio.subprocess.Process | None = None
        self.sock: socket.socket | None = None
        self.children: dict[int, ForkedChild] = {}
        self.ready: asyncio.Future | None = None
        self._pid_replies: asyncio.Queue = asyncio.Queue()
        self._lock = asyncio.Lock()
        self.dead = False

    @classmethod
    async def start(cls, env: dict[str, str], preexec_fn=None) -> WarmWorker:
        self = cls()
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", WORKER_MODULE, str(theirs.fileno()),
                pass_fds=[theirs.fileno()], env=env, stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.DEVNULL, start_new_session=True, preexec_fn=preexec_fn,
            )
        finally:
            theirs.close()
        ours.setblocking(False)
        self.sock = ours
        self.ready = loop.create_future()
        loop.add_reader(ours.fileno(), self._readable)
        return self

    async def wait_ready(self, timeout: float = READY_TIMEOUT) -> None:
        assert self.ready is not None
        try:
            await asyncio.wait_for(asyncio.shield(self.ready), timeout)
        except asyncio.TimeoutError:
            raise WarmError("The warm worker did not get ready.") from None

    def _readable(self) -> None:
        assert self.sock is not None
        while True:
            try:
                data = self.sock.recv(MAX_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._died()
                return
            try:
                msg = json.loads(data)
            except ValueError:
                continue
            if msg.get("ready") and self.ready is not None and not self.ready.done():
                self.ready.set_result(True)
            elif "pid" in msg or "error" in msg:
                self._pid_replies.put_nowait(msg)
            elif "exited" in msg:
                child = self.children.pop(int(msg["exited"]), None)
                if child is not None:
                    child._exited(int(msg["rc"]))

    def _died(self) -> None:
        """The worker is gone: the kernel killed its children (parent-death signal)."""
        self.dead = True
        if self.sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.sock.fileno())
        if self.ready is not None and not self.ready.done():
            self.ready.set_exception(WarmError("The warm worker exited while warming up."))
            self.ready.exception()  # whoever waits next still gets it; no "never retrieved" noise
        self._pid_replies.put_nowait({"error": "The warm worker exited."})
        for child in list(self.children.values()):
            child._exited(-signal.SIGKILL)
        self.children.clear()

    async def spawn(self, slave_fd: int, env: dict[str, str], timeout: float = 10.0) -> ForkedChild:
        """Fork a session on the terminal ``slave_fd`` with exactly ``env`` as its environment."""
        if self.dead or self.sock is None:
            raise WarmError("The warm worker is not running.")
        await self.wait_ready()
        async with self._lock:  # one fork at a time: replies come back in order
            try:
                socket.send_fds(self.sock, [json.dumps({"env": env}).encode()], [slave_fd])
            except OSError as exc:
                raise WarmError(f"The warm worker is not reachable ({exc}).") from None
            try:
                reply = await asyncio.wait_for(self._pid_replies.get(), timeout)
            except asyncio.TimeoutError:
                raise WarmError("The warm worker did not fork in time.") from None
        if "pid" not in reply:
            raise WarmError(str(reply.get("error", "The warm worker refused.")))
        child = ForkedChild(int(reply["pid"]))
        self.children[child.pid] = child
        return child

    async def close(self) -> None:
        if self.sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()  # the worker sees the end of its socket and leaves
            self.sock = None
        if self.process is not None and self.process.returncode is None:
            try:
                await asyncio.wait_for(self.process.wait(), 5)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        self.dead = True
