"""Several ``serve`` nodes on one PostgreSQL: how a node hears what the others changed.

PostgreSQL is the authority (no protocol of our own between nodes). Every change a node writes
— a move, a seat taken, a table opened or removed — sends ``NOTIFY dragon_tables`` in the
same transaction, so it is delivered exactly when it is committed (``kind table number node``,
see :meth:`Store._notify`). Each node listens on a connection of its own, in a thread (a
blocking ``notifies()`` loop that must not hold up the event loop), and hands every payload to
the table server's loop. A notification can be missed (the connection broke, PostgreSQL
restarted): whenever the listener (re)connects it hands over ``None``, and the table server
then catches every table up by move number from the database — so nothing is lost, only late.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable

from .store.store import CHANNEL

#: Longest wait between two attempts to reach a PostgreSQL that went away.
RECONNECT_MAX = 2.0
#: How often the listening connection is probed (a server that went away says nothing).
PROBE_EVERY = 2.0


class Listener:
    """LISTEN on the cluster's channel; ``on_event(payload)`` runs on ``loop``, ``None`` after
    every (re)connection (catch up: something may have been missed)."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop, on_event: Callable[[str | None], None]) -> None:
        self.url = url
        self.loop = loop
        self.on_event = on_event
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="dragon-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _post(self, payload: str | None) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: we are stopping
            self.loop.call_soon_threadsafe(self.on_event, payload)

    def _run(self) -> None:
        import psycopg

        wait = 0.1
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected.set()
                    wait = 0.1
                    self._post(None)  # anything committed while we were not listening: catch up
                    probed = time.monotonic()
                    while not self._stop.is_set() and not (conn.closed or conn.broken):
                        for note in conn.notifies(timeout=0.5):
                            self._post(note.payload)
                        if time.monotonic() - probed > PROBE_EVERY:  # a dead server is noticed
                            conn.execute("SELECT 1")
                            probed = time.monotonic()
            except psycopg.Error:
                pass
            self.connected.clear()
            self._stop.wait(wait)
            wait = min(wait * 2, RECONNECT_MAX)
