"""Pebbles, the example game (rules.py, board.py, help.md), and ``registered()``, which adds
it to the game registry for as long as a test needs it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from dragon_tui import games

ENTRY = games.CatalogEntry(
    "pebbles", "Pebbles", "2–3",
    "Take one to three pebbles; your lucky number is a secret. The example game.",
    rules="tests.example_game.rules",
    board="tests.example_game.board",
)


@contextmanager
def registered() -> Iterator[games.CatalogEntry]:
    """Pebbles in the registry and the menu inside the ``with``, gone again after it."""
    games.register(ENTRY)
    try:
        yield ENTRY
    finally:
        games.unregister(ENTRY.id)
