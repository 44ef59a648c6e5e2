"""Python's cyclic garbage collector while the app starts.

Importing Textual, Rich and the app, then building the first screen, makes a few hundred
thousand objects that live as long as the process. The collector's full passes walk all of
them several times before the first frame, and find nothing to free: measured, about 15 ms of
a start of some 250 ms of CPU. So the command line pauses the collector before it
imports the app, and the app resumes it once its first screen is on the terminal, after moving
everything built so far out of the collector's sight (``gc.freeze``, as the game screen does
with a game's history). Reference counting frees as usual in between; only cycles wait.
"""

from __future__ import annotations

import gc

_paused = False


def pause_for_startup() -> None:
    """Pause the collector until ``resume_after_startup`` (only if it runs now)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_after_startup() -> None:
    """Freeze what the start built and resume the collector, if ``pause_for_startup`` paused it."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
