"""The warm worker's own side (see :mod:`dragon_tui.net.warm` for the why and the protocol):
``python -m dragon_tui.remote.warm_worker FD`` imports the app and starts it once headless,
then forks a session per request from the server, each becoming a session leader on the
terminal it was handed and running :mod:`.play`. It lives with the app, not the server: the
server package never imports the app, it only starts this module by name."""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import json
import os
import signal
import socket
import sys
from typing import Any

from ..net.warm import MAX_MESSAGE


def _warm_up() -> None:
    """Import what a session needs before its first paint (the point of the worker)."""
    import dragon_tui.net.client  # noqa: F401
    import dragon_tui.remote.play  # noqa: F401
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

    from dragon_tui.remote.play import ServedApp

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
        sys.argv = ["-m", "dragon_tui.remote.play"]
        streams = []
        for fd, mode in ((0, "rb"), (1, "wb"), (2, "wb")):
            raw = io.open(fd, mode, buffering=0, closefd=False)
            streams.append(io.TextIOWrapper(io.BufferedReader(raw) if "r" in mode else io.BufferedWriter(raw),
                                            encoding="utf-8", errors="surrogateescape" if fd < 2 else "backslashreplace",
                                            line_buffering=fd > 0, write_through=fd == 2))
        sys.stdin, sys.stdout, sys.stderr = streams
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = streams  # type: ignore[misc]
        from dragon_tui.remote.play import main as play

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
