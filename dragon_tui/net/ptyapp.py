"""An app on a pseudo-terminal, for one SSH session: starting it (:func:`spawn_in_pty`), the
pump that moves bytes between the SSH channel and the pty (:class:`Pump`), and ending it
(:func:`end_child`). Kept apart from the server's connection handling in :mod:`.ssh`, so how an
app process is obtained (spawned here, or forked from the warm worker of :mod:`.warm`) can change
without touching either.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import signal
import struct
import termios
import time
from typing import Any, Awaitable, Callable

import asyncssh

from .apps import child_setup_for, clamp_size

KILL_GRACE = 3.0
#: Window changes reach the app at most this often (a storm of them is coalesced).
RESIZE_EVERY = 0.1
#: Output waiting for a slow client; above it the app's output is not read until it drains.
OUTPUT_HIGH = 256 * 1024


def set_winsize(fd: int, cols: int, rows: int) -> None:
    cols, rows = clamp_size(cols, rows)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


#: Another way to start the app on a pty's slave end with an environment (the warm worker's
#: fork, :mod:`.warm`); it returns None when it cannot, and the app is spawned instead.
Fork = Callable[[int, dict[str, str]], Awaitable[Any]]


async def spawn_in_pty(command: list[str], env: dict[str, str], cols: int, rows: int,
                       fork: Fork | None = None) -> tuple[asyncio.subprocess.Process, int]:
    """Start the app on a new pty of ``cols``×``rows`` (clamped): the child and the pty's
    master end. ``fork`` is tried first (a session forked from the warm worker, with exactly
    ``env``); without it, or when it gives None, ``command`` is spawned. On any failure every
    descriptor is closed again (a leak per failed attempt would soon leave the server unable to
    open anything)."""
    master, slave = pty.openpty()
    try:
        set_winsize(master, cols, rows)
        child = await fork(slave, env) if fork is not None else None
        if child is None:
            child = await asyncio.create_subprocess_exec(
                *command, stdin=slave, stdout=slave, stderr=slave, env=env,
                start_new_session=True, preexec_fn=child_setup_for(os.getpid()), close_fds=True,
            )
    except BaseException:
        os.close(master)
        raise
    finally:
        os.close(slave)
    return child, master


async def end_child(child: asyncio.subprocess.Process) -> None:
    """Hang up on the app, then kill it if it lingers; always reap it."""
    if child.returncode is None:
        for sig, wait in ((signal.SIGHUP, KILL_GRACE), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(child.pid, sig)
            except ProcessLookupError:
                break
            except PermissionError:
                child.send_signal(sig)
            try:
                await asyncio.wait_for(child.wait(), wait)
                break
            except asyncio.TimeoutError:
                continue
    else:
        try:  # the app left; anything it started in its group goes too
            os.killpg(child.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


class Pump:
    """Bytes between the SSH channel and the pty master, window changes, idle timeout.

    Backpressure: when more than :data:`OUTPUT_HIGH` bytes wait for a client that does not
    read, the app's output is left unread until the channel drains (the app then blocks on its
    terminal, as it would on a slow line) — the server's memory does not grow.
    Window changes are coalesced: the latest size reaches the app at most every
    :data:`RESIZE_EVERY` seconds, however many the client sends."""

    def __init__(self, process: asyncssh.SSHServerProcess, child: asyncio.subprocess.Process,
                 master: int, idle_timeout: float) -> None:
        self.process = process
        self.child = child
        self.master = master
        self.idle_timeout = idle_timeout
        self.last_input = time.monotonic()
        self.loop = asyncio.get_running_loop()
        self.out_closed = asyncio.Event()
        self.pending = bytearray()
        self.writing = False
        self.reading = False
        self._drainer: asyncio.Task | None = None
        self._size: tuple[int, int] | None = None
        self._resize: asyncio.TimerHandle | None = None

    # child → client
    def _start_reading(self) -> None:
        if not self.reading and not self.out_closed.is_set():
            self.reading = True
            self.loop.add_reader(self.master, self._readable)

    def _stop_reading(self) -> None:
        if self.reading:
            self.reading = False
            self.loop.remove_reader(self.master)

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self._stop_reading()
            self.out_closed.set()
            return
        try:
            self.process.stdout.write(data)
        except Exception:
            self._stop_reading()
            self.out_closed.set()
            return
        if self.process.channel.get_write_buffer_size() > OUTPUT_HIGH:
            self._stop_reading()
            self._drainer = self.loop.create_task(self._drain())

    async def _drain(self) -> None:
        try:
            await self.process.stdout.drain()
        except Exception:
            return
        self._start_reading()

    # client → child
    def _write(self, data: bytes) -> None:
        self.pending += data
        self._flush()

    def _flush(self) -> None:
        while self.pending:
            try:
                n = os.write(self.master, self.pending)
            except BlockingIOError:
                break
            except OSError:
                self.pending.clear()
                break
            del self.pending[:n]
        if self.pending and not self.writing:
            self.writing = True
            self.loop.add_writer(self.master, self._flush)
        elif not self.pending and self.writing:
            self.writing = False
            self.loop.remove_writer(self.master)

    def _window_changed(self, cols: int, rows: int) -> None:
        self._size = clamp_size(cols, rows)
        if self._resize is None:
            self._resize = self.loop.call_later(RESIZE_EVERY, self._apply_size)

    def _apply_size(self) -> None:
        self._resize = None
        if self._size is None:
            return
        cols, rows = self._size
        self._size = None
        try:
            set_winsize(self.master, cols, rows)
            os.killpg(self.child.pid, signal.SIGWINCH)
        except OSError:
            pass

    async def _input(self) -> None:
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                self._window_changed(change.width, change.height)
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except Exception:
                return
            if not data:
                return
            self.last_input = time.monotonic()
            self._write(data)
            if len(self.pending) > OUTPUT_HIGH:  # the app does not read: neither do we
                while self.pending and self.writing:
                    await asyncio.sleep(0.05)

    async def _idle(self) -> None:
        while True:
            left = self.last_input + self.idle_timeout - time.monotonic()
            if left <= 0:
                try:
                    self.process.stdout.write(b"\r\n\r\nDisconnected: idle for too long.\r\n")
                except Exception:
                    pass
                return
            await asyncio.sleep(min(left, 30.0))

    async def run(self) -> None:
        try:
            os.set_blocking(self.master, False)
            self._start_reading()
        except BaseException:
            os.close(self.master)
            await end_child(self.child)
            raise
        tasks = {
            asyncio.ensure_future(self.child.wait()): "exited",
            asyncio.ensure_future(self._input()): "client",
            asyncio.ensure_future(self._idle()): "idle",
            asyncio.ensure_future(self.process.wait_closed()): "closed",
        }
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            why = tasks[next(iter(done))]
            if why == "exited":
                # Let the app's last screen (the terminal reset) reach the client.
                self._start_reading()
                try:
                    await asyncio.wait_for(self.out_closed.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
        finally:
            for task, name in tasks.items():
                if name != "closed" and not task.done():
                    task.cancel()
            if self._drainer is not None:
                self._drainer.cancel()
            if self._resize is not None:
                self._resize.cancel()
            self._stop_reading()
            if self.writing:
                self.loop.remove_writer(self.master)
            await end_child(self.child)
            os.close(self.master)
            rc = self.child.returncode
            try:
                self.process.exit(rc if rc is not None and rc >= 0 else 0)
            except Exception:
                pass
            closed = next(t for t, n in tasks.items() if n == "closed")
            try:
                await asyncio.wait_for(closed, 5.0)
            except (asyncio.TimeoutError, Exception):
                pass
