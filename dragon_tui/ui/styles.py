"""Finding the .tcss files: top-level ``styles/`` in a checkout, ``dragon_tui/styles`` when
installed (pyproject maps one onto the other, so ``pip install .`` carries them)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def styles_dir() -> Path:
    checkout = Path(__file__).resolve().parents[2] / "styles"
    if checkout.is_dir():
        return checkout
    return Path(str(resources.files("dragon_tui") / "styles"))


def stylesheets() -> list[Path]:
    """app.tcss first, then one file per game and per shared screen."""
    folder = styles_dir()
    files = sorted(folder.glob("*.tcss"))
    files.sort(key=lambda p: p.name != "app.tcss")
    return files


def game_stylesheet(game_id: str) -> Path | None:
    """The game's own file, ``<game id>.tcss``, if it has one."""
    path = styles_dir() / f"{game_id}.tcss"
    return path if path.is_file() else None


def shared_stylesheets() -> list[Path]:
    """Every file but the games' own: what the app loads up front. A game's file is loaded
    with the first screen that shows that game (Textual parses every stylesheet again
    whenever one is added, so the menu need not parse five games' styles to start)."""
    from ..games import CATALOG

    games = {f"{entry.id}.tcss" for entry in CATALOG}
    return [path for path in stylesheets() if path.name not in games]
