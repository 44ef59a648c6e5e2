"""Invitations: a host keeps seats of a new table for named players.

The host names a player for a seat (``{"kind": "remote", "invite": "bo"}`` in ``host``); only
that player may sit there (:meth:`.seating.Seating._join_now` refuses anyone else), and the table
comes first in their list of tables, marked as inviting them (``invites_you``). An invited
player accepts by sitting down, or declines (``decline {room}``): then the table is closed as
declined, like an abort (nothing is rated, the table is kept as ended), and everyone at it is
told who declined — a table whose guest said no has no game to wait for, and the host can open
another one for someone else.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import IllegalAction
from . import endings
from .rooms import Conn, Room


class TableServer(Protocol):
    """What declining uses of the table server (named here, so this module need not know it)."""

    def _room(self, room_id: Any) -> Room: ...
    async def _db(self, method: str, *args: Any, **kw: Any) -> Any: ...


async def decline(server: TableServer, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """``decline {room}``: the invited player says no; the table is closed as declined."""
    room = server._room(msg.get("room"))
    if conn.player not in room.invited:
        raise IllegalAction("You have no invitation to that table.")
    if any(o and o["player"] == conn.player for o in room.owners):
        raise IllegalAction("You sit at that table: resign or abort there instead.")
    if room.over:
        raise IllegalAction("That game is over.")
    if not room.abortable():
        raise IllegalAction("That game has started without you.")
    return await endings.close_unrated(server, room, {"how": "declined", "by": conn.player}, "decline the invitation")
