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
