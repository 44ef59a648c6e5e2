"""Several ``serve`` nodes on one PostgreSQL: how a node hears what the others changed.

PostgreSQL is the authority (no protocol of our own between nodes). Every change a node writes
— a move, a seat taken, a table opened or removed — sends ``NOTIFY dragon_tables`` in the
same transaction, so it is delivered exactly when it is committed (``kind table number node``,
see :meth:`Store._notify`). Each node listens on a connection of its own, in a thread (a
blocking ``notifies()`` loop that must not hold up the event loop), and hands every payload to
the table server's loop. A notification can be missed (the connection broke, PostgreSQL
restarted): whenever the listener (re)connects it hands over ``None``, and the table server
then catches every table up by move number from the database — so nothing is lost, only late.

:class:`ClusterNode` is the part of the table server that is about being one node of several:
applying what the others changed, the heartbeat, the duty lock for bots and clocks, and the
club-wide session count.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable

from ..engine import Action, IllegalAction
from .rooms import DOES_NOT_REPLAY, Room, Vacation
from .store import Conflict, StoreError
from .store.store import CHANNEL

log = logging.getLogger("dragon_tui.tables")
#: How often a node of a cluster writes its heartbeat.
HEARTBEAT_EVERY = 5.0
#: How soon a node looks again at a bot's or a clock's move another node had the duty of
#: (that node may have died: its duty lock went with its connection).
DUTY_RETRY = 2.0

#: How long a new session waits for the database to count it; then it starts uncounted.
ADMIT_WAIT = 2.0

#: Longest wait between two attempts to reach a PostgreSQL that went away.
RECONNECT_MAX = 2.0
#: How often the listening connection is probed (a server that went away says nothing).
PROBE_EVERY = 2.0


class Listener:
    """LISTEN on the cluster's channel; ``on_event(payload)`` runs on ``loop``, ``None`` after
    every (re)connection (catch up: something may have been missed)."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop, on_event: Callable[[str | None], None]) -> None:
        self.url = url
        self.loop = loop
        self.on_event = on_event
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dragon-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _post(self, payload: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: we are stopping
            self.loop.call_soon_threadsafe(self.on_event, payload)

    def _run(self) -> None:
        import psycopg

        from .store.db import connect_postgres

        wait = 0.1
        while not self._stop.is_set():
            try:
                with connect_postgres(self.url) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    wait = 0.1
                    self._post(None)  # anything committed while we were not listening: catch up
                    probed = time.monotonic()
                    while not self._stop.is_set() and not (conn.closed or conn.broken):
                        for note in conn.notifies(timeout=0.5):
                            self._post(note.payload)
                        if time.monotonic() - probed > PROBE_EVERY:  # a dead server is noticed
                            conn.execute("SELECT 1")
                            probed = time.monotonic()
            except psycopg.Error:
                pass
            self.connected.clear()
            self._stop.wait(wait)
            wait = min(wait * 2, RECONNECT_MAX)


class ClusterNode:
    """What :class:`~dragon_tui.net.tables.TableServer` does as one node among several on a
    PostgreSQL database (with SQLite, one node: the duty is always ours, nothing is heard)."""

    def _cluster_event(self, payload: str | None) -> None:
        """Another node changed a table (``kind table number node``), or — ``None`` — the
        listener (re)connected and anything may have been missed: catch every table up.
        What needs the database is read off the event loop, in a task of its own."""
        if self.store is None:
            return
        if payload is None:
            self._spawn(self._catch_up_all())
            return
        parts = payload.split(" ", 4)
        if len(parts) < 4 or parts[3] == self.store.node:
            return  # ours (already applied) or not ours to read
        kind, table_id, number = parts[0], parts[1], parts[2]
        room = self.rooms.get(table_id)
        if kind in ("c", "r"):  # a chat line, a rematch offer: for the tables this node holds
            if room is not None:
                self._social_notice(room, kind, number, parts[4] if len(parts) == 5 else None)
        elif kind == "d":
            if room is not None:
                self._forget(room)
        elif room is None:
            self._spawn(self._load_table(table_id))
        elif kind == "m":
            if not number.isdigit() or int(number) <= len(room.table.moves):
                return
            if int(number) == len(room.table.moves) + 1 and len(parts) == 5 and self._apply_notified(room, parts[4]):
                return
            self._spawn(self._catch_up(room))  # a gap (a notice missed) or no move in the notice: read them
        else:
            self._spawn(self._refresh(room))

    async def _catch_up_all(self) -> None:
        try:
            ids = set(await self._db("open_table_ids"))
        except (StoreError, IllegalAction):  # our own connection is still reconnecting: again shortly
            asyncio.get_running_loop().call_later(1.0, self._cluster_event, None)
            return
        for table_id in ids - set(self.rooms):
            await self._load_table(table_id)
        for room in list(self.rooms.values()):
            if room.id not in ids and not room.over:
                await self._refresh(room)
            else:
                await self._catch_up(room)

    def _apply_notified(self, room: Room, text: str) -> bool:
        """Apply the next move as another node's notice carried it (no read needed)."""
        try:
            move = json.loads(text)
            number = len(room.table.moves) + 1
            action = Action.from_json(move["action"])
            timeout = str(move["timeout"]) if move.get("timeout") else None
            room.replay_move(number, int(move["seat"]), action, timeout, float(move["played"]))
        except (ValueError, KeyError, TypeError, IllegalAction):
            return False
        return True

    async def _load_table(self, table_id: str) -> None:
        try:
            rec = await self._db("load_table", table_id)
        except (StoreError, IllegalAction):
            return
        if rec is None or rec.over or table_id in self.rooms:
            return
        try:
            room = Room.from_record(rec)
        except DOES_NOT_REPLAY as exc:
            log.error("table %s does not replay (%s)", table_id, exc)
            return
        self._adopt(room)
        self._kick_bots(room)
        self._arm_limit(room)

    async def _refresh(self, room: Room) -> None:
        """Seats taken on another node (or a table removed there): read them again."""
        try:
            rec = await self._db("load_table", room.id)
        except (StoreError, IllegalAction):
            return
        if self.rooms.get(room.id) is not room:
            return  # forgotten while we read
        if rec is None:
            self._forget(room)
            return
        for s in rec.seats:
            if s.player and (room.owners[s.seat] or {}).get("token") != s.token_hash:
                room.owners[s.seat] = {"player": s.player, "token": s.token_hash}
                room.table.seats[s.seat].name = s.name
            if s.kind == "bot" and not room.table.seats[s.seat].is_bot:  # forfeited on another node
                room.table.seats[s.seat].kind, room.table.seats[s.seat].level = "bot", s.level
        room.ending = rec.ending
        room.turn_since, room.active = rec.turn_since, rec.active or room.active
        for s in rec.seats:
            if s.bank is not None and s.seat < len(room.banks):
                room.banks[s.seat] = s.bank
            if s.seat < len(room.vacations):  # a vacation taken or ended on another node
                room.vacations[s.seat] = Vacation(s.vacation_since, s.vacation_used or 0.0, s.vacation_year or 0,
                                                  s.vacation_ended)
        room.turn_paused = rec.turn_paused or 0.0
        await self._catch_up(room)
        room.tell()
        self._arm_limit(room)

    def _forget(self, room: Room) -> None:
        for task in (room.bot_task,):
            if task is not None:
                task.cancel()
        if room.limit_timer is not None:
            room.limit_timer.cancel()
        for conn in list(room.conns):
            conn.send({"event": "kicked", "reason": "This table was removed."})
            self._detach(conn)
        self.rooms.pop(room.id, None)
        self.lobby.changed(None)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_EVERY)
            try:
                await self._db("heartbeat", self.draining)
            except (StoreError, Conflict, IllegalAction) as exc:
                log.error("heartbeat not written: %s", exc)

    async def _take_duty(self, room: Room) -> bool:
        """Whether this node plays the table's bot or timed-out move now (one node does, by a
        PostgreSQL advisory lock); if not, look again soon — the other node may die."""
        try:
            if await self._db("take_duty", room.id):
                await self._catch_up(room)  # the move may have been made already, by the last holder
                return True
        except (StoreError, IllegalAction):
            pass
        asyncio.get_running_loop().call_later(DUTY_RETRY, lambda: room.id in self.rooms and (
            self._kick_bots(room), self._arm_limit(room)))
        return False

    async def _drop_duty(self, room: Room) -> None:
        if self.store is not None and not self.store.shared:
            return
        with contextlib.suppress(StoreError, IllegalAction):
            await self._db("drop_duty", room.id)

    # ------------------------------------------------------------------ sessions (club-wide limit)
    async def open_session(self, player: str, limit: int) -> str | None:
        """A session of ``player`` starts on this node: its id, or None when the player already
        has ``limit`` sessions across the club. When the database cannot say, the session runs
        uncounted (``""``): local games never need the database, and the club's screens say
        that it is not answering — refusing would tell the player something untrue."""
        session_id = secrets.token_hex(8)
        try:
            admitted = await asyncio.wait_for(self._db("open_session", session_id, player, limit), ADMIT_WAIT)
            return session_id if admitted else None
        except asyncio.TimeoutError:  # slow: in, and released by its id whether or not it got counted
            log.error("session of %s not counted in time (the database is slow)", player)
            return session_id
        except (StoreError, Conflict, IllegalAction) as exc:
            log.error("session of %s not counted (the database did not answer): %s", player, exc)
            return ""

    def close_session(self, session_id: str) -> None:
        if session_id and self.store is not None:
            self._spawn(self._close_session(session_id))

    async def _close_session(self, session_id: str) -> None:
        with contextlib.suppress(StoreError, Conflict, IllegalAction):
            await self._db("close_session", session_id)
