"""Connections and transactions for the server's database: SQLite (the default, a file in the
data folder) or PostgreSQL (``postgresql://…``), through the standard ``sqlite3`` module and
psycopg 3 with plain parameterised SQL.

Why not an ORM or SQLAlchemy Core: the schema is ten tables of plain columns, the two databases
agree on all of it, and the one thing that differs in the queries — the parameter mark — is
translated here (queries are written with ``?``; psycopg gets ``%s``). Plain SQL keeps every
statement visible where it runs, and psycopg is also what the cluster work needs for
PostgreSQL's LISTEN/NOTIFY.

SQLite runs in WAL mode with a busy timeout, so several processes (one per connection, or a
second server by mistake) can read while one writes; write transactions start with
``BEGIN IMMEDIATE`` so two writers queue instead of failing halfway.

Every call has a deadline. A PostgreSQL that stops answering (a stopped or swapped-out server,
a network that drops packets silently) would otherwise hold a call, and whoever waits on it,
for ever: the connection asks the server for a ``statement_timeout`` and TCP keepalives, and a
watchdog thread breaks the socket of a call that outlives :data:`DEADLINE` (on SQLite it
interrupts the statement), so the call fails with :class:`NotAnswering`. The table server runs
these calls off its event loop (``TableServer._db``); the deadline bounds what the caller waits.

The SQLite file and its side files (``-wal``, ``-shm``, ``-journal``) are the club's secrets
(every hidden hand, every secret seed): they are created 0600 whatever the umask, and ones
found with wider modes are tightened when the database is opened.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .schema import LATEST, MIGRATIONS

SQLITE_NAME = "dragon-tui.sqlite3"
BUSY_TIMEOUT_MS = 10_000
#: Arbitrary constant naming the lock nodes take while migrating a PostgreSQL database.
MIGRATION_LOCK = 0x44524147
#: Seconds a call to PostgreSQL may take, waiting for the connection included, before it is
#: broken off; PostgreSQL's own ``statement_timeout`` is a little shorter, so a server that
#: answers reports its own timeout first.
DEADLINE = 6.0
STATEMENT_TIMEOUT_MS = 4_500
CONNECT_TIMEOUT = 4
#: TCP keepalives on the PostgreSQL connections: a peer gone silent is noticed within a minute
#: even while nothing is being asked.
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 15, "keepalives_interval": 5, "keepalives_count": 3}
#: SQLite waits up to BUSY_TIMEOUT_MS for another writer; its deadline leaves room for that.
SQLITE_DEADLINE = BUSY_TIMEOUT_MS / 1000 + 5.0
#: After a call waited in vain for the database, calls in the next this many seconds fail at
#: once instead of each waiting out its own deadline (a request that needs three calls is
#: answered after one deadline, not three).
QUIET_AFTER_FAILURE = 2.0
#: What a player is told when the database does not answer in time (or cannot be reached).
NOT_ANSWERING = ("The club's database is not answering, so nothing was changed; local games still work. "
                 "Try the club again later.")
#: The SQLite side files that hold the same data as the database.
SIDE_FILES = ("-wal", "-shm", "-journal")


class StoreError(Exception):
    """The database cannot be used (unreachable, newer than this program, damaged)."""


class NotAnswering(StoreError):
    """The database did not answer within the deadline, or cannot be reached at all."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(NOT_ANSWERING)
        self.detail = detail


class Conflict(Exception):
    """A write lost a race: another writer changed the row first (e.g. the same move number)."""


def is_postgres(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


class Database:
    """One connection. ``transaction()`` yields a cursor-like object with ``execute``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = is_postgres(url)
        self._lock = threading.RLock()  # the server's loop and its bot threads share it
        self.deadline = DEADLINE if self.postgres else SQLITE_DEADLINE
        #: monotonic start of the call in progress (None: idle); the watchdog reads it
        self._started: float | None = None
        self._aborted = False
        self._quiet_until = 0.0
        self._closed = threading.Event()
        try:
            if self.postgres:
                import psycopg

                self._errors = (psycopg.Error,)
                self._integrity = psycopg.errors.IntegrityError
                self._operational = psycopg.OperationalError
                self.conn = self._connect_postgres()
            else:
                self._errors = (sqlite3.Error,)
                self._integrity = sqlite3.IntegrityError
                _private_sqlite(Path(url))
                self.conn = sqlite3.connect(url, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                            check_same_thread=False)
                self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise StoreError(f"SQLite would not use WAL mode for {url} (got {mode}).")
                self.conn.execute("PRAGMA synchronous = FULL")  # a move acknowledged is a move kept
                self.conn.execute("PRAGMA foreign_keys = ON")
                _tighten(Path(url))  # -wal and -shm exist now
        except ImportError:
            raise StoreError("PostgreSQL needs psycopg: pip install 'psycopg[binary]'.") from None
        except Exception as exc:
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"Cannot open the database {redact(url)}: {exc}") from None
        threading.Thread(target=self._watch, name="dragon-db-watchdog", daemon=True).start()

    def _connect_postgres(self):
        # within the deadline (libpq's least is 2 s)
        return connect_postgres(self.url, connect_timeout=max(2, min(CONNECT_TIMEOUT, int(self.deadline) - 1)))

    def _usable(self) -> None:
        """A PostgreSQL connection that broke (the server restarted, the network dropped, the
        watchdog cut a call off) is opened afresh before the next transaction; the one that
        met the break has failed."""
        if self.postgres and (self.conn.closed or self.conn.broken):
            with contextlib.suppress(Exception):
                self.conn.close()
            try:
                self.conn = self._connect_postgres()
            except Exception as exc:
                raise NotAnswering(f"{redact(self.url)} is not reachable: {exc}") from None

    def close(self) -> None:
        self._closed.set()
        with contextlib.suppress(Exception):
            self.conn.close()

    # ------------------------------------------------------------------ the deadline
    def _watch(self) -> None:
        """Break off a call that outlived the deadline: its thread gets an error at once, and
        the connection is opened afresh for the next call."""
        while not self._closed.wait(0.1):
            started = self._started
            if started is None or self._aborted or time.monotonic() - started <= self.deadline:
                continue
            self._aborted = True
            if self._started is not started:  # that call ended just now; the next one is not late
                self._aborted = False
                continue
            with contextlib.suppress(Exception):
                if self.postgres:
                    fd = self.conn.pgconn.socket  # the blocked recv returns: the connection is broken
                    with socket.socket(fileno=os.dup(fd)) as sock:
                        sock.shutdown(socket.SHUT_RDWR)
                else:
                    self.conn.interrupt()

    @contextlib.contextmanager
    def _call(self) -> Iterator[None]:
        """Hold the connection for one call, within the deadline (waiting for it included)."""
        started = time.monotonic()
        if started < self._quiet_until:
            raise NotAnswering("it did not answer a moment ago")
        if not self._lock.acquire(timeout=self.deadline):
            self._quiet_until = time.monotonic() + QUIET_AFTER_FAILURE
            raise NotAnswering("another call holds the connection past the deadline")
        outer = self._started  # a call inside a call (same thread) keeps the outer deadline
        try:
            if outer is None:
                self._aborted = False
                self._started = started
            yield
        except NotAnswering:
            if time.monotonic() - started >= self.deadline / 2:  # it hung (a refusal is quick anyway)
                self._quiet_until = time.monotonic() + QUIET_AFTER_FAILURE
            raise
        finally:
            self._started = outer
            self._lock.release()

    # ------------------------------------------------------------------ queries
    def _sql(self, sql: str) -> str:
        return sql.replace("%", "%%").replace("?", "%s") if self.postgres else sql

    @contextlib.contextmanager
    def transaction(self) -> Iterator[_Tx]:
        """One transaction: committed when the block ends, rolled back if it raises.

        A unique-key violation inside becomes :class:`Conflict` (someone else wrote first).
        """
        with self._call():
            self._usable()
            cur = self.conn.cursor()
            try:
                cur.execute("BEGIN" if self.postgres else "BEGIN IMMEDIATE")
                yield _Tx(self, cur)
                cur.execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(Exception):
                    cur.execute("ROLLBACK")
                if self._aborted:
                    raise NotAnswering(f"no answer within {self.deadline:.0f} s") from None
                if isinstance(exc, self._integrity):
                    raise Conflict(str(exc)) from None
                if self.postgres and isinstance(exc, self._operational):
                    raise NotAnswering(str(exc)) from None  # the connection failed, not the statement
                if isinstance(exc, self._errors):
                    raise StoreError(f"Database error: {exc}") from None
                raise
            finally:
                with contextlib.suppress(Exception):
                    cur.close()

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """A read outside any write transaction."""
        with self.transaction() as tx:
            return tx.all(sql, params)

    # ------------------------------------------------------------------ migrations
    def migrate(self) -> int:
        """Bring the schema to the latest version; returns the version it is now at."""
        with self.transaction() as tx:
            if self.postgres:  # nodes starting together migrate one after the other
                tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = tx.one("SELECT MAX(version) FROM schema_version")
            current = int(row[0]) if row and row[0] is not None else 0
            if current > LATEST:
                raise StoreError(f"The database has schema version {current}; this program knows up to "
                                 f"{LATEST}. Upgrade dragon-tui.")
            for version, statements in MIGRATIONS:
                if version <= current:
                    continue
                for statement in statements:
                    tx.execute(statement)
                tx.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
                current = version
        return current


class _Tx:
    def __init__(self, db: Database, cur: Any) -> None:
        self.db = db
        self.cur = cur

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns the number of rows it changed."""
        self.cur.execute(self.db._sql(sql), tuple(params))
        return self.cur.rowcount

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        self.cur.execute(self.db._sql(sql), tuple(params))
        return self.cur.fetchone()

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        self.cur.execute(self.db._sql(sql), tuple(params))
        return list(self.cur.fetchall())


def connect_postgres(url: str, connect_timeout: int = CONNECT_TIMEOUT):
    """A PostgreSQL connection that cannot hang for ever: a connect timeout, a server-side
    statement timeout (and one for a transaction left idle), TCP keepalives."""
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    options = (f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={STATEMENT_TIMEOUT_MS}"
               f" -c idle_in_transaction_session_timeout={STATEMENT_TIMEOUT_MS * 4}")
    given = conninfo_to_dict(url).get("options")  # the operator's own options come after, and win
    return psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout,
                           options=f"{options} {given}" if given else options, **KEEPALIVES)


def _private_sqlite(path: Path) -> None:
    """Create the database file 0600 (and a missing folder 0700) before SQLite opens it, so
    the umask never decides who may read it; tighten one that exists."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
    _tighten(path)


def _tighten(path: Path) -> None:
    """The database and its side files readable and writable by this user only. SQLite
    creates side files with the database's own mode, so they follow once it is 0600."""
    for name in (path, *(path.with_name(path.name + tail) for tail in SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError):
            info = os.lstat(name)
            if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid() and info.st_mode & 0o077:
                os.chmod(name, stat.S_IMODE(info.st_mode) & 0o600)


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}:***@{host}" if ":" in creds else url
    return url
