"""Seeks: "any player, this game, this time" — and be paired.

``seek {game, players?, move_limit?, limit_level?}`` looks for an open table that another player
opened with a seek for the same thing — the same game, the same number of seats, the same time
control — with a free seat; if there is one, the seeker sits down there (paired: the reply says
``paired``). If not, it opens such a table (every other seat free for anyone) and waits there,
like any host; the table shows in everyone's lobby as seeking a player, so a player may also
join it by hand. On a cluster every node knows every open table, so seekers on different nodes
are paired too. A seek is a table: it counts against the host's quotas, waits and is removed as
any table nobody joined, and the seeker's own seeks are never paired with each other.
"""

from __future__ import annotations

from typing import Any, Awaitable, Protocol

from ..engine import IllegalAction
from ..games import GAMES, get_game
from .rooms import DAY, Conn, Room


class TableServer(Protocol):
    """What seeking uses of the table server (named here, so this module need not know it)."""

    rooms: dict[str, Room]

    def _host_now(self, conn: Conn, msg: dict[str, Any], daily: str | None = None) -> Awaitable[dict[str, Any]]: ...
    def _join_now(self, conn: Conn, room: Room, seat: int, token: Any) -> Awaitable[dict[str, Any]]: ...


def _time_control(move_limit: Any, limit_level: Any, bank: Any = None, vacation_days: Any = None) -> tuple:
    """What two seeks must agree on about time: the time per turn, the bank and the vacation
    days (``table_rules.TimeControl``) and the stand-in's level (no limit: nothing matters)."""
    if move_limit is None:
        return (None,)
    return (float(move_limit), str(limit_level or "greedy"), float(bank or 0.0), float(vacation_days or 0.0))


def matches(room: Room, conn: Conn, game: str, players: int, control: tuple) -> int | None:
    """The free seat of ``room`` a seeker may be paired at, or None."""
    if not room.seek or room.over or room.daily or room.table.game.id != game or len(room.table.seats) != players:
        return None
    if any(o and o["player"] == conn.player for o in room.owners):
        return None  # the seeker's own table
    if _time_control(room.move_limit, room.limit_level, room.bank, room.vacation / DAY) != control:
        return None
    for seat, (s, owner) in enumerate(zip(room.table.seats, room.owners)):
        if not s.is_bot and owner is None and not room.invited[seat]:
            return seat
    return None


async def seek(server: TableServer, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    game_id = str(msg.get("game"))
    if game_id not in GAMES:
        raise IllegalAction(f"No game {game_id!r}.")
    game = get_game(game_id)
    players = int(msg.get("players") or game.min_players)
    if not max(2, game.min_players) <= players <= game.max_players:
        raise IllegalAction(f"{game.title} seats {game.min_players} to {game.max_players}; a seek needs two or more.")
    control = _time_control(msg.get("move_limit"), msg.get("limit_level"), msg.get("bank"), msg.get("vacation_days"))
    # the longest-waiting seek first, as a queue would pair them
    for room in sorted(server.rooms.values(), key=lambda r: (r.created, r.id)):
        seat = matches(room, conn, game_id, players, control)
        if seat is not None:
            joined = await server._join_now(conn, room, seat, None)
            return {**joined, "paired": True}
    spec = {"game": game_id, "seats": [{"kind": "remote"} for _ in range(players)],
            "move_limit": msg.get("move_limit"), "limit_level": msg.get("limit_level"), "bank": msg.get("bank"),
            "vacation_days": msg.get("vacation_days"), "seek": True}
    hosted = await server._host_now(conn, spec)
    return {**hosted, "paired": False}
