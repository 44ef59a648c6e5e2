"""Chat at a shared table: what a line may hold, how often a player may speak, and who hears.

Chat is public to everyone at the table — the seats and the watchers — because the cards in
hand are hidden and the chat is not: a line never carries anything from a seat's view, and a
seat's hand never reaches the chat. The lines are kept with the game (the archive's review shows
them), so they are bounded like everything a client can make the server keep:

- a line is cleaned as names are: no control or format characters (no terminal escapes, no
  right-to-left overrides), runs of spaces folded, at most ``MAX_CHARS`` characters;
- a player may send ``BURST`` lines at once and then one every ``REFILL_SECONDS`` (per player,
  across all their tables and connections on this node);
- a table keeps at most ``MAX_LINES`` lines; after that its chat is closed (the game goes on);
- a player mutes another for themselves only: lines of a muted player are not sent to them, and
  at most ``MAX_MUTES`` names are kept per player.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

MAX_CHARS = 300
BURST = 5
REFILL_SECONDS = 2.0
MAX_LINES = 2000
MAX_MUTES = 200


class ChatRefused(ValueError):
    """A line the table will not take, with the reason the sender is shown."""


def printable(text: str) -> str:
    """``text`` with no control or format characters (no terminal escapes, no right-to-left
    overrides, nothing unassigned) and its runs of spaces folded: what a screen may show of a
    line or a name someone else typed."""
    kept = []
    for ch in text:
        kind = unicodedata.category(ch)
        if ch in "\t\n\r" or kind == "Zs":
            kept.append(" ")
        elif kind[0] == "C" or kind in ("Zl", "Zp"):
            continue  # controls, format characters (bidi overrides), unassigned, surrogates
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())


def clean_line(text: object) -> str:
    """The line as it will be kept and shown, or :class:`ChatRefused` saying why not."""
    if not isinstance(text, str):
        raise ChatRefused("A chat line is text.")
    if len(text) > 4 * MAX_CHARS:  # refuse before spending time on a huge string
        raise ChatRefused(f"A chat line holds at most {MAX_CHARS} characters.")
    line = printable(text)
    if not line:
        raise ChatRefused("Say something first.")
    if len(line) > MAX_CHARS:
        raise ChatRefused(f"A chat line holds at most {MAX_CHARS} characters.")
    return line


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """``BURST`` lines at once, then one every ``REFILL_SECONDS``, per player. The table of
    buckets is bounded: a full bucket is forgotten (it says nothing a new one would not)."""

    def __init__(self, burst: int = BURST, refill_seconds: float = REFILL_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.refill, self.clock = burst, refill_seconds, clock
        self._buckets: dict[str, _Bucket] = {}

    def __len__(self) -> int:
        """How many players' buckets are held."""
        return len(self._buckets)

    def take(self, player: str) -> None:
        """Count one line for ``player``, or raise :class:`ChatRefused` if they are too quick."""
        now = self.clock()
        bucket = self._buckets.get(player) or _Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) / self.refill)
        bucket.at = now
        if bucket.tokens < 1.0:
            wait = (1.0 - bucket.tokens) * self.refill
            self._buckets[player] = bucket
            raise ChatRefused(f"Slow down: you can speak again in {max(1, round(wait))} s.")
        bucket.tokens -= 1.0
        self._buckets[player] = bucket
        if len(self._buckets) > 4096:
            self._forget_full(now)

    def _forget_full(self, now: float) -> None:
        for name, b in list(self._buckets.items()):
            if b.tokens + (now - b.at) / self.refill >= self.burst:
                del self._buckets[name]
