"""Python's cyclic garbage collector while a search runs.

A search makes hundreds of thousands of short-lived objects (copies of positions, their
facts, the tree), and many live for the whole decision (the tree, the games' bounded memos).
The collector's passes, triggered by the count of objects made, walk all of them again and
again and find nothing to free: no search makes reference cycles (every game's hard search,
checked by ``tests/ai/test_collector.py``), so reference counting frees everything as it goes.
Measured on Princes' late positions, the passes took about a fifth of a hard decision's CPU.

So :func:`paused` keeps the collector off while any search runs, and turns it back on when the
last one ends, if it was on before: cycles made meanwhile elsewhere in the process (the UI's)
wait a second or two, nothing more. The count makes searches in several threads safe, and a
collector someone else turned off stays off. A server whose bot tables think in threads may
have a search running at every moment: there a search that ends while others still run
collects once every ``OVERLAP_LIMIT`` seconds of pause, so the rest of the process's cycles
never wait longer than that (one full pass per ten seconds, where the collector left on made
several a second during a Princes search).
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Searches running now (in any thread).
_running = 0
#: Whether the first of them turned the collector off (and the last must turn it back on).
_paused = False
#: Seconds of unbroken pause (searches overlapping in threads) before a search that ends
#: collects anyway (see the module).
OVERLAP_LIMIT = 10.0
#: When the pause began, or the last collection during it (``time.monotonic``).
_since = 0.0


@contextmanager
def paused() -> Iterator[None]:
    """The collector off for the ``with`` block (see the module)."""
    global _running, _paused, _since
    with _lock:
        _running += 1
        if _running == 1 and gc.isenabled():
            gc.disable()
            _paused, _since = True, time.monotonic()
    try:
        yield
    finally:
        collect = False
        with _lock:
            _running -= 1
            if _paused:
                if _running == 0:
                    _paused = False
                    gc.enable()
                elif time.monotonic() - _since > OVERLAP_LIMIT:
                    collect, _since = True, time.monotonic()
        if collect:
            gc.collect()
