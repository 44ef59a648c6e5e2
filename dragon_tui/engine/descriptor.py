"""What a game tells the registry about itself before its rules load: ``GameDescriptor``.

Every built-in game declares one as ``DESCRIPTOR`` in ``dragon_tui/games/<id>/descriptor.py``;
the registry (``dragon_tui.games``) finds them by listing its subpackages and reads nothing
else of a game until someone plays it. A game from elsewhere passes one to
``dragon_tui.games.register``. The descriptor only names modules, so reading it costs nothing:
the menu draws from descriptors alone (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, NamedTuple

#: Where a game's look (its ``Board`` widget) lives unless its descriptor names a module:
#: ``{id}`` is the game id. The one place to change when the boards move.
LOOK_MODULE = "dragon_tui.ui.games.{id}.board"
#: The package of a built-in game; its optional pieces (``bots``, ``charts``) are found there.
GAME_PACKAGE = "dragon_tui.games.{id}"


class GameDescriptor(NamedTuple):
    id: str
    title: str
    players: str
    #: One line for the menu.
    blurb: str
    #: The module that exports the rules' ``GAME`` ("" for the game's package, whose
    #: ``__init__`` hands out ``GAME`` from its ``game.py`` on first use).
    rules: str = ""
    #: The module that exports the ``Board`` widget, the game's look ("" for ``LOOK_MODULE``).
    board: str = ""
    #: The module with the bots' tuning for this game ("" for ``<package>.bots``; none: defaults).
    bots: str = ""
    #: The module with the score charts' ``MEASURES`` ("" for ``<package>.charts``; none: points).
    charts: str = ""
    #: The module with the game's own figures for ``dragon-tui bench`` (``figures(game, seconds)``,
    #: lines of text; "" for ``<package>.bench``; none: only the figures every game gets).
    bench: str = ""
    #: Place in the menu: lower first, then by id. A registered game comes after the built-in ones.
    order: int = 100
    #: The server's game of the day (one seat, the same seed for everyone) is this game.
    daily: bool = False

    @property
    def rules_module(self) -> str:
        return self.rules or GAME_PACKAGE.format(id=self.id)

    @property
    def board_module(self) -> str:
        return self.board or LOOK_MODULE.format(id=self.id)

    @property
    def bots_module(self) -> str:
        return self.bots or GAME_PACKAGE.format(id=self.id) + ".bots"

    @property
    def charts_module(self) -> str:
        return self.charts or GAME_PACKAGE.format(id=self.id) + ".charts"

    @property
    def bench_module(self) -> str:
        return self.bench or GAME_PACKAGE.format(id=self.id) + ".bench"


def from_game_module(package: str, names: tuple[str, ...]) -> Callable[[str], Any]:
    """A package ``__getattr__`` that hands out ``names`` from the package's ``game`` module,
    importing it (and so the rules) on first use: ``from dragon_tui.games.<id> import GAME``
    keeps working while importing the package for its descriptor loads nothing."""

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(import_module(f"{package}.game"), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
