"""What the database keeps of a shared table's social side: its chat lines (with the game, for
good), each player's mutes, and a rematch offered at a finished table.

:class:`SocialStore` is part of :class:`~.store.Store`. Chat lines are numbered per table; the
number and the cap are decided inside the writing transaction (on PostgreSQL under a
transaction lock per table, so two nodes writing at once take turns), and the line goes to the
other nodes in the same transaction's ``NOTIFY`` (kind ``c``). A rematch's answers are changed
under the same kind of lock, so of two last answers given at once on two nodes exactly one sees
that everyone agreed (and makes the new table).
"""

from __future__ import annotations

import json
import time
import zlib
from typing import Any

#: First key of the transaction locks serialising one table's chat lines and rematch answers.
SOCIAL_LOCK = 0x43484154


class ChatFull(Exception):
    """The table holds its most chat lines already."""


class SocialStore:
    def _social_lock(self, tx, table_id: str) -> None:
        if self.shared:
            key = zlib.crc32(table_id.encode()) - (1 << 31)  # as store._key32: a signed 32-bit int
            tx.execute("SELECT pg_advisory_xact_lock(?, ?)", (SOCIAL_LOCK, key))

    # ------------------------------------------------------------------ chat
    def add_chat(self, table_id: str, player: str, seat: int | None, text: str, limit: int,
                 now: float | None = None) -> dict[str, Any]:
        """Keep a line (already cleaned) as the table's next; :class:`ChatFull` when the table
        has ``limit`` lines. Returns the line as it is sent out."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            self._social_lock(tx, table_id)
            row = tx.one("SELECT COUNT(*), COALESCE(MAX(number), 0) FROM chat_lines WHERE table_id = ?", (table_id,))
            count, last = (int(row[0]), int(row[1])) if row else (0, 0)
            if count >= limit:
                raise ChatFull(table_id)
            line = {"n": last + 1, "player": player, "seat": seat, "text": text, "at": now}
            tx.execute("INSERT INTO chat_lines (table_id, number, player, seat, said, text) VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, last + 1, player, seat, now, text))
            self._notify(tx, "c", table_id, last + 1, json.dumps(line, separators=(",", ":")))
        return line

    def chat_lines(self, table_id: str, muted: list[str] | tuple[str, ...] = (), limit: int | None = None
                   ) -> list[dict[str, Any]]:
        """The table's lines in order (the last ``limit``), leaving out those of ``muted`` players."""
        rows = self.db.query("SELECT number, player, seat, said, text FROM chat_lines WHERE table_id = ?"
                             " ORDER BY number", (table_id,))
        lines = [{"n": n, "player": p, "seat": s, "text": t, "at": a} for n, p, s, a, t in rows
                 if p not in muted]
        return lines[-limit:] if limit else lines

    def chat_counts(self, table_ids: list[str]) -> dict[str, int]:
        """How many chat lines each of these tables keeps (those with none left out)."""
        if not table_ids:
            return {}
        marks = ", ".join("?" for _ in table_ids)
        return {r[0]: int(r[1]) for r in self.db.query(
            f"SELECT table_id, COUNT(*) FROM chat_lines WHERE table_id IN ({marks}) GROUP BY table_id",
            tuple(table_ids))}

    def mutes_of(self, player: str) -> list[str]:
        return [r[0] for r in self.db.query("SELECT muted FROM chat_mutes WHERE player = ? ORDER BY muted",
                                            (player,))]

    def set_mute(self, player: str, other: str, on: bool, limit: int, now: float | None = None) -> bool:
        """Mute (``on``) or unmute ``other`` for ``player``; False when ``player`` mutes
        ``limit`` names already (nothing changed)."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            if not on:
                tx.execute("DELETE FROM chat_mutes WHERE player = ? AND muted = ?", (player, other))
                return True
            if tx.one("SELECT 1 FROM chat_mutes WHERE player = ? AND muted = ?", (player, other)):
                return True
            row = tx.one("SELECT COUNT(*) FROM chat_mutes WHERE player = ?", (player,))
            if row and int(row[0]) >= limit:
                return False
            tx.execute("INSERT INTO chat_mutes (player, muted, added) VALUES (?, ?, ?)", (player, other, now))
        return True

    # ------------------------------------------------------------------ rematch
    def rematch_of(self, table_id: str) -> dict[str, Any] | None:
        row = self.db.query("SELECT by_player, answers, state, reason, new_table, at FROM rematches"
                            " WHERE table_id = ?", (table_id,))
        return _offer(table_id, row[0]) if row else None

    def offer_rematch(self, table_id: str, by: str, persons: list[str], now: float | None = None) -> dict[str, Any]:
        """``by`` offers a rematch to ``persons`` (``by`` among them, accepting). An open or
        agreed offer stands (returned as it is); a declined one is replaced."""
        now = time.time() if now is None else now
        with self.db.transaction() as tx:
            self._social_lock(tx, table_id)
            row = tx.one("SELECT by_player, answers, state, reason, new_table, at FROM rematches WHERE table_id = ?",
                         (table_id,))
            if row and row[2] in ("open", "agreed"):
                return _offer(table_id, row)
            answers = {p: (True if p == by else None) for p in persons}
            tx.execute("DELETE FROM rematches WHERE table_id = ?", (table_id,))
            tx.execute("INSERT INTO rematches (table_id, by_player, answers, state, at) VALUES (?, ?, ?, 'open', ?)",
                       (table_id, by, json.dumps(answers, sort_keys=True), now))
            self._notify(tx, "r", table_id)
        return {"table": table_id, "by": by, "answers": answers, "state": "open", "reason": None,
                "new_table": None, "at": now}

    def answer_rematch(self, table_id: str, player: str, accept: bool, reason: str | None = None
                       ) -> tuple[dict[str, Any] | None, str]:
        """``player``'s answer to the open offer: (the offer as it now stands, what happened):
        ``"none"`` (no offer), ``"closed"`` (not open any more), ``"not yours"`` (not made to
        ``player``) — nothing changed — or ``"taken"``, or ``"last"`` when this was the last
        acceptance (its caller makes the new table)."""
        with self.db.transaction() as tx:
            self._social_lock(tx, table_id)
            row = tx.one("SELECT by_player, answers, state, reason, new_table, at FROM rematches WHERE table_id = ?",
                         (table_id,))
            if row is None:
                return None, "none"
            offer = _offer(table_id, row)
            if player not in offer["answers"]:
                return offer, "not yours"
            if offer["state"] != "open":
                return offer, "closed"
            offer["answers"][player] = bool(accept)
            if not accept:
                offer["state"], offer["reason"] = "declined", reason or f"{player} declined"
            elif all(offer["answers"].values()):
                offer["state"] = "agreed"
            tx.execute("UPDATE rematches SET answers = ?, state = ?, reason = ? WHERE table_id = ?",
                       (json.dumps(offer["answers"], sort_keys=True), offer["state"], offer["reason"], table_id))
            self._notify(tx, "r", table_id)
        return offer, "last" if offer["state"] == "agreed" else "taken"

    def rematch_made(self, table_id: str, new_table: str | None, reason: str | None = None) -> None:
        """The agreed offer's new table (or, with None, why none could be made: closed)."""
        with self.db.transaction() as tx:
            if new_table is None:
                tx.execute("UPDATE rematches SET state = 'declined', reason = ? WHERE table_id = ?", (reason, table_id))
            else:
                tx.execute("UPDATE rematches SET new_table = ? WHERE table_id = ?", (new_table, table_id))
            self._notify(tx, "r", table_id)


def _offer(table_id: str, row: tuple) -> dict[str, Any]:
    return {"table": table_id, "by": row[0], "answers": json.loads(row[1]), "state": row[2], "reason": row[3],
            "new_table": row[4], "at": row[5]}
