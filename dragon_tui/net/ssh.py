"""The SSH server: every connection gets its own app process in a pseudo-terminal.

Shape (verified in the prototype, ``reference/textual_ecosystem.md`` §4b): asyncssh accepts the
connection; a shell request with a pty starts ``python -m dragon_tui.net.play`` on a fresh pty
with the client's TERM and window size; bytes are pumped both ways; a window change resizes the
pty and signals the child; when the client goes, the child is hung up (SIGHUP to its process
group), then killed after a grace period, and reaped. Children also get SIGHUP from the kernel
if this server dies (PR_SET_PDEATHSIG), so no app is ever left behind.

Only the app runs: exec requests, subsystems (SFTP), SCP, port/agent/X11 forwarding are refused.
"""

from __future__ import annotations

import asyncio
import ctypes
import fcntl
import hashlib
import os
import pty
import re
import signal
import struct
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from ..session import storage

HOST_KEY_NAME = "ssh_host_ed25519_key"
CHILD_MODULE = "dragon_tui.net.play"
KILL_GRACE = 3.0
#: Environment variables passed on to an app from the server's own environment (nothing else:
#: the server's secrets stay with the server).
PASS_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "VIRTUAL_ENV", "TMPDIR", "TZ")


@dataclass
class Limits:
    max_sessions: int = 32
    per_address: int = 4
    idle_timeout: float = 30 * 60.0
    login_timeout: float = 30.0


@dataclass
class SSHOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None  # None: open mode, anyone enters with a chosen name
    limits: Limits = field(default_factory=Limits)
    tables_socket: Path | None = None
    child_command: list[str] | None = None  # tests may run something else in the pty
    #: fork sessions from a warm worker with the app imported (see ``warm``); False: a fresh
    #: Python per session, as before
    warm: bool = True


def player_name(username: str) -> str:
    """The SSH user name, made safe for screens and file names."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "", username or "")[:24].strip(".-")
    return name or "guest"


def host_key(path: Path | None = None) -> asyncssh.SSHKey:
    """The server's host key, created once and kept (clients warn when it changes)."""
    path = path or storage.data_dir() / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519", comment="dragon-tui host key")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    path.with_name(path.name + ".pub").write_bytes(key.export_public_key())
    return key


def _set_winsize(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(rows, 1), max(cols, 1), 0, 0))


def _child_setup() -> None:  # runs in the child between fork and exec
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGHUP)  # PR_SET_PDEATHSIG
        except Exception:
            pass


class _Server(asyncssh.SSHServer):
    """Authentication, per-address limits and the refusal of every kind of forwarding."""

    def __init__(self, owner: SSHServer) -> None:
        self.owner = owner
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        count = self.owner.per_address.get(self.address, 0) + 1
        self.owner.per_address[self.address] = count
        if count > self.owner.options.limits.per_address:
            asyncio.get_running_loop().call_soon(
                conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, "Too many connections from your address."
            )

    def connection_lost(self, exc: Exception | None) -> None:
        count = self.owner.per_address.get(self.address, 1) - 1
        if count <= 0:
            self.owner.per_address.pop(self.address, None)
        else:
            self.owner.per_address[self.address] = count

    def begin_auth(self, username: str) -> bool:
        # Open mode: no authentication, the user name is the player's name.
        return self.owner.options.authorized_keys is not None

    def public_key_auth_supported(self) -> bool:
        return self.owner.options.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.owner.authorized_keys()
        ok = keys is not None and keys.validate(key, "", self.address) is not None
        if ok and self.conn is not None:
            self.conn.set_extra_info(dragon_key=key.get_fingerprint("sha256"))
        return ok

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    # Forwarding of any kind: refused (the defaults refuse too; stated here on purpose).
    def connection_requested(self, *args, **kwargs):
        return False

    def server_requested(self, *args, **kwargs):
        return False

    def unix_connection_requested(self, *args, **kwargs):
        return False

    def unix_server_requested(self, *args, **kwargs):
        return False


class SSHServer:
    def __init__(self, options: SSHOptions) -> None:
        self.options = options
        self.per_address: dict[str, int] = {}
        self.children: dict[int, asyncio.subprocess.Process] = {}
        self.sessions_started = 0
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._keys_mtime = -1.0
        self._handlers: set[asyncio.Task] = set()
        self.warm = None  # the warm worker, when sessions are forked from one

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        if self.options.authorized_keys is not None and self.authorized_keys() is None:
            raise ValueError(f"No usable keys in {self.options.authorized_keys}.")
        if self.options.warm and self.options.child_command is None:
            from .warm import WarmWorker

            env = _base_env()
            env["DRAGON_TUI_HOME"] = str(storage.data_dir())
            self.warm = await WarmWorker.start(env, preexec_fn=_child_setup)
        self._acceptor = await asyncssh.create_server(
            lambda: _Server(self),
            self.options.host,
            self.options.port,
            server_host_keys=[host_key()],
            process_factory=self._handle,
            encoding=None,
            allow_scp=False,
            sftp_factory=None,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_pty=True,
            line_editor=False,
            login_timeout=self.options.limits.login_timeout,
            keepalive_interval=60,
            keepalive_count_max=3,
        )

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    async def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for task in list(self._handlers):
            task.cancel()
        for child in list(self.children.values()):
            await _end_child(child)
        if self.warm is not None:
            await self.warm.close()

    def authorized_keys(self) -> asyncssh.SSHAuthorizedKeys | None:
        """The authorized keys file, re-read when it changes (add a friend without a restart)."""
        path = self.options.authorized_keys
        if path is None:
            return None
        try:
            mtime = path.stat().st_mtime
            if mtime != self._keys_mtime:
                self._keys = asyncssh.read_authorized_keys(str(path))
                self._keys_mtime = mtime
        except (OSError, ValueError, asyncssh.KeyImportError):
            self._keys = None
        return self._keys

    # ------------------------------------------------------------------ sessions
    async def _handle(self, process: asyncssh.SSHServerProcess) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        try:
            await self._session(process)
        finally:
            if task is not None:
                self._handlers.discard(task)

    def _refuse(self, process: asyncssh.SSHServerProcess, text: str, status: int = 1) -> None:
        try:
            process.stderr.write((text + "\r\n").encode())
            process.exit(status)
        except Exception:
            pass

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        if process.command is not None or process.subsystem is not None:
            self._refuse(process, "This server only runs Dragon TUI: connect with plain 'ssh -t', no command.")
            return
        term = process.get_terminal_type()
        if not term:
            self._refuse(process, "Dragon TUI needs a terminal: connect with 'ssh -t'.")
            return
        if len(self.children) >= self.options.limits.max_sessions:
            self._refuse(process, "The server is full; try again later.")
            return
        conn = process.channel.get_connection()
        name = player_name(process.get_extra_info("username") or "")
        cols, rows, _, _ = process.get_terminal_size()
        env = _base_env()
        env["TERM"] = term
        if str(process.env.get("COLORTERM", "")) in ("truecolor", "24bit"):
            env["COLORTERM"] = str(process.env["COLORTERM"])
        env["DRAGON_TUI_PLAYER"] = name
        key = conn.get_extra_info("dragon_key")
        folder = name if not key else f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"
        env["DRAGON_TUI_HOME"] = str(storage.data_dir() / "players" / folder)
        if key:
            env["DRAGON_TUI_KEY"] = str(key)  # the identity the table server records
        if self.options.tables_socket is not None:
            env["DRAGON_TUI_TABLES"] = str(self.options.tables_socket)
        env["COLUMNS"], env["LINES"] = str(cols), str(rows)

        master, slave = pty.openpty()
        _set_winsize(master, cols, rows)
        command = self.options.child_command or [sys.executable, "-m", CHILD_MODULE]
        try:
            child = await self._fork_warm(slave, env)
            if child is None:
                child = await asyncio.create_subprocess_exec(
                    *command, stdin=slave, stdout=slave, stderr=slave, env=env,
                    start_new_session=True, preexec_fn=_child_setup, close_fds=True,
                )
        except OSError as exc:
            os.close(master)
            os.close(slave)
            self._refuse(process, f"The game could not start: {exc}")
            return
        os.close(slave)
        self.children[child.pid] = child
        self.sessions_started += 1
        try:
            await _Pump(process, child, master, self.options.limits.idle_timeout).run()
        finally:
            self.children.pop(child.pid, None)


    async def _fork_warm(self, slave: int, env: dict[str, str]):
        """The session forked from the warm worker, or None to spawn a fresh Python (no
        worker, or it failed: sessions still start, only slower)."""
        if self.warm is None:
            return None
        from .warm import WarmError

        try:
            return await self.warm.spawn(slave, env)
        except WarmError as exc:
            print(f"dragon-tui: warm worker unavailable ({exc}); starting sessions cold.", file=sys.stderr)
            worker, self.warm = self.warm, None
            asyncio.get_running_loop().create_task(worker.close())
            return None


def _base_env() -> dict[str, str]:
    """What an app process gets from the server's environment: ``PASS_ENV`` only."""
    env = {k: os.environ[k] for k in PASS_ENV if k in os.environ}
    env.setdefault("LANG", "C.UTF-8")
    return env


async def _end_child(child: asyncio.subprocess.Process) -> None:
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


class _Pump:
    """Bytes between the SSH channel and the pty master, window changes, idle timeout."""

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

    # child → client
    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self.loop.remove_reader(self.master)
            self.out_closed.set()
            return
        try:
            self.process.stdout.write(data)
        except Exception:
            self.loop.remove_reader(self.master)
            self.out_closed.set()

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

    async def _input(self) -> None:
        while True:
            try:
                data = await self.process.stdin.read(4096)
            except asyncssh.TerminalSizeChanged as change:
                _set_winsize(self.master, change.width, change.height)
                try:
                    os.killpg(self.child.pid, signal.SIGWINCH)
                except (ProcessLookupError, PermissionError):
                    pass
                continue
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except Exception:
                return
            if not data:
                return
            self.last_input = time.monotonic()
            self._write(data)

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
        os.set_blocking(self.master, False)
        self.loop.add_reader(self.master, self._readable)
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
                try:
                    await asyncio.wait_for(self.out_closed.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
        finally:
            for task, name in tasks.items():
                if name != "closed" and not task.done():
                    task.cancel()
            self.loop.remove_reader(self.master)
            if self.writing:
                self.loop.remove_writer(self.master)
            await _end_child(self.child)
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
