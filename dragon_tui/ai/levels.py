"""The bot levels by name, in a module of their own: the command line checks ``--bots``
against them without loading the bots (start-up). Also where each level stands on the club's
rating scale, so the setup screen and the lobby can say "hard ≈ 31"."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

#: Bot levels offered on the setup screen, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "easy", "normal", "hard")

#: The file in a game's folder that holds its levels' ratings, written by
#: ``python -m dragon_tui.devtools.rate_levels GAME --write`` from games among the levels.
RATINGS_FILE = "level_ratings.json"


def ratings_file(game_id: str) -> Path:
    """Where ``game_id``'s level ratings live: beside the module of its rules' state."""
    from ..games import get_game

    module = sys.modules[get_game(game_id).state_class.__module__]
    return Path(module.__file__ or ".").parent / RATINGS_FILE


@functools.lru_cache(maxsize=None)
def level_ratings(game_id: str) -> dict[str, float]:
    """Each rated level's OpenSkill mu for the game (the skill a player of equal strength
    would be rated at), or nothing when the game's levels were never rated or the file is
    damaged: a missing figure hides the "≈", it never stops a game. Read once a process (the
    file ships with the package and does not change while it runs)."""
    try:
        doc = json.loads(ratings_file(game_id).read_text())
        levels = doc["levels"]
        return {level: float(levels[level]["mu"]) for level in LEVELS if level in levels
                and isinstance(levels[level], dict) and isinstance(levels[level].get("mu"), (int, float))}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def level_label(level: str, game_id: str) -> str:
    """The level's name with its rating for this game when it has one: "hard ≈ 31"."""
    mu = level_ratings(game_id).get(level)
    return level if mu is None else f"{level} ≈ {mu:.0f}"
