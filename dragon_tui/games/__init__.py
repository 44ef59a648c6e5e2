"""The game registry: ``GAMES`` (id -> Game, in menu order) and ``get_game(id)``.

A game is listed in ``CATALOG`` from the start so the menu can show it; it becomes playable
once its package ``dragon_tui.games.<id>`` exports ``GAME`` and its board widget
``dragon_tui.ui.boards.<id>`` exists. Until then the menu shows it as unavailable.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass

from ..engine import Game


@dataclass(frozen=True)
class CatalogEntry:
    id: str
    title: str
    players: str


CATALOG: tuple[CatalogEntry, ...] = (
    CatalogEntry("throne", "Princes of the Dragon Throne", "2–4"),
    CatalogEntry("hoard", "Dragon's Hoard", "2–4"),
    CatalogEntry("crowns", "Batalla de Coronas", "2"),
    CatalogEntry("court", "The Court of Xiang Chi", "1"),
    CatalogEntry("carcassonne", "Carcassonne + The Princess & The Dragon", "2–5"),
)


def _load(game_id: str) -> Game | None:
    try:
        module = importlib.import_module(f"{__name__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"{__name__}.{game_id}"):
            return None
        raise
    return getattr(module, "GAME", None)


def _has_board(game_id: str) -> bool:
    return importlib.util.find_spec(f"dragon_tui.ui.boards.{game_id}") is not None


def _build() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for entry in CATALOG:
        game = _load(entry.id)
        if game is not None:
            games[entry.id] = game
    return games


#: Games whose rules engine is built, in menu order.
GAMES: dict[str, Game] = _build()


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES) or "none"
        raise KeyError(f"No game '{game_id}'. Built games: {known}.") from None


def is_playable(game_id: str) -> bool:
    """Rules and screen both built: the menu may launch it."""
    return game_id in GAMES and _has_board(game_id)
