"""How much room the terminal gives: Textual breakpoints, set on every screen by the app.

Each screen carries one width class and one height class; the .tcss files and the boards
ask for "at least this much room" by class instead of comparing sizes in Python.

* width: ``-narrow`` below 100 columns, ``-wide`` from 100 (the game's title fits in the
  status line; a board's roomier layout), ``-wider`` from 110 (a board shows every panel);
* height: ``-short`` below 34 rows, ``-tall`` from 34, ``-taller`` from 36.

Which board uses which class is in its own stylesheet (``ui/games/<game id>/board.tcss``).
"""

from __future__ import annotations

#: Below this the app covers every screen with a notice asking for a bigger window.
MIN_WIDTH, MIN_HEIGHT = 80, 24
HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide"), (110, "-wider")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall"), (36, "-taller")]
_WIDTHS = [name for _, name in HORIZONTAL_BREAKPOINTS]
_HEIGHTS = [name for _, name in VERTICAL_BREAKPOINTS]


def has_room(screen, width: str, height: str) -> bool:
    """Whether ``screen`` is at least as wide as the class ``width`` and as tall as ``height``."""
    w = max((i for i, name in enumerate(_WIDTHS) if screen.has_class(name)), default=0)
    h = max((i for i, name in enumerate(_HEIGHTS) if screen.has_class(name)), default=0)
    return w >= _WIDTHS.index(width) and h >= _HEIGHTS.index(height)
