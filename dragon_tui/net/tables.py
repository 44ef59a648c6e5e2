"""Shared tables: the authoritative table server that lives in the serve process.

Each room holds the only real :class:`~dragon_tui.session.Table` of its game. Apps connect
over a local Unix socket and speak JSON lines. A connection sits at one seat of one room (or
watches it); it may act for that seat only. Everything sent out goes through the view filter:
a player receives ``state.view(seat)`` (a spectator ``view(None)``) with the random generator
blanked, and other seats' action texts only in games without hidden information — never the
real state, the seed (until the game is over) or a full save. Bots play their seats here.
Every change is written to ``<data>/rooms/<id>.json`` at once, so a restart resumes the rooms.

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
import os
import secrets
import socket
import tempfile
import time
from pathlib import Path
from typing import Any

from ..ai import LEVELS as BOT_LEVELS
from ..engine import Action, IllegalAction, SaveFileError, State
from ..games import GAMES, get_game
from ..session import Seat, Table, TurnController, storage

ROOM_FORMAT = "dragon-tui-room"
ROOM_VERSION = 1
MAX_LINE = 1 << 20
MAX_ROOMS = 200
MAX_ROOMS_PER_HOST = 5
MAX_CONNECTIONS = 512


def view_json(state: State, seat: int | None) -> dict[str, Any]:
    """The only way a position leaves the server: the seat's view, random generator blanked
    (its state would predict the dice and shuffles to come)."""
    doc = state.view(seat).to_json()
    doc["rng"] = [0, int(doc["rng"][1])]
    return doc


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def socket_path_for(data: Path) -> Path:
    path = data / "tables.sock"
    if len(str(path)) < 100:
        return path
    short = Path(tempfile.gettempdir()) / f"dragon-tui-{hashlib.sha256(str(data).encode()).hexdigest()[:12]}"
    short.mkdir(mode=0o700, exist_ok=True)
    return short / "tables.sock"


class Room:
    def __init__(self, room_id: str, table: Table, host: str, owners: list[dict | None], created: float) -> None:
        self.id = room_id
        self.table = table
        self.host = host
        #: per seat: {"player": name, "token": sha256 of the token} once someone sat there
        self.owners = owners
        self.created = created
        self.conns: set[Conn] = set()
        self.controller = TurnController(table, budget=0.5)
        self.bot_task: asyncio.Task | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": ROOM_FORMAT, "version": ROOM_VERSION, "id": self.id, "host": self.host,
                "owners": self.owners, "created": self.created, "table": self.table.to_json()}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Room:
        if doc.get("format") != ROOM_FORMAT or doc.get("version") != ROOM_VERSION:
            raise SaveFileError("not a shared-table file")
        table = Table.from_json(doc["table"])
        return cls(str(doc["id"]), table, str(doc["host"]), list(doc["owners"]), float(doc["created"]))

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

    async def close(self) -> None:
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
        for path in sorted(self.rooms_dir.glob("*.json")):
            try:
                room = Room.from_json(storage.read_json(path))
            except (SaveFileError, KeyError, TypeError, ValueError):
                path.rename(path.with_suffix(".damaged"))
                continue
            if not room.table.state.is_over:
                self._adopt(room)

    def _adopt(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.table.subscribe(lambda table, room=room: self._changed(room))

    def _save(self, room: Room) -> None:
        storage.write_json(self.rooms_dir / f"{room.id}.json", room.to_json())

    def _changed(self, room: Room) -> None:
        for conn in list(room.conns):  # the views go out first (the socket sends at once) ...
            conn.update()
        self._save(room)  # ... and the move is on disk before the actor hears "ok"
        self._kick_bots(room)

    # ------------------------------------------------------------------ bots
    def _kick_bots(self, room: Room) -> None:
        if room.bot_task is None or room.bot_task.done():
            if room.controller.bot_to_move() is not None:
                room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        """The bots' turns through the shared turn controller: forced moves at once, a stale
        result dropped, a failing bot replaced by a legal fallback."""
        controller = room.controller
        while (turn := controller.begin()) is not None:
            if turn.delay:
                await asyncio.sleep(self.bot_delay)
            result = await asyncio.to_thread(controller.decide, turn)
            if not controller.is_current(result.turn):
                continue  # the table changed meanwhile: think again about the new position
            room.bot_task = None  # the change below may start the next bot's turn itself
            controller.finish(result)
            controller.notices.clear()  # nobody at this table's keyboard: the log shows the move
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
                try:
                    msg = json.loads(line)
                    if not isinstance(msg, dict):
                        raise ValueError
                except ValueError:
                    conn.send({"ok": False, "error": "Not a JSON object."})
                    continue
                reply: dict[str, Any]
                try:
                    reply = {"ok": True, **(self._handle(conn, msg) or {})}
                except IllegalAction as exc:
                    reply = {"ok": False, "error": str(exc)}
                except (KeyError, TypeError, ValueError) as exc:
                    reply = {"ok": False, "error": f"Bad request: {exc}"}
                if "id" in msg:
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
        seed = int(msg["seed"]) if msg.get("seed") is not None else secrets.randbits(32)
        try:
            table = Table(game.id, seats, seed, msg.get("options") or {})
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        room_id = secrets.token_hex(3)
        while room_id in self.rooms:
            room_id = secrets.token_hex(3)
        room = Room(room_id, table, conn.player, [None] * len(seats), time.time())
        self._adopt(room)
        reply = self._join(conn, room, take, None)
        self._save(room)
        self._kick_bots(room)
        return reply

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
        token = secrets.token_urlsafe(18)
        room.owners[seat] = {"player": conn.player, "token": _hash(token)}
        room.table.seats[seat].name = conn.player
        self._save(room)
        self._attach(conn, room, seat)
        return {"room": room.id, "seat": seat, "token": token}

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
        table.apply(action, conn.seat)  # refuses another seat's decision and illegal actions
        return {"moves": len(table.moves)}
