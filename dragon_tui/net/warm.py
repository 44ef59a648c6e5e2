"""Sessions that start at once: a warm worker that has the app imported, forked per connection.

A fresh Python importing Textual and the games costs ~0.3 s of CPU, so eight players arriving
together on two cores wait seconds for their first screen. Instead the SSH server starts one
*warm worker* (``python -m dragon_tui.net.warm``) which imports everything once and waits. For
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
import ctypes
import importlib
import json
import os
import signal
import socket
import sys
from typing import Any

MAX_MESSAGE = 1 << 16
READY_TIMEOUT = 60.0


class WarmError(Exception):
    """The warm worker is not available (not started, died, or refused)."""


# ---------------------------------------------------------------------- server side
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
                sys.executable, "-m", "dragon_tui.net.warm", str(theirs.fileno()),
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


# ---------------------------------------------------------------------- worker side
def _warm_up() -> None:
    """Import what a session needs before its first paint (the point of the worker)."""
    import dragon_tui.net.client  # noqa: F401
    import dragon_tui.net.play  # noqa: F401
    import dragon_tui.ui.screens.leaderboard  # noqa: F401
    import dragon_tui.ui.screens.lobby  # noqa: F401
    from dragon_tui.games import GAMES, board_module, get_game

    # The app itself loads these when a game first opens (its own start-up stays light); a
    # session forked from here has them already.
    import dragon_tui.ai  # noqa: F401
    import dragon_tui.ui.screens.game  # noqa: F401

    for game_id in GAMES:
        with contextlib.suppress(Exception):
            get_game(game_id)
            importlib.import_module(board_module(game_id))
    _rehearse()


def _rehearse() -> None:
    """Start the app once, headless, in a scratch data folder: Textual's module-level caches
    (CSS selectors and values, styles) fill here once instead of in every session (a quarter
    of a session's start-up CPU). Forking needs a single thread: refuse to go on otherwise."""
    import asyncio
    import tempfile
    import threading

    from dragon_tui.net.play import ServedApp

    async def run() -> None:
        app = ServedApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()

    old = os.environ.get("DRAGON_TUI_HOME")
    with tempfile.TemporaryDirectory(prefix="dragon-warm-") as home:
        os.environ["DRAGON_TUI_HOME"] = home
        try:
            asyncio.run(run())
        except Exception:  # a cold cache is only slower
            pass
        finally:
            if old is None:
                os.environ.pop("DRAGON_TUI_HOME", None)
            else:
                os.environ["DRAGON_TUI_HOME"] = old
    if threading.active_count() != 1:
        raise SystemExit("dragon-tui warm worker: threads left after warming up; forking would be unsafe.")


def _pdeathsig(parent: int) -> None:
    """Die with ``parent``: SIGKILL from the kernel (works under ``nohup``, where SIGHUP is
    ignored); if the parent is already gone, leave now."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


def _run_session(slave: int, env: dict[str, str], closing: list[int], worker: int) -> None:
    """In the forked child: become the session on ``slave`` and run the app; never returns."""
    code = 1
    try:
        import fcntl
        import io
        import termios

        signal.set_wakeup_fd(-1)
        for sig in (signal.SIGCHLD, signal.SIGHUP, signal.SIGTERM, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        for fd in closing:
            with contextlib.suppress(OSError):
                os.close(fd)
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for target in (0, 1, 2):
            os.dup2(slave, target)
        if slave > 2:
            os.close(slave)
        _pdeathsig(worker)  # the worker's death ends the session
        os.environ.clear()
        os.environ.update(env)
        sys.argv = ["-m", "dragon_tui.net.play"]
        streams = []
        for fd, mode in ((0, "rb"), (1, "wb"), (2, "wb")):
            raw = io.open(fd, mode, buffering=0, closefd=False)
            streams.append(io.TextIOWrapper(io.BufferedReader(raw) if "r" in mode else io.BufferedWriter(raw),
                                            encoding="utf-8", errors="surrogateescape" if fd < 2 else "backslashreplace",
                                            line_buffering=fd > 0, write_through=fd == 2))
        sys.stdin, sys.stdout, sys.stderr = streams
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]
        from dragon_tui.net.play import main as play

        code = play()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        import traceback

        with contextlib.suppress(Exception):
            traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def worker_main(fd: int) -> int:
    import gc
    import selectors

    _pdeathsig(os.getppid())  # the server (already checked by its preexec_fn: a no-op check)
    me = os.getpid()
    sock = socket.socket(fileno=fd)
    _warm_up()
    gc.collect()
    gc.freeze()  # imported objects stay put: the children's pages stay shared
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    os.set_blocking(wake_r, False)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_w)
    sel = selectors.DefaultSelector()
    sel.register(sock, selectors.EVENT_READ)
    sel.register(wake_r, selectors.EVENT_READ)
    sock.send(json.dumps({"ready": True}).encode())

    def send(doc: dict[str, Any]) -> bool:
        try:
            sock.send(json.dumps(doc).encode())
            return True
        except OSError:
            return False

    def reap() -> None:
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            send({"exited": pid, "rc": os.waitstatus_to_exitcode(status)})

    while True:
        for key, _ in sel.select():
            if key.fileobj == wake_r:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake_r, 512)
                reap()
                continue
            try:
                data, fds, _, _ = socket.recv_fds(sock, MAX_MESSAGE, 2)
            except InterruptedError:
                continue
            except OSError:
                data, fds = b"", []
            if not data:  # the server is gone or done: leave (children are killed with it)
                return 0
            try:
                env = json.loads(data)["env"]
                if len(fds) != 1 or not isinstance(env, dict) or not all(
                        isinstance(k, str) and isinstance(v, str) for k, v in env.items()):
                    raise ValueError("a fork request is one terminal and an environment of texts")
            except (ValueError, KeyError, TypeError) as exc:
                for extra in fds:
                    os.close(extra)
                send({"error": str(exc)})
                continue
            try:
                pid = os.fork()
            except OSError as exc:
                os.close(fds[0])
                send({"error": f"fork failed: {exc}"})
                continue
            if pid == 0:
                _run_session(fds[0], env, [sock.fileno(), wake_r, wake_w, sel.fileno()], me)
            os.close(fds[0])
            send({"pid": pid})


if __name__ == "__main__":
    sys.exit(worker_main(int(sys.argv[1])))
