"""The social side of a shared table: chat, mutes, and a rematch at game over.

:class:`Social` is part of the table server (:class:`~.tables.TableServer`); what a line may
hold and how often a player may speak is :mod:`.chat`, what is kept :mod:`.store.social`.

Chat. Everyone attached to a table — seats and watchers — may speak and hears the others
(public, like the table's log: a line never carries anything of a seat's hidden view). A line
is cleaned (:func:`.chat.clean_line`), counted against its sender's rate
(:class:`.chat.RateLimit`, per node), kept with the game in the database (numbered, at most
:data:`.chat.MAX_LINES` per table) and only then sent out — a refused line is kept nowhere and
reaches nobody. Every node hears it in the same transaction's ``NOTIFY`` and passes it to its
own connections at the table. A player's mutes are theirs: loaded when their connection asks
for the table's chat (``chat_history``), changed by ``mute``; a muted player's lines are not
sent to them, now or in the review.

Rematch. At a finished table a seated person offers a rematch (``rematch``) to the same
people; each other person accepts or declines (``rematch_answer``). When everyone has accepted,
the node that received the last acceptance opens a new table: the same game, options, time
limit and stand-in level, seats rotated (seat 1's player to seat 2, ..., the last to seat 1),
bots keeping their levels, every person's seat kept for them by name (they sit down without a
token). A decline, or a person leaving the table while the offer is open, closes it and tells
the others. Every step is sent to everyone at the old table (``{"event": "rematch"}``), on
every node. The same deal is not offered at shared tables: the seed of a finished game is
public, and a deal that one side has studied is no fair game.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import Any

from ..engine import IllegalAction
from ..engine.rng import secret_seed
from ..session import Seat, Table
from . import chat
from .rooms import Conn, Room, write_error
from .seating import MAX_ROOMS, MAX_SEATS_PER_PLAYER
from .store import Conflict, StoreError
from .store.social import ChatFull

log = logging.getLogger("dragon_tui.tables")

#: The requests this part answers.
OPS = frozenset({"chat", "chat_history", "mute", "rematch", "rematch_answer"})
#: How many of a table's lines a connection gets when it sits down (the review has them all).
HISTORY = 200
#: A person who leaves the table while a rematch is offered and is not back this soon declines.
GONE_AFTER = 3.0


def _mutes(conn: Conn) -> frozenset[str]:
    return getattr(conn, "mutes", frozenset())


class Social:
    def _social(self, conn: Conn, op: str, msg: dict[str, Any]):
        if op == "mute":
            return self._mute(conn, msg)
        room = conn.room
        if room is None:
            raise IllegalAction("You are not at a table.")
        if op == "chat":
            return self._chat(conn, room, msg)
        if op == "chat_history":
            return self._chat_history(conn, room)
        if op == "rematch":
            return self._offer_rematch(conn, room)
        return self._answer_rematch(conn, room, bool(msg.get("accept")))

    # ------------------------------------------------------------------ chat
    async def _chat(self, conn: Conn, room: Room, msg: dict[str, Any]) -> dict[str, Any]:
        rate = getattr(self, "_chat_rate", None)
        if rate is None:
            rate = self._chat_rate = chat.RateLimit()
        try:
            text = chat.clean_line(msg.get("text"))
            rate.take(conn.player)
        except chat.ChatRefused as exc:
            raise IllegalAction(str(exc)) from None
        try:
            line = await self._db("add_chat", room.id, conn.player, conn.seat, text, chat.MAX_LINES)
        except ChatFull:
            raise IllegalAction(f"This table's chat is full: a game keeps at most {chat.MAX_LINES} lines "
                                "(the game goes on).") from None
        except (StoreError, Conflict) as exc:
            log.error("table %s: chat line not kept: %s", room.id, exc)
            raise write_error(exc, "keep your line") from None
        self._chat_out(room, line)
        return {"line": line}

    def _chat_out(self, room: Room, line: dict[str, Any]) -> None:
        """Send a kept line to everyone at the table here, but those who muted its speaker."""
        for conn in list(room.conns):
            if line["player"] not in _mutes(conn):
                conn.send({"event": "chat", "room": room.id, "lines": [line]})

    async def _chat_history(self, conn: Conn, room: Room) -> dict[str, Any]:
        """The table's last lines for this connection, its player's mutes (loaded now, for the
        lines to come) and the rematch offer, if any."""
        muted = await self._db("mutes_of", conn.player)
        conn.mutes = frozenset(muted)  # type: ignore[attr-defined]
        lines = await self._db("chat_lines", room.id, muted, HISTORY)
        offer = getattr(room, "rematch", None)
        if offer is None and room.over:
            offer = room.rematch = await self._db("rematch_of", room.id)  # type: ignore[attr-defined]
        return {"lines": lines, "muted": muted, "rematch": offer, "max_chars": chat.MAX_CHARS}

    async def _mute(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
        other = msg.get("player")
        try:  # a name as names are cleaned: no control or format characters, spaces folded
            if not isinstance(other, str) or len(other) > 64 or chat.clean_line(other) != other:
                raise chat.ChatRefused("")
        except chat.ChatRefused:
            raise IllegalAction("Mute a player by name.") from None
        if other == conn.player:
            raise IllegalAction("You cannot mute yourself.")
        on = bool(msg.get("on", True))
        try:
            done = await self._db("set_mute", conn.player, other, on, chat.MAX_MUTES)
        except (StoreError, Conflict) as exc:
            raise write_error(exc, "keep that") from None
        if not done:
            raise IllegalAction(f"You mute {chat.MAX_MUTES} players already: unmute one first.")
        muted = await self._db("mutes_of", conn.player)
        for c in self.conns:  # this player's other connections on this node follow at once
            if c.player == conn.player and hasattr(c, "mutes"):
                c.mutes = frozenset(muted)
        return {"muted": muted}

    # ------------------------------------------------------------------ rematch
    def _persons(self, room: Room) -> list[str]:
        """The people who played the finished game (a forfeited seat's too), each once."""
        names: list[str] = []
        for i, (seat, owner) in enumerate(zip(room.table.seats, room.owners)):
            player = (owner or {}).get("player")
            if player and (not seat.is_bot or i in room.forfeited) and player not in names:
                names.append(player)
        return names

    async def _offer_rematch(self, conn: Conn, room: Room) -> dict[str, Any]:
        if not room.over:
            raise IllegalAction("A rematch is offered once the game is over.")
        if room.daily:
            raise IllegalAction("The day's deal is one game a day: there is no rematch.")
        if (room.ending or {}).get("how") == "abort":
            raise IllegalAction("This game was aborted: host a new table instead.")
        persons = self._persons(room)
        if conn.seat is None or conn.player not in persons:
            raise IllegalAction("Only the players of this game may offer a rematch.")
        try:
            offer = await self._db("offer_rematch", room.id, conn.player, persons)
            if offer["state"] == "open" and offer["answers"].get(conn.player) is not True:
                offer, status = await self._db("answer_rematch", room.id, conn.player, True)  # offered: accepted
            elif offer["state"] == "open" and all(offer["answers"].values()):
                status = "last"  # alone at the table: nobody else to ask
            else:
                status = "taken"
            if status == "last":
                offer = await self._make_rematch(room, offer)
        except (StoreError, Conflict) as exc:
            raise write_error(exc, "offer the rematch") from None
        self._rematch_out(room, offer)
        return {"rematch": offer}

    async def _answer_rematch(self, conn: Conn, room: Room, accept: bool, reason: str | None = None
                              ) -> dict[str, Any]:
        try:
            offer, status = await self._db("answer_rematch", room.id, conn.player, accept, reason)
        except (StoreError, Conflict) as exc:
            raise write_error(exc, "give your answer") from None
        if offer is None:
            raise IllegalAction("There is no rematch on offer here.")
        if status == "not yours":
            raise IllegalAction("The rematch was not offered to you.")
        if status == "closed":
            raise IllegalAction(f"That rematch offer is closed ({offer.get('reason') or offer['state']}).")
        if status == "last":
            offer = await self._make_rematch(room, offer)
        self._rematch_out(room, offer)
        return {"rematch": offer}

    async def _make_rematch(self, room: Room, offer: dict[str, Any]) -> dict[str, Any]:
        """Everyone agreed: open the new table (seats rotated), or close the offer saying why not."""
        why = None
        if sum(1 for r in self.rooms.values() if not r.over) >= MAX_ROOMS:
            why = "There are too many open tables for a rematch now."
        for player in offer["answers"]:
            held = sum(1 for r in self.rooms.values() if not r.over for o in r.owners if o and o["player"] == player)
            if held >= MAX_SEATS_PER_PLAYER:
                why = f"{player} sits at {MAX_SEATS_PER_PLAYER} open tables already."
        new = None
        if why is None:
            new = self._rematch_room(room, offer["by"])
            try:
                await self._db("create_table", new.record())
            except (StoreError, Conflict) as exc:
                log.error("table %s: the rematch table was not made: %s", room.id, exc)
                why, new = "The server could not open the new table.", None
        await self._db("rematch_made", room.id, new.id if new else None, why)
        if new is not None:
            self._adopt(new)
            self._arm_limit(new)
            self._kick_bots(new)
            return {**offer, "new_table": new.id}
        return {**offer, "state": "declined", "reason": why}

    def _rematch_room(self, room: Room, host: str) -> Room:
        old = room.table
        n = len(old.seats)
        seats: list[Seat] = [Seat("")] * n
        owners: list[dict | None] = [None] * n
        for i, seat in enumerate(old.seats):
            j = (i + 1) % n  # seat 1's player sits at seat 2, ..., the last at seat 1
            player = (room.owners[i] or {}).get("player")
            if player and (not seat.is_bot or i in room.forfeited):
                seats[j] = Seat(player, "remote")
                owners[j] = {"player": player, "token": None}  # kept for them: they sit down by name
            else:
                seats[j] = Seat(seat.name, "bot", seat.level)
        room_id = secrets.token_hex(3)
        while room_id in self.rooms:
            room_id = secrets.token_hex(3)
        table = Table(old.game.id, seats, secret_seed(), dict(old.options))
        return Room(room_id, table, host, owners, self.now(), room.move_limit,
                    room.limit_level if room.move_limit else None, bank=room.bank,
                    vacation=room.vacation)  # the whole time control again

    def _rematch_out(self, room: Room, offer: dict[str, Any] | None) -> None:
        room.rematch = offer  # type: ignore[attr-defined]
        if offer is None:
            return
        lobby = getattr(self, "lobby", None)
        if lobby is not None:  # the lobby marks a table where a rematch waits for an answer
            lobby.changed(None)
        for conn in list(room.conns):
            conn.send({"event": "rematch", "room": room.id, "rematch": offer})

    def _social_summary(self, room: Room, summary: dict[str, Any], player: str) -> dict[str, Any]:
        """The lobby's line of a table says when a rematch is offered there (``rematch``:
        "you" when ``player`` is still to answer it, else "open")."""
        offer = getattr(room, "rematch", None)
        if offer and offer.get("state") == "open":
            answers = offer.get("answers") or {}
            summary["rematch"] = "you" if player in answers and answers[player] is None else "open"
        return summary

    def _social_left(self, room: Room, conn: Conn) -> None:
        """A connection stood up from ``room``: while a rematch is offered there, its person
        declines unless they are back (another connection of theirs) within :data:`GONE_AFTER`."""
        offer = getattr(room, "rematch", None)
        if not offer or offer.get("state") != "open" or conn.player not in offer.get("answers", {}):
            return
        player = conn.player

        def check() -> None:
            if self.rooms.get(room.id) is not room or any(c.player == player for c in room.conns):
                return
            self._spawn(self._gone(room, player))

        try:
            asyncio.get_running_loop().call_later(GONE_AFTER, check)
        except RuntimeError:  # the server is stopping
            pass

    async def _gone(self, room: Room, player: str) -> None:
        try:
            offer, _ = await self._db("answer_rematch", room.id, player, False, f"{player} left the table")
        except (StoreError, Conflict, IllegalAction) as exc:
            log.error("table %s: a rematch left open (%s)", room.id, exc)
            return
        self._rematch_out(room, offer)

    # ------------------------------------------------------------------ other nodes
    def _social_notice(self, room: Room, kind: str, number: str, text: str | None) -> None:
        """Another node kept a chat line (``c``, carried in the notice) or changed a rematch
        offer (``r``: read it again) at a table this node holds."""
        if kind == "c":
            try:
                line = json.loads(text or "")
                if int(line["n"]) == int(number):
                    self._chat_out(room, line)
            except (ValueError, KeyError, TypeError):
                log.error("table %s: an unreadable chat notice", room.id)
            return
        self._spawn(self._rematch_refresh(room))

    async def _rematch_refresh(self, room: Room) -> None:
        try:
            offer = await self._db("rematch_of", room.id)
        except (StoreError, IllegalAction):
            return
        if offer is not None and offer != getattr(room, "rematch", None):
            self._rematch_out(room, offer)


async def review_chat(server: Any, conn: Conn, room_id: str) -> list[dict[str, Any]]:
    """A finished game's chat lines for the review, without those of players the asker muted."""
    muted = await server._db("mutes_of", conn.player)
    return await server._db("chat_lines", room_id, muted)
