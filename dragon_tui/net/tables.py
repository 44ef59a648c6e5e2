"""Shared tables: the authoritative table server that lives in the serve process.

Each room holds the only real :class:`~dragon_tui.session.Table` of its game. Apps connect
over a local Unix socket and speak JSON lines. A connection sits at one seat of one room (or
watches it); it may act for that seat only. Everything sent out goes through the view filter:
a player receives ``state.view(seat)`` (a spectator ``view(None)``) with the random generator
blanked, and each move as ``Table.visible_move`` gives it to that seat (in games with hidden
information another seat's action arrives only as the public log lines it wrote) — never the
real state, the seed (until the game is over) or a full save. Bots play their seats here.

Tables live in the server's database (:mod:`dragon_tui.net.store`: SQLite in the data folder,
or PostgreSQL): a table, its seats and every move with its number. A move is written — in the
transaction that checks it follows the table's last move — before it is applied here and before
anyone hears of it, so a restart resumes every table and loses no acknowledged move; a write
that fails (a full disk, a database that is gone) refuses the move with a message and the table
stays as it was. Seat-taking and bot moves are written first the same way. Database calls run
on worker threads with a deadline, never on the event loop: a database that hangs holds up only
the requests that need it (refused after the deadline with "not answering"), while listing
tables, showing moves and everything else goes on. With PostgreSQL several serve processes
(nodes) share the tables, this one being a cache (:mod:`.cluster`). A
table lives on with nobody connected (correspondence play); the host may give it a time control
(time per turn, a bank, vacation days: :mod:`.table_rules`), after which a bot of the host's
chosen level plays the rest of the seat's turn, and the log says so.
When a game ends its result is rated (multiplayer, people only) or goes on the high scores and
the daily board (solitaire). Tables kept as ``rooms/*.json`` by older versions are imported once.

Nothing a player would want is deleted (:mod:`.endings`): a finished game is archived with its
moves (listed per player, replayable); a game whose absent player's time and grace ran out ends
by forfeit, recorded and rated; only offers nobody took are removed. One player may
host :data:`MAX_ROOMS_PER_HOST` open tables and sit at :data:`MAX_SEATS_PER_PLAYER` seats of
open tables; one address and one key have quotas too (:mod:`.quotas`). A connection's identity
comes from the session ticket the serve process gave the app (:mod:`.identity`), never from
what the client says. Shared tables deal from a secret 128-bit seed the server draws (the daily
deal from the day's seed); a time control is within the lobby's presets (:mod:`.table_rules`).
Every line a client sends goes through the same validator as save files (depth, sizes, no
``1e999``): a bad one gets "Bad request" and the connection lives.

The protocol (one JSON object per line, every request and pushed event) is described in
docs/ARCHITECTURE.md, "The table server's protocol".
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import datetime as _dt
import functools
import logging
import os
import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..engine import IllegalAction, SaveFileError
from ..engine.untrusted import UntrustedJSONError, loads
from ..games import GAMES, daily_game
from ..session import highscores, storage
from .store import Conflict, NotAnswering, Store, StoreError, open_store
from . import endings, invitations, profiles, quotas, seeks
from .cluster import ClusterNode
from .lobby import Lobby
from .identity import Tickets, key_path_for
from .moves import Moves
from .social import OPS as SOCIAL_OPS, Social
from .seating import MAX_ROOMS, MAX_ROOMS_PER_HOST, MAX_SEATS_PER_PLAYER, Seating
from .table_rules import BANK_MAX, MOVE_LIMIT_RANGE
from .rooms import DOES_NOT_REPLAY, Conn, Room, socket_path_for, view_json, write_error
# The names other modules and the tests know this module by (they were defined here once).
from .rooms import ABANDONED_AFTER, FINISHED_KEPT, ROOM_FORMAT, ROOM_VERSION  # noqa: F401

__all__ = ["TableServer", "socket_path_for", "ABANDONED_AFTER", "FINISHED_KEPT", "ROOM_FORMAT",
           "ROOM_VERSION", "MAX_ROOMS", "MAX_ROOMS_PER_HOST", "MAX_SEATS_PER_PLAYER", "DAILY_GAME"]

log = logging.getLogger("dragon_tui.tables")

MAX_LINE = 1 << 20
MAX_CONNECTIONS = 512
#: How often the server looks for tables to remove.
SWEEP_EVERY = 600.0
#: The solitaire whose daily deal has a server-wide board: the game whose descriptor says
#: ``daily`` (none: the server deals no game of the day).
DAILY_GAME = daily_game()


def _need_a_daily_game() -> None:
    if DAILY_GAME is None:
        raise IllegalAction("This server deals no game of the day.")


class TableServer(Seating, Moves, ClusterNode, Social):
    """The table server: its life (start, close, the database's threads), its requests, the
    daily deal and the sweep here; seats in :class:`~.seating.Seating`, moves, bots and clocks in
    :class:`~.moves.Moves`, being one node of several in :class:`~.cluster.ClusterNode`, chat and
    rematches in :class:`~.social.Social`."""

    def __init__(self, data: Path | None = None, bot_delay: float = 0.3, db: str | None = None) -> None:
        self.data = data or storage.data_dir()
        self.rooms_dir = self.data / "rooms"
        self.socket_path = socket_path_for(self.data)
        self.bot_delay = bot_delay
        #: the database: a PostgreSQL URL or a SQLite file (default: in the data folder)
        self.db_url = db
        self.store: Store | None = None
        self.rooms: dict[str, Room] = {}
        #: the connections following the list of tables, and the your-turn notices
        self.lobby = Lobby()
        self.conns: set[Conn] = set()
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        self._sweeper: asyncio.Task | None = None
        self._listener = None  # cluster.Listener, with PostgreSQL
        self._heart: asyncio.Task | None = None
        #: True once SIGTERM asked this node to drain: no new sessions
        self.draining = False
        #: True once :meth:`close` began: no bot starts a new turn
        self.closing = False
        #: (player, key) -> when its "last seen" was last written
        self._seen: dict[tuple[str, str | None], float] = {}
        #: the time limits per turn a host may give (the lobby's choices; tests may lower it),
        #: and the largest time bank
        self.move_limits = MOVE_LIMIT_RANGE
        self.bank_max = BANK_MAX
        #: the server's "now" for every clock and record (tests give one they move by hand)
        self.clock: Callable[[], float] = time.time
        #: the session tickets the serve process gives its apps (a fresh key every start)
        self.tickets: Tickets | None = None
        #: database calls run on these threads, never on the event loop (see :meth:`_db`)
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        #: hosting and sitting down wait for the database between their checks and their write:
        #: one at a time, so the limits per player cannot be passed by asking on many connections
        self._seating = asyncio.Lock()
        #: finished games replayed for ``review`` (a few, the most recently asked)
        self._archive: collections.OrderedDict[str, Room] = collections.OrderedDict()
        #: replaying an archived game is work on a thread: two at a time, whoever asks
        self._replaying = asyncio.Semaphore(2)

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self.data.mkdir(mode=0o700, parents=True, exist_ok=True)
        storage.private_folder(self.data)  # the database inside holds every hidden hand
        self._executor = concurrent.futures.ThreadPoolExecutor(4, thread_name_prefix="dragon-db")
        self.store = open_store(self.db_url, self.data)  # StoreError: a clear message for the caller
        if self.store.shared:
            self.store.register_node(socket.gethostname(), os.getpid(), running=_running)
        self._import_room_files()
        self._load_rooms()
        self.sweep()  # tables that expired while the server was down
        path = self.socket_path
        if path.exists():
            probe = socket.socket(socket.AF_UNIX)
            try:
                probe.connect(str(path))
            except OSError:
                path.unlink()  # left over from a server that died
            else:
                probe.close()
                raise OSError(f"Another dragon-tui server is using {path}.")
        self.tickets = Tickets.fresh(path)
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve, str(path), limit=MAX_LINE)
        finally:
            os.umask(old)
        for room in self.rooms.values():
            self._kick_bots(room)
            self._arm_limit(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self._spawn(endings.record_missed_results(self, self._db, self.now()))
        if self.store.shared:
            from .cluster import Listener

            self._listener = Listener(self.store.db.url, asyncio.get_running_loop(), self._cluster_event)
            self._listener.start()
            self._heart = asyncio.get_running_loop().create_task(self._heartbeat())

    @property
    def node(self) -> str | None:
        """This node's name among the nodes on the same PostgreSQL (None with SQLite)."""
        return self.store.node if self.store is not None and self.store.shared else None

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._heart is not None:
            self._heart.cancel()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        if self.store is not None and self.store.shared:
            with contextlib.suppress(StoreError, Conflict, IllegalAction):
                await self._db("leave")
        if self._server is not None:
            self._server.close()
        self.closing = True
        for room in self.rooms.values():
            if room.limit_timer is not None:
                room.limit_timer.cancel()
        # The bots' turns and the tasks end before the loop does (a bot stops waiting for its
        # thought); a move being written as they are cancelled may still start one more.
        loop = asyncio.get_running_loop()
        until = loop.time() + 2
        while (stopping := self._running_tasks()) and loop.time() < until:
            for task in stopping:
                task.cancel()
            await asyncio.wait(stopping, timeout=until - loop.time())
        for conn in list(self.conns):
            conn.writer.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        with contextlib.suppress(FileNotFoundError):
            key_path_for(self.socket_path).unlink()  # the tickets of this run end with it
        if self._executor is not None:  # calls under way end (or are broken off) before the store closes
            executor, self._executor = self._executor, None
            executor.shutdown(wait=False, cancel_futures=True)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.to_thread(executor.shutdown, True),
                                       (self.store.db.deadline if self.store is not None else 0) + 1)
        if self.store is not None:
            self.store.close()
            self.store = None

    async def _db(self, method: str, *args: Any, **kw: Any) -> Any:
        """``Store.<method>(*args)`` on a database thread: the event loop goes on serving every
        other player meanwhile. The database's own deadline bounds the call (:class:`NotAnswering`
        after it); waiting here is bounded as well, in case a thread is stuck anyway."""
        store = self._store()
        if self._executor is None:
            raise IllegalAction("The table server is not running.")
        call = functools.partial(getattr(store, method), *args, **kw)
        try:
            return await asyncio.wait_for(asyncio.get_running_loop().run_in_executor(self._executor, call),
                                          2 * store.db.deadline + 1)
        except asyncio.TimeoutError:
            raise NotAnswering(f"{method} did not return") from None
        except NotAnswering as exc:
            log.warning("database: %s failed: %s", method, exc.detail or exc)  # the why, for the operator
            raise

    def _import_room_files(self) -> None:
        """Tables an older version kept as ``rooms/<id>.json`` move into the database once."""
        assert self.store is not None
        for path in sorted(self.rooms_dir.glob("*.json")) if self.rooms_dir.is_dir() else []:
            try:
                room = Room.from_json(storage.read_json(path))
                room.active = max(room.active, path.stat().st_mtime)  # the file changed with every move
                if not self.store.table_exists(room.id):
                    self.store.create_table(room.record())
                    for n, move in enumerate(room.table.moves, start=1):
                        self.store.append_move(room.id, n, move.seat, move.action.to_json(),
                                               over=n == len(room.table.moves) and room.table.state.is_over,
                                               now=room.active)
            except (SaveFileError, KeyError, TypeError, ValueError, Conflict):
                path.rename(path.with_suffix(".damaged"))
                continue
            path.rename(path.with_suffix(".imported"))

    def _load_rooms(self) -> None:
        assert self.store is not None
        for rec in self.store.open_tables():
            try:
                room = Room.from_record(rec)
            except DOES_NOT_REPLAY as exc:
                print(f"dragon-tui: table {rec.id} does not replay ({exc}); left out.", flush=True)
                continue
            self._adopt(room)

    def _adopt(self, room: Room) -> None:
        room.clock = self.now
        self.rooms[room.id] = room
        room.on_change = self.lobby.changed
        room.table.subscribe(lambda table, room=room: self._changed(room))
        self.lobby.changed(room)

    def _changed(self, room: Room) -> None:
        room.tell()  # the move is in the database already (see _play)
        self._kick_bots(room)
        self._arm_limit(room)
        if room.table.state.is_over:
            room.result_task = self._spawn(endings.record_result(self, room, self._db))
            # the new ratings beside the names, once recorded
            room.result_task.add_done_callback(lambda t: t.cancelled() or self._spawn(profiles.rate_seats(self, room)))

    def _running_tasks(self) -> list[asyncio.Task]:
        tasks = [room.bot_task for room in self.rooms.values()] + list(self._tasks)
        return [task for task in tasks if task is not None and not task.done() and task is not asyncio.current_task()]

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ------------------------------------------------------------------ expiry
    def sweep(self, now: float | None = None) -> list[str]:
        """Remove the offers nobody took (their ids), let archived games leave memory and end
        by forfeit the games whose absent player's time ran out (:mod:`.endings`); the database
        called directly (at start, before serving)."""
        async def direct(method: str, *args: Any, **kw: Any) -> Any:
            return getattr(self._store(), method)(*args, **kw)

        return endings.run_now(endings.sweep(self, self.now() if now is None else now, direct))

    async def _sweep(self, now: float | None = None) -> list[str]:
        """:meth:`sweep` with the database calls off the event loop (while serving)."""
        return await endings.sweep(self, self.now() if now is None else now, self._db)

    def _swept(self, room: Room) -> str:
        if room.bot_task is not None:
            room.bot_task.cancel()
        if room.limit_timer is not None:
            room.limit_timer.cancel()
        for conn in list(room.conns):
            self._detach(conn)
        del self.rooms[room.id]
        self.lobby.changed(None)
        return room.id

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            await self._sweep()

    # ------------------------------------------------------------------ connections
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send({"event": "error", "error": "The table server is full."})
            writer.close()
            return
        self.conns.add(conn)
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError, ConnectionError):
                    break
                if not line:
                    break
                try:  # the same validator as save files: depth, 1e999, huge numbers
                    msg = loads(line, MAX_LINE)
                    if not isinstance(msg, dict):
                        raise UntrustedJSONError("not a JSON object")
                except UntrustedJSONError as exc:
                    conn.send({"ok": False, "error": f"Bad request: {exc}."})
                    continue
                reply: dict[str, Any]
                try:
                    result = self._handle(conn, msg)
                    if asyncio.iscoroutine(result):  # a request that needs the database
                        result = await result
                    reply = {"ok": True, **(result or {})}
                except IllegalAction as exc:
                    reply = {"ok": False, "error": str(exc)}
                except (KeyError, TypeError, ValueError, OverflowError) as exc:
                    reply = {"ok": False, "error": f"Bad request: {str(exc)[:200]}"}
                except StoreError as exc:  # a read the database could not answer
                    log.error("table server: request %r: %s", str(msg.get("op"))[:24], exc)
                    reply = {"ok": False, "error": str(write_error(exc, "use its database"))}
                except Exception:  # a bug must not drop the player: log it, refuse the request
                    log.exception("table server: request %r failed", str(msg.get("op"))[:24])
                    reply = {"ok": False, "error": "The server could not do that (an internal error)."}
                if isinstance(msg.get("id"), (int, str)):
                    reply["id"] = msg["id"]
                conn.send(reply)
                await writer.drain()
        finally:
            self._detach(conn)
            self.lobby.drop(conn)
            self.conns.discard(conn)
            writer.close()

    def _handle(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        op = msg.get("op")
        if op == "hello":
            return quotas.hello(self, conn, msg)
        if conn.identity is None:
            raise IllegalAction(quotas.NOT_A_SESSION)
        if op == "list":
            rooms = [self._social_summary(r, r.summary(conn.player), conn.player) for r in self.rooms.values()
                     if not r.over or any(o and o["player"] == conn.player for o in r.owners)]
            # yours first, those awaiting your move before them; then the others
            return self._listed(sorted(rooms, key=lambda r: (not r["invites_you"], not r["mine"], not r["your_turn"],
                                                             r["over"], r["id"])))
        if op == "host":
            return self._host(conn, msg)
        if op == "daily":
            return self._daily(conn)
        if op == "vacation":
            return self._vacation(conn, msg)
        if op == "leaderboard":
            game = str(msg.get("game"))
            if game not in GAMES:
                raise IllegalAction(f"No game {game!r}.")
            return self._board(game)
        if op == "daily_board":
            day = _today() if msg.get("day") is None else _dt.date.fromisoformat(str(msg["day"])[:10])
            return self._daily_board(day)
        if op == "join":
            return self._join(conn, self._room(msg["room"]), int(msg["seat"]), msg.get("token"))
        if op == "watch":
            room = self._room(msg["room"])
            self._attach(conn, room, None)
            return {"room": room.id, "seat": None}
        if op == "act":
            return self._act(conn, msg)
        if op == "history":
            if conn.room is None:
                raise IllegalAction("You are not at a table.")
            k = int(msg["k"])
            if not 0 <= k < len(conn.room.table.states):
                raise IllegalAction("No such position.")
            return {"view": view_json(conn.room.table.states[k], conn.seat)}
        if op in SOCIAL_OPS:
            return self._social(conn, op, msg)
        if op == "resign":
            return self._seated_op(endings.resign, conn)
        if op == "abort":
            return self._seated_op(endings.abort, conn)
        if op == "games":
            return endings.games(self, conn, msg)
        if op == "review":
            return endings.review(self, conn, msg)
        if op == "seek":
            return self._seek(conn, msg)
        if op == "follow":
            return self.lobby.follow(conn)
        if op == "decline":
            return self._seated_op(lambda server, c: invitations.decline(server, c, msg), conn)
        if op == "profile":
            return profiles.profile(self, msg.get("player", conn.player))
        if op == "leave":
            room = conn.room
            self._detach(conn)
            if room is not None:
                room.tell()
            return None
        raise IllegalAction(f"Unknown request {op!r}.")

    async def _seated_op(self, op, conn: Conn) -> dict[str, Any]:
        async with self._seating:  # one ending at a time: a resignation and an abort do not cross
            return await op(self, conn)

    def _store(self) -> Store:
        if self.store is None:
            raise IllegalAction("The table server is not running.")
        return self.store

    async def _touch(self, player: str, key: str | None, now: float) -> None:
        with contextlib.suppress(StoreError, Conflict, IllegalAction):
            await self._db("touch_player", player, key, now)

    async def _seek(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        async with self._seating:  # one seat at a time: two seekers are not both paired at one seat
            return await seeks.seek(self, conn, msg)

    async def _listed(self, rooms: list[dict[str, Any]]) -> dict[str, Any]:
        return {"rooms": await profiles.with_ratings(self, rooms)}

    async def _board(self, game: str) -> dict[str, Any]:
        return {"game": game, "board": await self._db("leaderboard", game)}

    async def _daily_board(self, day: _dt.date) -> dict[str, Any]:
        _need_a_daily_game()
        return {"day": day.isoformat(), "game": DAILY_GAME, "seed": highscores.daily_seed(day),
                "board": await self._db("daily_board", day.isoformat(), DAILY_GAME)}

    async def _daily(self, conn: Conn) -> dict[str, Any]:
        async with self._seating:  # one deal a day: the look and the table as one step
            return await self._daily_now(conn)

    async def _daily_now(self, conn: Conn) -> dict[str, Any]:
        """Today's deal of the solitaire at a one-seat table of the player's own: the first
        finished attempt of the day goes on the day's board, so there is one per player a day."""
        _need_a_daily_game()
        day = _today()
        existing = await self._db("daily_table_of", day.isoformat(), DAILY_GAME, conn.player)
        if existing is not None:
            room = self.rooms.get(existing)
            if room is None or room.over:
                raise IllegalAction("You have played today's deal: see how you stand on the daily board.")
            raise IllegalAction(f"Your deal of the day is table {existing}: go on with it from your tables.")
        return await self._host_now(conn, {"game": DAILY_GAME, "seats": [{"kind": "remote"}],
                                           "seed": highscores.daily_seed(day)}, daily=day.isoformat())

def _running(pid: int) -> bool:
    """Whether a process ``pid`` runs on this host (a node of this host that is gone is not live)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: it runs
        return True
    return True


def _today() -> _dt.date:
    """The day of the daily deal: the same calendar as :func:`highscores.daily_seed`."""
    return _dt.date.today()
