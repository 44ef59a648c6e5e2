"""The menu's and the app's side of a first afternoon: an unusable data folder, notices, the
unfinished games' list, default seat names, the menu's highlight."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_tui import cli
from dragon_tui.app import DragonApp
from dragon_tui.session import Seat, Table, TurnController, storage
from dragon_tui.session.autosave import UnfinishedGame, unfinished_games
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.menu import MenuScreen, describe
from dragon_tui.ui.screens.setup import SetupScreen

from .apps import app_with, duel_table, settle

pytestmark = pytest.mark.ui

UNUSABLE = {
    "missing under /proc": lambda tmp: Path("/proc/dragon-tui-nowhere"),
    "a regular file": lambda tmp: _file(tmp / "not-a-folder"),
}


def _file(path: Path) -> Path:
    path.write_text("x")
    return path


def few_moves(table: Table, count: int) -> Table:
    controller = TurnController(table)
    while len(table.moves) < count:
        if table.state.current_player == 0:
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    return table


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def menu_ids(app) -> list[str]:
    return [o.id for o in app.screen.query_one("#menu").options]


# ------------------------------------------------------------------ an unusable data folder
@pytest.mark.slow
@pytest.mark.parametrize("where", list(UNUSABLE))
async def test_an_unusable_data_folder_opens_the_menu_with_one_notice(where, tmp_path, monkeypatch):
    home = UNUSABLE[where](tmp_path)
    monkeypatch.setenv("DRAGON_TUI_HOME", str(home))
    app = app_with(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and app.is_running
        [notice] = notices(app)  # one notice: the settings in that folder are not named again
        assert notice.startswith("Games are not saved this run: the data folder") and str(home) in notice
        assert "\n" not in notice
        if where == "a regular file":
            assert "it is a file, not a folder" in notice
        # The menu's ways in still work: Load lists nothing, the setup starts a game unsaved.
        await pilot.press("l")
        await pilot.pause()
        assert "No saved games yet" in str(app.screen.query_one("#saves").get_option_at_index(0).prompt)
        await pilot.press("escape")
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu_ids(app).index("game:crowns")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.table.autosave_to is None


def test_the_command_line_with_an_unusable_data_folder_plays_unsaved(tmp_path, monkeypatch):
    """``DRAGON_TUI_HOME=<a file> dragon-tui crowns``: through cli.main, the game opens, says
    once why it is not saved, and quits with 0 (it used to end in a traceback)."""
    home = _file(tmp_path / "home-file")
    monkeypatch.setenv("DRAGON_TUI_HOME", str(home))
    monkeypatch.setenv("TEXTUAL_DRIVER", "headless")  # past the terminal check; run below is headless
    seen: dict = {}
    run = DragonApp.run

    async def look(pilot) -> None:
        await settle(pilot)
        app = pilot.app
        seen["screen"] = type(app.screen).__name__
        seen["notices"] = notices(app)
        await pilot.press("r")  # a move: there is nowhere to write it, and no traceback
        await settle(pilot)
        seen["moves"] = len(app.screen.table.moves)
        app.exit()

    monkeypatch.setattr(DragonApp, "run", lambda self, **kw: run(self, headless=True, size=(100, 30),
                                                                  auto_pilot=look))
    assert cli.main(["crowns", "--seed", "7"]) == 0
    assert seen["screen"] == "GameScreen" and seen["moves"] >= 1
    assert len(seen["notices"]) == 1 and "cannot be used (it is a file, not a folder)" in seen["notices"][0]


# ------------------------------------------------------------------ notices
async def test_a_long_notice_wraps_whole_below_the_status_line():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r")
        await pilot.press("u")  # the roll stands: the longest of the undo notices
        await pilot.pause()
        await pilot.pause()
        [message] = notices(app)
        assert message == "That decision revealed something new (dice or cards): it stands."
        toast = app.screen.query_one("Toast")
        assert toast.region.y >= 1  # the status line (row 0) stays whole
        shown = " ".join(line.text.strip(" ▌") for line in [toast.render_line(y) for y in
                                                             range(toast.region.height)]).split()
        assert " ".join(shown).endswith("it stands.") and toast.region.height >= 2


async def test_the_newest_notice_replaces_the_one_before():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("r", "1")
        await pilot.press("u")
        await pilot.pause()
        assert notices(app) == ["Undone."]
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert notices(app) == ["Redone."]
        await pilot.press("ctrl+t", "ctrl+t")
        await pilot.pause()
        assert notices(app) == [f"Theme: {app.theme}"] and app.theme == "dragon-mono"
        assert len(app.screen.query("Toast")) == 1
    assert app._settings_writer.flush()
    assert json.loads(Path(storage.data_dir(), "settings.json").read_text())["theme"] == "dragon-mono"


# ------------------------------------------------------------------ one entry per game
@pytest.mark.slow
async def test_loading_one_save_again_and_again_continues_one_entry(tmp_path):
    save = tmp_path / "mine.json"
    few_moves(duel_table(seed=5), 3).save(save)
    for _ in range(3):  # as `dragon-tui --load mine.json`, three times
        app = DragonApp(table=Table.load(save), bot_delay=0, autosave=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)  # the bot plays on from the save: its moves only
            assert app.autosaver.flush()
    assert len(unfinished_games()) == 1
    # From the menu's Load, the same again.
    app = app_with(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        app.screen.query_one("#load-path").value = str(save)
        app.screen.query_one("#load-path").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.autosaver.flush()
    assert len(unfinished_games()) == 1


async def test_a_person_playing_on_from_a_save_keeps_that_game_apart(tmp_path):
    """A person's decision after the save is never written over by loading the save again."""
    save = tmp_path / "mine.json"
    table = few_moves(duel_table(seed=5), 3)
    table.save(save)
    played_on = few_moves(Table.load(save), len(table.moves) + 4)
    assert any(m.seat == 0 for m in played_on.moves[len(table.moves):])
    storage.write_json(storage.autosaves_dir() / "played-on.json", played_on.to_json())
    app = DragonApp(table=Table.load(save), bot_delay=0, autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.screen.table.autosave_to != storage.autosaves_dir() / "played-on.json"
        assert app.autosaver.flush()
    assert len(unfinished_games()) == 2
    assert json.loads((storage.autosaves_dir() / "played-on.json").read_text())["moves"] == \
        played_on.to_json()["moves"]


@pytest.mark.slow
async def test_leaving_a_game_before_its_first_move_leaves_no_entry():
    app = app_with(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu_ids(app).index("game:crowns")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and not app.screen.table.moves
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        assert not [i for i in menu_ids(app) if i.startswith("continue")]
    assert unfinished_games() == [] and list(storage.autosaves_dir().glob("*.json")) == []


def test_a_continue_line_never_wraps():
    long = UnfinishedGame(Path("x.json"), "carcassonne", "Carcassonne + The Princess & The Dragon",
                          ("Anastasia", "Bot 1", "Bot 2", "Bot 3", "Bot 4"), 223, 0.0)
    for width in (40, 58, 62, 80):
        text = describe(long, width)
        assert len(text) <= width and "move 223" in text


# ------------------------------------------------------------------ names, highlight
def test_default_seat_names_are_one_rule_for_every_way_in():
    args = cli.build_parser().parse_args(["hoard", "--players", "3"])
    assert [s.name for s in cli._table_from_args(args).seats] == ["Ana", "Bot 1", "Bot 2"]
    args = cli.build_parser().parse_args(["hoard", "--players", "3", "--hotseat"])
    assert [s.name for s in cli._table_from_args(args).seats] == ["Ana", "Ben", "Cai"]


async def test_the_setup_screen_names_seats_by_the_same_rule_and_follows_their_kind():
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        menu = app.screen.query_one("#menu")
        menu.highlighted = menu_ids(app).index("game:hoard")
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert [s.name for s in setup.build_table().seats] == ["Ana", "Bot 1"]
        setup.query_one("#kind-1").value = "person"
        await pilot.pause()
        assert setup.query_one("#name-1").value == "Ben"
        setup.query_one("#name-0").value = "Zoë"
        setup.query_one("#kind-0").value = "bot:easy"
        await pilot.pause()
        assert [s.name for s in setup.build_table().seats] == ["Zoë", "Ben"]  # a typed name stays


@pytest.mark.slow
async def test_escape_from_a_games_setup_keeps_the_menus_highlight_on_that_game():
    storage.write_json(storage.autosaves_dir() / "waiting.json", few_moves(duel_table(seed=5), 2).to_json())
    app = app_with(autosave=True)
    async with app.run_test(size=(100, 30)) as pilot:
        assert menu_ids(app)[0] == "continue:0"
        for game in ("carcassonne", "hoard"):
            menu = app.screen.query_one("#menu")
            menu.highlighted = menu_ids(app).index(f"game:{game}")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            await pilot.press("escape")
            await pilot.pause()
            menu = app.screen.query_one("#menu")
            assert menu.highlighted_option.id == f"game:{game}"
