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
collector someone else turned off stays off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
#: Searches running now (in any thread).
_running = 0
#: Whether the first of them turned the collector off (and the last must turn it back on).
_paused = False


@contextmanager
def paused() -> Iterator[None]:
    """The collector off for the ``with`` block (see the module)."""
    global _running, _paused
    with _lock:
        _running += 1
        if _running == 1 and gc.isenabled():
            gc.disable()
            _paused = True
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _paused:
                _paused = False
                gc.enable()
