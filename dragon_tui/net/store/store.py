"""What the table server keeps in its database: players and their keys, shared tables with
every move, ratings, high scores and the daily board. Headless; every query has parameters.

The one rule that keeps a table whole under races (two clients, later two server nodes): a
move numbered n is written by the transaction whose ``UPDATE game_tables SET moves = n WHERE
id = ? AND moves = n - 1`` changed a row. The loser of a race changes no row and gets
:class:`Conflict`; the primary key (table, number) on ``moves`` refuses a double as well.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from . import ratings
from .db import Conflict, Database

DEFAULT_BOARD = 20


@dataclass
class SeatRecord:
    seat: int
    name: str
    kind: str  # "remote" or "bot"
    level: str
    player: str | None = None
    token_hash: str | None = None


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


class Store:
    def __init__(self, url: str) -> None:
        self.db = Database(url)
        self.version = self.db.migrate()

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
                "INSERT INTO game_tables (id, game, options, seed, host, created, moves, turn_since, move_limit,"
                " limit_level, daily, is_over) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, 0)",
                (rec.id, rec.game, json.dumps(rec.options, sort_keys=True), rec.seed, rec.host, rec.created,
                 rec.turn_since or rec.created, rec.move_limit, rec.limit_level, rec.daily))
            for s in rec.seats:
                tx.execute("INSERT INTO seats (table_id, seat, name, kind, level, player, token_hash)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (rec.id, s.seat, s.name, s.kind, s.level, s.player, s.token_hash))

    def table_exists(self, table_id: str) -> bool:
        return bool(self.db.query("SELECT 1 FROM game_tables WHERE id = ?", (table_id,)))

    def sit(self, table_id: str, seat: int, player: str, token_hash: str, turn_since: float | None = None) -> None:
        """Give a free seat to ``player``; :class:`Conflict` if someone took it first. With
        ``turn_since``, the pending decision's clock restarts then (the table just filled)."""
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE seats SET player = ?, token_hash = ?, name = ? WHERE table_id = ? AND seat = ?"
                              " AND player IS NULL AND kind = 'remote'", (player, token_hash, player, table_id, seat)):
                raise Conflict("That seat was taken a moment ago.")
            if turn_since is not None:
                tx.execute("UPDATE game_tables SET turn_since = ? WHERE id = ?", (turn_since, table_id))

    def append_move(self, table_id: str, number: int, seat: int, action: dict[str, Any], *, over: bool,
                    timeout_level: str | None = None, now: float | None = None) -> None:
        """Write move ``number`` (1 for the first); :class:`Conflict` unless the table's last
        move is ``number - 1`` — checked and written in one transaction."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            changed = tx.execute(
                "UPDATE game_tables SET moves = ?, turn_since = ?, is_over = ?, finished = ? WHERE id = ? AND moves = ?",
                (number, now, int(over), now if over else None, table_id, number - 1))
            if changed != 1:
                raise Conflict(f"Move {number} of table {table_id} is not the next one.")
            tx.execute("INSERT INTO moves (table_id, number, seat, action, timeout_level, played)"
                       " VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, number, seat, json.dumps(action, separators=(",", ":")), timeout_level, now))

    def load_table(self, table_id: str) -> TableRecord | None:
        found = self._load("WHERE id = ?", (table_id,))
        return found[0] if found else None

    def open_tables(self) -> list[TableRecord]:
        return self._load("WHERE is_over = 0", ())

    def _load(self, where: str, params: tuple) -> list[TableRecord]:
        with self.db.transaction() as tx:  # one snapshot of tables, seats and moves
            rows = tx.all("SELECT id, game, options, seed, host, created, turn_since, move_limit, limit_level, daily,"
                          f" is_over FROM game_tables {where} ORDER BY created, id", params)
            records = []
            for r in rows:
                seats = [SeatRecord(*s) for s in tx.all(
                    "SELECT seat, name, kind, level, player, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                    (r[0],))]
                moves = [MoveRecord(m[0], m[1], json.loads(m[2]), m[3], m[4]) for m in tx.all(
                    "SELECT number, seat, action, timeout_level, played FROM moves WHERE table_id = ?"
                    " ORDER BY number", (r[0],))]
                records.append(TableRecord(r[0], r[1], json.loads(r[2]), int(r[3]), r[4], r[5], seats, moves,
                                           r[6], r[7], r[8], r[9], bool(r[10])))
        return records

    def finished_tables_of(self, player: str, limit: int = 10) -> list[str]:
        """Ids of the last tables ``player`` sat at that are over, newest first."""
        return [r[0] for r in self.db.query(
            "SELECT t.id FROM game_tables t JOIN seats s ON s.table_id = t.id WHERE s.player = ? AND t.is_over = 1"
            " GROUP BY t.id, t.finished ORDER BY t.finished DESC LIMIT ?", (player, limit))]

    # ------------------------------------------------------------------ results
    def record_result(self, table_id: str, game: str, players: list[str | None], ranks: list[int],
                      now: float | None = None) -> dict[str, ratings.Rating] | None:
        """Rate a finished multiplayer table once (a second call changes nothing and returns
        None). ``players`` per seat; a game with a bot (None) or one person at two seats is
        not rated. Returns the new ratings by player."""
        if len(players) < 2 or any(p is None for p in players) or len(set(players)) != len(players):
            return None
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if not tx.execute("UPDATE game_tables SET rated = 1 WHERE id = ? AND rated = 0 AND is_over = 1", (table_id,)):
                return None
            before = []
            for p in players:
                row = tx.one("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (p, game))
                before.append(ratings.Rating(row[0], row[1], row[2]) if row else ratings.initial())
            after = ratings.update(before, ranks)
            for p, r in zip(players, after):
                tx.execute("INSERT INTO ratings (player, game, mu, sigma, games, updated) VALUES (?, ?, ?, ?, ?, ?)"
                           " ON CONFLICT (player, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
                           " games = excluded.games, updated = excluded.updated", (p, game, r.mu, r.sigma, r.games, now))
        return dict(zip(players, after))  # type: ignore[arg-type]

    def rating(self, player: str, game: str) -> ratings.Rating | None:
        rows = self.db.query("SELECT mu, sigma, games FROM ratings WHERE player = ? AND game = ?", (player, game))
        return ratings.Rating(*rows[0]) if rows else None

    def leaderboard(self, game: str, limit: int = DEFAULT_BOARD) -> list[dict[str, Any]]:
        """Best first, by the conservative rating mu - 3·sigma."""
        rows = self.db.query("SELECT player, mu, sigma, games FROM ratings WHERE game = ?"
                             " ORDER BY mu - 3 * sigma DESC, player LIMIT ?", (game, limit))
        return [{"player": p, "rating": round(mu - 3 * sigma, 2), "mu": round(mu, 2), "sigma": round(sigma, 2),
                 "games": g} for p, mu, sigma, g in rows]

    def record_score(self, table_id: str, game: str, seed: int, player: str, score: float, moves: int,
                     daily: str | None, now: float | None = None) -> None:
        """A finished solitaire table's score (once per table); on the day's board too when it
        was that day's deal and the player's first finished attempt at it."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            tx.execute("INSERT INTO high_scores (table_id, game, seed, player, score, moves, finished)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id) DO NOTHING",
                       (table_id, game, seed, player, score, moves, now))
            if daily:
                tx.execute("INSERT INTO daily_board (day, game, player, table_id, score, moves, finished)"
                           " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, game, player) DO NOTHING",
                           (daily, game, player, table_id, score, moves, now))

    def high_scores(self, game: str, seed: int, limit: int = DEFAULT_BOARD) -> list[dict[str, Any]]:
        rows = self.db.query("SELECT player, score, moves FROM high_scores WHERE game = ? AND seed = ?"
                             " ORDER BY score DESC, moves, finished LIMIT ?", (game, seed, limit))
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
