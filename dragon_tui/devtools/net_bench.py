"""Figures for ``dragon-tui bench``: SSH sessions started per second (to first paint) and the
median first paint at 8 simultaneous sessions — forked from the warm worker (the default) and
cold (a fresh Python per session, as before), side by side in one run — memory per session
(RSS, and PSS: shared pages divided among the processes sharing them, which is what a forked
session really costs), and action round-trip latency through a shared table (one seat's action
until the other seat's model has the new view). Runs on loopback in a private data folder."""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _pss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


async def _sessions(count: int, warm: bool = True) -> dict[str, float]:
    import asyncssh

    from ..net.ssh import Limits, SSHOptions, SSHServer

    server = SSHServer(SSHOptions("127.0.0.1", 0, limits=Limits(max_sessions=count + 1, per_address=count + 1),
                                  warm=warm))
    await server.start()
    if server.warm is not None:  # a server is up long before its players arrive
        await server.warm.wait_ready()
    conns = []
    try:
        async def one(i: int) -> float:
            t0 = time.perf_counter()
            conn = await asyncssh.connect("127.0.0.1", server.port, username=f"b{i}", known_hosts=None,
                                          client_keys=None, agent_path=None)
            conns.append(conn)
            proc = await conn.create_process(term_type="xterm-256color", term_size=(100, 30), encoding=None)
            seen = b""
            while b"five dragon games" not in seen.replace(b"\x1b", b""):
                data = await asyncio.wait_for(proc.stdout.read(65536), 30)
                if not data:
                    break
                seen += data
                if b"games" in seen and b"five" in seen:  # drawn in pieces: good enough
                    break
            return time.perf_counter() - t0

        start = time.perf_counter()
        firsts = await asyncio.gather(*(one(i) for i in range(count)))
        elapsed = time.perf_counter() - start
        await asyncio.sleep(0.5)
        rss = [_rss_mb(pid) for pid in list(server.children)]
        pss = [_pss_mb(pid) for pid in list(server.children)]
    finally:
        for conn in conns:
            conn.close()
        await server.close()
    return {
        "ssh_sessions": count,
        "ssh_sessions_per_s": round(count / elapsed, 2),
        "ssh_first_paint_s_median": round(statistics.median(firsts), 3),
        "ssh_session_rss_mb": round(statistics.mean(rss), 1) if rss else float("nan"),
        "ssh_session_pss_mb": round(statistics.mean(pss), 1) if pss else float("nan"),
    }


def _round_trips(moves: int) -> dict[str, float]:
    """A shared table's action round trip through a table server on a thread of this process."""
    from ..net.tables import TableServer

    server = TableServer(Path(os.environ["DRAGON_TUI_HOME"]), bot_delay=0)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(server.start(), loop).result(10)
    try:
        return _play_round_trips(str(server.socket_path), str(server.socket_path), moves)
    finally:
        asyncio.run_coroutine_threadsafe(server.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def _duel() -> str:
    """The game the round trips are played in: the first made for exactly two players (a quick
    duel), else the first that seats two. It loads every game's rules, which a bench can afford."""
    from ..games import GAMES

    two = [game for game in (GAMES[i] for i in GAMES) if game.min_players <= 2 <= game.max_players]
    return next((game.id for game in two if game.max_players == 2), two[0].id)


def _play_round_trips(path_a: str, path_b: str, moves: int) -> dict[str, float]:
    """One seat acts until the other seat's model has the move; seat 0 talks to the table
    server at ``path_a``, seat 1 to the one at ``path_b`` (another node, or the same)."""
    from ..net.client import RemoteTable
    from ..net.identity import Tickets

    times = []
    # the bench stands in for the serve process of its own servers: it mints the seats' tickets
    a = RemoteTable.host(path_a, "a", _duel(), [{"kind": "remote"}, {"kind": "remote"}],
                         ticket=Tickets.load(path_a).issue("a", None, "127.0.0.1"))
    end = time.monotonic() + 10
    while True:  # on another node the table arrives by notification
        try:
            b = RemoteTable.join(path_b, "b", a.room, 1, ticket=Tickets.load(path_b).issue("b", None, "127.0.0.2"))
            break
        except Exception:
            if time.monotonic() > end:
                a.close()
                raise
            time.sleep(0.02)
    try:
        seats = {0: a, 1: b}
        seen: dict[int, float] = {}
        for t in (a, b):  # when each seat's model took in the new move (notifier thread)
            t.subscribe(lambda t: seen.setdefault(id(t) * 100_000 + len(t.moves), time.perf_counter()))
        rng = random.Random(1)
        while len(times) < moves and not a.state.is_over:
            me = seats[a.state.current_player]
            other = seats[1 - a.state.current_player]
            n = len(me.moves)
            if not other.wait_for(lambda t: len(t.moves) == n, 5):
                break
            t0 = time.perf_counter()
            me.apply(rng.choice(me.state.legal_actions()))
            other.wait_for(lambda t: len(t.moves) > n, 5)
            times.append(seen.get(id(other) * 100_000 + n + 1, time.perf_counter()) - t0)
    finally:
        a.close()
        b.close()
    times.sort()
    return {
        "table_round_trip_ms_median": round(statistics.median(times) * 1000, 2),
        "table_round_trip_ms_p95": round(times[max(0, int(len(times) * 0.95) - 1)] * 1000, 2),
        "table_round_trip_moves": len(times),
    }


class _ServeNode:
    """A ``dragon-tui serve`` process (SSH on a free loopback port) with its own data folder."""

    def __init__(self, home: Path, db: str | None) -> None:
        import subprocess
        import sys

        from ..net.tables import socket_path_for

        home.mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "dragon_tui.net.cli", "--ssh", "127.0.0.1:0", "--no-warm"]
        self.proc = subprocess.Popen(cmd + (["--db", db] if db else []), stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True,
                                     env=dict(os.environ, DRAGON_TUI_HOME=str(home), PYTHONUNBUFFERED="1"))
        lines = []
        end = time.monotonic() + 60
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            lines.append(line)
            if not line or line.startswith("SSH: "):
                break
        if not lines[-1].startswith("SSH: "):
            self.stop()
            raise RuntimeError("dragon-tui serve did not start:\n" + "".join(lines))
        threading.Thread(target=lambda: [None for _ in self.proc.stdout], daemon=True).start()
        self.path = str(socket_path_for(home))

    def stop(self) -> None:
        import signal
        import subprocess

        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def cluster_figures(moves: int = 200) -> dict:
    """The action round trip through one ``serve`` node (SQLite, today's default; and
    PostgreSQL) and across two nodes on one PostgreSQL — real serve processes, in one run.
    PostgreSQL is a throwaway one started here, with fsync on (like SQLite's synchronous=FULL)."""
    from ..net.store.pgtemp import SKIP_REASON, PostgresServer, find_bindir

    bindir = find_bindir()
    if bindir is None:
        return {"skipped": SKIP_REASON}
    pg = PostgresServer(bindir, durable=True)
    figures: dict = {}
    with tempfile.TemporaryDirectory(prefix="dragon-cluster-bench-") as home:
        try:
            pg.start()
            for i, (label, db, count) in enumerate((
                    ("one node, SQLite", None, 1), ("one node, PostgreSQL", "pg", 1),
                    ("two nodes, PostgreSQL", "pg", 2),
                    ("two nodes, PostgreSQL, commits not waiting for the disk", "async", 2))):
                url = pg.new_database() if db else None
                if db == "async":  # what the cluster path itself costs, without each commit's fsync
                    import psycopg

                    with psycopg.connect(url, autocommit=True) as conn:
                        conn.execute(f'ALTER DATABASE "{url.rsplit("/", 1)[1]}" SET synchronous_commit = off')
                nodes = []
                try:
                    for n in range(count):
                        nodes.append(_ServeNode(Path(home) / f"run{i}-node{n}", url))
                    got = _play_round_trips(nodes[0].path, nodes[-1].path, moves)
                finally:
                    for node in nodes:
                        node.stop()
                figures[label] = (f"p50 {got['table_round_trip_ms_median']} ms, p95 {got['table_round_trip_ms_p95']} ms"
                                  f" ({got['table_round_trip_moves']} moves)")
        finally:
            pg.cleanup()
    return figures


def net_figures(sessions: int = 8, moves: int = 100) -> dict:
    """Sessions/s and first paint over SSH, RSS per app process, table round-trip latency."""
    old = os.environ.get("DRAGON_TUI_HOME")
    with tempfile.TemporaryDirectory(prefix="dragon-net-bench-") as home:
        os.environ["DRAGON_TUI_HOME"] = home
        try:
            figures: dict = {}
            for warm, mode in ((False, "cold"), (True, "warm")):
                single = asyncio.run(_sessions(1, warm))
                figures[f"{mode}_ssh_first_paint_s_alone"] = single["ssh_first_paint_s_median"]
                figures.update({f"{mode}_{k}": v for k, v in asyncio.run(_sessions(sessions, warm)).items()})
            figures["warm_vs_cold_first_paint"] = (
                f"{figures['cold_ssh_first_paint_s_median'] / figures['warm_ssh_first_paint_s_median']:.1f}x faster")
            figures.update(_round_trips(moves))
        finally:
            if old is None:
                os.environ.pop("DRAGON_TUI_HOME", None)
            else:
                os.environ["DRAGON_TUI_HOME"] = old
    return figures


if __name__ == "__main__":
    for key, value in net_figures().items():
        print(f"{key:32} {value}")
