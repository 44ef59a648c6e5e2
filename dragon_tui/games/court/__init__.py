"""The Court of Xiang Chi (Todd Sanders, 2015): a solitaire of buying a court and holding off
the Daemon Princes of the Fire Clan. Rules in ``rules``, the designed cards in ``data``.

This folder is the game's plugin (docs/adding-a-game.md): ``descriptor`` tells the menu about
it, ``game`` holds the rules' ``GAME``. Importing the package loads no rules: ``GAME`` and the
names below come from ``game`` on first use."""

from ...engine.descriptor import from_game_module

__getattr__ = from_game_module(__name__, ("GAME", "CourtState", "evaluate"))
