"""Dragon's Hoard (Nathanael Mortensen, 2014): collect treasures with sheep, guard them in lairs.

This folder is the game's plugin (docs/adding-a-game.md): ``descriptor`` tells the menu about
it, ``game`` holds the rules' ``GAME``. Importing the package loads no rules: ``GAME`` and the
names below come from ``game`` on first use."""

from ...engine.descriptor import from_game_module

__getattr__ = from_game_module(__name__, ("GAME", "HoardState", "evaluate"))
