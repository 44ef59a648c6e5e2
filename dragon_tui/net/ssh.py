"""The SSH server: every connection gets its own app process in a pseudo-terminal.

Shape (verified in the prototype, ``reference/textual_ecosystem.md`` §4b): asyncssh accepts the
connection; a shell request with a pty starts ``python -m dragon_tui.remote.play`` on a fresh pty
with the client's TERM and (clamped) window size; bytes are pumped both ways, with
backpressure; window changes are coalesced, then resize the pty and signal the child; when the
client goes, the child is hung up (SIGHUP to its process group), then killed after a grace
period, and reaped. Children are killed by the kernel if this server dies
(``PR_SET_PDEATHSIG``), so no app is ever left behind. The pty side lives in :mod:`.ptyapp`.

Only the app runs: exec requests, subsystems (SFTP), SCP, port/agent/X11 forwarding are refused.

What one client can spend is bounded: :class:`Limits` caps sessions in total and per address
(counted when a session starts, before anything is awaited, so sessions opened at once cannot
slip through together), channels per connection (like OpenSSH's MaxSessions), connections per
address, connections not logged in yet from all addresses together (OpenSSH's MaxStartups, with
random early drop: :mod:`.startups`), and the time a connection may stay open without running
the app.
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import os
import re
import resource
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import asyncssh

from ..session import storage
from .identity import TICKET_ENV, Tickets
from .apps import PASS_ENV, SessionSlots, app_command, app_environment, child_setup_for, clamp_size, valid_term
from .startups import MaxStartups, Startups
from .ptyapp import OUTPUT_HIGH, Pump, end_child, spawn_in_pty
from .server_private import server_process

__all__ = ["OUTPUT_HIGH", "Limits", "SSHOptions", "SSHServer", "key_names", "player_name"]

HOST_KEY_NAME = "ssh_host_ed25519_key"


@dataclass
class Limits:
    max_sessions: int = 32
    per_address: int = 4  # connections, and sessions, from one address
    idle_timeout: float = 30 * 60.0
    login_timeout: float = 30.0
    per_connection: int = 3  # channels one connection may have open (OpenSSH: MaxSessions)
    no_session_timeout: float = 60.0  # a connection running no app is closed after this
    #: connections not logged in yet, all addresses together (OpenSSH: MaxStartups); scaled
    #: down at start to the process's descriptor limit
    startups: MaxStartups = field(default_factory=MaxStartups)


@dataclass
class SSHOptions:
    host: str = "127.0.0.1"
    port: int = 2222
    authorized_keys: Path | None = None  # None: open mode, anyone enters with a chosen name
    limits: Limits = field(default_factory=Limits)
    tables_socket: Path | None = None
    #: the table server's session tickets: each app gets one for its player, key and address
    tickets: Tickets | None = None
    child_command: list[str] | None = None  # tests may run something else in the pty
    #: fork sessions from a warm worker with the app imported (see ``warm``); False: a fresh
    #: Python per session, as before
    warm: bool = True
    #: the club-wide limit per player (a cluster's database): ``admit(player)`` gives a ticket,
    #: or None when the player has too many sessions across the club; ``release(ticket)``
    admit: Callable[[str], Any] | None = None
    release: Callable[[Any], None] | None = None


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


# ---------------------------------------------------------------------- keys mode: names
_KEY_PART = re.compile(r"(?:^|\s)((?:ssh|ecdsa|sk)-[A-Za-z0-9@.+-]+)\s+([A-Za-z0-9+/]+=*)(?:\s+(.*))?$")
_PRINCIPALS = re.compile(r'principals="([^"]*)"')


def _fingerprint_name(fingerprint: str) -> str:
    return "key-" + hashlib.sha256(fingerprint.encode()).hexdigest()[:6]


def key_names(text: str) -> dict[str, list[str]]:
    """For each key of an authorized_keys file (by SHA256 fingerprint), the player names it may
    use: those of its ``principals="ana,anna"`` option, else the user part of its comment
    (``ana@laptop`` → ``ana``), else one made from its fingerprint. A key never plays under a
    name it was not registered with."""
    names: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip()
        match = _KEY_PART.search(line) if line and not line.startswith("#") else None
        if match is None:
            continue
        try:
            key = asyncssh.import_public_key(f"{match.group(1)} {match.group(2)}")
        except (asyncssh.KeyImportError, ValueError):
            continue
        fingerprint = key.get_fingerprint("sha256")
        principals = _PRINCIPALS.search(line[: match.start(1)])
        comment = (match.group(3) or "").strip()
        if principals:
            allowed = [player_name(p) for p in principals.group(1).split(",") if p.strip()]
        elif comment:
            allowed = [player_name(comment.split("@", 1)[0].split()[0])]
        else:
            allowed = [_fingerprint_name(fingerprint)]
        names.setdefault(fingerprint, []).extend(n for n in allowed if n not in names.get(fingerprint, []))
    return names


class _Session(server_process()):
    """One channel of a connection; it gives its place back when it closes."""

    def __init__(self, server: _Server) -> None:
        super().__init__(server.owner._handle, server.channel_closed)
        self.connection_owner = server


class _Server(asyncssh.SSHServer):
    """One connection: authentication, its channels, its no-session timer, and the refusal of
    every kind of forwarding."""

    def __init__(self, owner: SSHServer) -> None:
        self.owner = owner
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.channels = 0  # open session channels
        self.running = 0  # apps running for this connection
        self._no_session: asyncio.TimerHandle | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = peer[0] if peer else "?"
        count = self.owner.per_address.get(self.address, 0) + 1
        self.owner.per_address[self.address] = count
        loop = asyncio.get_running_loop()
        if count > self.owner.options.limits.per_address:
            loop.call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                           "Too many connections from your address.")
        else:
            admitted, displaced = self.owner.startups.admit(self, self.address)
            if not admitted:
                loop.call_soon(conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                               "Too many logins in progress; try again shortly.")
            if displaced is not None and displaced.conn is not None:
                loop.call_soon(displaced.conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS,
                               "Too many logins in progress; try again shortly.")
        self._arm_no_session_timer()

    def auth_completed(self) -> None:
        self.owner.startups.done(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.owner.startups.done(self)
        if self._no_session is not None:
            self._no_session.cancel()
        count = self.owner.per_address.get(self.address, 1) - 1
        if count <= 0:
            self.owner.per_address.pop(self.address, None)
        else:
            self.owner.per_address[self.address] = count

    # ---------------------------------------------------------------- channels and apps
    def session_requested(self):
        """A new channel: refused beyond ``per_connection`` open ones (each costs memory even
        before it asks for a shell)."""
        if self.channels >= self.owner.options.limits.per_connection:
            return False
        self.channels += 1
        return _Session(self)

    def channel_closed(self) -> None:
        self.channels -= 1

    def app_started(self) -> None:
        self.running += 1
        if self._no_session is not None:
            self._no_session.cancel()
            self._no_session = None

    def app_ended(self) -> None:
        self.running -= 1
        if self.running <= 0:
            self._arm_no_session_timer()

    def _arm_no_session_timer(self) -> None:
        """A connection that runs no app (``ssh -N``, or one whose game ended) holds a slot of
        its address: it is closed after ``no_session_timeout``."""
        if self._no_session is not None:
            self._no_session.cancel()
        self._no_session = asyncio.get_running_loop().call_later(
            self.owner.options.limits.no_session_timeout, self._no_session_expired)

    def _no_session_expired(self) -> None:
        self._no_session = None
        if self.running <= 0 and self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION, "No game was started on this connection.")

    # ---------------------------------------------------------------- authentication
    def begin_auth(self, username: str) -> bool:
        # Open mode: no authentication, the user name is the player's name.
        return self.owner.options.authorized_keys is not None

    def public_key_auth_supported(self) -> bool:
        return self.owner.options.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.owner.authorized_keys()
        ok = keys is not None and keys.validate(key, "", self.address) is not None
        if ok and self.conn is not None:
            fingerprint = key.get_fingerprint("sha256")
            # a key the names table does not know (an unusual line): a name from the key alone
            allowed = self.owner.key_names.get(fingerprint) or [_fingerprint_name(fingerprint)]
            wanted = player_name(username)
            # a key plays only under a name it was registered with
            self.conn.set_extra_info(dragon_key=fingerprint, dragon_name=wanted if wanted in allowed else allowed[0])
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
        self.per_address: dict[str, int] = {}  # open connections per address
        #: connections not logged in yet (the cap is scaled to the descriptor limit at start)
        self.startups = Startups(options.limits.startups)
        self.slots = SessionSlots()
        self.children: dict[int, asyncio.subprocess.Process] = {}
        self.pumps: set[Pump] = set()  # the running sessions' pumps (buffers, for monitoring)
        self.sessions_started = 0
        self.key_names: dict[str, list[str]] = {}
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._keys: asyncssh.SSHAuthorizedKeys | None = None
        self._keys_mtime = -1.0
        self._handlers: set[asyncio.Task] = set()
        self.warm = None  # the warm worker, when sessions are forked from one
        self.draining = False  # SIGTERM: no new sessions, the running ones are told and given time

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        if self.options.authorized_keys is not None and self.authorized_keys() is None:
            raise ValueError(f"No usable keys in {self.options.authorized_keys}.")
        self.startups.limits = self.options.limits.startups.scaled(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        if self.options.warm and self.options.child_command is None:
            from .warm import WarmWorker

            env = {k: os.environ[k] for k in PASS_ENV if k in os.environ}
            env.setdefault("LANG", "C.UTF-8")
            env["DRAGON_TUI_HOME"] = str(storage.data_dir())
            self.warm = await WarmWorker.start(env, preexec_fn=child_setup_for(os.getpid()))
        self._acceptor = await asyncssh.create_server(
            lambda: _Server(self),
            self.options.host,
            self.options.port,
            server_host_keys=[host_key()],
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

    async def drain(self, notice: str, grace: float) -> None:
        """Stop taking sessions, tell the running ones ``notice`` (on the top line of their
        screen) and give them ``grace`` seconds to finish before :meth:`close` ends them."""
        self.draining = True
        if self._acceptor is not None:
            self._acceptor.close()
        line = f"\x1b7\x1b[1;1H\x1b[2K\x1b[7m {notice} \x1b[0m\x1b8".encode()
        for pump in list(self.pumps):
            try:
                pump.process.stdout.write(line)
            except Exception:
                pass
        end = asyncio.get_running_loop().time() + grace
        while self.children and asyncio.get_running_loop().time() < end:
            await asyncio.sleep(0.1)

    async def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for task in list(self._handlers):
            task.cancel()
        for child in list(self.children.values()):
            await end_child(child)
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
                self.key_names = key_names(path.read_text(encoding="utf-8", errors="replace"))
                self._keys_mtime = mtime
        except (OSError, ValueError, asyncssh.KeyImportError):
            self._keys = None
            self.key_names = {}
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

    @property
    def sessions(self) -> int:
        """Sessions holding a slot (starting or running)."""
        return self.slots.count

    def _reserve(self, address: str) -> str | None:
        limits = self.options.limits
        return self.slots.take(address, limits.max_sessions, limits.per_address)

    def _release(self, address: str) -> None:
        self.slots.give_back(address)

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        if process.command is not None or process.subsystem is not None:
            self._refuse(process, "This server only runs Dragon TUI: connect with plain 'ssh -t', no command.")
            return
        term = process.get_terminal_type()
        if not term:
            self._refuse(process, "Dragon TUI needs a terminal: connect with 'ssh -t'.")
            return
        if not valid_term(term):
            self._refuse(process, "Your terminal type (TERM) is not a plain name; try TERM=xterm-256color.")
            return
        if self.draining:
            self._refuse(process, "This server is shutting down; connect again (to another node of the club).")
            return
        owner: _Server = process.connection_owner  # type: ignore[attr-defined]  # a _Session
        address = owner.address
        refused = self._reserve(address)
        if refused:
            self._refuse(process, refused)
            return
        ticket = None
        if self.options.admit is not None:
            conn = owner.conn
            name = conn.get_extra_info("dragon_name") or player_name(process.get_extra_info("username") or "")
            ticket = self.options.admit(name)
            if inspect.isawaitable(ticket):  # the club asks its database, off the event loop
                ticket = await ticket
            if ticket is None:
                self._release(address)
                self._refuse(process, "You have too many games open across the club; close one first.")
                return
        owner.app_started()
        try:
            await self._run_app(process, owner.conn, term)
        finally:
            owner.app_ended()
            self._release(address)
            if ticket is not None and self.options.release is not None:
                self.options.release(ticket)

    def _environment(self, process: asyncssh.SSHServerProcess, conn, term: str, cols: int, rows: int) -> dict[str, str]:
        key = conn.get_extra_info("dragon_key")
        name = conn.get_extra_info("dragon_name") or player_name(process.get_extra_info("username") or "")
        folder = name if not key else f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:8]}"
        extra = {"TERM": term}
        if key:
            extra["DRAGON_TUI_KEY"] = str(key)  # the identity the table server records
        if self.options.tickets is not None:  # what the table server believes about this session
            extra[TICKET_ENV] = self.options.tickets.issue(name, str(key) if key else None,
                                                           process.connection_owner.address)
        if str(process.env.get("COLORTERM", "")) in ("truecolor", "24bit"):
            extra["COLORTERM"] = str(process.env["COLORTERM"])
        return app_environment(name, storage.data_dir() / "players" / folder, self.options.tables_socket,
                               cols, rows, **extra)

    async def _run_app(self, process: asyncssh.SSHServerProcess, conn, term: str) -> None:
        width, height, _, _ = process.get_terminal_size()
        cols, rows = clamp_size(width, height)
        env = self._environment(process, conn, term, cols, rows)
        command = self.options.child_command or app_command()
        try:
            child, master = await spawn_in_pty(command, env, cols, rows, fork=self._fork_warm)
        except (OSError, ValueError) as exc:
            self._refuse(process, f"The game could not start: {exc}")
            return
        self.children[child.pid] = child
        self.sessions_started += 1
        pump = Pump(process, child, master, self.options.limits.idle_timeout)
        self.pumps.add(pump)
        try:
            await pump.run()
        finally:
            self.pumps.discard(pump)
            self.children.pop(child.pid, None)

    async def _fork_warm(self, slave: int, env: dict[str, str]):
        """The session forked from the warm worker on the terminal ``slave``, or None to spawn
        a fresh Python (no worker, or it failed: sessions still start, only slower)."""
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
