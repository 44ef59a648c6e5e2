"""Shared tables: the authoritative table server that lives in the serve process.

Each room holds the only real :class:`~dragon_tui.session.Table` of its game. Apps connect
over a local Unix socket and speak JSON lines. A connection sits at one seat of one room (or
watches it); it may act for that seat only. Everything sent out goes through the view filter:
a player receives ``state.view(seat)`` (a spectator ``view(None)``) with the random generator
blanked, and other seats' action texts only in games without hidden information — never the
real state, the seed (until the game is over) or a full save. Bots play their seats here.
Every change is written to ``<data>/rooms/<id>.json`` *before* it is applied and broadcast:
a write that fails (full disk) refuses the move with a message and the table stays as it was,
so a restart resumes every room exactly as the players last saw it.

Rooms do not live for ever: a table nobody played at or joined for :data:`ABANDONED_AFTER`
(and with nobody connected) is removed, a finished one :data:`FINISHED_KEPT` after its last
move; one player may host :data:`MAX_ROOMS_PER_HOST` open tables and sit at
:data:`MAX_SEATS_PER_PLAYER` seats of open tables.

Protocol (one JSON object per line). Requests carry ``id`` and get ``{"id", "ok": true, ...}``
or ``{"id", "ok": false, "error": "reason"}``:

- ``hello {player}`` — who this is (the serve process sets it per connection)
- ``list`` — ``rooms``: open tables, and finished ones this player sat at
- ``host {game, seats: [{kind: "remote"|"bot", level?, name?}], options?, seed?, seat?}``
  — open a room and sit at ``seat`` (default 0); replies ``room, seat, token``
- ``join {room, seat, token?}`` — sit at a free remote seat, or come back to your own with its
  token; replies ``room, seat, token``
- ``watch {room}`` — watch without a seat
- ``act {action, seat?, at?}`` — play for your seat; ``at`` (moves seen) refuses stale actions
- ``history {k}`` — your view of the position after ``k`` moves (replay)
- ``leave`` — stand up (your seat stays yours; come back with the token)

Pushed events: ``{"event": "update", room, seat, seats, view, from, moves, total, over, seed}``
after every change, and ``{"event": "kicked", reason}`` when the same seat is taken over by a
newer connection of its owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import secrets
import socket
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from ..ai import LEVELS as BOT_LEVELS
from ..engine import Action, IllegalAction, SaveFileError, State
from ..engine.rng import secret_seed
from ..engine.untrusted import UntrustedJSONError, loads
from ..games import GAMES, get_game
from ..session import Seat, Table, TurnController, storage

log = logging.getLogger("dragon_tui.tables")

ROOM_FORMAT = "dragon-tui-room"
ROOM_VERSION = 1
MAX_LINE = 1 << 20
MAX_ROOMS = 200
MAX_ROOMS_PER_HOST = 5
MAX_SEATS_PER_PLAYER = 20
MAX_CONNECTIONS = 512
#: An open table where nothing happened for this long (and nobody is connected) is removed.
ABANDONED_AFTER = 7 * 24 * 3600.0
#: A finished table stays listed (for its players to look back) this long after its last move.
FINISHED_KEPT = 24 * 3600.0
#: How often the server looks for tables to remove.
SWEEP_EVERY = 600.0


class TableWriteError(IllegalAction):
    """The table could not be written to disk (full or read-only): the change was not made."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(f"The server could not save the table ({cause}); nothing was changed. Try again later.")


def view_json(state: State, seat: int | None) -> dict[str, Any]:
    """The only way a position leaves the server: the seat's view, random generator blanked
    (its state would predict the dice and shuffles to come)."""
    doc = state.view(seat).to_json()
    doc["rng"] = [0, int(doc["rng"][1])]
    return doc


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def socket_path_for(data: Path) -> Path:
    """The table server's socket: in the data folder, or (when that path is too long for a
    Unix socket) in a private folder under /tmp that this user created and only it can enter."""
    path = data / "tables.sock"
    if len(str(path)) < 100:
        return path
    short = Path(tempfile.gettempdir()) / f"dragon-tui-{hashlib.sha256(str(data).encode()).hexdigest()[:12]}"
    return private_dir(short) / "tables.sock"


def private_dir(path: Path) -> Path:
    """``path`` as a folder only this user can use: created 0700, or refused when it already
    exists and is not ours (someone else could otherwise put their socket, or a link, there)."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise OSError(f"{path} exists but is not a private folder of this user; remove it or set DRAGON_TUI_HOME.")
    return path


class Room:
    def __init__(self, room_id: str, table: Table, host: str, owners: list[dict | None], created: float,
                 active: float | None = None) -> None:
        self.id = room_id
        self.table = table
        self.host = host
        #: per seat: {"player": name, "token": sha256 of the token} once someone sat there
        self.owners = owners
        self.created = created
        #: when something last happened here (a move, someone sitting down): expiry counts from it
        self.active = created if active is None else active
        self.conns: set[Conn] = set()
        self.controller = TurnController(table, budget=0.5)
        self.bot_task: asyncio.Task | None = None

    def to_json(self) -> dict[str, Any]:
        return self.to_json_then(None)

    def to_json_then(self, then: tuple | None, active: float | None = None) -> dict[str, Any]:
        """The room file; with ``then`` (from ``Table.prepare``), as it will be after that move."""
        return {"format": ROOM_FORMAT, "version": ROOM_VERSION, "id": self.id, "host": self.host,
                "owners": self.owners, "created": self.created,
                "active": self.active if active is None else active, "table": self.table.to_json(then)}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Room:
        if doc.get("format") != ROOM_FORMAT or doc.get("version") != ROOM_VERSION:
            raise SaveFileError("not a shared-table file")
        table = Table.from_json(doc["table"])
        created = float(doc["created"])
        return cls(str(doc["id"]), table, str(doc["host"]), list(doc["owners"]), created,
                   float(doc.get("active", created)))

    def expired(self, now: float) -> bool:
        """Finished long enough ago, or abandoned: nobody connected and nothing happened."""
        if self.table.state.is_over:
            return now - self.active > FINISHED_KEPT
        return not self.conns and now - self.active > ABANDONED_AFTER

    def summary(self) -> dict[str, Any]:
        seats = []
        live = {c.seat for c in self.conns if c.seat is not None}
        for i, seat in enumerate(self.table.seats):
            owner = self.owners[i]
            seats.append({"name": seat.name, "kind": seat.kind, "level": seat.level if seat.is_bot else "",
                          "player": owner["player"] if owner else None, "connected": i in live})
        state = self.table.state
        return {"id": self.id, "game": self.table.game.id, "title": self.table.game.title, "host": self.host,
                "seats": seats, "moves": len(self.table.moves), "over": state.is_over,
                "phase": self.table.text(state.phase_label()),
                "watchers": sum(1 for c in self.conns if c.seat is None)}


class Conn:
    def __init__(self, server: TableServer, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.player = "guest"
        self.room: Room | None = None
        self.seat: int | None = None
        #: moves already sent to this connection (updates carry only the new ones)
        self.sent = 0

    def send(self, doc: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(json.dumps(doc, separators=(",", ":")).encode() + b"\n")

    def update(self) -> None:
        """Send this connection its own view of its room."""
        room = self.room
        if room is None:
            return
        table = room.table
        hidden = table.game.hidden_information
        start = min(self.sent, len(table.moves))
        moves = [
            {"seat": m.seat, "revealed": m.revealed,
             **({"kind": m.action.kind, "args": list(m.action.args), "text": m.action.describe()}
                if not hidden or m.seat == self.seat else {"kind": "hidden", "args": [], "text": ""})}
            for m in table.moves[start:]
        ]
        self.sent = len(table.moves)
        over = table.state.is_over
        self.send({
            "event": "update", "room": room.id, "game": table.game.id, "seat": self.seat,
            "seats": room.summary()["seats"], "options": table.options,
            "view": view_json(table.state, self.seat), "from": start, "moves": moves, "total": len(table.moves),
            "over": over, "seed": table.seed if over else None,
        })


class TableServer:
    def __init__(self, data: Path | None = None, bot_delay: float = 0.3) -> None:
        self.data = data or storage.data_dir()
        self.rooms_dir = self.data / "rooms"
        self.socket_path = socket_path_for(self.data)
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.conns: set[Conn] = set()
        self._server: asyncio.AbstractServer | None = None
        self._sweeper: asyncio.Task | None = None

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self.rooms_dir.mkdir(parents=True, exist_ok=True)
        self._load_rooms()
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
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._serve, str(path), limit=MAX_LINE)
        finally:
            os.umask(old)
        for room in self.rooms.values():
            self._kick_bots(room)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close()
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
        for conn in list(self.conns):
            conn.writer.close()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()

    def _load_rooms(self) -> None:
        now = time.time()
        for path in sorted(self.rooms_dir.glob("*.json")):
            try:
                room = Room.from_json(storage.read_json(path))
            except (SaveFileError, KeyError, TypeError, ValueError):
                path.rename(path.with_suffix(".damaged"))
                continue
            if room.table.state.is_over or room.expired(now):
                path.unlink(missing_ok=True)  # nobody can play it any more: it does not count
                continue
            self._adopt(room)

    def _adopt(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.table.subscribe(lambda table, room=room: self._changed(room))

    def _path(self, room: Room) -> Path:
        return self.rooms_dir / f"{room.id}.json"

    def _write(self, room: Room, then: tuple | None = None) -> None:
        """Write the room (after the move ``then``, when given) or raise TableWriteError: the
        caller makes the change in memory only once it is on disk."""
        now = time.time()
        try:
            storage.write_json(self._path(room), room.to_json_then(then, now))
        except OSError as exc:
            log.error("could not write table %s: %s", room.id, exc)
            raise TableWriteError(exc) from None
        room.active = now

    def _changed(self, room: Room) -> None:
        for conn in list(room.conns):  # every change is on disk already (see _write)
            conn.update()
        self._kick_bots(room)

    def _play(self, room: Room, action: Action, seat: int | None) -> None:
        """Write first, then apply and broadcast: a move the disk refused is not played."""
        move, nxt = room.table.prepare(action, seat)  # IllegalAction: nothing changes
        self._write(room, (move, nxt))
        room.table.commit(move, nxt)

    # ------------------------------------------------------------------ expiry
    def sweep(self, now: float | None = None) -> list[str]:
        """Remove finished and abandoned tables (from memory and disk); their ids."""
        now = time.time() if now is None else now
        gone = [room for room in self.rooms.values() if room.expired(now)]
        for room in gone:
            if room.bot_task is not None:
                room.bot_task.cancel()
            del self.rooms[room.id]
            with contextlib.suppress(OSError):
                self._path(room).unlink()
        return [room.id for room in gone]

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            self.sweep()

    # ------------------------------------------------------------------ bots
    def _kick_bots(self, room: Room) -> None:
        if room.bot_task is None or room.bot_task.done():
            if room.controller.bot_to_move() is not None:
                room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        while (seat := room.controller.bot_to_move()) is not None:
            await asyncio.sleep(self.bot_delay)
            at = len(room.table.moves)
            try:
                action = await asyncio.to_thread(room.controller.think, seat)
            except Exception:  # a bot bug must not stall the table: take the first choice
                action = room.table.state.legal_actions()[0]
            if len(room.table.moves) != at or room.controller.bot_to_move() != seat:
                continue
            try:
                try:
                    move, nxt = room.table.prepare(action, seat)
                except IllegalAction:  # a bot bug: take the first choice
                    move, nxt = room.table.prepare(room.table.state.legal_actions()[0], seat)
                self._write(room, (move, nxt))
            except TableWriteError:
                await asyncio.sleep(max(self.bot_delay, 5.0))  # the disk may come back
                continue
            room.bot_task = None  # the change below may start the next bot's turn itself
            room.table.commit(move, nxt)
            return

    # ------------------------------------------------------------------ connections
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(self, reader, writer)
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
                    reply = {"ok": True, **(self._handle(conn, msg) or {})}
                except IllegalAction as exc:
                    reply = {"ok": False, "error": str(exc)}
                except (KeyError, TypeError, ValueError, OverflowError) as exc:
                    reply = {"ok": False, "error": f"Bad request: {str(exc)[:200]}"}
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
            conn.player = str(msg.get("player") or "guest")[:24]
            return {"player": conn.player}
        if op == "list":
            rooms = [r.summary() for r in self.rooms.values()
                     if not r.table.state.is_over or any(o and o["player"] == conn.player for o in r.owners)]
            return {"rooms": sorted(rooms, key=lambda r: r["id"])}
        if op == "host":
            return self._host(conn, msg)
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
        if op == "leave":
            room = conn.room
            self._detach(conn)
            if room is not None:
                for other in room.conns:
                    other.update()
            return None
        raise IllegalAction(f"Unknown request {op!r}.")

    def _host(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        self.sweep()
        if sum(1 for r in self.rooms.values() if not r.table.state.is_over) >= MAX_ROOMS:
            raise IllegalAction("There are too many open tables; join one, or try later.")
        if sum(1 for r in self.rooms.values() if r.host == conn.player and not r.table.state.is_over) >= MAX_ROOMS_PER_HOST:
            raise IllegalAction(f"You already host {MAX_ROOMS_PER_HOST} open tables: finish one first.")
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
        if msg.get("seed") is not None and game.hidden_information:
            # whoever picks the seed knows every hand and the deck order
            raise IllegalAction(f"{game.title} hides cards: its shared tables always deal from a secret seed.")
        seed = int(msg["seed"]) if msg.get("seed") is not None else secret_seed()
        try:
            table = Table(game.id, seats, seed, msg.get("options") or {})
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        room_id = secrets.token_hex(3)
        while room_id in self.rooms:
            room_id = secrets.token_hex(3)
        room = Room(room_id, table, conn.player, [None] * len(seats), time.time())
        token = self._take_seat(conn, room, take)  # on disk, or refused before anyone sees it
        self._adopt(room)
        self._attach(conn, room, take)
        self._kick_bots(room)
        return {"room": room.id, "seat": take, "token": token}

    def _join(self, conn: Conn, room: Room, seat: int, token: Any) -> dict[str, Any]:
        if not 0 <= seat < len(room.table.seats):
            raise IllegalAction("No such seat.")
        if room.table.seats[seat].is_bot:
            raise IllegalAction("A bot plays that seat.")
        owner = room.owners[seat]
        if owner is not None:
            if not isinstance(token, str) or not secrets.compare_digest(_hash(token), owner["token"]):
                raise IllegalAction(f"{owner['player']} sits there (to come back to your seat you need its token).")
            self._attach(conn, room, seat)
            return {"room": room.id, "seat": seat, "token": token}
        if room.table.state.is_over:
            raise IllegalAction("That game is over.")
        token = self._take_seat(conn, room, seat)
        self._attach(conn, room, seat)
        return {"room": room.id, "seat": seat, "token": token}

    def _take_seat(self, conn: Conn, room: Room, seat: int) -> str:
        """Give ``conn``'s player a free seat and its token, written to disk first."""
        held = sum(1 for r in self.rooms.values() if not r.table.state.is_over
                   for o in r.owners if o and o["player"] == conn.player)
        if held >= MAX_SEATS_PER_PLAYER:
            raise IllegalAction(f"You already sit at {MAX_SEATS_PER_PLAYER} open tables: finish some first.")
        token = secrets.token_urlsafe(18)
        old_name = room.table.seats[seat].name
        room.owners[seat] = {"player": conn.player, "token": _hash(token)}
        room.table.seats[seat].name = conn.player
        try:
            self._write(room)
        except TableWriteError:
            room.owners[seat] = None
            room.table.seats[seat].name = old_name
            raise
        return token

    def _act(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        room = conn.room
        if room is None:
            raise IllegalAction("You are not at a table.")
        if conn.seat is None:
            raise IllegalAction("You are watching this table: you have no seat to play.")
        if msg.get("seat") is not None and int(msg["seat"]) != conn.seat:
            raise IllegalAction(room.table.text(f"You play {{p{conn.seat}}}'s seat, not another."))
        table = room.table
        if msg.get("at") is not None and int(msg["at"]) != len(table.moves):
            raise IllegalAction("The table moved on since you chose; look again.")
        action = Action.from_json(msg["action"])
        self._play(room, action, conn.seat)  # refuses another seat's decision, illegal actions, a full disk
        return {"moves": len(table.moves)}
