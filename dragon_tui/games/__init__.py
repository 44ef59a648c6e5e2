"""The game registry: ``CATALOG`` (every game's descriptor, what the menu shows), ``GAMES``
(id -> Game, in menu order), ``get_game(id)``, ``game_part(id, part)`` (a game's bot tuning or
chart measures), ``daily_game()``, and ``register``/``unregister`` for a game that lives
outside this package (the example game the conformance tests add, docs/adding-a-game.md).

A game is a plugin: everything about it lives in its folder ``dragon_tui/games/<id>/``, whose
``descriptor.py`` declares a ``GameDescriptor`` (``dragon_tui.engine.descriptor``). The catalog
is built by listing this package's subpackages and reading their descriptors, which import no
rules; nothing outside a game's folder names a game. A game is listed from the start so the
menu can show it; it becomes playable once its rules module exports ``GAME`` and its board
widget module (the descriptor's look module) exists. Until then the menu shows it as unavailable.

``GAMES`` imports a game's rules the first time that game is looked up, not before: the menu
draws from the catalog alone, and a player who starts one game does not wait for the other
four to load (start-up to the first paint).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterator, Mapping, Sequence
from types import ModuleType
from typing import overload

from ..engine import Game
from ..engine.descriptor import GameDescriptor


#: The menu's entry for a game: its descriptor (the old name stays for games registered from outside).
CatalogEntry = GameDescriptor


def _module_exists(name: str) -> bool:
    """Whether a module can be imported (found without importing it; its parents are)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


class Catalog(Sequence[CatalogEntry]):
    """The menu's games in menu order: the five built in, then any registered at run time.
    Read-only to everyone but ``register``/``unregister``, and live: a module that imported
    ``CATALOG`` sees a game registered later."""

    def __init__(self, entries: tuple[CatalogEntry, ...]) -> None:
        self._entries = entries

    @overload
    def __getitem__(self, index: int) -> CatalogEntry: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[CatalogEntry, ...]: ...
    def __getitem__(self, index):
        return self._entries[index]

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"Catalog({', '.join(entry.id for entry in self._entries)})"


def _built_in() -> tuple[GameDescriptor, ...]:
    """The games in this package: each subpackage with a ``descriptor`` module, in menu order.
    Importing a descriptor runs its package's ``__init__``, which loads no rules."""
    found = []
    for module in pkgutil.iter_modules(__path__):
        name = f"{__name__}.{module.name}.descriptor"
        if module.ispkg and _module_exists(name):
            descriptor = importlib.import_module(name).DESCRIPTOR
            if descriptor.id != module.name:
                raise ValueError(f"The descriptor in '{module.name}' describes '{descriptor.id}'.")
            found.append(descriptor)
    return tuple(sorted(found, key=lambda d: (d.order, d.id)))


_BUILT_IN: tuple[GameDescriptor, ...] = _built_in()
CATALOG: Catalog = Catalog(_BUILT_IN)


class GameRegistry(Mapping[str, Game]):
    """The built games, in menu order, each imported on its first lookup. A read-only
    mapping: ``GAMES[id]``, ``GAMES.get(id)``, ``id in GAMES`` and iterating the ids load
    nothing; taking a game (or ``values()``/``items()``) imports that game's package."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        self._ids = ids
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        try:
            return self._loaded[game_id]
        except KeyError:
            if game_id not in self._ids:
                raise
        game = importlib.import_module(catalog_entry(game_id).rules_module).GAME
        if game.id != game_id or game.state_class.game_id != game_id:
            raise KeyError(f"The rules registered as '{game_id}' describe '{game.id}'.")
        self._loaded[game_id] = game
        return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def __repr__(self) -> str:
        return f"GameRegistry({', '.join(self._ids)})"


#: Games whose rules engine is built, in menu order.
GAMES: GameRegistry = GameRegistry(tuple(entry.id for entry in CATALOG if _module_exists(entry.rules_module)))

#: A game id names files (saves, ``<id>.tcss``) and menu options: short, lower case, plain.
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")


def register(entry: CatalogEntry) -> None:
    """Add a game after the built-in ones: the menu lists it, ``GAMES`` and ``get_game``
    find it, and its rules and board are imported on first use like the others'. The entry
    names its modules (``rules``, ``board``); the rules module must exist now."""
    if not isinstance(entry, CatalogEntry) or not isinstance(entry.id, str) or not _GAME_ID.fullmatch(entry.id):
        raise ValueError("A game id is 1-32 lower-case letters, digits or '_', starting with a letter.")
    if any(known.id == entry.id for known in CATALOG):
        raise ValueError(f"There is already a game '{entry.id}'.")
    if not _module_exists(entry.rules_module):
        raise ValueError(f"No module '{entry.rules_module}' for the rules of '{entry.id}'.")
    CATALOG._entries = CATALOG._entries + (entry,)
    GAMES._ids = GAMES._ids + (entry.id,)


def unregister(game_id: str) -> None:
    """Take a game added by ``register`` out again (the built-in five stay)."""
    if any(entry.id == game_id for entry in _BUILT_IN):
        raise ValueError(f"'{game_id}' is built in and cannot be unregistered.")
    if not any(entry.id == game_id for entry in CATALOG):
        raise KeyError(game_id)
    CATALOG._entries = tuple(entry for entry in CATALOG if entry.id != game_id)
    GAMES._ids = tuple(i for i in GAMES._ids if i != game_id)
    GAMES._loaded.pop(game_id, None)
    for key in [key for key in _parts if key[0] == game_id]:
        del _parts[key]


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        if game_id in GAMES:  # listed, but its rules describe another game: say so
            raise
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"No game '{game_id}'. Built games: {known}.") from None


def catalog_entry(game_id: str) -> CatalogEntry:
    """The menu's entry for a game (KeyError for an unknown id)."""
    for entry in CATALOG:
        if entry.id == game_id:
            return entry
    raise KeyError(game_id)


def board_module(game_id: str) -> str:
    """The module that exports the game's ``Board`` (KeyError for an unknown id)."""
    return catalog_entry(game_id).board_module


def is_playable(game_id: str) -> bool:
    """Rules and screen both built: the menu may launch it."""
    return game_id in GAMES and _module_exists(board_module(game_id))


_parts: dict[tuple[str, str], ModuleType | None] = {}


def game_part(game_id: str, part: str) -> ModuleType | None:
    """A game's optional piece its descriptor names: ``"bots"`` (the bots' tuning, read by
    ``ai``), ``"charts"`` (the score charts' measures, read by ``session``) or ``"bench"`` (its
    own figures for ``dragon-tui bench``), imported on first use. None when the game has no such module, or for an id the catalog does not know: the
    caller then uses its defaults."""
    key = (game_id, part)
    if key not in _parts:
        try:
            name = getattr(catalog_entry(game_id), f"{part}_module")
        except KeyError:
            return None
        _parts[key] = importlib.import_module(name) if _module_exists(name) else None
    return _parts[key]


def daily_game() -> str | None:
    """The game the server deals as the game of the day: the first whose descriptor says so."""
    return next((entry.id for entry in CATALOG if entry.daily), None)
