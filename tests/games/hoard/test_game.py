"""The registry entry: options, help text, player counts."""

import pytest

from dragon_tui.games import get_game
from dragon_tui.games.hoard import GAME


def test_registered_with_hidden_information():
    game = get_game("hoard")
    assert game is GAME and game.hidden_information and game.heuristic is not None
    assert (game.min_players, game.max_players) == (2, 4)


def test_help_lists_rules_decisions_and_keys():
    text = GAME.help_markdown()
    for words in ("Rule decisions", "Jewel", "Battle", "Wild Sheep", "**u**", "**?**", "Enter", "Ties"):
        assert words in text


def test_options_and_defaults():
    assert GAME.resolve_options() == {
        "three_player_goal": 10, "field_refill": "immediate", "mob_battle": "self", "reaction_prompt": "all",
    }
    with pytest.raises(ValueError):
        GAME.new_state(3, 1, three_player_goal=7)
    with pytest.raises(ValueError):
        GAME.new_state(5, 1)
