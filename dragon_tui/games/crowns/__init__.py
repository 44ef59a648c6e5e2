"""Batalla de Coronas — a two-player dice duel for the throne.

This folder is the game's plugin (docs/adding-a-game.md): ``descriptor`` tells the menu about
it, ``game`` holds the rules' ``GAME``. Importing the package loads no rules: ``GAME`` and the
names below come from ``game`` on first use."""

from ...engine.descriptor import from_game_module

__getattr__ = from_game_module(__name__, ("GAME", "CrownsState", "evaluate"))
