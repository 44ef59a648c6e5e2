"""Autosave off the UI thread: every change is written, atomically, by one writer thread;
and the list of unfinished games those autosaves make (the menu's Continue).

Every game has its own autosave file (``storage.new_autosave_path``), so starting a game
never throws away another. A finished game's autosave is removed when the list is next read:
finished games drop off Continue.

The table hands over what it is at that moment (the move list and the live state, neither of
which changes afterwards) and goes on; the writer turns it into JSON and writes it with
``storage.write_json`` (temporary file, fsync, rename). If several changes arrive while one
is being written, only the newest is written next — every write holds every move made
before it, so a kill -9 loses at most the action in flight, never a half-written file.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import SaveFileError
from . import storage

#: The longest a write waits for the UI's word that the change is drawn (seconds).
MAX_HOLD = 1.0

#: Told the outcome of one write: its error, or None when it went well.
Done = Callable[[OSError | None], None]


class Autosaver:
    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._pending: tuple[Path, Callable[[], dict[str, Any]], Done | None] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        #: The last write's error, if it failed (a full disk): shown, never raised at the UI.
        self.error: OSError | None = None
        #: Set by a UI: ``defer(start)`` calls ``start`` once the screen has drawn the change
        #: (the writer turns the game into JSON holding the GIL: it waits for the paint, so a
        #: key is not answered slower for its save). None: write at once.
        self.defer: Callable[[Callable[[], None]], object] | None = None
        self._released = True

    def submit(self, path: Path, build: Callable[[], dict[str, Any]], done: Done | None = None) -> None:
        """Write ``build()`` to ``path`` soon; a newer submission replaces an unwritten one.
        ``done`` hears, in the writer thread, the write's error or None once it is over."""
        defer = self.defer
        with self._lock:
            self._pending = (path, build, done)
            self._released = defer is None
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="dragon-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()
        if defer is not None:
            defer(self.release)

    def release(self) -> None:
        """Let the writer start on what was submitted (the UI has drawn it)."""
        with self._lock:
            self._released = True
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                held_until = None
                while self._pending is None or not self._released:
                    if self._pending is None:
                        if not self._lock.wait(timeout=5.0) and self._pending is None:
                            self._thread = None  # idle: end; the next submit starts a new one
                            return
                        continue
                    now = time.monotonic()
                    held_until = held_until or now + MAX_HOLD
                    if now >= held_until:
                        break  # never held longer than MAX_HOLD, whatever the UI does
                    self._lock.wait(timeout=held_until - now)
                path, build, done = self._pending
                self._pending = None
                self._busy = True
            try:
                storage.write_json(path, build())
                self.error = None
            except OSError as exc:
                self.error = exc
            finally:
                if done is not None:
                    done(self.error)
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything submitted is on disk; returns False on timeout."""
        with self._lock:
            self._released = True
            self._lock.notify_all()
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)


class UnfinishedGame(NamedTuple):
    """What Continue shows of one autosave, read without replaying it (that happens on
    Continue, which checks every move)."""

    path: Path
    game_id: str
    title: str
    names: tuple[str, ...]
    moves: int
    #: When it was last written (seconds since the epoch).
    saved_at: float
    #: What makes two files the same game: the game, seed, seats and options (JSON text).
    identity: str = ""
    #: The file's move list, as JSON text of each move.
    move_texts: tuple[str, ...] = ()


#: What each autosave file said, by path, with the file's (mtime_ns, size) when read: the menu
#: lists the games every time it shows, and only files written since are read again.
_seen: dict[Path, tuple[tuple[int, int], UnfinishedGame | str | None | SaveFileError]] = {}


def unfinished_games(tidy: bool = True) -> list[UnfinishedGame]:
    """The unfinished games, newest first. Finished games' autosaves are deleted, and with
    ``tidy`` those of games left before their first move (without it they are only skipped: the
    game just started, still open, has one); damaged files are skipped (left for the player to
    look at, never a crash)."""
    found = []
    paths = storage.list_autosaves()
    for gone in set(_seen) - set(paths):
        del _seen[gone]
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            continue
        stamp = (info.st_mtime_ns, info.st_size)
        cached = _seen.get(path)
        if cached is not None and cached[0] == stamp:
            summary = cached[1]
        else:
            try:
                summary = _summary(path)
            except SaveFileError as exc:
                summary = exc
            _seen[path] = (stamp, summary)
        if isinstance(summary, SaveFileError):
            continue
        if summary is None or summary == UNBEGUN:  # finished, or not begun: it drops off
            if summary is None or tidy:
                try:
                    path.unlink()
                except OSError:
                    pass
            continue
        found.append(summary)
    return found


#: What :func:`_summary` says of a game with no move yet.
UNBEGUN = "unbegun"


def _summary(path: Path) -> UnfinishedGame | str | None:
    from ..games import GAMES

    doc = storage.read_json(path)
    game, seats, moves, over = doc.get("game"), doc.get("seats"), doc.get("moves"), doc.get("over")
    if doc.get("format") != storage.SAVE_FORMAT or game not in GAMES or not isinstance(moves, list) \
            or not isinstance(seats, list) or not seats \
            or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
        raise SaveFileError(f"{path.name} is not a Dragon TUI save.")
    if over is True:
        return None
    if not moves:  # a game left before its first move is nothing to continue
        return UNBEGUN
    try:
        saved_at = path.stat().st_mtime
    except OSError as exc:
        raise SaveFileError(str(exc)) from None
    return UnfinishedGame(path, game, GAMES[game].title, tuple(s["name"][:40] for s in seats), len(moves), saved_at,
                          _identity(doc), tuple(_text(move) for move in moves))


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _identity(doc: dict[str, Any]) -> str:
    return _text([doc.get("game"), doc.get("seed"), doc.get("seats"), doc.get("options")])


def autosave_of(doc: dict[str, Any]) -> Path | None:
    """The autosave an opened save should write on in, or None for a file of its own: that of
    the same game (game, seed, seats and options) on the same line of play, whose moves either
    all lie in the opened one's history or go beyond it by bots' moves only. Loading one save
    again and again so continues one entry in Continue, and a person's decision made after the
    save (the player played on from it) is never written over: that file stays an entry."""
    moves, seats = doc.get("moves"), doc.get("seats")
    if not isinstance(moves, list) or not moves or not isinstance(seats, list):
        return None
    bots = {i for i, seat in enumerate(seats) if isinstance(seat, dict) and seat.get("kind") == "bot"}
    identity, texts = _identity(doc), [_text(move) for move in moves]
    best: UnfinishedGame | None = None
    for game in unfinished_games(tidy=False):
        if game.identity != identity:
            continue
        shared = min(len(game.move_texts), len(texts))
        if list(game.move_texts[:shared]) != texts[:shared]:
            continue
        beyond = game.move_texts[shared:]
        if all(_seat_of(text) in bots for text in beyond) \
                and (best is None or len(game.move_texts) > len(best.move_texts)):
            best = game
    return None if best is None else best.path


def _seat_of(text: str) -> Any:
    move = json.loads(text)
    return move.get("seat") if isinstance(move, dict) else None