"""Back-up and restore of the club's database (``dragon-tui serve --backup FILE`` /
``--restore FILE``).

SQLite: sqlite3's online backup (``Connection.backup``) copies a consistent snapshot while the
server runs (pages written meanwhile are copied again); the copy is written beside its target
and renamed into place, created 0600 (it holds every hidden hand and secret seed). Restoring
copies a backup back the same way into the database file, after checking the backup is a
whole database of this program: stop the server first.

PostgreSQL: ``pg_dump --format=custom`` (a consistent snapshot, while the nodes run) and
``pg_restore --clean --if-exists`` into the database the URL names. The password, when the URL
has one, goes to them in the environment (PGPASSWORD), never on a command line others can read.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from .db import StoreError, _private_sqlite, is_postgres, redact

#: Seconds pg_dump / pg_restore may take.
PG_TOOL_TIMEOUT = 3600


def backup(url: str, dest: Path) -> None:
    """Write a backup of the database at ``url`` to ``dest`` (0600, complete or not at all)."""
    dest = Path(dest)
    part = dest.with_name(dest.name + ".part")
    with contextlib.suppress(FileNotFoundError):
        part.unlink()
    os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    try:
        if is_postgres(url):
            _pg_tool("pg_dump", url, ["--format=custom", f"--file={part}"])
        else:
            if not Path(url).is_file():
                raise StoreError(f"There is no database at {url}.")
            source = sqlite3.connect(f"file:{url}?mode=ro", uri=True)
            target = sqlite3.connect(part)
            try:
                source.backup(target)
            except sqlite3.Error as exc:
                raise StoreError(f"The backup of {url} failed: {exc}") from None
            finally:
                target.close()
                source.close()
        os.chmod(part, 0o600)
        os.replace(part, dest)
    finally:
        with contextlib.suppress(FileNotFoundError):
            part.unlink()


def restore(url: str, source: Path) -> None:
    """Put the backup ``source`` back as the database at ``url`` (the server stopped)."""
    source = Path(source)
    if not source.is_file():
        raise StoreError(f"There is no backup at {source}.")
    if is_postgres(url):
        _pg_tool("pg_restore", url, ["--clean", "--if-exists", "--no-owner", "--single-transaction", str(source)])
        return
    try:
        backup_db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            ok = backup_db.execute("PRAGMA integrity_check").fetchone()
            version = backup_db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{source} is not a backup of a Dragon TUI database ({exc}).") from None
        if not ok or ok[0] != "ok" or not version or version[0] is None:
            raise StoreError(f"{source} is damaged or not a backup of a Dragon TUI database.")
        target = Path(url)
        part = target.with_name(target.name + ".part")
        with contextlib.suppress(FileNotFoundError):
            part.unlink()
        os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            copy = sqlite3.connect(part)
            try:
                backup_db.backup(copy)
            finally:
                copy.close()
            for side in ("-wal", "-shm", "-journal"):  # the old database's, not the backup's
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(str(target) + side)
            os.replace(part, target)
        finally:
            with contextlib.suppress(FileNotFoundError):
                part.unlink()
        _private_sqlite(target)
    finally:
        with contextlib.suppress(UnboundLocalError):
            backup_db.close()


def _pg_tool(name: str, url: str, args: list[str]) -> None:
    from .pgtemp import find_bindir

    tool = shutil.which(name)
    if tool is None and (bindir := find_bindir()) is not None and (bindir / name).exists():
        tool = str(bindir / name)
    if tool is None:
        raise StoreError(f"{name} is not installed (it comes with PostgreSQL's client programs).")
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    params = conninfo_to_dict(url)
    env = dict(os.environ)
    password = params.pop("password", None)
    if password:
        env["PGPASSWORD"] = str(password)
    old = os.umask(0o177)
    try:
        done = subprocess.run([tool, f"--dbname={make_conninfo(**params)}", *args], env=env,
                              capture_output=True, text=True, timeout=PG_TOOL_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise StoreError(f"{name} did not finish in {PG_TOOL_TIMEOUT} s.") from None
    finally:
        os.umask(old)
    if done.returncode != 0:
        lines = (done.stderr or "").strip().splitlines()
        raise StoreError(f"{name} {redact(url)} failed: {lines[-1] if lines else done.returncode}")
