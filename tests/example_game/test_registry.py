"""Registering a game at run time: the menu, ``GAMES`` and ``get_game`` find it, its rules
load on first use only, the five built-in games keep their order, and it goes again."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dragon_tui import games
from dragon_tui.games import CATALOG, GAMES, CatalogEntry, get_game, is_playable, register, unregister

from . import ENTRY, registered

FIVE = ["throne", "hoard", "crowns", "court", "carcassonne"]


def test_a_registered_game_comes_after_the_five_and_leaves_again():
    assert [e.id for e in CATALOG] == FIVE and list(GAMES) == FIVE
    with registered():
        assert [e.id for e in CATALOG] == [*FIVE, "pebbles"] and list(GAMES) == [*FIVE, "pebbles"]
        assert is_playable("pebbles") and get_game("pebbles").title == "Pebbles"
        assert games.board_module("pebbles") == "tests.example_game.board"
    assert [e.id for e in CATALOG] == FIVE and list(GAMES) == FIVE
    assert "pebbles" not in GAMES and not is_playable("pebbles")
    with pytest.raises(KeyError, match="No game 'pebbles'"):
        get_game("pebbles")


def test_the_built_in_games_name_their_modules_by_convention():
    assert games.catalog_entry("crowns").rules_module == "dragon_tui.games.crowns"
    assert games.board_module("crowns") == "dragon_tui.ui.games.crowns.board"


def test_the_descriptors_name_each_games_pieces():
    """The built-in games come from their folders' descriptors: one of them is the daily deal,
    and a game's bot tuning and chart measures are found through the registry (none for a game
    without them, or an id nobody knows)."""
    from dragon_tui.games import daily_game, game_part

    entry = games.catalog_entry("court")
    assert entry.bots_module == "dragon_tui.games.court.bots" and entry.daily
    assert daily_game() == "court" and sum(e.daily for e in CATALOG) == 1
    for game_id in FIVE:
        assert set(game_part(game_id, "bots").ITERATION_CAPS) == {"easy", "normal", "hard"}
    assert game_part("court", "charts") is None and len(game_part("crowns", "charts").MEASURES) == 2
    assert game_part("nobody", "bots") is None
    with registered():
        assert game_part("pebbles", "bots") is None and game_part("pebbles", "charts") is None


def test_a_game_package_hands_out_its_rules_on_first_use():
    import dragon_tui.games.hoard as hoard

    assert hoard.GAME is get_game("hoard") and hoard.GAME.state_class is hoard.HoardState
    with pytest.raises(AttributeError):
        hoard.NOT_A_NAME


@pytest.mark.parametrize("bad", ["", "Pebbles", "peb bles", "../x", "1x", "x" * 33, None])
def test_a_game_id_must_be_short_plain_and_lower_case(bad):
    with pytest.raises(ValueError, match="game id"):
        register(ENTRY._replace(id=bad))
    assert list(GAMES) == FIVE


def test_a_game_is_registered_once_and_needs_its_rules_module():
    with pytest.raises(ValueError, match="already a game 'crowns'"):
        register(ENTRY._replace(id="crowns"))
    with pytest.raises(ValueError, match="No module"):
        register(ENTRY._replace(rules="tests.example_game.no_such_rules"))
    with pytest.raises(ValueError, match="No module"):
        register(ENTRY._replace(rules="no_such_package.rules"))
    with registered(), pytest.raises(ValueError, match="already a game 'pebbles'"):
        register(ENTRY)
    with pytest.raises(ValueError, match="built in"):
        unregister("crowns")
    with pytest.raises(KeyError):
        unregister("pebbles")
    assert list(GAMES) == FIVE


def test_rules_that_describe_another_game_are_refused():
    register(CatalogEntry("mislabelled", "Mislabelled", "2", "", rules=ENTRY.rules, board=ENTRY.board))
    try:
        with pytest.raises(KeyError, match="registered as .mislabelled. describe .pebbles."):
            get_game("mislabelled")
    finally:
        unregister("mislabelled")


def test_registering_imports_nothing_until_the_game_is_taken():
    code = (
        "import sys\n"
        "from tests.example_game import registered\n"
        "from dragon_tui.games import GAMES\n"
        "with registered():\n"
        "    assert 'pebbles' in GAMES and 'tests.example_game.rules' not in sys.modules\n"
        "    GAMES['pebbles']\n"
        "    assert 'tests.example_game.rules' in sys.modules\n"
        # The built-in games' descriptors are read for the catalog, nothing else of them.
        "    loaded = [m.split('.')[3:] for m in sys.modules if m.startswith('dragon_tui.games.')]\n"
        "    assert loaded and all(rest in ([], ['descriptor']) for rest in loaded), loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_pebbles_guesses_only_lucky_numbers_its_history_allows():
    """A bot's guessed world never gives a rival a lucky number the rival took without a star."""
    from dragon_tui.engine import Action, Rng

    with registered():
        state = get_game("pebbles").new_state(2, 1)  # lucky numbers 3 and 2
        state.apply(Action("take", (1,)))  # no star: seat 0's number is not 1
        view = state.view(1)
        assert view.lucky == [None, state.lucky[1]]
        guesses = {view.determinize(1, Rng(seed)).lucky[0] for seed in range(40)}
        assert guesses == {2, 3}
