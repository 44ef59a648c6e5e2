"""Pilot tests of the app around the games (menu, setup, saves, help, themes, replay): real key
presses on the running app, with a Batalla de Coronas duel on the table."""

import pytest

import json

from dragon_tui.session import Seat, Table
from dragon_tui.session import storage
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.menu import MenuScreen
from dragon_tui.ui.screens.setup import SetupScreen

from .apps import app_with, duel_table, settle


@pytest.mark.slow
async def test_menu_to_setup_to_game():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("enter")  # the first playable game is highlighted
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.seats[1].is_bot


@pytest.mark.slow
async def test_save_quit_continue_restores_the_exact_state():
    table = duel_table(seed=5)
    app = app_with(table, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ["r", "enter", "enter", "enter"]:
            await pilot.press(key)
            await settle(pilot)
        saved = json.dumps(table.to_json(), sort_keys=True)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
    again = app_with(autosave=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await settle(pilot)
        assert isinstance(again.screen, GameScreen)
        assert json.dumps(again.screen.table.to_json(), sort_keys=True) == saved


async def test_corrupt_autosave_is_ignored_and_loading_it_gives_a_message(tmp_path):
    (storage.autosaves_dir() / "crowns-broken.json").write_text("{ this is not json")
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        ids = [o.id for o in app.screen.query_one("#menu").options]
        assert not any(i.startswith("continue") for i in ids)
        await pilot.press("l")
        app.screen.query_one("#load-path").value = str(bad)
        app.screen.query_one("#load-path").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert any("not a Dragon TUI save" in n.message for n in app._notifications)


async def test_save_under_a_name_and_load_it():
    table = duel_table(seed=5)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("ctrl+s")
        app.screen.query_one("#save-name").value = ""
        await pilot.press(*"mine", "enter")
        await pilot.pause()
    path = storage.named_save_path("mine")
    assert Table.load(path).state.to_json() == table.state.to_json()


async def test_too_small_notice_recovers_on_resize():
    app = app_with(duel_table())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "TooSmallScreen"
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.slow
async def test_help_opens_with_question_mark_and_closes_with_escape():
    app = app_with(duel_table())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_theme_cycles_through_the_three():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        seen = {app.theme}
        for _ in range(3):
            await pilot.press("ctrl+t")
            seen.add(app.theme)
        assert seen == {"dragon-dark", "dragon-light", "dragon-mono"}


async def test_replay_steps_back_and_forth():
    table = duel_table(seed=5)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await settle(pilot)
        app.screen.action_replay()
        await pilot.pause()
        replay = app.screen
        end = len(table.moves)
        assert replay.position == end
        await pilot.press("left")
        assert replay.position == end - 1
        await pilot.press("home")
        assert replay.position == 0 and replay.view.to_json() == table.states[0].view(None).to_json()
        await pilot.press("end")
        assert replay.position == end


async def test_the_status_line_shows_the_game_title_from_100_columns_on():
    """One widget for the whole line: the title comes and goes with the room, as the two
    widgets' stylesheet rule did."""
    app = app_with(Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "random")], 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        status = app.screen.query_one("#status")
        assert "Batalla de Coronas · " not in str(status.render())
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert str(status.render()).startswith("Batalla de Coronas · ")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Batalla de Coronas · " not in str(status.render())
