"""What one player, one address or one key may hold at the table server, and the hello that
fixes a connection's identity (from the serve process's session ticket, :mod:`.identity`).

Names cost nothing in open mode (and a web visitor without a cookie gets a fresh one), so a
quota by name alone can be multiplied by making names up. The table quotas therefore also count
by the client's network address (an IPv6 /64 counts as one address) and, in keys mode, by SSH
key — both come from the ticket, which the client cannot choose. A table nobody joined and no
person played at goes after :data:`.rooms.UNJOINED_AFTER` (see :meth:`.rooms.Room.expired`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import IllegalAction

if TYPE_CHECKING:
    from .identity import Tickets
    from .rooms import Conn, Room

#: Table-server connections one player (name and key) may have open at once. An app needs two
#: or three (the lobby's short requests, the table it sits at); a player may run a few sessions.
MAX_CONNECTIONS_PER_PLAYER = 16
#: Open tables hosted from one address (two players' worth of :data:`.tables.MAX_ROOMS_PER_HOST`).
MAX_ROOMS_PER_ADDRESS = 10
#: Open tables hosted with one SSH key (keys mode), whichever of its names it uses.
MAX_ROOMS_PER_KEY = 5
#: A player's "last seen" is written at most this often (the lobby reconnects every few seconds).
SEEN_EVERY = 300.0

NOT_A_SESSION = "This connection did not come from a session of this server (no valid session ticket)."


class TableServer(Protocol):
    """What the hello and the quotas read of the table server (named here, so this module
    need not know it)."""

    tickets: Tickets | None
    conns: set[Conn]
    rooms: dict[str, Room]
    _seen: dict[tuple[str, str | None], float]

    def _spawn(self, coro: Any) -> Any: ...

    async def _touch(self, player: str, key: str | None, now: float) -> None: ...


def hello(server: TableServer, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """Fix the connection's identity from its session ticket (once), within the per-player cap."""
    if conn.identity is not None:
        raise IllegalAction("This connection has said hello already.")
    identity = server.tickets.check(msg.get("ticket")) if server.tickets is not None else None
    if identity is None:
        raise IllegalAction(NOT_A_SESSION)
    same = sum(1 for c in server.conns if c.identity is not None
               and c.identity.player == identity.player and c.identity.key == identity.key)
    if same >= MAX_CONNECTIONS_PER_PLAYER:
        raise IllegalAction("You have too many connections to the table server; close a table or a session first.")
    conn.identity = identity
    conn.player, conn.key = identity.player, identity.key
    now = time.time()
    seen = server._seen
    if now - seen.get((conn.player, conn.key), 0.0) >= SEEN_EVERY:
        if len(seen) > 10_000:
            seen.clear()
        seen[(conn.player, conn.key)] = now
        server._spawn(server._touch(conn.player, conn.key, now))  # the player's record can wait; playing cannot
    return {"player": conn.player}


def check_host_quota(server: TableServer, conn: Conn, per_host: int, daily: bool = False) -> None:
    """Refuse a new table beyond the host's quotas: by name, address and key. Days' deals (one
    per name a day) are counted apart, by address and key only: made-up names must not fill the
    server with them either."""
    name = address = key = 0
    where = conn.identity.quota_address if conn.identity is not None else None
    for room in server.rooms.values():
        if bool(room.daily) != daily or room.over:
            continue
        name += room.host == conn.player
        address += where is not None and room.host_address == where
        key += conn.key is not None and room.host_key == conn.key
    if not daily and name >= per_host:
        raise IllegalAction(f"You already host {per_host} open tables: finish one first.")
    what = "deals of the day" if daily else "tables"
    if key >= MAX_ROOMS_PER_KEY:
        raise IllegalAction(f"Your key already has {MAX_ROOMS_PER_KEY} open {what}: finish one first.")
    if address >= MAX_ROOMS_PER_ADDRESS:
        raise IllegalAction(f"Your address already has {MAX_ROOMS_PER_ADDRESS} open {what}: finish one first.")
