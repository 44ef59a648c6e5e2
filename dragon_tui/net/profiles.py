"""Players' ratings where players look: beside their names in the list of tables, and on a
player's profile (their rating in each game, its history, their recent games).

The ratings are the leaderboard's conservative figure (``mu - 3·sigma``, :mod:`.store.ratings`),
so the number beside a name, on the profile and on the board is the same number. A player with
no rated game in a table's game shows no number there.
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Protocol

from ..engine import IllegalAction
from .rooms import Room
from .store import StoreError

#: Recent games on a profile.
RECENT_GAMES = 10
#: How long the list of tables waits for the ratings beside the names: past it, the list goes
#: out without them (a hung database must not hold up the lobby).
RATINGS_WAIT = 0.5


class TableServer(Protocol):
    """What these requests use of the table server (named here, so this module need not know it)."""

    def _db(self, method: str, *args: Any, **kw: Any) -> Awaitable[Any]: ...


async def with_ratings(server: TableServer, rooms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The room summaries with each seated person's rating in the room's game (``rating`` on
    the seat), read in one question to the database. Without a database, or when it does not
    answer within :data:`RATINGS_WAIT`, the list goes out without the numbers: a slow database
    never stops a lobby."""
    names = sorted({s["player"] for r in rooms for s in r["seats"] if s.get("player")})
    if not names:
        return rooms
    try:
        known = await asyncio.wait_for(server._db("ratings_of", names), RATINGS_WAIT)
    except (StoreError, IllegalAction, asyncio.TimeoutError):
        return rooms
    for room in rooms:
        for seat in room["seats"]:
            rating = known.get(seat.get("player") or "", {}).get(room["game"])
            if rating is not None:
                seat["rating"] = rating
    return rooms


async def rate_seats(server: TableServer, room: Room) -> None:
    """Read the seated people's ratings in the room's game into ``room.ratings`` (what the
    table shows beside their names) and tell the table. Nothing changes when the database does
    not answer in time: the names then show without numbers."""
    names = [o["player"] for o in room.owners if o]
    try:
        known = await asyncio.wait_for(server._db("ratings_of", names), RATINGS_WAIT)
    except (StoreError, IllegalAction, asyncio.TimeoutError):
        return
    ratings = {p: games[room.table.game.id] for p, games in known.items() if room.table.game.id in games}
    if ratings != room.ratings:
        room.ratings = ratings
        room.tell()


async def profile(server: TableServer, player: str) -> dict[str, Any]:
    """``profile {player?}``: the player's ratings by game with their history, and recent games."""
    if not isinstance(player, str) or not 0 < len(player) <= 64:
        raise IllegalAction("Ask for a player by name.")
    page = await server._db("profile", player)
    page["games"] = await server._db("games_of", player, RECENT_GAMES, None)
    return page
