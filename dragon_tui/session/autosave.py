"""Autosave off the UI thread: every change is written, atomically, by one writer thread.

The table hands over what it is at that moment (the move list and the live state, neither of
which changes afterwards) and goes on; the writer turns it into JSON and writes it with
``storage.write_json`` (temporary file, fsync, rename). If several changes arrive while one
is being written, only the newest is written next — every write holds every move made
before it, so a kill -9 loses at most the action in flight, never a half-written file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import storage

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

    def submit(self, path: Path, build: Callable[[], dict[str, Any]], done: Done | None = None) -> None:
        """Write ``build()`` to ``path`` soon; a newer submission replaces an unwritten one.
        ``done`` hears, in the writer thread, the write's error or None once it is over."""
        with self._lock:
            self._pending = (path, build, done)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="dragon-autosave", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._pending is None:
                    if not self._lock.wait(timeout=5.0):
                        self._thread = None  # idle: end; the next submit starts a new one
                        return
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
            return self._lock.wait_for(lambda: self._pending is None and not self._busy, timeout)
