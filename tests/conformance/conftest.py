"""The conformance kit: every test here takes ``game_id`` and runs once for each of the five
games and once for Pebbles, the example game (tests/example_game/), which the fixture adds
to the registry for that test and removes after it. A game that passes the kit works in the
menu, the setup and game screens, undo, saves, replays, the bots, the arena, the review and
a shared table. docs/adding-a-game.md explains how to run it for a new game."""

from __future__ import annotations

import pytest

from dragon_tui.games import CATALOG, get_game
from dragon_tui.engine import Game
from tests.example_game import ENTRY, registered

#: The five built-in games (at collection, before any test registers one) and the example.
GAME_IDS = [entry.id for entry in CATALOG] + [ENTRY.id]


@pytest.fixture(params=GAME_IDS)
def game_id(request):
    if request.param == ENTRY.id:
        with registered():
            yield request.param
    else:
        yield request.param


@pytest.fixture
def game(game_id) -> Game:
    return get_game(game_id)


def kit_players(game: Game) -> int:
    """The seat count the kit plays: two where the game allows it (a table with a rival)."""
    return max(game.min_players, min(2, game.max_players))


def is_example(game: Game) -> bool:
    """The example game is short enough to play to the end everywhere; the real games'
    whole-game paths use the random bot and are cut short where a game is long."""
    return game.id == ENTRY.id
