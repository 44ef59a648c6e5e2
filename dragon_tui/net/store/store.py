"""What the table server keeps in its database: players and their keys, shared tables with
every move, ratings, high scores and the daily board. Headless; every query has parameters.

The one rule that keeps a table whole under races (two clients, later two server nodes): a
move numbered n is written by the transaction whose ``UPDATE game_tables SET moves = n WHERE
id = ? AND moves = n - 1`` changed a row. The loser of a race changes no row and gets
:class:`Conflict`; the primary key (table, number) on ``moves`` refuses a double as well.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import time
import zlib
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Any

from . import ratings
from .db import Conflict, Database
from .social import SocialStore

DEFAULT_BOARD = 20
#: The most names one question about ratings may name (a lobby lists at most this many players).
MAX_NAMES = 500
#: The PostgreSQL channel on which nodes tell each other that a table changed.
CHANNEL = "dragon_tables"
#: First key of the advisory locks that give one node the duty of a table's bots and clock.
DUTY_LOCK = 0x44555459
#: First key of the transaction lock that serialises one player's session count.
SESSION_LOCK = 0x53455353
#: A node whose heartbeat is older than this is taken for dead (its sessions do not count).
NODE_DEAD_AFTER = 30.0
INT64 = 1 << 63


def _seed_int(seed: int) -> int:
    """The value of the BIGINT ``seed`` column: the seed when it fits, else 0 (``seed_text``
    always holds the whole seed)."""
    return seed if -INT64 <= seed < INT64 else 0


def _write_ranks(tx: Any, table_id: str, ranks: list[int]) -> None:
    """The final rank per seat of a finished table, inside the caller's transaction."""
    tx.execute("UPDATE game_tables SET result = ? WHERE id = ? AND is_over = 1",
               (json.dumps([int(r) for r in ranks]), table_id))


@dataclass
class SeatRecord:
    seat: int
    name: str
    kind: str  # "remote" or "bot"
    level: str
    player: str | None = None
    token_hash: str | None = None
    #: the player the host invited to this seat (nobody else may sit there)
    invited: str | None = None
    #: the time left in the seat's bank (None: the table's full bank; see schema 10)
    bank: float | None = None
    #: the seat's vacation: since when it runs (None: not on vacation), seconds used in ``year``
    vacation_since: float | None = None
    vacation_used: float | None = None
    vacation_year: int | None = None
    #: when the seat's latest vacation ended (None: none has; see schema 11)
    vacation_ended: float | None = None


@dataclass
class MoveRecord:
    number: int
    seat: int
    action: dict[str, Any]
    timeout_level: str | None = None
    played: float = 0.0


@dataclass
class TableRecord:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    host: str
    created: float
    seats: list[SeatRecord]
    moves: list[MoveRecord] = field(default_factory=list)
    turn_since: float = 0.0
    move_limit: float | None = None
    limit_level: str | None = None
    daily: str | None = None
    over: bool = False
    active: float | None = None
    #: how the game ended other than by its rules, or which seats forfeited (see schema 5)
    ending: dict[str, Any] | None = None
    #: when it finished, and the final rank per seat (archived games)
    finished: float | None = None
    result: list[int] | None = None
    #: opened by a seek: the next matching seek is paired here
    seek: bool = False
    #: the time bank each seat starts with and the most it holds (None: no bank)
    bank: float | None = None
    #: each player's vacation a year, in seconds (None: none); the time the running turn's
    #: seat spent on vacations that are over
    vacation: float | None = None
    turn_paused: float | None = None


def _key32(text: str) -> int:
    """A table id as the second key of an advisory lock (a signed 32-bit int)."""
    return zlib.crc32(text.encode()) - (1 << 31)


class Store(SocialStore):
    """The queries; the chat, mutes and rematches in :class:`~.social.SocialStore`."""

    def __init__(self, url: str, node: str | None = None) -> None:
        self.db = Database(url)
        self.version = self.db.migrate()
        #: this process's name among the nodes (PostgreSQL); notifications carry it
        self.node = node or f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(2)}"

    @property
    def shared(self) -> bool:
        """Several nodes may share this database (PostgreSQL): changes are announced."""
        return self.db.postgres

    def _notify(self, tx, kind: str, table_id: str, number: int = 0, move: str = "") -> None:
        """Tell the other nodes (delivered when the transaction commits, never before). A
        move's notice carries the move itself when it is small (the others need not read it)."""
        if self.shared:
            payload = f"{kind} {table_id} {number} {self.node}"
            if move and len(move) < 7000:  # PostgreSQL's limit is 8000 bytes
                payload += " " + move
            tx.execute(f"SELECT pg_notify('{CHANNEL}', ?)", (payload,))

    # ------------------------------------------------------------------ nodes
    def register_node(self, host: str, pid: int, now: float | None = None,
                      running: Callable[[int], bool] | None = None) -> None:
        """This node joins. Nodes of the same host whose process is no longer ``running`` died
        without leaving (kill -9, a crash): their rows and sessions go now, rather than counting
        as live until their heartbeat is old."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if running is not None:
                for node_id, node_pid in tx.all("SELECT id, pid FROM nodes WHERE host = ? AND id <> ?",
                                                (host, self.node)):
                    if not running(int(node_pid)):
                        tx.execute("DELETE FROM live_sessions WHERE node = ?", (node_id,))
                        tx.execute("DELETE FROM nodes WHERE id = ?", (node_id,))
            tx.execute("INSERT INTO nodes (id, host, pid, started, seen) VALUES (?, ?, ?, ?, ?)"
                       " ON CONFLICT (id) DO UPDATE SET seen = excluded.seen, draining = 0",
                       (self.node, host, pid, now, now))

    def heartbeat(self, draining: bool = False, now: float | None = None) -> None:
        """This node is alive; nodes (and their sessions) dead for ten minutes are forgotten."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            tx.execute("UPDATE nodes SET seen = ?, draining = ? WHERE id = ?", (now, int(draining), self.node))
            tx.execute("DELETE FROM live_sessions WHERE node IN (SELECT id FROM nodes WHERE seen < ?)",
                       (now - 600,))
            tx.execute("DELETE FROM nodes WHERE seen < ?", (now - 600,))

    def live_nodes(self, now: float | None = None) -> list[str]:
        now = time.time() if now is None else now
        return [r[0] for r in self.db.query("SELECT id FROM nodes WHERE seen >= ? ORDER BY started",
                                            (now - NODE_DEAD_AFTER,))]

    def leave(self) -> None:
        """This node stops: its row and its sessions go."""
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM live_sessions WHERE node = ?", (self.node,))
            tx.execute("DELETE FROM nodes WHERE id = ?", (self.node,))

    def open_session(self, session_id: str, player: str, limit: int, now: float | None = None) -> bool:
        """Count a session of ``player`` on this node, unless the player already has ``limit``
        on live nodes of the club (False). Counted and written in one transaction."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if self.shared:  # two nodes admitting the same player at once: one after the other
                tx.execute("SELECT pg_advisory_xact_lock(?, ?)", (SESSION_LOCK, _key32(player)))
            row = tx.one("SELECT COUNT(*) FROM live_sessions s JOIN nodes n ON n.id = s.node"
                         " WHERE s.player = ? AND n.seen >= ?", (player, now - NODE_DEAD_AFTER))
            if row and int(row[0]) >= limit:
                return False
            tx.execute("INSERT INTO live_sessions (id, node, player, started) VALUES (?, ?, ?, ?)",
                       (session_id, self.node, player, now))
        return True

    def close_session(self, session_id: str) -> None:
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM live_sessions WHERE id = ?", (session_id,))

    # ------------------------------------------------------------------ duty (bots, clocks)
    def take_duty(self, table_id: str) -> bool:
        """Whether this node may play the table's bot and timed-out moves now: a session-level
        advisory lock (held until :meth:`drop_duty`, or until this node's connection dies, so
        a dead node's duty passes to another). Always True on SQLite (one node)."""
        if not self.shared:
            return True
        with self.db.transaction() as tx:
            row = tx.one("SELECT pg_try_advisory_lock(?, ?)", (DUTY_LOCK, _key32(table_id)))
        return bool(row and row[0])

    def drop_duty(self, table_id: str) -> None:
        if self.shared:
            with self.db.transaction() as tx:
                tx.one("SELECT pg_advisory_unlock(?, ?)", (DUTY_LOCK, _key32(table_id)))

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ players
    def touch_player(self, name: str, fingerprint: str | None = None, now: float | None = None) -> None:
        """Note that ``name`` connected (with the key ``fingerprint``, when keys are in use)."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE players SET last_seen = ? WHERE name = ?", (now, name)):
                tx.execute("INSERT INTO players (name, created, last_seen) VALUES (?, ?, ?) "
                           "ON CONFLICT (name) DO UPDATE SET last_seen = excluded.last_seen", (name, now, now))
            if fingerprint:
                tx.execute("INSERT INTO identities (fingerprint, player, added) VALUES (?, ?, ?) "
                           "ON CONFLICT (fingerprint) DO NOTHING", (fingerprint, name, now))

    def identities(self, name: str) -> list[str]:
        return [r[0] for r in self.db.query(
            "SELECT fingerprint FROM identities WHERE player = ? ORDER BY added", (name,))]

    # ------------------------------------------------------------------ tables
    def create_table(self, rec: TableRecord) -> None:
        with self.db.transaction() as tx:
            tx.execute(
                "INSERT INTO game_tables (id, game, options, seed, seed_text, host, created, moves, turn_since,"
                " move_limit, limit_level, daily, is_over, active, seek, bank_limit, vacation_limit, turn_paused)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)",
                (rec.id, rec.game, json.dumps(rec.options, sort_keys=True), _seed_int(rec.seed), str(rec.seed),
                 rec.host, rec.created, rec.turn_since or rec.created, rec.move_limit, rec.limit_level, rec.daily,
                 rec.active or rec.created, int(rec.seek), rec.bank, rec.vacation, rec.turn_paused or 0.0))
            for s in rec.seats:
                tx.execute("INSERT INTO seats (table_id, seat, name, kind, level, player, token_hash, invited, bank)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (rec.id, s.seat, s.name, s.kind, s.level, s.player, s.token_hash, s.invited, s.bank))
            self._notify(tx, "t", rec.id)

    def table_exists(self, table_id: str) -> bool:
        return bool(self.db.query("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)))

    def sit(self, table_id: str, seat: int, player: str, token_hash: str, turn_since: float | None = None,
            now: float | None = None) -> None:
        """Give a free seat to ``player``; :class:`Conflict` if someone took it first. With
        ``turn_since``, the pending decision's clock restarts then (the table just filled)."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE seats SET player = ?, token_hash = ?, name = ? WHERE table_id = ? AND seat = ?"
                              " AND player IS NULL AND kind = 'remote'", (player, token_hash, player, table_id, seat)):
                raise Conflict("That seat was taken a moment ago.")
            tx.execute("UPDATE game_tables SET active = ? WHERE id = ?", (now, table_id))
            if turn_since is not None:
                tx.execute("UPDATE game_tables SET turn_since = ? WHERE id = ?", (turn_since, table_id))
            self._notify(tx, "s", table_id)

    def retoken(self, table_id: str, seat: int, player: str, token_hash: str) -> None:
        """A new token for ``player``'s own seat (:class:`Conflict` if it is not theirs)."""
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ? AND player = ?",
                              (token_hash, table_id, seat, player)):
                raise Conflict("That seat is not yours.")
            self._notify(tx, "s", table_id)

    def delete_table(self, table_id: str) -> None:
        """Remove a table with its seats and moves (results stay on the ratings and boards)."""
        with self.db.transaction() as tx:
            tx.execute("DELETE FROM moves WHERE table_id = ?", (table_id,))
            tx.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            tx.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
            self._notify(tx, "d", table_id)

    def end_table(self, table_id: str, moves: int, ending: dict[str, Any], now: float | None = None) -> None:
        """End an open table at its move ``moves`` other than by its rules (a forfeit): it is
        kept, finished; :class:`Conflict` if it moved on or ended meanwhile."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE game_tables SET is_over = 1, finished = ?, active = ?, ending = ?"
                              " WHERE id = ? AND moves = ? AND is_over = 0",
                              (now, now, json.dumps(ending, sort_keys=True), table_id, moves)):
                raise Conflict(f"Table {table_id} moved on or ended.")
            self._notify(tx, "e", table_id)

    def hand_to_bot(self, table_id: str, seat: int, level: str, ending: dict[str, Any]) -> None:
        """A forfeited seat of a game that goes on: a bot of ``level`` plays it from now on (the
        seat stays its player's, for the result)."""
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE seats SET kind = 'bot', level = ? WHERE table_id = ? AND seat = ?"
                              " AND kind = 'remote'", (level, table_id, seat)):
                raise Conflict("That seat is not a person's.")
            tx.execute("UPDATE game_tables SET ending = ? WHERE id = ? AND is_over = 0",
                       (json.dumps(ending, sort_keys=True), table_id))
            self._notify(tx, "s", table_id)

    def set_result(self, table_id: str, ranks: list[int]) -> None:
        """The final rank per seat of a finished table that is not rated (for the player's list
        of past games); a rated one's ranks go with its ratings (:meth:`record_result`)."""
        with self.db.transaction() as tx:
            _write_ranks(tx, table_id, ranks)

    def games_of(self, player: str, limit: int = DEFAULT_BOARD, before: float | None = None) -> list[dict[str, Any]]:
        """A player's finished games, newest first (``before``: only those finished earlier,
        to page back): id, game, when it finished, moves, the seats with their players, the
        final ranks and how it ended."""
        where = "g.is_over = 1 AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = g.id AND s.player = ?)"
        params: list[Any] = [player]
        if before is not None:
            where += " AND g.finished < ?"
            params.append(before)
        games = []
        with self.db.transaction() as tx:
            rows = tx.all(f"SELECT g.id, g.game, g.finished, g.moves, g.ending, g.result, g.daily FROM game_tables g"
                          f" WHERE {where} ORDER BY g.finished DESC, g.id LIMIT ?", (*params, limit))
            for table_id, game, finished, moves, ending, result, daily in rows:
                seats = [{"name": n, "kind": k, "player": p} for n, k, p in tx.all(
                    "SELECT name, kind, player FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
                games.append({"id": table_id, "game": game, "finished": finished, "moves": moves, "seats": seats,
                              "ending": json.loads(ending) if ending else None,
                              "result": json.loads(result) if result else None, "daily": daily})
        return games

    def append_move(self, table_id: str, number: int, seat: int, action: dict[str, Any], *, over: bool,
                    timeout_level: str | None = None, now: float | None = None, turn_since: float | None = None,
                    bank: tuple[int, float] | None = None, turn_paused: float = 0.0) -> None:
        """Write move ``number`` (1 for the first); :class:`Conflict` unless the table's last
        move is ``number - 1`` — checked and written in one transaction. ``turn_since``: when
        the running turn began (default ``now``: a new one); ``bank``: (seat, time left in its
        bank), settled by the turn this move ended; ``turn_paused``: the running turn's time on
        vacation (0 in a new turn)."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            changed = tx.execute(
                "UPDATE game_tables SET moves = ?, turn_since = ?, active = ?, is_over = ?, finished = ?,"
                " turn_paused = ? WHERE id = ? AND moves = ?",
                (number, now if turn_since is None else turn_since, now, int(over), now if over else None,
                 turn_paused, table_id, number - 1))
            if changed != 1:
                raise Conflict(f"Move {number} of table {table_id} is not the next one.")
            tx.execute("INSERT INTO moves (table_id, number, seat, action, timeout_level, played)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, number, seat, json.dumps(action, separators=(",", ":")), timeout_level, now))
            tx.execute("UPDATE seats SET moves_made = moves_made + 1, stand_in_moves = stand_in_moves + ?"
                       " WHERE table_id = ? AND seat = ?", (int(timeout_level is not None), table_id, seat))
            if bank is not None:
                tx.execute("UPDATE seats SET bank = ? WHERE table_id = ? AND seat = ?", (bank[1], table_id, bank[0]))
            self._notify(tx, "m", table_id, number, json.dumps(
                {"seat": seat, "action": action, "timeout": timeout_level, "played": now}, separators=(",", ":")))

    def set_vacation(self, table_id: str, seat: int, since: float | None, used: float, year: int,
                     turn_paused: float, ended: float | None = None) -> None:
        """A seat's player went on vacation (``since``) or came back (``since`` None, at ``ended``)."""
        with self.db.transaction() as tx:
            tx.execute("UPDATE seats SET vacation_since = ?, vacation_used = ?, vacation_year = ?, vacation_ended = ?"
                       " WHERE table_id = ? AND seat = ?", (since, used, year, ended, table_id, seat))
            tx.execute("UPDATE game_tables SET turn_paused = ? WHERE id = ?", (turn_paused, table_id))
            self._notify(tx, "s", table_id)

    def moves_after(self, table_id: str, number: int) -> list[MoveRecord]:
        """The table's moves numbered above ``number``, in order (a catch-up by move number)."""
        return [MoveRecord(m[0], m[1], json.loads(m[2]), m[3], m[4]) for m in self.db.query(
            "SELECT number, seat, action, timeout_level, played FROM moves WHERE table_id = ? AND number > ?"
            " ORDER BY number", (table_id, number))]

    def open_table_ids(self) -> list[str]:
        return [r[0] for r in self.db.query("SELECT id FROM game_tables WHERE is_over = 0", ())]

    def load_table(self, table_id: str) -> TableRecord | None:
        found = self._load("WHERE id = ?", (table_id,))
        return found[0] if found else None

    def open_tables(self) -> list[TableRecord]:
        return self._load("WHERE is_over = 0", ())

    def unrecorded_tables(self, since: float) -> list[TableRecord]:
        """Tables finished after ``since`` whose final ranks were never written."""
        return self._load("WHERE is_over = 1 AND result IS NULL AND finished > ?", (since,))

    def _load(self, where: str, params: tuple) -> list[TableRecord]:
        with self.db.transaction() as tx:  # one snapshot of tables, seats and moves
            rows = tx.all("SELECT id, game, options, COALESCE(seed_text, CAST(seed AS TEXT)), host, created, turn_since,"
                          f" move_limit, limit_level, daily, is_over, active, ending, finished, result, seek, bank_limit,"
                          f" vacation_limit, turn_paused FROM game_tables {where}"
                          " ORDER BY created, id", params)
            records = []
            for r in rows:
                seats = [SeatRecord(*s) for s in tx.all(
                    "SELECT seat, name, kind, level, player, token_hash, invited, bank, vacation_since, vacation_used,"
                    " vacation_year, vacation_ended FROM seats WHERE table_id = ? ORDER BY seat",
                    (r[0],))]
                moves = [MoveRecord(m[0], m[1], json.loads(m[2]), m[3], m[4]) for m in tx.all(
                    "SELECT number, seat, action, timeout_level, played FROM moves WHERE table_id = ?"
                    " ORDER BY number", (r[0],))]
                records.append(TableRecord(r[0], r[1], json.loads(r[2]), int(r[3]), r[4], r[5], seats, moves,
                                           r[6], r[7], r[8], r[9], bool(r[10]), r[11],
                                           json.loads(r[12]) if r[12] else None, r[13],
                                           json.loads(r[14]) if r[14] else None, bool(r[15]), r[16], r[17],
                                           r[18]))
        return records

    # ------------------------------------------------------------------ results
    def record_result(self, table_id: str, game: str, players: list[str | None], ranks: list[int],
                      now: float | None = None, forfeited: list[int] | tuple[int, ...] = ()) -> dict[str, ratings.Rating] | None:
        """Write a finished multiplayer table's final ranks and rate it once (a second call
        changes no rating and returns None), in one transaction: whoever reads the result
        reads the ratings it made, and a crash leaves neither half alone. ``players`` per
        seat; a game with a bot (None) or one person at two seats is not rated. A seat whose
        moves were mostly its stand-in's, or that forfeited (``forfeited``), is rated by
        :func:`ratings.update_with_absent` (it may lose, never gain). Returns the new ratings by
        player (only those that changed)."""
        ratable = len(players) >= 2 and all(p is not None for p in players) and len(set(players)) == len(players)
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            _write_ranks(tx, table_id, ranks)
            if not ratable or not tx.execute("UPDATE game_tables SET rated = 1 WHERE id = ? AND rated = 0 AND is_over = 1", (table_id,)):
                return None
            counts = {r[0]: (r[1], r[2]) for r in tx.all(
                "SELECT seat, moves_made, stand_in_moves FROM seats WHERE table_id = ?", (table_id,))}
            absent = [ratings.absent(*counts.get(seat, (0, 0))) for seat in range(len(players))]
            before = []
            for p in players:
                row = tx.one("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (p, game))
                before.append(ratings.Rating(row[0], row[1], row[2]) if row else ratings.initial())
            after = ratings.update_with_absent(before, ranks, absent, tuple(forfeited))
            changed = [(p, r) for p, r, b in zip(players, after, before) if r is not b]
            for p, r in changed:
                tx.execute("INSERT INTO ratings (player, game, mu, sigma, games, updated) VALUES (?, ?, ?, ?, ?, ?)"
                           " ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                           " games = excluded.games, updated = excluded.updated", (p, game, r.mu, r.sigma, r.games, now))
                tx.execute("INSERT INTO rating_history (player, game, table_id, at, mu, sigma, games)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)", (p, game, table_id, now, r.mu, r.sigma, r.games))
        return dict(changed)  # type: ignore[arg-type]

    def stand_in_counts(self, table_id: str) -> list[tuple[int, int]]:
        """Per seat, in order: (moves made for it, moves its stand-in made)."""
        return [(r[0], r[1]) for r in self.db.query(
            "SELECT moves_made, stand_in_moves FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]

    def rating(self, player: str, game: str) -> ratings.Rating | None:
        rows = self.db.query("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (player, game))
        return ratings.Rating(*rows[0]) if rows else None

    def ratings_of(self, players: list[str]) -> dict[str, dict[str, float]]:
        """The conservative rating (as the leaderboard shows it) of each named player in every
        game they are rated in: {player: {game: rating}}, for the names beside the tables."""
        names = sorted(set(players))[:MAX_NAMES]
        if not names:
            return {}
        marks = ", ".join("?" for _ in names)
        out: dict[str, dict[str, float]] = {}
        for player, game, mu, sigma in self.db.query(
                f"SELECT player, game, mu, sigma FROM ratings WHERE player IN ({marks})", tuple(names)):
            out.setdefault(player, {})[game] = round(mu - 3 * sigma, 1)
        return out

    def profile(self, player: str, history: int = 60) -> dict[str, Any]:
        """A player's page: their rating in each game (as the leaderboard shows it, with mu,
        sigma and games) and, per game, the last ``history`` ratings after rated tables, oldest
        first."""
        rated = [{"game": g, "rating": round(mu - 3 * sigma, 2), "mu": round(mu, 2), "sigma": round(sigma, 2),
                  "games": n} for g, mu, sigma, n in self.db.query(
                      "SELECT game, mu, sigma, games FROM ratings WHERE player = ? ORDER BY games DESC, game",
                      (player,))]
        lines: dict[str, list[list[float]]] = {}
        for entry in rated:
            rows = self.db.query("SELECT at, mu, sigma FROM rating_history WHERE player = ? AND game = ?"
                                 " ORDER BY at DESC LIMIT ?", (player, entry["game"], history))
            lines[entry["game"]] = [[at, round(mu - 3 * sigma, 2)] for at, mu, sigma in reversed(rows)]
        return {"player": player, "ratings": rated, "history": lines}

    def leaderboard(self, game: str, limit: int = DEFAULT_BOARD) -> list[dict[str, Any]]:
        """Best first, by the conservative rating mu - 3·sigma."""
        rows = self.db.query("SELECT player, mu, sigma, games FROM ratings WHERE game = ?"
                             " ORDER BY mu - 3 * sigma DESC, player LIMIT ?", (game, limit))
        return [{"player": p, "rating": round(mu - 3 * sigma, 2), "mu": round(mu, 2), "sigma": round(sigma, 2),
                 "games": g} for p, mu, sigma, g in rows]

    def record_score(self, table_id: str, game: str, seed: int, player: str, score: float, moves: int,
                     daily: str | None, now: float | None = None) -> None:
        """A finished solitaire table's score (once per table), with its result, in one
        transaction; on the day's board too when it was that day's deal and the player's first
        finished attempt at it."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            _write_ranks(tx, table_id, [1])
            tx.execute("INSERT INTO high_scores (table_id, game, seed, seed_text, player, score, moves, finished)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO NOTHING",
                       (table_id, game, _seed_int(seed), str(seed), player, score, moves, now))
            if daily:
                tx.execute("INSERT INTO daily_board (day, game, player, table_id, score, moves, finished)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, game, player) DO NOTHING",
                           (daily, game, player, table_id, score, moves, now))

    def high_scores(self, game: str, seed: int, limit: int = DEFAULT_BOARD) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT player, score, moves FROM high_scores WHERE game = ? AND seed_text = ?"
                             " ORDER BY score DESC, moves, finished LIMIT ?", (game, str(seed), limit))
        return [{"player": p, "score": s, "moves": m} for p, s, m in rows]

    def daily_board(self, day: str, game: str, limit: int = DEFAULT_BOARD) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT player, score, moves FROM daily_board WHERE day = ? AND game = ?"
                             " ORDER BY score DESC, moves, finished LIMIT ?", (day, game, limit))
        return [{"player": p, "score": s, "moves": m} for p, s, m in rows]

    def daily_table_of(self, day: str, game: str, player: str) -> str | None:
        """The player's table for the day's deal, if they opened one already."""
        rows = self.db.query("SELECT id FROM game_tables WHERE daily = ? AND game = ? AND host = ?"
                             " ORDER BY created LIMIT 1", (day, game, player))
        return rows[0][0] if rows else None
