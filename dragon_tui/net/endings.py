"""How shared games end and what is kept of them: nothing a player would want is deleted.

A finished game is archived: it leaves the server's memory a day after its last move
(:data:`.rooms.FINISHED_KEPT`) but stays in the database with every move, listed among each
of its players' past games (``games``) and replayable position by position (``review``).
Only offers are removed: a table nobody but its host ever sat at, where no person moved, after
:data:`.rooms.UNJOINED_AFTER`; one whose seats never all filled and where no person moved,
after :data:`.rooms.ABANDONED_AFTER`.

A game that started ends by the forfeit rule instead of being deleted. A seat *forfeits* when
its time has run out and its player has not come back (made a move of their own) for
:data:`FORFEIT_GRACE`: with a time limit per move, when its time runs out again after its
stand-in bot has played every one of its moves for that long; without a limit, when the seat
to play has not moved for :data:`NO_LIMIT_FORFEIT` (nobody else can move meanwhile). The grace
is a week because correspondence players go away for a few days and come back; a full week
with nothing of their own is leaving. A vacation is not leaving: a player who declared one
(even while their stand-in was playing) has the week counted from their return. Then:

- with one other seat left, the game ends there: the seat that forfeited loses, the others
  share first place;
- with more, a bot of the table's level plays the seat for the rest of the game (the seat stays
  its player's) and it is placed last, below everyone else, when the game ends.

The result is recorded and rated like any other: a forfeited seat counts for the others as a
player they beat (a game lost on time is a loss in every correspondence club) and may itself
lose rating but never gain (the ratings rule for seats their stand-in played,
:mod:`.store.ratings`). A game where fewer than two persons ever made a move of their own is
not rated when it ends by forfeit: there was no game between them to rate.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Protocol

from ..engine import IllegalAction
from .rooms import DOES_NOT_REPLAY, FINISHED_KEPT, Room, view_json
from .social import review_chat
from .store import Conflict, StoreError
from .store.ratings import forfeits_last, ranks_from_result

if TYPE_CHECKING:
    from .rooms import Conn


class TableServer(Protocol):
    """What these rules use of the table server (named here, so this module need not know it)."""

    rooms: dict[str, Room]
    _archive: collections.OrderedDict[str, Room]
    _replaying: asyncio.Semaphore

    async def _db(self, method: str, *args: Any, **kw: Any) -> Any: ...

    def _swept(self, room: Room) -> str: ...

    def _arm_limit(self, room: Room) -> None: ...

    def _kick_bots(self, room: Room) -> None: ...

log = logging.getLogger("dragon_tui.tables")

DAY = 24 * 3600.0
#: How long a seat's player may stay away (their stand-in playing) before the seat forfeits.
FORFEIT_GRACE = 7 * DAY
#: Without a time limit: how long the seat to play may leave the table waiting before it forfeits.
NO_LIMIT_FORFEIT = 14 * DAY
#: Past games a request may list at once.
MAX_GAMES = 50
#: Archived games the server keeps replayed in memory for ``review`` (the most recent asked).
REVIEW_CACHE = 16

#: ``call(method, *args, **kw)``: a store method, on the database threads or (at start) directly
Call = Callable[..., Awaitable[Any]]


def forfeit_due(room: Room, now: float) -> int | None:
    """The seat that forfeits now by the rule (see the module), if one does. A solitaire never
    forfeits: it keeps nobody waiting (its player may go on with it, or abort it)."""
    if room.over or not room.full() or len(room.table.seats) < 2:
        return None
    seat = room.table.state.current_player
    if seat is None or room.table.seats[seat].is_bot:
        return None
    if room.move_limit:
        away = room.away_since.get(seat)
        deadline = room.deadline()
        if away is None or deadline is None or now < deadline:
            return None
        back = room.vacations[seat].back(room.vacation, now)
        if back is not None:  # a declared vacation is not leaving: the week counts from the return
            away = max(away, back)
        return seat if now - away >= FORFEIT_GRACE else None
    return seat if now - room.turn_since >= NO_LIMIT_FORFEIT else None


async def forfeit(server: TableServer, room: Room, seat: int, call: Call, now: float | None = None) -> None:
    """``seat`` forfeits (see the module): written first, then applied and sent out."""
    await give_up(server, room, seat, "forfeit", call, len(room.persons_moved()) >= 2, now)


async def give_up(server: TableServer, room: Room, seat: int, how: str, call: Call, rated: bool,
                  now: float | None = None) -> None:
    """``seat`` leaves the game lost (``how``: "forfeit" or "resign"): with one seat left the
    game ends, else a bot plays the seat on and it is placed last. Written first (a table that
    moved on meanwhile refuses it: :class:`Conflict`), then applied and sent out."""
    now = time.time() if now is None else now
    seats = room.forfeited + [seat]
    left = [i for i in range(len(room.table.seats)) if i not in seats]
    ending: dict[str, Any] = {"how": how, "seats": seats, "at": now, "rated": rated}
    if len(left) <= 1:
        ending["ended"] = True
        await call("end_table", room.id, len(room.table.moves), ending, now=now)
    else:
        await call("hand_to_bot", room.id, seat, room.limit_level, ending)
    room.ending = ending
    room.active = now
    if not ending.get("ended"):
        room.table.seats[seat].kind = "bot"  # in place: the turn controller holds the seats
        room.table.seats[seat].level = room.limit_level
    room.tell()
    if room.limit_timer is not None:
        room.limit_timer.cancel()
        room.limit_timer = None
    if ending.get("ended"):
        await record_result(server, room, call)
    else:
        server._arm_limit(room)
        server._kick_bots(room)


async def resign(server: TableServer, conn: Conn) -> dict[str, Any]:
    """``resign``: the player gives up their seat's game, at any time; recorded and rated."""
    room, seat = _seated(conn)
    try:
        await give_up(server, room, seat, "resign", server._db, True)
    except Conflict:
        raise IllegalAction("The table moved on since you chose; look again.") from None
    except StoreError as exc:
        from .rooms import write_error

        raise write_error(exc, "record your resignation") from None
    return {"ending": room.ending}


async def abort(server: TableServer, conn: Conn) -> dict[str, Any]:
    """``abort``: close a game before two persons have moved (a seated player, or the host):
    nothing is rated, the table is closed and kept as aborted."""
    room = conn.room
    if room is None:
        raise IllegalAction("You are not at a table.")
    if conn.seat is None and conn.player != room.host:
        raise IllegalAction("Only the players at a table, or its host, may abort it.")
    if room.over:
        raise IllegalAction("That game is over.")
    if not room.abortable():
        raise IllegalAction("Both players have moved: the game can no longer be aborted (resign instead).")
    return await close_unrated(server, room, {"how": "abort"}, "abort the game")


async def close_unrated(server: TableServer, room: Room, how: dict[str, Any], what: str) -> dict[str, Any]:
    """End a game that never really started, unrated (an abort, a declined invitation): the
    ending written first, then the table closed and everyone at it told. ``what`` names the
    act for the message when the database refuses."""
    now = time.time()
    ending = {**how, "seats": [], "at": now, "rated": False, "ended": True}
    try:
        await server._db("end_table", room.id, len(room.table.moves), ending, now=now)
    except Conflict:
        raise IllegalAction("The table moved on since you chose; look again.") from None
    except StoreError as exc:
        from .rooms import write_error

        raise write_error(exc, what) from None
    room.ending = ending
    room.active = now
    if room.limit_timer is not None:
        room.limit_timer.cancel()
        room.limit_timer = None
    room.tell()
    return {"ending": ending}


def _seated(conn: Conn) -> tuple[Room, int]:
    room = conn.room
    if room is None:
        raise IllegalAction("You are not at a table.")
    if conn.seat is None:
        raise IllegalAction("You are watching this table: you have no seat to resign.")
    if room.over:
        raise IllegalAction("That game is over.")
    if conn.seat in room.forfeited:
        raise IllegalAction("You have left this game already.")
    return room, conn.seat


async def record_result(server: TableServer, room: Room, call: Call) -> None:
    """Rate a finished multiplayer game, or put a solitaire's score on the boards (each once
    per table: the database refuses a second time); the final ranks go with the archived game,
    in the same transaction. A server that stopped before this ran does it when it starts
    again (:func:`record_missed_results`)."""
    table = room.table
    state = table.state
    forfeited = room.forfeited
    players = [(o or {}).get("player") if not s.is_bot or i in forfeited else None
               for i, (s, o) in enumerate(zip(table.seats, room.owners))]
    try:
        if table.game.max_players == 1:
            if players[0] is not None and state.is_over:
                await call("record_score", room.id, table.game.id, table.seed, players[0],
                           state.scores()[0], len(table.moves), room.daily)
            return
        if state.is_over:
            ranks = forfeits_last(ranks_from_result(list(state.winners()), list(state.scores())), forfeited)
        else:  # ended by forfeit: those left share first place
            ranks = [2 if i in forfeited else 1 for i in range(len(table.seats))]
        if room.ending is None or room.ending.get("rated", True):  # the ranks and the ratings together
            await call("record_result", room.id, table.game.id, players, ranks, forfeited=tuple(forfeited))
        else:
            await call("set_result", room.id, ranks)
    except (StoreError, Conflict, IllegalAction) as exc:
        print(f"dragon-tui: the result of table {room.id} was not recorded ({exc}).", flush=True)


async def record_missed_results(server: TableServer, call: Call, now: float) -> list[str]:
    """Record the results a server missed: games that ended in the last
    :data:`.rooms.FINISHED_KEPT` (by their rules, a resignation or a forfeit) whose result
    was never written, because the server stopped between the game's last write and its
    result. Recording twice changes nothing, so a node that races another here is harmless.
    Returns the tables recorded."""
    try:
        missed = await call("unrecorded_tables", now - FINISHED_KEPT)
    except (StoreError, IllegalAction) as exc:
        log.error("the results missed while the server was down were not looked for (%s)", exc)
        return []
    done = []
    for rec in missed:
        if rec.ending is not None and not rec.ending.get("seats"):
            continue  # closed before it was played (aborted, declined): it has no result
        try:
            async with server._replaying:
                room = await asyncio.to_thread(Room.from_record, rec)  # replaying is work: off the loop
        except DOES_NOT_REPLAY as exc:
            log.error("table %s: its result was not recorded; it does not replay (%s)", rec.id, exc)
            continue
        await record_result(server, room, call)
        done.append(rec.id)
    return done


async def sweep(server: TableServer, now: float, call: Call) -> list[str]:
    """Remove the offers nobody took (their ids), let archived games leave memory, and end by
    forfeit the games whose absent player's time and grace have run out."""
    removed = []
    for room in list(server.rooms.values()):
        if server.rooms.get(room.id) is not room:
            continue
        try:
            if room.expired(now):
                await call("delete_table", room.id)
                if server.rooms.get(room.id) is room:
                    removed.append(server._swept(room))
            elif room.archived(now):
                server._swept(room)  # the database keeps it
            elif (seat := forfeit_due(room, now)) is not None:
                await forfeit(server, room, seat, call, now)
        except (StoreError, Conflict, IllegalAction) as exc:
            log.error("table %s: not swept (%s)", room.id, exc)
    return removed


def run_now(coro) -> Any:
    """Run a coroutine that never waits (its calls are direct) to its end, here."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()
    raise RuntimeError("a direct sweep waited")


# ---------------------------------------------------------------- the archive (requests)
async def games(server: TableServer, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """``games {player?, limit?, before?}``: a player's finished games, newest first."""
    player = msg.get("player", conn.player)
    if not isinstance(player, str) or not 0 < len(player) <= 64:
        raise IllegalAction("Ask for a player by name.")
    limit = int(msg.get("limit", 20))
    if not 1 <= limit <= MAX_GAMES:
        raise IllegalAction(f"Ask for 1 to {MAX_GAMES} games at a time.")
    before = msg.get("before")
    before = None if before is None else float(before)
    if before is not None and before != before:  # NaN
        raise IllegalAction("Bad request: before")
    found = await server._db("games_of", player, limit, before)
    counts = await server._db("chat_counts", [g["id"] for g in found])
    for g in found:
        g["chat"] = counts.get(g["id"], 0)
    return {"player": player, "games": found}


async def review(server: TableServer, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """``review {room, k?}``: a finished game's moves, how it ended, and the position after
    ``k`` moves (default: the last) as the asker's seat saw it (a spectator's view for others)."""
    room_id = str(msg["room"])[:32]
    room = server.rooms.get(room_id)
    if room is None or not room.over:
        room = await _archived(server, room_id)
    table = room.table
    seat = next((i for i, o in enumerate(room.owners) if o and o["player"] == conn.player), None)
    k = len(table.moves) if msg.get("k") is None else int(msg["k"])
    if not 0 <= k <= len(table.moves):
        raise IllegalAction("No such position.")
    moves = []
    for n in range(len(table.moves)):
        m = table.visible_move(n, seat)
        moves.append({"seat": m.seat, "text": m.action.describe(),
                      **({"timeout": room.timeouts[n + 1]} if n + 1 in room.timeouts else {})})
    return {"room": room.id, "game": table.game.id, "seat": seat, "seats": room.summary()["seats"],
            "moves": moves, "total": len(table.moves), "k": k, "view": view_json(table.states[k], seat),
            "ending": room.ending, "seed": table.seed, "chat": await review_chat(server, conn, room.id)}


async def _archived(server: TableServer, room_id: str) -> Room:
    cache: collections.OrderedDict[str, Room] = server._archive
    if room_id in cache:
        cache.move_to_end(room_id)
        return cache[room_id]
    async with server._replaying:
        if room_id in cache:  # replayed for someone else while this one waited
            return cache[room_id]
        rec = await server._db("load_table", room_id)
        if rec is None or not rec.over:
            raise IllegalAction("There is no such finished game (a game still going on is watched, not reviewed).")
        try:
            room = await asyncio.to_thread(Room.from_record, rec)  # replaying is work: off the loop
        except DOES_NOT_REPLAY as exc:
            raise IllegalAction(f"That game does not replay ({exc}).") from None
    cache[room_id] = room
    while len(cache) > REVIEW_CACHE:
        cache.popitem(last=False)
    return room
