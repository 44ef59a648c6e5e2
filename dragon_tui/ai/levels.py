"""The bot levels by name, in a module of their own: the command line checks ``--bots``
against them without loading the bots (start-up)."""

from __future__ import annotations

#: Bot levels offered on the setup screen, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard")
