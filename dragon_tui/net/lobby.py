"""The list of tables by push: who follows it, and the your-turn notices.

A client that asks to ``follow`` (the lobby does, for as long as the player's session lasts) is
sent ``{"event": "lobby"}`` whenever the list of tables may have changed — a table opened,
someone sat down or connected, a move, a game ended — at most once every
:data:`LOBBY_EVENT_EVERY` seconds however busy the club, and reads the list again itself (so a
follower learns nothing it could not ask for). When it becomes a person's turn at any table, each
of their following connections is sent ``{"event": "your_turn", room, game, title}``, once a turn
(not once per decision of a turn of several). On a cluster every node learns of every table's
changes (:mod:`.cluster`), so a player is told on whichever node they are connected to.

A follower that stops reading is not allowed to make the server hold its events: past
:data:`MAX_BUFFERED` bytes waiting to be sent, its connection is closed.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rooms import Conn, Room

#: The lobby event goes out at most this often (seconds): a burst of moves is one refresh.
LOBBY_EVENT_EVERY = 0.25
#: Bytes a follower may leave unread before it is dropped.
MAX_BUFFERED = 64 * 1024


class Lobby:
    def __init__(self) -> None:
        self.followers: set[Conn] = set()
        self._pending = False

    def follow(self, conn: Conn) -> dict:
        self.followers.add(conn)
        return {"following": True}

    def drop(self, conn: Conn) -> None:
        self.followers.discard(conn)

    def changed(self, room: Room | None) -> None:
        """A table changed (``None``: one left the list): tell whose turn it became, and let
        the followers know the list changed."""
        if room is not None:
            self._turn(room)
        if self.followers and not self._pending:
            self._pending = True
            asyncio.get_running_loop().call_later(LOBBY_EVENT_EVERY, self._flush)

    def _turn(self, room: Room) -> None:
        player = room.to_play()
        if player == room.turn_told:
            return
        room.turn_told = player
        if player is None:
            return
        notice = {"event": "your_turn", "room": room.id, "game": room.table.game.id, "title": room.table.game.title}
        for conn in list(self.followers):
            if conn.player == player:
                self._send(conn, notice)

    def _flush(self) -> None:
        self._pending = False
        for conn in list(self.followers):
            self._send(conn, {"event": "lobby"})

    def _send(self, conn: Conn, doc: dict) -> None:
        transport = conn.writer.transport
        if transport is not None and transport.get_write_buffer_size() > MAX_BUFFERED:
            self.drop(conn)
            conn.writer.close()
            return
        conn.send(doc)
