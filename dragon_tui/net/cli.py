"""``dragon-tui serve --ssh [HOST:]PORT | --web [HOST:]PORT [flags]``: one process serving the
app over SSH and/or to browsers, with the shared-tables server for both."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from ..engine.wording import count_of


def parse_address(text: str, default_host: str = "127.0.0.1") -> tuple[str, int]:
    """``PORT``, ``HOST:PORT`` or ``[v6]:PORT``."""
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = default_host, text
    host = host.strip("[]") or default_host
    try:
        number = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not [HOST:]PORT") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"port {number} is out of range")
    return host, number


def _startups(text: str):
    from .startups import MaxStartups

    try:
        return MaxStartups.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="dragon-tui serve",
        description="Serve Dragon TUI to other terminals (SSH) and browsers, with shared tables.",
        epilog="Binds to 127.0.0.1 unless HOST says otherwise. Data (host key, tables, players' saves) "
        "lives in the data folder ($DRAGON_TUI_HOME or the user data directory).",
    )
    p.add_argument("--ssh", metavar="[HOST:]PORT", type=parse_address, help="serve over SSH")
    p.add_argument("--web", metavar="[HOST:]PORT", type=parse_address, help="serve to browsers (textual-serve)")
    p.add_argument("--authorized-keys", metavar="FILE", type=Path,
                   help="only these public keys may enter (default: open, anyone enters with a name)")
    p.add_argument("--max-sessions", type=int, default=32, help="concurrent app sessions (default 32)")
    p.add_argument("--per-address", type=int, default=4,
                   help="connections, and games, from one address (default 4; the web allows four times as "
                        "many connections, at least 8, for a page's files next to its games)")
    p.add_argument("--max-startups", metavar="START:RATE:FULL", type=_startups, default="10:30:100",
                   help="SSH connections not logged in yet, from all addresses: from START on, new ones are "
                        "dropped at random (RATE%%, rising to 100%% at FULL) — OpenSSH's MaxStartups; FULL is "
                        "kept to 1/8 of the descriptor limit (default 10:30:100)")
    p.add_argument("--idle-timeout", type=float, default=30.0, help="minutes without a key before hanging up (default 30)")
    p.add_argument("--public-url", default=None, help="web: the URL browsers use, behind a reverse proxy")
    p.add_argument("--trusted-proxy", metavar="ADDR", action="append", default=[],
                   help="web: a reverse proxy (address or network; repeat, or separate with commas) whose "
                        "X-Forwarded-For / Forwarded header names the visitor; from any other peer those "
                        "headers are ignored")
    p.add_argument("--http-timeout", metavar="SECONDS", type=float, default=10.0,
                   help="web: seconds a connection may take to send a request, or idle between requests (default 10)")
    p.add_argument("--web-connections", metavar="N", type=int, default=None,
                   help="web: open connections in total (default: from the open-files limit)")
    p.add_argument("--no-tables", action="store_true", help="no shared tables, each connection plays alone")
    p.add_argument("--no-warm", action="store_true",
                   help="start every SSH session in a fresh Python instead of forking it from the warm worker")
    p.add_argument("--db", metavar="URL", default=None,
                   help="the server's database: postgresql://user@host/name, or a SQLite file "
                        "(default: dragon-tui.sqlite3 in the data folder)")
    p.add_argument("--per-player", type=int, default=4,
                   help="with a PostgreSQL cluster: games one player may have open across all nodes (default 4)")
    p.add_argument("--backup", metavar="FILE", type=Path, default=None,
                   help="write a backup of the club's database (--db, or the default SQLite) to FILE and exit; "
                        "safe while the server runs")
    p.add_argument("--restore", metavar="FILE", type=Path, default=None,
                   help="put a backup made with --backup back as the club's database and exit "
                        "(stop the server first)")
    p.add_argument("--grace", type=float, default=30.0,
                   help="seconds the running games get after SIGTERM before the node stops (default 30)")
    return p


DRAIN_NOTICE = ("This server is shutting down in {grace:.0f} s: your tables are kept. "
                "Reconnect to continue (another node of the club takes you).")


def quiet_ssh_library() -> None:
    """The SSH library still offers DSA keys, and importing it makes the cryptography library
    warn about that, once per module, before the server has said a word. A server's first
    lines should be its own: that one warning is dropped (only it, matched by its category and
    its message); every other warning still shows."""
    import warnings

    try:
        from cryptography.utils import CryptographyDeprecationWarning
    except ImportError:  # pragma: no cover - asyncssh needs cryptography
        return
    warnings.filterwarnings("ignore", message=r"DSA is deprecated", category=CryptographyDeprecationWarning)


async def serve(args: argparse.Namespace, ready: asyncio.Event | None = None,
                stop: asyncio.Event | None = None) -> None:
    from ..session import storage

    quiet_ssh_library()
    from .gate import (LEAST_WEB_CONNECTIONS, PER_SESSION, SPARE_DESCRIPTORS, raise_descriptor_limit,
                       web_connection_cap)
    from .ssh import Limits, SSHOptions, SSHServer

    # every client-driven descriptor is capped below this, with spares for the database and log
    descriptors = raise_descriptor_limit()
    games = (2 if args.ssh and args.web else 1) * args.max_sessions
    if web_connection_cap(descriptors, games) <= LEAST_WEB_CONNECTIONS:
        print(f"Warning: {games} games at once need about {SPARE_DESCRIPTORS + PER_SESSION * games} of the "
              f"{descriptors} open files this process may have, leaving too few for connections: lower "
              f"--max-sessions or raise the limit (ulimit -n).", flush=True)
    tables = None
    if not args.no_tables:
        from .tables import TableServer

        from .store import redact

        tables = TableServer(storage.data_dir(), db=args.db)
        await tables.start()
        print(f"Database: {redact(tables.db_url) if tables.db_url else tables.store.db.url}", flush=True)
        if tables.node is not None:
            live = tables.store.live_nodes()
            print(f"Node: {tables.node} (pid {os.getpid()}), one of {count_of(len(live), 'live node')} on this database",
                  flush=True)
    servers = []
    try:
        if args.ssh:
            limits = Limits(args.max_sessions, args.per_address, args.idle_timeout * 60.0, startups=args.max_startups)
            club = tables is not None and tables.node is not None
            ssh = SSHServer(SSHOptions(
                args.ssh[0], args.ssh[1], args.authorized_keys, limits, tables.socket_path if tables else None,
                tickets=tables.tickets if tables else None, warm=not args.no_warm,
                admit=(lambda player: tables.open_session(player, args.per_player)) if club else None,
                release=tables.close_session if club else None))
            await ssh.start()
            servers.append(ssh)
            mode = f"keys in {args.authorized_keys}" if args.authorized_keys else "open: any name, no password"
            print(f"SSH: ssh -t -p {ssh.port} NAME@{args.ssh[0]}   ({mode})", flush=True)
        if args.web:
            from .forwarded import TrustedProxies, parse_proxies
            from .web import WebServer

            # SSH and the web each run up to --max-sessions games
            connections = args.web_connections or web_connection_cap(descriptors, games)
            web = WebServer(args.web[0], args.web[1], tables.socket_path if tables else None,
                            public_url=args.public_url, max_sessions=args.max_sessions,
                            per_address=args.per_address, max_connections=connections,
                            http_timeout=args.http_timeout,
                            trusted_proxies=TrustedProxies(parse_proxies(args.trusted_proxy)),
                            tickets=tables.tickets if tables else None)
            await web.start()
            servers.append(web)
            print(f"Web: {web.url}   (at most {web.gate.most} connections, {web.gate.per_address_most} "
                  f"per address; open files {descriptors})", flush=True)
        if ready is not None:
            ready.set()
        stop = stop or asyncio.Event()
        drain = asyncio.Event()
        loop = asyncio.get_running_loop()
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signal.SIGINT, stop.set)
            # SIGTERM drains; a second one stops at once
            loop.add_signal_handler(signal.SIGTERM, lambda: stop.set() if drain.is_set() else drain.set())
        stopped, draining = loop.create_task(stop.wait()), loop.create_task(drain.wait())
        await asyncio.wait({stopped, draining}, return_when=asyncio.FIRST_COMPLETED)
        if drain.is_set() and not stop.is_set():
            print(f"Draining: no new sessions; the running ones have {args.grace:.0f} s.", flush=True)
            if tables is not None:
                tables.draining = True
            notice = DRAIN_NOTICE.format(grace=args.grace)
            drains = asyncio.gather(*(s.drain(notice, args.grace) for s in servers if hasattr(s, "drain")))
            await asyncio.wait({drains, stopped}, return_when=asyncio.FIRST_COMPLETED)
            drains.cancel()
        for task in (stopped, draining):
            task.cancel()
    finally:
        for server in reversed(servers):
            await server.close()
        if tables is not None:
            await tables.close()


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    from .store import StoreError

    if args.backup is not None or args.restore is not None:
        return _backup_or_restore(parser, args)
    if not args.ssh and not args.web:
        parser.error("say what to serve: --ssh [HOST:]PORT and/or --web [HOST:]PORT")
    if args.authorized_keys is not None and args.web:
        # the web has no login: it would let anyone in past the keys
        parser.error("--authorized-keys guards SSH only, and the web has no login: serve --web "
                     "separately (it is open to anyone who can reach it), or leave it out")
    if args.authorized_keys is not None and not args.authorized_keys.is_file():
        parser.error(f"no authorized keys file at {args.authorized_keys}")
    if not 0.1 <= args.http_timeout <= 3600:
        parser.error("--http-timeout takes 0.1 to 3600 seconds")
    if args.web_connections is not None and args.web_connections < 1:
        parser.error("--web-connections takes a positive number")
    from .forwarded import parse_proxies

    try:
        parse_proxies(args.trusted_proxy)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    except (OSError, ValueError, StoreError) as exc:
        print(f"dragon-tui serve: {exc}", file=sys.stderr)
        return 1
    return 0


def _backup_or_restore(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from ..session import storage
    from .store import StoreError, default_url
    from .store.backup import backup, restore

    if args.backup is not None and args.restore is not None:
        parser.error("--backup or --restore, not both")
    url = args.db or default_url(storage.data_dir())
    try:
        if args.backup is not None:
            backup(url, args.backup)
            print(f"dragon-tui serve: backup written to {args.backup}")
        else:
            restore(url, args.restore)
            print(f"dragon-tui serve: database restored from {args.restore}")
    except (OSError, StoreError) as exc:
        print(f"dragon-tui serve: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
