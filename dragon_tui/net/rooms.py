"""One shared table as the table server holds it (:class:`Room`), one client connection
(:class:`Conn`) and the view filter every position goes through before it leaves the server
(:func:`view_json`). The server itself — requests, the database, bots, clocks, expiry — is
:mod:`.tables`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..engine import Action, IllegalAction, SaveFileError, State
from ..session import Seat, Table, TurnController
from .store import NOT_ANSWERING, NotAnswering, SeatRecord, TableRecord

if TYPE_CHECKING:
    from .identity import Identity

ROOM_FORMAT = "dragon-tui-room"
ROOM_VERSION = 1
#: An open table that never started — a seat still free and no person ever moved — where nothing
#: happened for this long (and nobody is connected) is removed: an offer, not a game. A game
#: that started is never removed; it ends by the forfeit rule (:mod:`.endings`).
ABANDONED_AFTER = 7 * 24 * 3600.0
#: A finished table stays in the server's memory (listed, for its players to look back) this
#: long after its last move; it is kept in the database for ever (the player's past games).
FINISHED_KEPT = 24 * 3600.0
#: A table that nobody but its host ever sat at, where no person has moved, is removed after
#: this long without anything happening (and with nobody connected): such tables are offers
#: nobody took, and they count against the server's cap on open tables.
UNJOINED_AFTER = 6 * 3600.0
#: What :meth:`Room.from_record` raises for a table whose record no longer replays (a damaged
#: row, moves a rules change refuses): the caller leaves that table out and says so.
DOES_NOT_REPLAY = (SaveFileError, IllegalAction, KeyError, TypeError, ValueError)


DAY = 24 * 3600.0


def _year(when: float) -> int:
    """The calendar year (UTC) a vacation's days count against."""
    return time.gmtime(when).tm_year


@dataclass(frozen=True)
class Vacation:
    """A seat's vacation: since when it runs (None: it does not), how long its player was on
    vacation in ``year`` before this one, and when the latest one ended."""

    since: float | None = None
    used: float = 0.0
    year: int = 0
    ended: float | None = None

    def ends(self, allowance: float) -> float:
        """When the running vacation stops by itself: the year's days are used up."""
        assert self.since is not None
        return self.since + max(0.0, allowance - self.used)

    def back(self, allowance: float, now: float) -> float | None:
        """When the player was last back from vacation, as of ``now`` (``now`` itself while one
        runs; None if they never went): the forfeit rule's absence counts from there."""
        if self.since is not None:
            return min(now, self.ends(allowance))
        return self.ended


class TableWriteError(IllegalAction):
    """The database did not take the change (full disk, read-only, unreachable): it was not made."""

    def __init__(self, what: str = "save the table", message: str | None = None) -> None:
        super().__init__(message or f"The server could not {what}, so nothing was changed; try again later.")


def write_error(exc: Exception, what: str) -> IllegalAction:
    """What the player is told when the database refused ``exc``: that it is not answering
    (and that local games do not need it), or that the change could not be saved."""
    if isinstance(exc, NotAnswering):
        return TableWriteError(what, NOT_ANSWERING)
    return TableWriteError(what)


def view_json(state: State, seat: int | None) -> dict[str, Any]:
    """The only way a position leaves the server: the seat's view, random generator blanked
    (its state would predict the dice and shuffles to come)."""
    doc = state.view(seat).to_json()
    doc["rng"] = [0, int(doc["rng"][1])]
    return doc


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def socket_path_for(data: Path) -> Path:
    """The table server's socket: in the data folder, or (when that path is too long for a
    Unix socket) in a private folder under /tmp that this user created and only it can enter."""
    path = data / "tables.sock"
    if len(str(path)) < 100:
        return path
    short = Path(tempfile.gettempdir()) / f"dragon-tui-{hashlib.sha256(str(data).encode()).hexdigest()[:12]}"
    return private_dir(short) / "tables.sock"


def private_dir(path: Path) -> Path:
    """``path`` as a folder only this user can use: created 0700, or refused when it already
    exists and is not ours (someone else could otherwise put their socket, or a link, there)."""
    try:
        os.mkdir(path, 0o700)
    except FileExistsError:
        pass
    info = os.lstat(path)
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        raise OSError(f"{path} exists but is not a private folder of this user; remove it or set DRAGON_TUI_HOME.")
    return path


class Room:
    def __init__(self, room_id: str, table: Table, host: str, owners: list[dict | None], created: float,
                 move_limit: float | None = None, limit_level: str | None = None, daily: str | None = None,
                 turn_since: float | None = None, active: float | None = None, bank: float | None = None,
                 banks: list[float | None] | None = None, vacation: float | None = None,
                 vacations: list[Vacation] | None = None, turn_paused: float | None = None) -> None:
        self.id = room_id
        self.table = table
        self.host = host
        #: per seat: {"player": name, "token": sha256 of the token} once someone sat there
        self.owners = owners
        self.created = created
        #: seconds a seat has for a turn before a bot of ``limit_level`` plays it (None: no limit)
        self.move_limit = move_limit
        self.limit_level = limit_level or "greedy"
        #: the time bank each seat starts with and the most it holds (see ``table_rules.TimeControl``)
        self.bank = bank or 0.0
        #: per seat: the time left in its bank (bots' seats keep theirs, unused)
        self.banks: list[float] = [self.bank if b is None else float(b)
                                   for b in (banks or [None] * len(table.seats))]
        #: each player's vacation a calendar year, in seconds, and per seat its vacation: while
        #: one runs, that seat's clock stands still (see ``table_rules.TimeControl``)
        self.vacation = vacation or 0.0
        self.vacations: list[Vacation] = list(vacations or [Vacation() for _ in table.seats])
        #: the time the running turn's seat spent on vacations that are over (it does not count)
        self.turn_paused = turn_paused or 0.0
        #: where "now" comes from: the table server's clock (tests move it instead of sleeping)
        self.clock: Callable[[], float] = time.time
        #: the day (ISO date) when this is that day's solitaire deal
        self.daily = daily
        #: when the turn now running began: the seat to play's clock counts from here (a turn of
        #: several decisions by one seat is one turn)
        self.turn_since = created if turn_since is None else turn_since
        #: when something last happened here (a move, someone sitting down): expiry counts from it
        self.active = created if active is None else active
        #: move number -> bot level, for moves a bot played because the time ran out
        self.timeouts: dict[int, str] = {}
        self.conns: set[Conn] = set()
        self.controller = TurnController(table, budget=0.5)
        self.bot_task: asyncio.Task | None = None
        self.limit_timer: asyncio.TimerHandle | None = None
        #: the host's address (as quotas count it) and key, from their session ticket; kept in
        #: memory only, so tables loaded after a restart count against no one's quota
        self.host_address: str | None = None
        self.host_key: str | None = None
        #: the result being recorded (rated, or put on the boards) once the game is over
        self.result_task: asyncio.Task | None = None
        #: how the game ended other than by its rules, or which seats forfeited ({"how", "seats", "at"})
        self.ending: dict[str, Any] | None = None
        #: seat -> when its stand-in first played for it since the person last moved themselves
        self.away_since: dict[int, float] = {}
        #: per seat: the player the host invited there (nobody else may sit), or None
        self.invited: list[str | None] = [None] * len(table.seats)
        #: told after every change everyone at the table was sent (the server's lobby followers)
        self.on_change: Callable[[Room], None] | None = None
        #: the player last told it is their turn here (once a turn, not once a decision)
        self.turn_told: str | None = None
        #: opened by a seek: the next matching seek sits down here (:mod:`.seeks`)
        self.seek = False
        #: the seated people's ratings in this game, shown beside their names (:mod:`.profiles`)
        self.ratings: dict[str, float] = {}

    def tell(self) -> None:
        """Send everyone at the table their own view of it, then tell the server it changed."""
        for conn in list(self.conns):
            conn.update()
        if self.on_change is not None:
            self.on_change(self)

    def to_play(self) -> str | None:
        """The person whose turn it is (None: a bot's, a free seat's, or the game is over)."""
        seat = None if self.over else self.table.state.current_player
        if seat is None or self.table.seats[seat].is_bot:
            return None
        return (self.owners[seat] or {}).get("player")

    @property
    def over(self) -> bool:
        """The game is over: by its rules, or ended by a forfeit."""
        return self.table.state.is_over or bool(self.ending and self.ending.get("ended"))

    @property
    def forfeited(self) -> list[int]:
        return [int(s) for s in (self.ending or {}).get("seats", [])]

    def moved(self, seat: int, timeout_level: str | None, when: float) -> None:
        """Note who made a move for ``seat``: its stand-in (the person is away since the first
        such move) or the person (back)."""
        if timeout_level:
            self.away_since.setdefault(seat, when)
        else:
            self.away_since.pop(seat, None)

    def replay_move(self, number: int, seat: int, action: Action, timeout_level: str | None,
                    played: float) -> None:
        """Apply move ``number`` as the database has it (written by another node, or written
        here when the answer was lost): the clocks run on as they did where it was made."""
        move, nxt = self.table.prepare(action, seat)
        self.active = played
        self.moved(seat, timeout_level, played)
        if timeout_level:
            self.timeouts[number] = timeout_level
        self.after_move(move.seat, nxt, played)
        self.table.commit(move, nxt)  # tells the seats, like any move

    @classmethod
    def from_record(cls, rec: TableRecord) -> Room:
        """Rebuild a table from the database by replaying its moves from the seed."""
        seats = [Seat(s.name, s.kind, s.level) for s in rec.seats]
        table = Table(rec.game, seats, rec.seed, rec.options, recorded=True)
        room = cls(rec.id, table, rec.host,
                   [{"player": s.player, "token": s.token_hash} if s.player else None for s in rec.seats],
                   rec.created, rec.move_limit, rec.limit_level, rec.daily, rec.turn_since, rec.active,
                   rec.bank, [s.bank for s in rec.seats], rec.vacation,
                   [Vacation(s.vacation_since, s.vacation_used or 0.0, s.vacation_year or 0, s.vacation_ended)
                    for s in rec.seats],
                   rec.turn_paused)
        room.ending = rec.ending
        room.invited = [s.invited for s in rec.seats]
        room.seek = rec.seek
        for m in rec.moves:
            table.apply(Action.from_json(m.action), m.seat)
            room.moved(m.seat, m.timeout_level, m.played)
            if m.timeout_level:
                room.timeouts[m.number] = m.timeout_level
        return room

    def record(self) -> TableRecord:
        table = self.table
        return TableRecord(
            self.id, table.game.id, table.options, table.seed, self.host, self.created,
            [SeatRecord(i, s.name, s.kind, s.level if s.is_bot else "",
                        (self.owners[i] or {}).get("player"), (self.owners[i] or {}).get("token"), self.invited[i],
                        bank=self.banks[i] if self.move_limit else None,
                        vacation_since=self.vacations[i].since, vacation_used=self.vacations[i].used,
                        vacation_year=self.vacations[i].year, vacation_ended=self.vacations[i].ended)
             for i, s in enumerate(table.seats)],
            turn_since=self.turn_since, move_limit=self.move_limit,
            limit_level=self.limit_level if self.move_limit else None, daily=self.daily, active=self.active,
            seek=self.seek, bank=self.bank if self.move_limit else None, vacation=self.vacation or None,
            turn_paused=self.turn_paused)

    def expired(self, now: float) -> bool:
        """An offer nobody took, to be removed: open, nobody connected, never started (a seat
        still free and no person moved) and nothing happened — for :data:`ABANDONED_AFTER`, or
        only :data:`UNJOINED_AFTER` when nobody but the host ever sat there and nobody was
        invited (a guest may take days to come by; the host's quota bounds such tables). A game
        that started is kept (it ends by the forfeit rule), a finished one archived."""

        if self.over or self.conns:
            return False
        if self.unjoined() and not any(self.invited):
            return now - self.active > UNJOINED_AFTER  # an invitation waits for its guest as long as any offer
        return not self.full() and not self.person_moved() and now - self.active > ABANDONED_AFTER

    def archived(self, now: float) -> bool:
        """Finished long enough ago to leave the server's memory (the database keeps it)."""
        return self.over and not self.conns and now - self.active > FINISHED_KEPT

    def person_moved(self) -> bool:
        """A person made a move here (not a bot, not a stand-in when time ran out)."""
        return bool(self.persons_moved())

    def persons_moved(self) -> set[int]:
        """The seats whose persons made moves of their own (a seat they gave up included)."""
        seats = self.table.seats
        return {m.seat for n, m in enumerate(self.table.moves, start=1) if 0 <= m.seat < len(seats)
                and (not seats[m.seat].is_bot or m.seat in self.forfeited) and n not in self.timeouts}

    def abortable(self) -> bool:
        """The game may still be aborted (closed, nothing rated): until two persons have moved.
        (Asked with every update: it stops at the second person's first move.)"""
        if self.over:
            return False
        seats, seen = self.table.seats, set()
        for n, m in enumerate(self.table.moves, start=1):
            if (0 <= m.seat < len(seats) and (not seats[m.seat].is_bot or m.seat in self.forfeited)
                    and n not in self.timeouts):
                seen.add(m.seat)
                if len(seen) >= 2:
                    return False
        return True

    def unjoined(self) -> bool:
        """Nobody but the host took a seat, and no person made a move (bots' moves, and moves a
        stand-in played when time ran out, are not a person's)."""
        if any(o is not None and o["player"] != self.host for o in self.owners):
            return False
        return not self.person_moved()

    def full(self) -> bool:
        """Every person's seat is taken."""
        return all(o is not None for s, o in zip(self.table.seats, self.owners) if not s.is_bot)

    def clock_seat(self) -> int | None:
        """The seat whose clock runs: the seat to play, only with a limit, once every person's
        seat is taken (until then the table waits for its players: the clock starts when the
        last one sits down), never a bot's."""
        seat = self.table.state.current_player
        if not self.move_limit or seat is None or self.over:
            return None
        if self.table.seats[seat].is_bot or not self.full():
            return None
        return seat

    def deadline(self) -> float | None:
        """When the running turn's time runs out: its time per turn, then its seat's bank, all
        moved on by the time its player is (or was, in this turn) on vacation."""
        seat = self.clock_seat()
        if seat is None:
            return None
        return self.turn_since + self.move_limit + self.banks[seat] + self.paused(seat)

    def paused(self, seat: int, upto: float | None = None) -> float:
        """How long ``seat``'s clock stood still in the running turn (up to ``upto``; without
        it, for as long as its vacation now running may last)."""
        vacation = self.vacations[seat]
        paused = self.turn_paused
        if vacation.since is not None:
            end = vacation.ends(self.vacation)
            paused += max(0.0, min(end, end if upto is None else upto) - max(vacation.since, self.turn_since))
        return paused

    def bank_after(self, seat: int, when: float) -> float:
        """``seat``'s bank once its turn, begun at ``turn_since``, ends at ``when``: the overrun
        taken out, the time left put back, never below nothing nor above the table's bank (time
        on vacation does not count)."""
        if not self.move_limit:
            return self.banks[seat]
        left = self.banks[seat] + self.move_limit - (when - self.turn_since - self.paused(seat, when))
        return min(self.bank, max(0.0, left))

    def vacation_change(self, seat: int, on: bool, now: float) -> tuple[Vacation, float]:
        """``seat``'s vacation and the running turn's paused time once its player goes on
        vacation (``on``) or comes back at ``now`` (nothing changed yet: written first, then
        :meth:`set_vacation`). IllegalAction when no vacation day is left this year."""
        old = self.vacations[seat]
        turn_paused = self.turn_paused
        if old.since is not None:  # a vacation runs (or ran out unnoticed): it ends here first
            stop = min(now, old.ends(self.vacation))
            if self.clock_seat() == seat:
                turn_paused += max(0.0, stop - max(old.since, self.turn_since))
            old = Vacation(None, old.used + max(0.0, stop - old.since), old.year, stop)
        if not on:
            return old, turn_paused
        year = _year(now)
        used = old.used if old.year == year else 0.0
        if used >= self.vacation:
            raise IllegalAction("No vacation days are left this year at this table.")
        return Vacation(now, used, year, old.ended), turn_paused

    def set_vacation(self, seat: int, vacation: Vacation, turn_paused: float) -> None:
        self.vacations[seat] = vacation
        self.turn_paused = turn_paused

    def on_vacation(self, seat: int, now: float) -> bool:
        vacation = self.vacations[seat]
        return vacation.since is not None and now < vacation.ends(self.vacation)

    def turn_passes(self, seat: int, nxt: State) -> bool:
        """Whether a move by ``seat`` leading to ``nxt`` ends its turn (the decision goes to
        another seat, or the game ends)."""
        return nxt.is_over or nxt.current_player != seat

    def after_move(self, seat: int, nxt: State, when: float) -> tuple[int, float] | None:
        """Run the clocks on for a move by ``seat`` made at ``when`` leading to ``nxt``: when the
        turn passes, the seat's bank is settled (returned, to be written with the move) and the
        next turn starts now. Within a turn nothing changes: its clock runs on."""
        if not self.turn_passes(seat, nxt):
            return None
        settled = None
        if self.move_limit and 0 <= seat < len(self.banks) and self.clock_seat() == seat:
            self.banks[seat] = self.bank_after(seat, when)
            settled = (seat, self.banks[seat])
        self.turn_since = when
        self.turn_paused = 0.0
        return settled

    def clock_json(self, now: float | None = None) -> dict[str, Any] | None:
        """What a screen needs to show every seat's clock (None without a limit): each seat's
        bank, whose clock runs, since when, and when it runs out, with the server's "now"."""
        if not self.move_limit:
            return None
        now = self.clock() if now is None else now
        return {"per_turn": self.move_limit, "bank": self.bank, "banks": list(self.banks),
                "running": self.clock_seat(), "turn_since": self.turn_since, "deadline": self.deadline(),
                "now": now, "level": self.limit_level, "vacation_days": self.vacation / DAY,
                "vacations": [{"on": self.on_vacation(i, now), "until": v.ends(self.vacation) if v.since else None,
                               "left": self.vacation - (v.used if v.year == _year(now) else 0.0)}
                              for i, v in enumerate(self.vacations)]}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Room:
        """A table as older versions kept it in ``rooms/<id>.json`` (imported once)."""
        if doc.get("format") != ROOM_FORMAT or doc.get("version") != ROOM_VERSION:
            raise SaveFileError("not a shared-table file")
        table = Table.from_json(doc["table"])
        created = float(doc["created"])
        return cls(str(doc["id"]), table, str(doc["host"]), list(doc["owners"]), created,
                   active=float(doc.get("active", created)))

    def summary(self, player: str | None = None) -> dict[str, Any]:
        seats = []
        live = {c.seat for c in self.conns if c.seat is not None}
        for i, seat in enumerate(self.table.seats):
            owner = self.owners[i]
            seats.append({"name": seat.name, "kind": seat.kind, "level": seat.level if seat.is_bot else "",
                          "player": owner["player"] if owner else None, "connected": i in live,
                          **({"rating": self.ratings[owner["player"]]} if owner and owner["player"] in self.ratings
                             else {}),
                          **({"invited": self.invited[i]} if self.invited[i] and not owner else {})})
        state = self.table.state
        to_move = None if self.over else state.current_player
        mine = player is not None and any(s["player"] == player for s in seats)
        return {"id": self.id, "game": self.table.game.id, "title": self.table.game.title, "host": self.host,
                "seats": seats, "moves": len(self.table.moves), "over": self.over, "ending": self.ending,
                "phase": self.table.text(state.phase_label()),
                "watchers": sum(1 for c in self.conns if c.seat is None),
                "to_move": to_move, "mine": mine,
                "invites_you": player is not None and any(s.get("invited") == player for s in seats),
                "your_turn": to_move is not None and player is not None and seats[to_move]["player"] == player,
                "move_limit": self.move_limit, "bank": self.bank, "deadline": self.deadline(), "daily": self.daily,
                "vacation_days": self.vacation / DAY,
                "on_vacation": any(s["player"] == player and self.on_vacation(i, self.clock())
                                   for i, s in enumerate(seats)) if player is not None else False,
                **({"seek": True} if self.seek and not self.full() and not self.over else {})}


class Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.player = "guest"
        #: the SSH key fingerprint the player came with (keys mode: the name is bound to it)
        self.key: str | None = None
        #: who this is, from the session ticket of its hello (None until then: nothing allowed)
        self.identity: Identity | None = None
        self.room: Room | None = None
        self.seat: int | None = None
        #: moves already sent to this connection (updates carry only the new ones)
        self.sent = 0

    def send(self, doc: dict[str, Any]) -> None:
        if not self.writer.is_closing():
            self.writer.write(json.dumps(doc, separators=(",", ":")).encode() + b"\n")

    def update(self) -> None:
        """Send this connection its own view of its room."""
        room = self.room
        if room is None:
            return
        table = room.table
        start = min(self.sent, len(table.moves))
        moves = []
        for k in range(start, len(table.moves)):
            m = table.visible_move(k, self.seat)  # what this seat may read of the move
            moves.append({"seat": m.seat, "revealed": m.revealed, "kind": m.action.kind,
                          "args": list(m.action.args), "text": m.action.describe(),
                          **({"timeout": room.timeouts[k + 1], "log_at": len(table.states[k].log)}
                             if k + 1 in room.timeouts else {})})
        self.sent = len(table.moves)
        over = room.over
        self.send({
            "event": "update", "room": room.id, "game": table.game.id, "seat": self.seat,
            "seats": room.summary()["seats"], "options": table.options,
            "view": view_json(table.state, self.seat), "from": start, "moves": moves, "total": len(table.moves),
            "over": over, "seed": table.seed if over else None, "ending": room.ending,
            "abortable": room.abortable(), "clock": room.clock_json(),
        })
