"""The engine protocol shared by all five games. Headless: never imports Textual or Rich."""

from .action import Action
from .errors import IllegalAction, SaveFileError
from .game import Game, RuleOption
from .rng import Rng
from .state import State, format_seats

__all__ = ["Action", "Game", "IllegalAction", "Rng", "RuleOption", "SaveFileError", "State", "format_seats"]
