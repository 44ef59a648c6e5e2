"""How a move gets made at a shared table: a person's ``act``, a bot's turn, or a stand-in
when the seat's time ran out — each written to the database as move *n* before it is applied
and shown (:meth:`Moves._play` is the one way), and moves another node wrote read back by
number (:meth:`Moves._catch_up`).

:class:`Moves` is that part of the table server (:class:`~.tables.TableServer`); the clock's
arithmetic is in :mod:`.table_rules`, forfeits in :mod:`.endings`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..engine import Action, IllegalAction
from . import endings
from .rooms import Conn, Room, write_error
from .store import Conflict, StoreError

log = logging.getLogger("dragon_tui.tables")


class Moves:
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
        now = self.now()
        # the clocks as they will be after this move, written with it (applied once written)
        passes = room.turn_passes(move.seat, nxt)
        settled = ((move.seat, room.bank_after(move.seat, now))
                   if passes and room.move_limit and room.clock_seat() == move.seat else None)
        try:
            await self._db("append_move", room.id, number, move.seat, action.to_json(), over=nxt.is_over,
                           timeout_level=timeout_level, now=now, turn_since=now if passes else room.turn_since,
                           bank=settled, turn_paused=0.0 if passes else room.turn_paused)
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
        room.active = now
        room.moved(move.seat, timeout_level, now)
        room.after_move(move.seat, nxt, now)
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
                room.replay_move(m.number, m.seat, Action.from_json(m.action), m.timeout_level, m.played)
            except (IllegalAction, ValueError) as exc:
                print(f"dragon-tui: table {room.id}: move {m.number} in the database does not apply ({exc}).",
                      flush=True)
                return

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

    def now(self) -> float:
        """The table server's time: :attr:`clock` (``time.time``; tests move a clock of their own
        instead of sleeping, then call :meth:`tick`)."""
        return self.clock()

    def tick(self) -> None:
        """Look at every running clock now. The timers do so on their own when a time runs out;
        a test that moved :attr:`clock` calls this rather than waiting for them."""
        for room in list(self.rooms.values()):
            self._arm_limit(room)

    def _arm_limit(self, room: Room) -> None:
        """(Re)start the timer of the running turn's clock, if the table has a time limit."""
        if room.limit_timer is not None:
            room.limit_timer.cancel()
            room.limit_timer = None
        deadline = room.deadline()
        if deadline is None:
            return
        at = len(room.table.moves)
        room.limit_timer = asyncio.get_running_loop().call_later(
            max(0.0, deadline - self.now()), lambda: self._spawn(self._time_ran_out(room, at)))

    async def _time_ran_out(self, room: Room, at: int) -> None:
        """The seat's time is up: a bot of the host's level plays a move for it, through the
        table's turn controller (its ticket drops the move if the player moved meanwhile; a
        failing bot gives the legal fallback). The turn's time stays run out, so the timer
        fires again at once: the stand-in plays the rest of the turn, decision by decision."""
        deadline = room.deadline()
        if len(room.table.moves) != at or deadline is None or room.table.state.current_player is None:
            return
        if deadline > self.now():  # early (the loop's timer and the clock disagree): wait on
            self._arm_limit(room)
            return
        if not await self._take_duty(room):
            return  # another node plays it
        controller = room.controller
        try:
            seat = endings.forfeit_due(room, self.now()) if len(room.table.moves) == at else None
            if seat is not None:  # away too long: the seat forfeits instead of another stand-in move
                try:
                    await endings.forfeit(self, room, seat, self._db, self.now())
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

    def _kick_bots(self, room: Room) -> None:
        if self.closing:  # the server is stopping: the next start (or another node) plays on
            return
        if room.bot_task is None or room.bot_task.done():
            if room.controller.bot_to_move() is not None:
                room.bot_task = asyncio.get_running_loop().create_task(self._bots(room))

    async def _bots(self, room: Room) -> None:
        """The bots' turns through the shared turn controller (forced moves at once, a stale
        result dropped, a failing bot replaced by a legal fallback), played by the one node that
        holds this table's duty, each move written to the database before it is played."""
        controller = room.controller
        while (turn := controller.begin()) is not None:
            if not await self._take_duty(room):  # another node plays this table's bots
                controller.cancel()
                return
            try:
                # The bot thinks during the pause that paces the table, as the app's own table
                # does: a move comes after the longer of the two, not after both.
                thinking = asyncio.ensure_future(asyncio.to_thread(controller.decide, turn))
                try:
                    if turn.delay:
                        await asyncio.sleep(self.bot_delay)
                    result = await thinking
                finally:
                    thinking.cancel()  # stopped meanwhile (the table closed): nobody waits for it
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
