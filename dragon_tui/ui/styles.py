"""Finding the .tcss files: top-level ``styles/`` in a checkout, ``dragon_tui/styles`` when
installed (pyproject maps one onto the other, so ``pip install .`` carries them).

Which file is parsed when (start-up): ``app.tcss`` holds what the menu's first paint
needs and is read up front; every other screen names its files in ``STYLESHEETS`` (read when
it is first pushed: ``screen_stylesheets``), and each game's own ``<game id>.tcss`` comes with
the first screen showing that game. Nobody parses the setup screen's or the dialogs' rules to
draw the menu, nor the menu's neighbours' to draw a game.
"""

from __future__ import annotations

from pathlib import Path

from textual.css.stylesheet import Stylesheet

#: Read before the first paint: the menu, and what may cover any screen from the start.
START_STYLESHEET = "app.tcss"
#: The game screen's frame (and the replay's): ``GameScreen.STYLESHEETS``.
GAME_SCREEN_STYLESHEETS = ("game.tcss",)
#: The review screen's.
REVIEW_SCREEN_STYLESHEETS = ("review.tcss",)
#: Every other screen's (setup, forms, dialogs), unless it names its own.
OTHER_SCREEN_STYLESHEETS = ("screens.tcss",)


def styles_dir() -> Path:
    checkout = Path(__file__).resolve().parents[2] / "styles"
    if checkout.is_dir():
        return checkout
    from importlib import resources  # installed copies only: a checkout's start does without it

    return Path(str(resources.files("dragon_tui") / "styles"))


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
    """The game's own file, ``<game id>.tcss``, if it has one."""
    path = styles_dir() / f"{game_id}.tcss"
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
