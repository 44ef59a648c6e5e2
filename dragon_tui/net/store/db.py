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
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from .schema import LATEST, MIGRATIONS

SQLITE_NAME = "dragon-tui.sqlite3"
BUSY_TIMEOUT_MS = 10_000
#: Arbitrary constant naming the lock nodes take while migrating a PostgreSQL database.
MIGRATION_LOCK = 0x44524147


class StoreError(Exception):
    """The database cannot be used (unreachable, newer than this program, damaged)."""


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
        try:
            if self.postgres:
                import psycopg

                self._errors = (psycopg.Error,)
                self._integrity = psycopg.errors.IntegrityError
                self.conn = self._connect_postgres()
            else:
                self._errors = (sqlite3.Error,)
                self._integrity = sqlite3.IntegrityError
                Path(url).parent.mkdir(parents=True, exist_ok=True)
                self.conn = sqlite3.connect(url, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                            check_same_thread=False)
                self.conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
                mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise StoreError(f"SQLite would not use WAL mode for {url} (got {mode}).")
                self.conn.execute("PRAGMA synchronous = FULL")  # a move acknowledged is a move kept
                self.conn.execute("PRAGMA foreign_keys = ON")
        except ImportError:
            raise StoreError("PostgreSQL needs psycopg: pip install 'psycopg[binary]'.") from None
        except Exception as exc:
            if isinstance(exc, StoreError):
                raise
            raise StoreError(f"Cannot open the database {redact(url)}: {exc}") from None

    def _connect_postgres(self):
        import psycopg

        return psycopg.connect(self.url, autocommit=True, connect_timeout=5)

    def _usable(self) -> None:
        """A PostgreSQL connection that broke (the server restarted, the network dropped) is
        opened afresh before the next transaction; the one that met the break has failed."""
        if self.postgres and (self.conn.closed or self.conn.broken):
            with contextlib.suppress(Exception):
                self.conn.close()
            try:
                self.conn = self._connect_postgres()
            except Exception as exc:
                raise StoreError(f"The database {redact(self.url)} is not reachable: {exc}") from None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.close()

    # ------------------------------------------------------------------ queries
    def _sql(self, sql: str) -> str:
        return sql.replace("%", "%%").replace("?", "%s") if self.postgres else sql

    @contextlib.contextmanager
    def transaction(self) -> Iterator[_Tx]:
        """One transaction: committed when the block ends, rolled back if it raises.

        A unique-key violation inside becomes :class:`Conflict` (someone else wrote first).
        """
        with self._lock:
            self._usable()
            cur = self.conn.cursor()
            try:
                cur.execute("BEGIN" if self.postgres else "BEGIN IMMEDIATE")
                yield _Tx(self, cur)
                cur.execute("COMMIT")
            except BaseException as exc:
                with contextlib.suppress(Exception):
                    cur.execute("ROLLBACK")
                if isinstance(exc, self._integrity):
                    raise Conflict(str(exc)) from None
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


def redact(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}:***@{host}" if ":" in creds else url
    return url
