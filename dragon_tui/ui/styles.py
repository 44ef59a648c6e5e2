"""Finding the .tcss files, which are package data (a wheel carries them like the code):
the shared ones in ``ui/stylesheets/``, each game's own beside its board module
(``ui/games/<game id>/board.tcss``: the board module's name with ``.tcss``).

Which file is parsed when (start-up): ``app.tcss`` holds what the menu's first paint
needs and is read up front; every other screen names its files in ``STYLESHEETS`` (read when
it is first pushed: ``screen_stylesheets``), and each game's own file comes with
the first screen showing that game. Nobody parses the setup screen's or the dialogs' rules to
draw the menu, nor the menu's neighbours' to draw a game.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from textual.css.stylesheet import Stylesheet

from ..games import board_module

#: Read before the first paint: the menu, and what may cover any screen from the start.
START_STYLESHEET = "app.tcss"
#: The game screen's frame (and the replay's): ``GameScreen.STYLESHEETS``.
GAME_SCREEN_STYLESHEETS = ("game.tcss",)
#: The review screen's.
REVIEW_SCREEN_STYLESHEETS = ("review.tcss",)
#: Every other screen's (setup, forms, dialogs), unless it names its own.
OTHER_SCREEN_STYLESHEETS = ("screens.tcss",)


def styles_dir() -> Path:
    """The shared stylesheets' folder."""
    return Path(__file__).resolve().parent / "stylesheets"


def stylesheet(name: str) -> Path:
    return styles_dir() / name


def start_stylesheets() -> list[Path]:
    """What the app reads up front."""
    return [stylesheet(START_STYLESHEET)]


def screen_stylesheets(screen: object) -> list[Path]:
    """The files a screen needs beyond app.tcss, in the order they are read: its
    ``STYLESHEETS`` (Textual's own screens, like the command palette, need none of ours),
    then its game's own file when it shows a game."""
    if not type(screen).__module__.startswith("dragon_tui."):
        return []
    return stylesheets_for(getattr(screen, "STYLESHEETS", OTHER_SCREEN_STYLESHEETS), getattr(screen, "table", None))


def stylesheets_for(names: tuple[str, ...], table: object = None) -> list[Path]:
    """The files ``names``, then the own file of the table's game (if it has one)."""
    game_id = getattr(getattr(table, "game", None), "id", None)
    game = game_stylesheet(game_id) if isinstance(game_id, str) else None
    return [stylesheet(name) for name in names] + ([game] if game is not None else [])


def game_stylesheet(game_id: str) -> Path | None:
    """The game's own file, its board module's with ``.tcss`` for ``.py``, if it has one."""
    try:
        spec = importlib.util.find_spec(board_module(game_id))
    except (KeyError, ModuleNotFoundError):  # not a game, or its look's package is missing
        return None
    if spec is None or not spec.origin:
        return None
    path = Path(spec.origin).with_suffix(".tcss")
    return path if path.is_file() else None


class IncrementalStylesheet(Stylesheet):
    """Textual's stylesheet, except that adding a file parses that file alone.

    When a pushed screen brings a file of its own, Textual calls ``reparse``, which parses
    every source again — each stylesheet and every widget's default CSS — in a fresh
    stylesheet. Parsing here keeps the rules already parsed with the current variables:
    Textual's ``parse`` looks every source up in its cache of parsed rules, which
    ``set_variables`` (a theme change) empties first, so a new theme still parses everything
    again with its colours. A file whose text changed (Textual's CSS watcher, in development)
    misses the cache and is parsed again, too.
    """

    def reparse(self) -> None:
        self.parse()
