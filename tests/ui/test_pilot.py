"""Pilot tests: real key presses on the running app."""

import json

from dragon_tui.app import DragonApp
from dragon_tui.session import Table
from dragon_tui.session import storage
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.screens.menu import MenuScreen
from dragon_tui.ui.screens.setup import SetupScreen

from .apps import app_with, duel_table, settle, workers_done


async def test_whole_duel_person_against_bot_with_keys_only():
    table = duel_table(seed=32)  # a short game when Enter always takes the first choice
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = 0
        while not table.state.is_over:
            assert table.state.current_player == 0  # the bot has always finished
            await pilot.press("enter")
            await settle(pilot)
            presses += 1
            assert presses < 3000
        assert isinstance(app.screen, GameOverScreen)
        assert table.state.winners()
        assert any(m.seat == 0 for m in table.moves) and any(m.seat == 1 for m in table.moves)


async def test_number_keys_pick_dice_and_letters_seat_advisors():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        state = table.state
        assert state.phase == "choose_die"  # seed 7 rolls 4 and 1
        die = state.dice[1]
        await pilot.press(str(die))
        assert table.state.chair_die == 1 and table.state.phase == "seat"
        await pilot.press("t")
        assert table.state.chairs[0][die - 1] == "treasurer"


async def test_undo_key_takes_back_a_choice_and_refuses_past_the_roll():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.press("1")
        assert table.state.phase == "seat"
        await pilot.press("u")
        assert table.state.phase == "choose_die"
        await pilot.press("u")
        await pilot.pause()
        assert table.state.phase == "choose_die"  # the roll stands
        assert any("revealed" in n.message for n in app._notifications)


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


async def test_hint_highlights_a_legal_action_without_playing_it():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        moves = len(table.moves)
        await pilot.press("f3")
        await workers_done(pilot)
        await pilot.pause()
        assert len(table.moves) == moves  # nothing was played
        hints = [n.message for n in app._notifications if n.message.startswith("Hint: ")]
        assert hints
        actions = app.screen.query_one("#actions")
        chosen = actions.actions[actions.highlighted]
        assert hints[-1] == "Hint: " + table.text(chosen.describe())


async def test_search_bot_shows_progress_and_can_be_hurried():
    from dragon_tui.session import Seat, Table

    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "hard")], 7)
    app = DragonApp(table=table, bot_delay=60, autosave=False)  # the bot waits until hurried
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        while table.state.current_player == 0:
            await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert screen.thinking
        assert "thinking" in str(screen.query_one("#status").render())
        # Forced moves (rolling the dice) were played at once; the real decision waits.
        bot_moves = sum(1 for m in table.moves if m.seat == 1)
        assert len(table.state.legal_actions()) > 1
        await pilot.press("space")  # hurry: think now, and stop at the best move so far
        await workers_done(pilot)
        await pilot.pause()
        assert sum(1 for m in table.moves if m.seat == 1) > bot_moves
