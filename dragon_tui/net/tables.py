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
table lives on with nobody connected (correspondence play); the host may give each move a time limit,
after which a bot of the host's chosen level plays that move for the seat, and the log says so.
When a game ends its result is rated (multiplayer, people only) or goes on the high scores and
the daily board (solitaire). Tables kept as ``rooms/*.json`` by older versions are imported once.

Nothing a player would want is deleted (:mod:`.endings`): a finished game is archived with its
moves (listed per player, replayable); a game whose absent player's time and grace ran out ends
by forfeit, recorded and rated; only offers nobody took are removed. One player may
host :data:`MAX_ROOMS_PER_HOST` open tables and sit at :data:`MAX_SEATS_PER_PLAYER` seats of
open tables; one address and one key have quotas too (:mod:`.quotas`). A connection's identity
comes from the session ticket the serve process gave the app (:mod:`.identity`), never from
what the client says. Shared tables deal from a secret 128-bit seed the server draws (the daily
deal from the day's seed); a time limit per move is one in the lobby's range (:mod:`.table_rules`).
Every line a client sends goes through the same validator as save files (depth, sizes, no
``1e999``): a bad one gets "Bad request" and the connection lives.

Protocol (one JSON object per line). Requests carry ``id`` and get ``{"id", "ok": true, ...}``
or ``{"id", "ok": false, "error": "reason"}``:

- ``hello {ticket}`` — first, once: the session ticket from the app's environment; the reply
  says which ``player`` the server takes this connection for
- ``list`` — ``rooms``: open tables, and finished ones this player sat at; the player's own
  first (those where it is their turn before the others), each with ``to_move`` and ``your_turn``
- ``host {game, seats: [{kind: "remote"|"bot", level?, name?}], options?, seat?,
  move_limit?, limit_level?}`` — open a room and sit at ``seat`` (default 0); replies ``room,
  seat, token``. ``move_limit``: seconds per move, after which a ``limit_level`` bot plays it
- ``daily`` — open today's deal of the solitaire for this player (one attempt a day counts)
- ``leaderboard {game}`` — ``board``: the game's ratings, best first
- ``daily_board {day?}`` — ``board``, ``day``, ``seed``: the day's solitaire results, best first
- ``join {room, seat, token?}`` — sit at a free remote seat, or come back to your own with its
  token; replies ``room, seat, token``
- ``watch {room}`` — watch without a seat
- ``act {action, seat?, at?}`` — play for your seat; ``at`` (moves seen) refuses stale actions
- ``history {k}`` — your view of the position after ``k`` moves (replay)
- ``games {player?, limit?, before?}`` — ``games``: a player's finished games, newest first
  (id, game, finished, moves, seats, result: rank per seat, ending); ``before`` pages back
- ``review {room, k?}`` — a finished game (kept for ever): its ``moves``, ``ending``, ``seed``
  and the ``view`` after ``k`` moves as the asker's seat saw it
- ``resign`` — give up your seat's game at any time: recorded and rated as a loss (two players:
  the game ends; more: a bot plays your seat on and you are placed last)
- ``abort`` — close the table before two persons have moved (a seated player or the host):
  nothing rated, the table kept as aborted
- ``leave`` — stand up (your seat stays yours; come back with the token)

Pushed events: ``{"event": "update", room, seat, seats, view, from, moves, total, over, seed}``
(a move a bot played because the seat's time ran out carries ``timeout: level``; ``ending``
says which seats forfeited, and whether that ended the game)
after every change, and ``{"event": "kicked", reason}`` when the same seat is taken over by a
newer connection of its owner.
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
import secrets
import socket
import time
from pathlib import Path
from typing import Any

from ..ai import LEVELS as BOT_LEVELS
from ..engine import Action, IllegalAction, SaveFileError
from ..engine.rng import secret_seed
from ..engine.untrusted import UntrustedJSONError, loads
from ..games import GAMES, daily_game, get_game
from ..session import Seat, Table, highscores, storage
from .store import Conflict, NotAnswering, Store, StoreError, open_store
from . import endings, quotas
from .cluster import ClusterNode
from .identity import Tickets, key_path_for
from .table_rules import MOVE_LIMIT_RANGE, span_text
from .rooms import (ABANDONED_AFTER, FINISHED_KEPT, ROOM_FORMAT, ROOM_VERSION, Conn, Room,  # noqa: F401
                    TableWriteError, _hash, private_dir, socket_path_for, view_json, write_error)

log = logging.getLogger("dragon_tui.tables")

MAX_LINE = 1 << 20
MAX_ROOMS = 200
MAX_ROOMS_PER_HOST = 5
MAX_SEATS_PER_PLAYER = 20
MAX_CONNECTIONS = 512
#: How often the server looks for tables to remove.
SWEEP_EVERY = 600.0
#: The solitaire whose daily deal has a server-wide board: the game whose descriptor says
#: ``daily`` (none: the server deals no game of the day).
DAILY_GAME = daily_game()


def _need_a_daily_game() -> None:
    if DAILY_GAME is None:
        raise IllegalAction("This server deals no game of the day.")


class TableServer(ClusterNode):
    def __init__(self, data: Path | None = None, bot_delay: float = 0.3, db: str | None = None) -> None:
        self.data = data or storage.data_dir()
        self.rooms_dir = self.data / "rooms"
        self.socket_path = socket_path_for(self.data)
        self.bot_delay = bot_delay
        #: the database: a PostgreSQL URL or a SQLite file (default: in the data folder)
        self.db_url = db
        self.store: Store | None = None
        self.rooms: dict[str, Room] = {}
        self.conns: set[Conn] = set()
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task] = set()
        self._sweeper: asyncio.Task | None = None
        self._listener = None  # cluster.Listener, with PostgreSQL
        self._heart: asyncio.Task | None = None
        #: True once SIGTERM asked this node to drain: no new sessions
        self.draining = False
        #: (player, key) -> when its "last seen" was last written
        self._seen: dict[tuple[str, str | None], float] = {}
        #: the time limits per move a host may give (the lobby's choices; tests may lower it)
        self.move_limits = MOVE_LIMIT_RANGE
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
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            if room.limit_timer is not None:
                room.limit_timer.cancel()
        for task in list(self._tasks):
            task.cancel()
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
            except (SaveFileError, IllegalAction, KeyError, TypeError, ValueError) as exc:
                print(f"dragon-tui: table {rec.id} does not replay ({exc}); left out.", flush=True)
                continue
            self._adopt(room)

    def _adopt(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.table.subscribe(lambda table, room=room: self._changed(room))

    def _changed(self, room: Room) -> None:
        for conn in list(room.conns):  # the move is in the database already (see _play)
            conn.update()
        self._kick_bots(room)
        self._arm_limit(room)
        if room.table.state.is_over:
            room.result_task = self._spawn(endings.record_result(self, room, self._db))

    async def _play(self, room: Room, action: Action, seat: int | None, timeout_level: str | None = None,
                    written=None) -> None:
        """The one way a move is made: checked, written to the database as move n+1 (which
        fails if the table's last move is not n), then applied and sent out. A move the
        database did not take is not played: the table and every screen stay as they were.
        ``written()`` runs once the database has it, just before it is applied."""
        table = room.table
        if room.over:  # ended by a forfeit: the position is not over by the rules
            raise IllegalAction("That game is over.")
        move, nxt = table.prepare(action, seat)  # IllegalAction: nothing changes
        number = len(table.moves) + 1
        now = time.time()
        try:
            await self._db("append_move", room.id, number, move.seat, action.to_json(), over=nxt.is_over,
                           timeout_level=timeout_level, now=now)
        except Conflict:
            await self._catch_up(room)
            raise IllegalAction("The table moved on since you chose; look again.") from None
        except StoreError as exc:
            log.error("table %s: move %d not written: %s", room.id, number, exc)
            raise write_error(exc, "save that move") from None
        if timeout_level:
            room.timeouts[number] = timeout_level
        if len(table.moves) != number - 1:
            return  # a catch-up read it from the database while we waited: it is applied already
        room.turn_since = room.active = now
        room.moved(move.seat, timeout_level, now)
        if written is not None:
            written()
        table.commit(move, nxt)

    async def _catch_up(self, room: Room) -> None:
        """Apply the moves the database has beyond ours (written by another server process on
        the same database, or committed when the answer was lost), by move number."""
        try:
            moves = await self._db("moves_after", room.id, len(room.table.moves))
        except (StoreError, IllegalAction):
            return
        for m in moves:
            if m.number != len(room.table.moves) + 1:
                continue  # applied while we read
            try:
                room.turn_since = room.active = m.played
                room.moved(m.seat, m.timeout_level, m.played)
                if m.timeout_level:
                    room.timeouts[m.number] = m.timeout_level
                room.table.apply(Action.from_json(m.action), m.seat)  # tells the seats, like any move
            except (IllegalAction, ValueError) as exc:
                print(f"dragon-tui: table {room.id}: move {m.number} in the database does not apply ({exc}).",
                      flush=True)
                return

    # ------------------------------------------------------------------ expiry
    def sweep(self, now: float | None = None) -> list[str]:
        """Remove the offers nobody took (their ids), let archived games leave memory and end
        by forfeit the games whose absent player's time ran out (:mod:`.endings`); the database
        called directly (at start, before serving)."""
        async def direct(method: str, *args: Any, **kw: Any) -> Any:
            return getattr(self._store(), method)(*args, **kw)

        return endings.run_now(endings.sweep(self, time.time() if now is None else now, direct))

    async def _sweep(self, now: float | None = None) -> list[str]:
        """:meth:`sweep` with the database calls off the event loop (while serving)."""
        return await endings.sweep(self, time.time() if now is None else now, self._db)

    def _swept(self, room: Room) -> str:
        if room.bot_task is not None:
            room.bot_task.cancel()
        if room.limit_timer is not None:
            room.limit_timer.cancel()
        for conn in list(room.conns):
            self._detach(conn)
        del self.rooms[room.id]
        return room.id

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            await self._sweep()

    # ------------------------------------------------------------------ time limits
    def _arm_limit(self, room: Room) -> None:
        """(Re)start the clock of the pending decision, if the table has a time limit."""
        if room.limit_timer is not None:
            room.limit_timer.cancel()
            room.limit_timer = None
        deadline = room.deadline()
        if deadline is None:
            return
        at = len(room.table.moves)
        room.limit_timer = asyncio.get_running_loop().call_later(
            max(0.0, deadline - time.time()), lambda: self._spawn(self._time_ran_out(room, at)))

    def _spawn(self, coro) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _time_ran_out(self, room: Room, at: int) -> None:
        """The seat's time is up: a bot of the host's level plays this one move for it,
        through the table's turn controller (its ticket drops the move if the player moved
        meanwhile; a failing bot gives the legal fallback)."""
        if len(room.table.moves) != at or room.deadline() is None or room.table.state.current_player is None:
            return
        if not await self._take_duty(room):
            return  # another node plays it
        controller = room.controller
        try:
            seat = endings.forfeit_due(room, time.time()) if len(room.table.moves) == at else None
            if seat is not None:  # away too long: the seat forfeits instead of another stand-in move
                try:
                    await endings.forfeit(self, room, seat, self._db)
                except (StoreError, Conflict, IllegalAction) as exc:
                    log.error("table %s: the forfeit was not written (%s)", room.id, exc)
                return
            turn = controller.begin_stand_in(room.limit_level) if len(room.table.moves) == at else None
            if turn is None:
                return
            result = await asyncio.to_thread(controller.decide, turn)
            chosen: list[tuple[Action, int]] = []
            try:
                controller.finish(result, play=lambda action, seat: chosen.append((action, seat)))
                if chosen:
                    await self._play(room, *chosen[0], timeout_level=room.limit_level)
            except IllegalAction as exc:  # the database refused (busy, or gone): try again shortly
                controller.cancel()
                log.error("table %s: the timed-out move failed (%s)", room.id, exc)
                await asyncio.sleep(5.0)
                self._arm_limit(room)
            finally:
                controller.notices.clear()  # nobody at this table's keyboard: the log shows the move
        finally:
            await self._drop_duty(room)

    # ------------------------------------------------------------------ bots
    def _kick_bots(self, room: Room) -> None:
        if room.bot_task is None or room.bot_task.done():
            if room.controller.bot_to_move() is not None:
                room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        """The bots' turns through the shared turn controller (forced moves at once, a stale
        result dropped, a failing bot replaced by a legal fallback), played by the one node that
        holds this table's duty, each move written to the database before it is played."""
        controller = room.controller
        while (turn := controller.begin()) is not None:
            if turn.delay:
                await asyncio.sleep(self.bot_delay)
            if not controller.is_current(turn):
                continue
            if not await self._take_duty(room):  # another node plays this table's bots
                controller.cancel()
                return
            try:
                result = await asyncio.to_thread(controller.decide, turn)
                if not controller.is_current(result.turn):
                    continue  # the table changed meanwhile: think again about the new position
                chosen: list[tuple[Action, int]] = []
                try:
                    controller.finish(result, play=lambda action, seat: chosen.append((action, seat)))
                    if chosen:  # the change it makes may start the next bot's turn itself
                        await self._play(room, *chosen[0], written=lambda: setattr(room, "bot_task", None))
                except IllegalAction:  # the database refused (busy, or gone): think again shortly
                    room.bot_task = asyncio.current_task()
                    await asyncio.sleep(max(self.bot_delay, 1.0))
                    continue
                finally:
                    controller.notices.clear()  # nobody at this table's keyboard: the log shows the move
                if room.bot_task is asyncio.current_task():  # applied by a catch-up while it was written
                    room.bot_task = None
                    self._kick_bots(room)  # which could not start the next bot's turn meanwhile
                return
            finally:
                await self._drop_duty(room)

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
            self.conns.discard(conn)
            writer.close()

    def _detach(self, conn: Conn) -> None:
        if conn.room is not None:
            conn.room.conns.discard(conn)
        conn.room = None
        conn.seat = None

    def _attach(self, conn: Conn, room: Room, seat: int | None) -> None:
        self._detach(conn)
        if seat is not None:
            for other in list(room.conns):
                if other.seat == seat:
                    other.send({"event": "kicked", "reason": "You sat down at this seat from another terminal."})
                    self._detach(other)
        conn.room = room
        conn.seat = seat
        conn.sent = 0
        room.conns.add(conn)
        for other in room.conns:  # everyone sees who is connected
            other.update()

    def _room(self, room_id: Any) -> Room:
        room = self.rooms.get(str(room_id))
        if room is None:
            raise IllegalAction("There is no such table (it may have ended).")
        return room

    def _handle(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        op = msg.get("op")
        if op == "hello":
            return quotas.hello(self, conn, msg)
        if conn.identity is None:
            raise IllegalAction(quotas.NOT_A_SESSION)
        if op == "list":
            rooms = [r.summary(conn.player) for r in self.rooms.values()
                     if not r.over or any(o and o["player"] == conn.player for o in r.owners)]
            # yours first, those awaiting your move before them; then the others
            return {"rooms": sorted(rooms, key=lambda r: (not r["mine"], not r["your_turn"], r["over"], r["id"]))}
        if op == "host":
            return self._host(conn, msg)
        if op == "daily":
            return self._daily(conn)
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
        if op == "resign":
            return self._seated_op(endings.resign, conn)
        if op == "abort":
            return self._seated_op(endings.abort, conn)
        if op == "games":
            return endings.games(self, conn, msg)
        if op == "review":
            return endings.review(self, conn, msg)
        if op == "leave":
            room = conn.room
            self._detach(conn)
            if room is not None:
                for other in room.conns:
                    other.update()
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

    async def _host(self, conn: Conn, msg: dict[str, Any], daily: str | None = None) -> dict[str, Any]:
        async with self._seating:
            return await self._host_now(conn, msg, daily)

    async def _host_now(self, conn: Conn, msg: dict[str, Any], daily: str | None = None) -> dict[str, Any]:
        await self._sweep()
        if sum(1 for r in self.rooms.values() if not r.over) >= MAX_ROOMS:
            raise IllegalAction("There are too many open tables; join one, or try later.")
        # the day's deal is one table a day of its own: it takes none of the host's five
        quotas.check_host_quota(self, conn, MAX_ROOMS_PER_HOST, daily=daily is not None)
        game = get_game(str(msg["game"])) if str(msg["game"]) in GAMES else None
        if game is None:
            raise IllegalAction(f"No game {msg['game']!r}.")
        specs = list(msg["seats"])
        take = int(msg.get("seat", 0))
        seats: list[Seat] = []
        for i, spec in enumerate(specs):
            kind = spec.get("kind", "remote")
            if kind == "bot":
                level = str(spec.get("level", "greedy"))
                if level not in BOT_LEVELS:
                    raise IllegalAction(f"No bot level {level!r}.")
                seats.append(Seat(str(spec.get("name") or f"Bot {i + 1}")[:24], "bot", level))
            elif kind == "remote":
                seats.append(Seat(str(spec.get("name") or f"Seat {i + 1}")[:24], "remote"))
            else:
                raise IllegalAction(f"A seat is a remote player or a bot, not {kind!r}.")
        if not 0 <= take < len(seats) or seats[take].is_bot:
            raise IllegalAction("Take a seat that is not a bot's.")
        if daily is not None:
            seed = int(msg["seed"])  # the day's deal: the server's own, the same for everyone
        elif msg.get("seed") is not None:
            # whoever picks the seed knows the deal, the draws and the dice to come
            raise IllegalAction("Shared tables deal from a seed the server draws in secret; a player cannot choose it.")
        else:
            seed = secret_seed()
        move_limit = None
        if msg.get("move_limit") is not None:
            move_limit = float(msg["move_limit"])
            low, high = self.move_limits
            if not low <= move_limit <= high:  # also refuses NaN
                raise IllegalAction(f"A time limit per move is between {span_text(low)} and {span_text(high)}.")
        limit_level = str(msg.get("limit_level") or "greedy")
        if limit_level not in BOT_LEVELS:
            raise IllegalAction(f"No bot level {limit_level!r}.")
        try:
            table = Table(game.id, seats, seed, msg.get("options") or {})
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        room_id = secrets.token_hex(3)
        while room_id in self.rooms or await self._db("table_exists", room_id):
            room_id = secrets.token_hex(3)
        room = Room(room_id, table, conn.player, [None] * len(seats), time.time(), move_limit, limit_level, daily)
        room.host_address = conn.identity.quota_address if conn.identity is not None else None
        room.host_key = conn.key
        self._check_seats_held(conn)
        token = secrets.token_urlsafe(18)
        room.owners[take] = {"player": conn.player, "token": _hash(token)}
        room.table.seats[take].name = conn.player
        try:  # the table and the host's seat in one transaction: on disk, or refused before anyone sees it
            await self._db("create_table", room.record())
        except (StoreError, Conflict) as exc:
            log.error("table %s not created: %s", room_id, exc)
            raise write_error(exc, "open the table") from None
        self._adopt(room)
        self._attach(conn, room, take)
        self._arm_limit(room)
        self._kick_bots(room)
        return {"room": room.id, "seat": take, "token": token}

    def _check_seats_held(self, conn: Conn) -> None:
        held = sum(1 for r in self.rooms.values() if not r.over
                   for o in r.owners if o and o["player"] == conn.player)
        if held >= MAX_SEATS_PER_PLAYER:
            raise IllegalAction(f"You already sit at {MAX_SEATS_PER_PLAYER} open tables: finish some first.")

    async def _join(self, conn: Conn, room: Room, seat: int, token: Any) -> dict[str, Any]:
        async with self._seating:
            return await self._join_now(conn, room, seat, token)

    async def _join_now(self, conn: Conn, room: Room, seat: int, token: Any) -> dict[str, Any]:
        if not 0 <= seat < len(room.table.seats):
            raise IllegalAction("No such seat.")
        if room.table.seats[seat].is_bot:
            raise IllegalAction("A bot plays that seat.")
        owner = room.owners[seat]
        if owner is not None:
            if isinstance(token, str) and secrets.compare_digest(_hash(token), owner["token"]):
                self._attach(conn, room, seat)
                return {"room": room.id, "seat": seat, "token": token}
            if conn.key is not None and owner["player"] == conn.player:
                # keys mode: the name is bound to the player's key, so the player may come back
                # without the token — which lives in their folder on the node they sat down at
                return await self._retoken(conn, room, seat)
            raise IllegalAction(f"{owner['player']} sits there (to come back to your seat you need its token).")
        if room.over:
            raise IllegalAction("That game is over.")
        self._check_seats_held(conn)
        token = secrets.token_urlsafe(18)
        last = sum(1 for s, o in zip(room.table.seats, room.owners) if not s.is_bot and o is None) == 1
        now = time.time()
        try:
            await self._db("sit", room.id, seat, conn.player, _hash(token), turn_since=now if last else None, now=now)
        except Conflict:
            raise IllegalAction("Someone sat down there a moment ago.") from None
        except StoreError as exc:
            log.error("table %s: seat %d not given: %s", room.id, seat, exc)
            raise write_error(exc, "give you that seat") from None
        room.owners[seat] = {"player": conn.player, "token": _hash(token)}
        room.table.seats[seat].name = conn.player
        room.active = now
        if last:
            room.turn_since = now  # the table is full: the clock starts now
        self._attach(conn, room, seat)
        self._arm_limit(room)
        return {"room": room.id, "seat": seat, "token": token}

    async def _retoken(self, conn: Conn, room: Room, seat: int) -> dict[str, Any]:
        """A fresh token for the seat's own (key-authenticated) player, written first."""
        token = secrets.token_urlsafe(18)
        try:
            await self._db("retoken", room.id, seat, conn.player, _hash(token))
        except (StoreError, Conflict) as exc:
            log.error("table %s: seat %d not given back: %s", room.id, seat, exc)
            raise write_error(exc, "give you your seat back") from None
        room.owners[seat] = {"player": conn.player, "token": _hash(token)}
        self._attach(conn, room, seat)
        return {"room": room.id, "seat": seat, "token": token}

    async def _act(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        room = conn.room
        if room is None:
            raise IllegalAction("You are not at a table.")
        if conn.seat is None:
            raise IllegalAction("You are watching this table: you have no seat to play.")
        if conn.seat in room.forfeited:
            raise IllegalAction("You have left this game: a bot plays your seat now.")
        if msg.get("seat") is not None and int(msg["seat"]) != conn.seat:
            raise IllegalAction(room.table.text(f"You play {{p{conn.seat}}}'s seat, not another."))
        table = room.table
        if msg.get("at") is not None and int(msg["at"]) != len(table.moves):
            raise IllegalAction("The table moved on since you chose; look again.")
        action = Action.from_json(msg["action"])
        await self._play(room, action, conn.seat)  # refuses another seat's decision, illegal actions, a failed write
        if room.result_task is not None:  # the last move: the boards have the result when the player hears
            await asyncio.wait({room.result_task}, timeout=2 * self._store().db.deadline + 1)
        return {"moves": len(table.moves)}


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
