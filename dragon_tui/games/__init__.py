"""The game registry: ``CATALOG`` (what the menu shows of each game), ``GAMES`` (id -> Game,
in menu order) and ``get_game(id)``.

A game is listed in ``CATALOG`` from the start so the menu can show it; it becomes playable
once its package ``dragon_tui.games.<id>`` exports ``GAME`` and its board widget
``dragon_tui.ui.boards.<id>`` exists. Until then the menu shows it as unavailable.

``GAMES`` imports a game's rules the first time that game is looked up, not before: the menu
draws from the catalog alone, and a player who starts one game does not wait for the other
four to load (start-up to the first paint).
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator, Mapping
from typing import NamedTuple

from ..engine import Game


class CatalogEntry(NamedTuple):
    id: str
    title: str
    players: str
    #: One line for the menu.
    blurb: str


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("throne", "Princes of the Dragon Throne", "2–4",
                 "Recruit citizens and dragons, win the guilds of six kingdoms and fill the Clan Houses."),
    CatalogEntry("hoard", "Dragon's Hoard", "2–4",
                 "Spend coloured sheep on treasures, hoard them in lairs, rob and raid your rivals."),
    CatalogEntry("crowns", "Batalla de Coronas", "2",
                 "Dice duel: seat your council, arm, loose the dragon, take 3 gems."),
    CatalogEntry("court", "The Court of Xiang Chi", "1",
                 "Solitaire: buy ministers, generals and poets from the Society Row; hold off nine Daemon Princes."),
    CatalogEntry("carcassonne", "Carcassonne + The Princess & The Dragon", "2–5",
                 "Lay tiles, claim cities, roads, monasteries and fields; steer the dragon, court the fairy."),
)


def _is_built(game_id: str) -> bool:
    """Whether the game's rules package exists (found without importing it)."""
    return importlib.util.find_spec(f"{__name__}.{game_id}") is not None


def _has_board(game_id: str) -> bool:
    return importlib.util.find_spec(f"dragon_tui.ui.boards.{game_id}") is not None


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
        game = importlib.import_module(f"{__name__}.{game_id}").GAME
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
GAMES: GameRegistry = GameRegistry(tuple(entry.id for entry in CATALOG if _is_built(entry.id)))


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"No game '{game_id}'. Built games: {known}.") from None


def catalog_entry(game_id: str) -> CatalogEntry:
    """The menu's entry for a game (KeyError for an unknown id)."""
    for entry in CATALOG:
        if entry.id == game_id:
            return entry
    raise KeyError(game_id)


def is_playable(game_id: str) -> bool:
    """Rules and screen both built: the menu may launch it."""
    return game_id in GAMES and _has_board(game_id)
