"""Who sits where at the shared tables: opening a table (hosting), sitting down at a free
seat or coming back to one's own with its token, and which room a connection is attached to.

:class:`Seating` is the part of the table server (:class:`~.tables.TableServer`) that is about
seats: the limits per player and per table server live here, the quotas per address and key in
:mod:`.quotas`. Hosting and sitting down check, then write to the database, then change the
room: one at a time (``_seating``), so the limits cannot be passed by asking on many
connections at once.
"""

from __future__ import annotations

import logging
import re
import secrets
from typing import Any

from ..ai import LEVELS as BOT_LEVELS
from ..engine import IllegalAction
from ..engine.rng import secret_seed
from ..games import GAMES, get_game
from ..session import Seat, Table
from . import profiles, quotas
from .chat import printable
from .rooms import Conn, Room, _hash, write_error
from .store import Conflict, StoreError
from .table_rules import DAY, VACATION_MAX, span_text

log = logging.getLogger("dragon_tui.tables")

MAX_ROOMS = 200
MAX_ROOMS_PER_HOST = 5
MAX_SEATS_PER_PLAYER = 20
#: A player's name as the servers make them (``ssh.player_name``): an invitation names one.
PLAYER_NAME = re.compile(r"[A-Za-z0-9_.-]{1,24}")


def seat_name(name: Any, default: str) -> str:
    """A seat's name as the host gave it, made safe for every screen (no control or format
    characters, at most 24 characters), or ``default``."""
    shown = printable(name[:96])[:24].strip() if isinstance(name, str) else ""
    return shown or default


def invitation_for(name: Any, host: str) -> str:
    """The invited player's name, checked: a name a player could have, not the host's own."""
    if not isinstance(name, str) or not PLAYER_NAME.fullmatch(name) or name.strip(".-") != name:
        raise IllegalAction("Invite a player by their name (letters, digits, _ . -).")
    if name == host:
        raise IllegalAction("You sit at your own table already: invite someone else.")
    return name


class Seating:
    def _detach(self, conn: Conn) -> None:
        if conn.room is not None:
            conn.room.conns.discard(conn)
            self._social_left(conn.room, conn)  # an open rematch offer: gone, unless back soon
            self.lobby.changed(None)  # the lobby shows who is connected
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
        room.tell()  # everyone sees who is connected
        if seat is not None and conn.player not in room.ratings:
            self._spawn(profiles.rate_seats(self, room))  # the ratings beside the names, when they come

    def _room(self, room_id: Any) -> Room:
        room = self.rooms.get(str(room_id))
        if room is None:
            raise IllegalAction("There is no such table (it may have ended).")
        return room

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
        invited: list[str | None] = [None] * len(specs)
        for i, spec in enumerate(specs):
            kind = spec.get("kind", "remote")
            if kind == "bot":
                level = str(spec.get("level", "greedy"))
                if level not in BOT_LEVELS:
                    raise IllegalAction(f"No bot level {level!r}.")
                seats.append(Seat(seat_name(spec.get("name"), f"Bot {i + 1}"), "bot", level))
            elif kind == "remote":
                seats.append(Seat(seat_name(spec.get("name"), f"Seat {i + 1}"), "remote"))
                if spec.get("invite") is not None:
                    invited[i] = invitation_for(spec["invite"], conn.player)
            else:
                raise IllegalAction(f"A seat is a remote player or a bot, not {kind!r}.")
        if not 0 <= take < len(seats) or seats[take].is_bot:
            raise IllegalAction("Take a seat that is not a bot's.")
        invited[take] = None  # the host's own seat
        named = [n for n in invited if n]
        if len(set(named)) != len(named):
            raise IllegalAction("Invite each player to one seat.")
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
                raise IllegalAction(f"A time limit per turn is between {span_text(low)} and {span_text(high)}.")
        bank = 0.0
        if msg.get("bank") is not None and move_limit is not None:
            bank = float(msg["bank"])
            if not 0 <= bank <= self.bank_max:  # also refuses NaN
                raise IllegalAction(f"A time bank is at most {span_text(self.bank_max)}.")
        vacation = 0.0
        if msg.get("vacation_days") is not None and move_limit is not None:
            days = float(msg["vacation_days"])
            if not 0 <= days <= VACATION_MAX:  # also refuses NaN
                raise IllegalAction(f"Vacation is at most {VACATION_MAX} days a year.")
            vacation = days * DAY
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
        room = Room(room_id, table, conn.player, [None] * len(seats), self.now(), move_limit, limit_level, daily,
                    bank=bank, vacation=vacation)
        room.invited = invited
        room.seek = msg.get("seek") is True
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
            if owner.get("token") is None and owner["player"] == conn.player:
                return await self._retoken(conn, room, seat)  # kept for them by name (a rematch)
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
        kept_for = room.invited[seat]
        if kept_for and kept_for != conn.player:
            raise IllegalAction(f"That seat is kept for {kept_for}: {room.host} invited them.")
        if conn.player in room.invited and kept_for != conn.player:
            raise IllegalAction(f"You are invited to seat {room.invited.index(conn.player) + 1}: sit there.")
        self._check_seats_held(conn)
        token = secrets.token_urlsafe(18)
        last = sum(1 for s, o in zip(room.table.seats, room.owners) if not s.is_bot and o is None) == 1
        now = self.now()
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

    async def _vacation(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        """``vacation {on}``: the player goes on vacation, or comes back, at every open table
        where they sit and the time control allows vacations: their clocks stand still until
        they come back or the year's vacation days there are used up. Written first, table by
        table; the tables that have no vacation day left say so."""
        on = bool(msg.get("on"))
        changed, refused = [], []
        async with self._seating:
            now = self.now()
            for room in list(self.rooms.values()):
                if room.over or not room.vacation:
                    continue
                for seat, owner in enumerate(room.owners):
                    if not owner or owner["player"] != conn.player or seat in room.forfeited:
                        continue
                    try:
                        vacation, paused = room.vacation_change(seat, on, now)
                    except IllegalAction:
                        refused.append(room.id)
                        continue
                    try:
                        await self._db("set_vacation", room.id, seat, vacation.since, vacation.used, vacation.year,
                                       paused, vacation.ended)
                    except (StoreError, Conflict) as exc:
                        raise write_error(exc, "note your vacation") from None
                    room.set_vacation(seat, vacation, paused)
                    changed.append(room.id)
                    for other in list(room.conns):
                        other.update()
                    self._arm_limit(room)
        return {"tables": changed, "no_days_left": refused}
