"""A throwaway PostgreSQL for the tests and ``dragon-tui bench --cluster``: Debian's postgresql binaries, ``initdb`` into a temp
folder, listening on a free 127.0.0.1 port and a private socket folder, stopped at the end.

PostgreSQL refuses to run as root, so as root the binaries run as the ``postgres`` user (which
the Debian package creates) through ``runuser``. Without the binaries the tests that need the
server are skipped with a reason that says so (and the bench says so too)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

SKIP_REASON = ("PostgreSQL server binaries (initdb, pg_ctl) not found — install Debian's 'postgresql' "
               "package to run the PostgreSQL variant of this test")


def find_bindir() -> Path | None:
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in candidates:
        if os.access(Path(folder) / "initdb", os.X_OK) and os.access(Path(folder) / "pg_ctl", os.X_OK):
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    def __init__(self, bindir: Path, durable: bool = False) -> None:
        self.bindir = bindir
        #: fsync on (a real server's setting; the bench uses it) or off (tests: faster)
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="dragon-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sock"
        self.port = _free_port()
        self.as_root = os.geteuid() == 0
        self.running = False

    def _run(self, *args: str, timeout: float = 60) -> None:
        cmd = [str(self.bindir / args[0]), *args[1:]]
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=self.root)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> None:
        self.sockets.mkdir()
        if self.as_root:
            shutil.chown(self.root, "postgres")
            shutil.chown(self.sockets, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.resume()

    def resume(self) -> None:
        opts = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.sockets} "
                f"-c fsync={'on' if self.durable else 'off'} "
                "-c shared_buffers=16MB -c max_connections=40")
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.root / "log"), "-w", "-t", "60", "start")
        self.running = True

    def stop(self) -> None:
        if self.running:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
            self.running = False

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{dbname}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def cleanup(self) -> None:
        try:
            self.stop()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
