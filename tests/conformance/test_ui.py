"""The app with each game: the menu lists it and opens its setup, the setup starts it, keys
play it on its own board, undo answers, and the replay and the review show its game."""

from __future__ import annotations

import importlib

import pytest
from textual.widgets import Select

from dragon_tui.ai.ismcts import SearchConfig
from dragon_tui.games import board_module
from dragon_tui.session import Seat, Table
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.screens.help import HelpScreen
from dragon_tui.ui.screens.menu import MenuScreen
from dragon_tui.ui.screens.replay import ReplayScreen
from dragon_tui.ui.screens.review import ReviewScreen
from dragon_tui.ui.screens.setup import SetupScreen
from tests.ui.apps import app_with, settle

from .conftest import kit_players

pytestmark = pytest.mark.ui


def person_and_bots(game, seed: int = 7) -> Table:
    """Ana at the keyboard against random bots: whatever the bots do, the keys stay Ana's."""
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, kit_players(game))]
    return Table(game.id, seats, seed)


@pytest.mark.slow
async def test_the_menu_opens_the_games_setup_and_the_setup_starts_it(game):
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu")
        ids = [option.id for option in menu.options]
        assert f"game:{game.id}" in ids and not menu.get_option(f"game:{game.id}").disabled
        menu.highlighted = ids.index(f"game:{game.id}")
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game is game
        # Every rule option is offered with its choices; the last choice of each is played.
        chosen = {opt.key: opt.choices[-1][0] for opt in game.options}
        for key, value in chosen.items():
            setup.query_one(f"#opt-{key}", Select).value = value
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.table.game is game
        assert app.screen.table.options == game.resolve_options(chosen)
        board = importlib.import_module(board_module(game.id)).Board
        assert len(app.screen.query(board)) == 1


@pytest.mark.slow
async def test_keys_play_the_game_and_undo_answers(game):
    table = person_and_bots(game)
    app = app_with(table)
    notes: list[str] = []
    shown = app.notify
    app.notify = lambda message, *args, **kwargs: (notes.append(str(message)), shown(message, *args, **kwargs))[1]
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        presses = 0
        while sum(1 for move in table.moves if move.seat == 0) < 3:
            assert table.state.current_player == 0
            state = table.state
            keys = [key for key in map(state.action_key, state.legal_actions()) if key]
            # A choice's own key where the game gives one, else Enter on the highlighted choice.
            await pilot.press(keys[0] if keys else "enter")
            await settle(pilot)
            presses += 1
            assert presses <= 10, "Enter does not play the game"
        blocked = table.undo_block()
        before, count = table.state.to_json(), len(table.moves)
        await pilot.press("u")
        await settle(pilot)
        if blocked is None:
            assert len(table.moves) < count
            await pilot.press("ctrl+y")
            await settle(pilot)
            assert table.state.to_json() == before
        else:  # refused, with the reason on screen, and nothing changed
            assert table.state.to_json() == before
            assert any(blocked in note for note in notes)
        game_screen = app.screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen


@pytest.mark.slow
async def test_the_replay_and_the_review_show_the_game(game):
    table = person_and_bots(game)
    for _ in range(6):  # a few moves each, played headless
        if table.state.is_over:
            break
        table.apply(table.state.legal_actions()[0])
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(table))
        await pilot.pause()
        assert app.screen.position == len(table.moves)
        await pilot.press("home")
        assert app.screen.position == 0
        await pilot.press("right")
        assert app.screen.position == 1
        await pilot.press("escape")
        screen = ReviewScreen(table, 0, SearchConfig(iterations=20, time_limit=5.0), seed=1)
        await app.push_screen(screen)
        for _ in range(500):
            if screen.review is not None:
                break
            await pilot.pause(0.02)
        await app.workers.wait_for_complete()
        assert screen.review is not None and screen.review.complete


async def test_the_example_game_plays_to_the_end_by_number_keys():
    """Pebbles from the first key to the game-over screen, its replay and its review."""
    from tests.example_game import registered

    with registered():
        table = Table("pebbles", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
        app = app_with(table)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            while not table.state.is_over:
                assert table.state.current_player == 0
                await pilot.press(str(min(2, table.state.pile)))
                await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert {m.action.args[0] for m in table.moves if m.seat == 0} <= {1, 2}
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen) and app.screen.position == len(table.moves)
