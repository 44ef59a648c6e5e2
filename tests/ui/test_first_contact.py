"""The app's flow as a new player meets it — replay, Continue and
the autosaves, seeds, the load and save dialogs, the end of a game and rematches, the setup
screen, the remembered theme and the too-small notice. Pilot tests: real keys on the app."""

import json
import os
import time

import pytest

from dragon_tui.app import DragonApp
from dragon_tui.session import Seat, Table, TurnController, storage
from dragon_tui.session import settings as settings_file
from dragon_tui.session.autosave import unfinished_games
from dragon_tui.ui.screens.dialogs import ConfirmScreen, TooSmallScreen
from dragon_tui.ui.screens.files import LoadScreen
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.screens.help import HelpScreen
from dragon_tui.ui.screens.menu import ContinueScreen, MenuScreen
from dragon_tui.ui.screens.replay import ReplayScreen
from dragon_tui.ui.screens.setup import SetupScreen
from dragon_tui.ui.themes import THEME_NAMES

from .apps import app_with, duel_table, settle


def finished_duel(seed: int = 3) -> Table:
    table = duel_table(seed=seed)
    controller = TurnController(table)
    while not table.state.is_over:
        if table.state.current_player == 0:
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    return table


def few_moves(table: Table, count: int = 3) -> Table:
    controller = TurnController(table)
    for _ in range(count):
        if table.state.current_player == 0:
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    return table


def menu_ids(app) -> list[str]:
    return [o.id for o in app.screen.query_one("#menu").options]


async def open_setup(app, pilot, game_id: str) -> SetupScreen:
    menu = app.screen.query_one("#menu")
    menu.highlighted = menu_ids(app).index(f"game:{game_id}")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


# ------------------------------------------------------------------ 2. replay
async def test_replay_opens_on_the_final_position_with_the_board_drawn():
    table = few_moves(duel_table(seed=5), 4)
    end = len(table.moves)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_replay()  # what the palette's "Replay so far" runs
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        board = replay.query_one("#board")
        assert board.view is not None and board.view.to_json() == table.state.view(None).to_json()
        assert f"position {end} of {end}" in str(replay.query_one("#status").render())
        await pilot.press("right")  # already at the end: stays
        assert replay.position == end
        await pilot.press("left", "left")
        assert replay.position == end - 2
        await pilot.press("end")
        assert replay.position == end
        assert board.view.to_json() == table.state.view(None).to_json()


@pytest.mark.slow
async def test_replay_from_the_summary_is_not_blank_either():
    table = finished_duel()
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.position == len(table.moves)
        assert replay.query_one("#board").view.to_json() == table.state.to_json()
        await pilot.press("home")
        assert replay.position == 0
        await pilot.press("end")
        assert replay.position == len(table.moves)


# ------------------------------------------------------------------ 3. autosaves and Continue
@pytest.mark.slow
async def test_every_unfinished_game_keeps_its_autosave_and_continue_lists_them_newest_first():
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.start_table(few_moves(Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 5), 3))
        await settle(pilot)
        first_path = first.table.autosave_to
        await pilot.press("escape")  # autosaved: leaving loses nothing, so nothing is asked
        assert isinstance(app.screen, MenuScreen)
        os.utime(first_path, (time.time() - 600, time.time() - 600))  # played ten minutes ago
        second = app.start_table(few_moves(Table("court", [Seat("Cai")], 9), 1))  # (a game with no move is not listed)
        await settle(pilot)
        second_path = second.table.autosave_to
        await pilot.press("escape")
        await pilot.pause()
        assert first_path != second_path and first_path.exists() and second_path.exists()
        ids = menu_ids(app)
        assert ids[:2] == ["continue:0", "continue:1"]
        rows = [str(app.screen.query_one("#menu").get_option(i).prompt) for i in ids[:2]]
        assert "Court" in rows[0] and "Cai" in rows[0] and "move 1" in rows[0]
        assert "Crowns" in rows[1] or "Coronas" in rows[1]
        assert "Ana, Bot" in rows[1] and f"move {len(first.table.moves)}" in rows[1]
        assert time.strftime("%d %b", time.localtime(first_path.stat().st_mtime)) in rows[1]
        # Continue the older one: it writes on in its own file, no new autosave appears
        moves = json.loads(first_path.read_text())["moves"]
        app.screen.query_one("#menu").highlighted = 1
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.table.autosave_to == first_path
        assert len(app.screen.table.moves) == len(moves)
        assert len(list(storage.autosaves_dir().glob("*.json"))) == 2


async def test_finished_games_drop_off_continue():
    done = finished_duel()
    storage.write_json(storage.autosaves_dir() / "crowns-done.json", done.to_json())
    waiting = few_moves(duel_table(seed=5), 2)
    storage.write_json(storage.autosaves_dir() / "crowns-waiting.json", waiting.to_json())
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)):
        assert [i for i in menu_ids(app) if i.startswith("continue")] == ["continue:0"]
    assert not (storage.autosaves_dir() / "crowns-done.json").exists()
    assert [g.path.name for g in unfinished_games()] == ["crowns-waiting.json"]


async def test_the_single_autosave_of_earlier_versions_is_offered_and_moved_in():
    old = few_moves(duel_table(seed=5), 3)
    storage.write_json(storage.legacy_autosave_path(), old.to_json())
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "continue:0" in menu_ids(app)
        assert not storage.legacy_autosave_path().exists()
        await pilot.press("c")  # the only unfinished game: c continues it at once
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.state.to_json() == old.state.to_json()


@pytest.mark.slow
async def test_leaving_a_game_that_is_not_saved_asks_first():
    table = few_moves(duel_table(seed=5), 2)
    app = app_with(table)  # autosave off: leaving loses the game
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_quitting_an_unsaved_game_asks_first():
    app = app_with(few_moves(duel_table(seed=5), 2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")  # no
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running


@pytest.mark.slow
async def test_a_new_game_past_the_most_kept_asks_before_abandoning_the_oldest(monkeypatch):
    monkeypatch.setattr(storage, "MAX_AUTOSAVES", 2)
    for age, seed in ((900, 5), (300, 6)):
        path = storage.autosaves_dir() / f"crowns-{seed}.json"
        storage.write_json(path, few_moves(duel_table(seed=seed), 2).to_json())
        os.utime(path, (time.time() - age, time.time() - age))
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot, "crowns")
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "oldest" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is setup and len(unfinished_games()) == 2
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        names = {path.name for path in storage.list_autosaves()}  # (the new game, no move yet, is not listed)
        assert "crowns-5.json" not in names and "crowns-6.json" in names and len(names) == 2


@pytest.mark.slow
async def test_the_list_of_unfinished_games_continues_one_and_abandons_one_after_asking():
    for age, seed in ((900, 5), (600, 6), (300, 7)):
        path = storage.autosaves_dir() / f"crowns-{seed}.json"
        storage.write_json(path, few_moves(duel_table(seed=seed), 2).to_json())
        os.utime(path, (time.time() - age, time.time() - age))
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert "unfinished" in menu_ids(app)  # three: two in the menu, all of them behind this
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert [g.path.name for g in app.screen.games] == ["crowns-7.json", "crowns-6.json", "crowns-5.json"]
        await pilot.press("down", "delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert not (storage.autosaves_dir() / "crowns-6.json").exists()
        assert [g.path.name for g in app.screen.games] == ["crowns-7.json", "crowns-5.json"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.autosave_to.name == "crowns-7.json"


async def test_a_remote_players_autosaves_stay_in_their_own_folder(tmp_path, monkeypatch):
    player = tmp_path / "players" / "ana"
    monkeypatch.setenv("DRAGON_TUI_HOME", str(player))
    app = app_with(duel_table(), autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        path = app.screen.table.autosave_to
    assert path.parent == player / "autosaves" and path.exists()


# ------------------------------------------------------------------ 4. seeds
@pytest.mark.slow
async def test_new_games_from_the_menu_get_fresh_seeds_that_are_shown_and_typeable():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        seeds = []
        for _ in range(2):
            setup = await open_setup(app, pilot, "crowns")
            shown = setup.query_one("#seed").value
            assert shown.isdigit() and int(shown) != 1  # an open game shows its seed before it starts
            seeds.append(int(shown))
            assert setup.build_table().seed == int(shown)
            await pilot.press("escape")
        assert seeds[0] != seeds[1]
        setup = await open_setup(app, pilot, "crowns")
        setup.query_one("#seed").value = "1234"
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen.table.seed == 1234


@pytest.mark.slow
async def test_a_hidden_card_game_draws_a_secret_seed_unless_one_is_typed():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot, "hoard")
        assert setup.query_one("#seed").value == ""
        first, second = setup.build_table().seed, setup.build_table().seed
        assert first != second and first.bit_length() > 64
        setup.query_one("#seed").value = "77"
        assert setup.build_table().seed == 77


# ------------------------------------------------------------------ 5. load and save dialogs
@pytest.mark.slow
async def test_enter_in_load_opens_the_newest_save_at_once():
    older, newer = few_moves(duel_table(seed=5), 1), few_moves(duel_table(seed=6), 3)
    older.save(storage.named_save_path("older"))
    newer.save(storage.named_save_path("newer"))
    os.utime(storage.named_save_path("older"), (time.time() - 60, time.time() - 60))
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.state.to_json() == newer.state.to_json()


@pytest.mark.slow
async def test_saving_over_an_existing_name_asks_first():
    other = few_moves(duel_table(seed=6), 1)
    other.save(storage.named_save_path("mine"))
    before = storage.named_save_path("mine").read_text()
    table = few_moves(duel_table(seed=5), 3)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for answer in ("n", "y"):
            await pilot.press("ctrl+s")
            app.screen.query_one("#save-name").value = "mine"
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press(answer)
            await pilot.pause()
            if answer == "n":
                assert storage.named_save_path("mine").read_text() == before
                await pilot.press("escape")  # out of the save dialog
                await pilot.pause()
    assert Table.load(storage.named_save_path("mine")).state.to_json() == table.state.to_json()


# ------------------------------------------------------------------ 6 and 13. the end of a game
@pytest.mark.slow
async def test_after_see_board_the_summarys_keys_work_and_undo_is_not_offered():
    table = finished_duel()
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        offered = {b.binding.action for b in game.active_bindings.values()}
        assert not offered & {"undo", "redo"}
        assert {"summary", "replay", "rematch(False)", "rematch(True)"} <= offered
        assert not {"Undo", "Redo"} & {c.title for c in app.get_system_commands(game)}
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen is not game
        assert app.screen.table.seed != table.seed
        assert [s.name for s in app.screen.table.seats] == ["Ana", "Bot"]
        assert len(app.screen_stack) == 2  # the menu, the new game


@pytest.mark.slow
@pytest.mark.parametrize("key,same", [("d", True), ("n", False)])
async def test_rematch_offers_the_same_deal_and_a_new_deal(key, same):
    table = finished_duel()
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = {b.binding.description for b in app.screen.active_bindings.values()}
        assert {"Rematch: new deal", "Same deal"} <= footer
        await pilot.press(key)
        await pilot.pause()
        new = next(s for s in app.screen_stack if isinstance(s, GameScreen)).table
        assert new is not table and not new.state.is_over
        assert (new.seed == table.seed) is same
        assert (new.states[0].to_json() == table.states[0].to_json()) is same  # the same deal, or not


@pytest.mark.slow
async def test_the_court_rematch_can_retry_the_same_deal():
    table = Table("court", [Seat("Ana", "bot", "greedy")], 20261201)
    TurnController(table).play_bots()
    assert table.state.is_over
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("d")
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        new = game.table  # (its bot may have played it to the end already)
        assert new is not table and new.seed == table.seed
        assert new.states[0].to_json() == table.states[0].to_json()  # the very same deal


# ------------------------------------------------------------------ 14. the setup screen
@pytest.mark.slow
async def test_setup_starts_on_the_first_field_and_enter_there_does_not_start():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await open_setup(app, pilot, "throne")
        assert app.focused.id == "players"
        await pilot.press("enter")  # opens the player count, not the game
        await pilot.pause()
        assert app.screen is setup or not isinstance(app.screen, GameScreen)
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)


@pytest.mark.slow
async def test_setup_shows_the_focused_fields_explanation():
    app = app_with()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(app, pilot, "hoard")
        help_text = lambda: str(setup.query_one("#field-help").render())  # noqa: E731
        assert "How many seats" in help_text()
        setup.query_one("#opt-mob_battle").focus()
        await shown(pilot, help_text, "Angry Mob")
        assert "Angry Mob" in help_text() and "negative action" in help_text()
        await pilot.press("tab")
        await shown(pilot, help_text, "Ask for Battles")
        assert "Ask for Battles" in help_text()


async def shown(pilot, text, words: str) -> None:
    """Wait (bounded) for ``words`` in ``text()``: the focus reaches the screen's handler a
    message or two after the pause that follows it when the machine is busy."""
    for _ in range(20):
        if words in text():
            return
        await pilot.pause()


@pytest.mark.slow
async def test_setup_hides_options_that_do_not_apply_to_the_player_count():
    app = app_with()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = await open_setup(app, pilot, "throne")
        neutral = setup.query_one("#field-opt-neutral")
        assert neutral.display  # 2 players
        setup.query_one("#players").value = 4
        await pilot.pause()
        assert not neutral.display
        await pilot.press("escape")
        setup = await open_setup(app, pilot, "hoard")
        goal = setup.query_one("#field-opt-three_player_goal")
        assert not goal.display  # 2 players
        setup.query_one("#players").value = 3
        await pilot.pause()
        assert goal.display
        setup.query_one("#players").value = 4
        await pilot.pause()
        assert not goal.display


@pytest.mark.slow
async def test_question_mark_on_setup_opens_the_games_help():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(app, pilot, "throne")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "setup screen" in app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


# ------------------------------------------------------------------ 15. the theme
async def test_the_theme_is_remembered_between_runs():
    first = DragonApp(bot_delay=0, autosave=False)
    async with first.run_test(size=(80, 24)) as pilot:
        assert first.theme == "dragon-dark"
        await pilot.press("ctrl+t")
        chosen = first.theme
        assert chosen != "dragon-dark"
        assert first._settings_writer.flush()
    assert json.loads(settings_file.settings_path().read_text())["theme"] == chosen
    again = DragonApp(bot_delay=0, autosave=False)
    async with again.run_test(size=(80, 24)):
        assert again.theme == chosen


@pytest.mark.parametrize("content", [b"{ not json", b"[1, 2]", b"\xff\xfe", b'{"theme": "textual-dark"}'])
async def test_a_damaged_settings_file_is_ignored_with_a_message(content):
    path = settings_file.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = DragonApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "dragon-dark"
        damaged = content != b'{"theme": "textual-dark"}'  # well formed, a theme it does not offer
        assert any(n.title == "Settings" for n in app._notifications) is damaged


async def test_the_palette_offers_only_the_apps_themes():
    app = app_with()
    async with app.run_test(size=(80, 24)):
        assert set(app.available_themes) == set(THEME_NAMES)


# ------------------------------------------------------------------ 16. too small
async def test_the_too_small_notice_fits_a_40_by_10_terminal():
    app = app_with()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        box = app.screen.query_one("#too-small-box").region
        assert box.width <= 40 and box.height <= 10 and box.x >= 0 and box.y >= 0
        assert "40×10" in str(app.screen.query_one("#too-small-box").render())


@pytest.mark.slow
async def test_on_carcassonnes_finished_board_r_and_n_are_the_summarys_not_the_grids():
    from .carcassonne.positions import advance, carc_table

    table = advance(carc_table(seed=3), lambda s: False, seed=4)
    assert table.state.is_over
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()
        app.screen.query_one("TileGrid").focus()  # its own r and n: rotate, next
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("q")  # (Esc there belongs to the board's remaining-tiles window)
        await pilot.pause()
        app.screen.query_one("TileGrid").focus()
        await pilot.press("n")
        await pilot.pause()
        new = next(s for s in app.screen_stack if isinstance(s, GameScreen)).table
        assert new is not table and new.game.id == "carcassonne" and new.seed != table.seed


async def test_esc_closes_the_carcassonne_replay():
    """The replay of a Carcassonne game: the board's hidden remaining-tiles window must not
    take the focus (and with it Esc, its own close key)."""
    from .carcassonne.test_snapshots import mid_game

    app = app_with(mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        game.action_replay()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("left")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game


async def test_a_move_made_just_before_quitting_is_in_its_autosave():
    """The autosave of a move waits for the move's frame (the writer holds the GIL);
    quitting at once must still write it, not drop the waiting save."""
    app = app_with(autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.start_table(Table("court", [Seat("Cai")], 9))
        await settle(pilot)
        path = screen.table.autosave_to
        screen.table.autosaver.defer = lambda start: None  # the move's frame never comes
        key = screen.model.snapshot.choices[0].key
        await pilot.press(key)
        assert len(screen.table.moves) == 1
        assert len(json.loads(path.read_text())["moves"]) == 0  # still waiting
        app.exit()
    assert len(json.loads(path.read_text())["moves"]) == 1
