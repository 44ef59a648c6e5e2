"""Start-up to the first paint: what the app must *not* do before its first frame.

Timings are for ``dragon-tui bench`` (``python -m dragon_tui.devtools.bench_ui``, figures in
docs/performance.md); these ``perf`` tests pin the costs a player would notice and that can be
asserted exactly: what is imported, which stylesheets are parsed and with which theme, which
screens are composed, what is read from the disk, and that no class change restyles a screen
after its widgets mounted. How the code keeps each cost small (named tuples, one widget class,
precomputed tables) is its own business: the bench's start-up figure is the guard for that.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys

import pytest
from textual.color import Color

from dragon_tui.app import DragonApp
from dragon_tui.games import CATALOG, GAMES
from dragon_tui.session import Seat, Table
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.menu import MenuScreen
from dragon_tui.ui.screens.setup import SetupScreen
from dragon_tui.ui.styles import START_STYLESHEET, game_stylesheet, stylesheet
from dragon_tui.ui.themes import LIGHT

from .apps import app_with, duel_table, settle

pytestmark = pytest.mark.perf

#: Loaded only when a screen needs them: the bots' search, the shared-table code, the charts,
#: the game screen and its boards (of a game's look folder only its colours load: the themes).
NOT_AT_START = ("dragon_tui.ai", "dragon_tui.net", "plotext", "textual_plotext", "dragon_tui.session.controller",
                "dragon_tui.session.model", "dragon_tui.ui.screens.game", "dragon_tui.ui.board_base",
                "dragon_tui.ui.screens.review")


@functools.cache
def modules_at_first_frame(game_id: str) -> frozenset[str]:
    """The modules a new process has loaded once ``game_id``, started at once with hard bots
    (none of which decides before the frame), has drawn its game screen (one process per game
    and test worker: the tests that read this only read it)."""
    return frozenset(modules_after(modules_code(game_id)))


def modules_code(game_id: str) -> str:
    """Code that starts ``game_id`` at once (see ``modules_at_first_frame``) and returns after its first frame."""
    return (
        "import asyncio\nfrom dragon_tui.app import DragonApp\nfrom dragon_tui.games import GAMES\n"
        "from dragon_tui.session import Seat, Table\n"
        f"game = GAMES[{game_id!r}]\n"
        "seats = [Seat('Ana')] + [Seat(f'Bot {i}', 'bot', 'hard') for i in range(1, game.min_players)]\n"
        f"app = DragonApp(table=Table({game_id!r}, seats, 3), bot_delay=5, autosave=False)\n"
        "async def first_frame():\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "        assert type(app.screen).__name__ == 'GameScreen'\n"
        "asyncio.run(first_frame())")


def modules_after(code: str) -> set[str]:
    """The modules a new Python process has loaded after running ``code``."""
    probe = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def loaded(modules: set[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in modules)


def rules_loaded(modules: set[str], game_id: str) -> bool:
    """Whether anything of a game past its descriptor is loaded: the registry reads every game's
    ``descriptor`` (and so its package's light ``__init__``) for the menu, nothing more."""
    package = f"dragon_tui.games.{game_id}"
    return any(m.startswith(package + ".") and m != package + ".descriptor" for m in modules)


def test_the_menu_app_loads_no_game_no_bot_and_no_game_screen():
    modules = modules_after("from dragon_tui.app import DragonApp\nDragonApp(autosave=False)")
    assert "textual.app" in modules
    assert not [m for m in NOT_AT_START if loaded(modules, m)]
    assert not [entry.id for entry in CATALOG if rules_loaded(modules, entry.id)]
    looks = {entry.board_module.rpartition(".")[0] for entry in CATALOG}
    assert not [m for m in modules if loaded({m}, "dragon_tui.ui.games")
                and m not in {"dragon_tui.ui.games", *looks, *(f"{look}.colours" for look in looks)}]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_started_at_once_loads_its_own_rules_only(game_id):
    modules = modules_after(
        "from dragon_tui.app import DragonApp\nfrom dragon_tui.games import GAMES\n"
        "from dragon_tui.session import Seat, Table\n"
        f"game = GAMES[{game_id!r}]\n"
        "seats = [Seat(f'P{i}') for i in range(game.min_players)]\n"
        f"DragonApp(table=Table({game_id!r}, seats, 3), autosave=False)")
    assert rules_loaded(modules, game_id)
    others = [entry.id for entry in CATALOG if entry.id != game_id and rules_loaded(modules, entry.id)]
    assert others == []
    assert not loaded(modules, "dragon_tui.ai") and not loaded(modules, "dragon_tui.net")


def test_the_stylesheets_are_parsed_with_the_chosen_theme_from_the_first():
    """Textual would parse them with its default theme, then again on the switch to ours."""
    app = DragonApp(theme="dragon-light", autosave=False)
    assert app.theme == "dragon-light"
    assert app.stylesheet._variables["background"] == LIGHT.background
    assert app.has_class("-light-mode") and not app.has_class("-dark-mode")


async def test_the_menu_parses_no_games_stylesheet_and_a_game_brings_its_own():
    app = app_with()
    async with app.run_test(size=(100, 34)) as pilot:
        assert isinstance(app.screen, MenuScreen)
        assert app.screen_stack == [app.screen]  # the first screen: no empty screen under it
        sources = {location[0] for location in app.stylesheet.source}
        assert not [entry.id for entry in CATALOG if str(game_stylesheet(entry.id)) in sources]
        app.start_table(duel_table())
        await settle(pilot)
        assert str(game_stylesheet("crowns")) in {location[0] for location in app.stylesheet.source}
        council = app.screen.query_one(".council")
        assert council.styles.border_top[0] == "round"  # a rule of crowns.tcss


def stylesheet_files(app) -> set[str]:
    """The .tcss files the app's stylesheet holds (not the widgets' default CSS)."""
    return {path for path, variable in app.stylesheet.source if not variable}


@pytest.mark.slow
async def test_the_menu_parses_its_own_rules_only():
    """The setup screen's, the dialogs', the game screen's and the review's rules wait for
    their screens."""
    app = app_with()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert stylesheet_files(app) == {str(stylesheet(START_STYLESHEET))}
        app.push_screen(SetupScreen("crowns"))
        await settle(pilot)
        assert stylesheet_files(app) == {str(stylesheet(START_STYLESHEET)), str(stylesheet("screens.tcss"))}
        assert app.screen.query_one("#field-help").styles.dock == "bottom"  # a rule of screens.tcss


async def test_a_screen_that_brings_a_stylesheet_parses_that_file_alone(monkeypatch):
    """Textual parses every stylesheet and every widget's default CSS again when a screen adds a
    file; here each file is parsed once per theme."""
    import textual.css.stylesheet

    parsed: list[tuple[str, str]] = []
    real_parse = textual.css.stylesheet.parse

    def parse(scope, css, read_from, *args, **kwargs):
        parsed.append(read_from)
        return real_parse(scope, css, read_from, *args, **kwargs)

    monkeypatch.setattr(textual.css.stylesheet, "parse", parse)
    app = app_with()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        app.start_table(duel_table())
        await settle(pilot)
        assert {str(stylesheet("game.tcss")), str(game_stylesheet("crowns"))} <= {path for path, _ in parsed}
        files = [path for path, variable in parsed if not variable]
        assert sorted(files) == sorted(stylesheet_files(app))  # each once (Textual: app.tcss twice)
        parsed.clear()
        app.theme = "dragon-light"  # new colours: everything again, once
        await settle(pilot)
        assert len(parsed) == len(set(parsed)) == len(app.stylesheet.source)


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_game_started_at_once_paints_without_a_menu_and_the_menu_opens_when_it_is_left(game_id):
    game = GAMES[game_id]
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", "bot", "random") for i in range(1, game.min_players)]
    app = DragonApp(table=Table(game_id, seats, 3), bot_delay=5, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen_stack == [app.screen]  # no menu, and no empty default screen under it
        # Textual styles the app after its first screen mounted: the screen's text colour was
        # taken from the unstyled app (transparent) and kept; Carcassonne's text was invisible.
        assert app.screen.visual_style.foreground == Color.parse(app.current_theme.foreground)
        app.screen.action_leave()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert app.screen_stack == [app.screen]  # the menu took the game's place
        app.pop_screen()  # (Escape on a screen above it) the menu stays
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1


@pytest.mark.parametrize("size,width,height", [((80, 24), "-narrow", "-short"), ((120, 40), "-wider", "-taller")])
async def test_a_pushed_screen_has_its_breakpoint_classes_before_it_composes(size, width, height):
    app = app_with()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = GameScreen(duel_table())
        restyled = []
        screen.update_node_styles = lambda animate=True: restyled.append(sorted(screen.classes))
        app.push_screen(screen)
        assert screen.has_class(width, height)  # before its widgets exist
        await settle(pilot)
        # No class change after mounting, and no restyle as it first resumes (StyledAtMount).
        assert restyled == []


@pytest.mark.slow
async def test_the_menu_reads_the_unfinished_games_once_as_it_opens_and_again_when_shown_again(monkeypatch):
    """Textual resumes a screen as it is first pushed, right after mounting it: nothing to read again."""
    from dragon_tui.ui.screens import menu

    scans = []
    real = menu.unfinished_games
    monkeypatch.setattr(menu, "unfinished_games", lambda **kw: scans.append(1) or real(**kw))
    app = app_with()
    async with app.run_test(size=(100, 34)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and len(scans) == 1
        app.push_screen(SetupScreen("crowns"))
        await settle(pilot)
        app.pop_screen()
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen) and len(scans) == 2


async def test_a_game_started_at_once_writes_its_first_autosave_off_the_ui_thread(monkeypatch):
    """The first paint does not wait for the disk (a write with fsync): the first write goes
    through the autosaver's thread, like every move's."""
    import threading

    from dragon_tui.session import storage

    writers = []
    real_write = storage.write_json
    monkeypatch.setattr(storage, "write_json",
                        lambda path, doc: writers.append(threading.current_thread()) or real_write(path, doc))
    app = app_with(duel_table(), autosave=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.autosaver.flush()
        path = app.screen.table.autosave_to
        assert path.exists() and json.loads(path.read_text())["game"] == "crowns"
    assert writers and threading.main_thread() not in writers


async def test_a_game_started_at_once_reads_no_autosave_when_there_are_too_few_to_drop_one(monkeypatch):
    """Past the most kept unfinished games the oldest is dropped as a game starts; below that,
    reading every autosave (each a whole game) to find out would be work for nothing."""
    import dragon_tui.app
    from dragon_tui.session import storage

    for seed in (5, 6):
        storage.write_json(storage.autosaves_dir() / f"crowns-{seed}.json", duel_table(seed=seed).to_json())
    reads = []
    real = dragon_tui.app.unfinished_games
    monkeypatch.setattr(dragon_tui.app, "unfinished_games", lambda: reads.append(1) or real())
    app = app_with(duel_table(), autosave=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and reads == []


def test_the_command_line_checks_bot_levels_without_loading_the_bots():
    modules = modules_after("import dragon_tui.cli\ndragon_tui.cli.build_parser()")
    assert "dragon_tui.ai.levels" in modules
    assert not loaded(modules, "dragon_tui.ai.agents") and not loaded(modules, "dragon_tui.ai.ismcts")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_paints_its_first_frame_without_loading_the_bots(game_id):
    """The bots' search loads when a bot first has to decide, not with the game screen."""
    modules = modules_at_first_frame(game_id)
    assert "dragon_tui.ui.screens.game" in modules
    assert not loaded(modules, "dragon_tui.ai.agents") and not loaded(modules, "dragon_tui.ai.ismcts")


@pytest.mark.parametrize("size,roomy", [((120, 40), True), ((80, 24), False)])
async def test_the_hoard_board_has_its_room_class_before_its_panels_mount(monkeypatch, size, roomy):
    """A class set on the board once its panels are mounted restyles every one of them."""
    from dragon_tui.ui.games.hoard import board as hoard

    restyled = []  # how many panels each restyle of the board went over
    real = hoard.Board.update_node_styles
    monkeypatch.setattr(hoard.Board, "update_node_styles",
                        lambda self, animate=True: restyled.append(len(list(self.walk_children()))) or real(self, animate))
    app = app_with(Table("hoard", [Seat("Ana"), Seat("Bot", "bot", "random")], 3))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        assert board.has_class("-roomy") == roomy
        assert not any(restyled)


async def test_the_princes_board_is_not_focused_and_blurred_again_before_the_first_decision_places_the_keys(monkeypatch):
    """A first decision that is not about a guild gives the action list the keys: Textual's
    first focus took the board first, restyling its every panel twice for nothing."""
    from dragon_tui.ui.games.throne import board as throne
    from dragon_tui.ui.widgets.action_list import ActionList

    restyled = []  # how many panels each restyle of the board went over
    real = throne.Board.update_node_styles
    monkeypatch.setattr(throne.Board, "update_node_styles",
                        lambda self, animate=True: restyled.append(len(list(self.walk_children()))) or real(self, animate))
    app = app_with(Table("throne", [Seat("Ana"), Seat("Bot", "bot", "random")], 7))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        assert not board.only_guilds(list(board.offered))
        assert isinstance(app.screen.focused, ActionList) and board.can_focus
        assert not any(restyled)


# ---------------------------------------------------------------- the collector at start-up
@pytest.fixture
def collector_restored():
    """Whatever a test does to the cyclic collector, the next test finds it as it was."""
    import gc

    was = gc.isenabled()
    yield
    gc.unfreeze()
    gc.enable() if was else gc.disable()


def test_the_collector_paused_for_the_start_resumes_with_the_start_frozen(collector_restored):
    import gc

    from dragon_tui import collector

    gc.unfreeze()
    collector.pause_for_startup()
    assert not gc.isenabled()
    collector.resume_after_startup()
    assert gc.isenabled() and gc.get_freeze_count() > 0
    gc.unfreeze()
    collector.resume_after_startup()  # a second resume has nothing to undo: no freeze
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_a_collector_paused_by_someone_else_stays_paused(collector_restored):
    """The app resumes only what the command line paused (a host that runs with the collector
    off, like a benchmark, keeps it off)."""
    import gc

    from dragon_tui import collector

    gc.disable()
    collector.pause_for_startup()
    collector.resume_after_startup()
    assert not gc.isenabled()


def test_the_command_line_pauses_the_collector_and_resumes_it_when_it_gives_up_before_the_app(
        collector_restored, monkeypatch, capsys):
    import gc

    from dragon_tui import cli

    seen = []

    def no_table(args):
        seen.append(gc.isenabled())
        raise ValueError("no such table")

    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.headless_driver:HeadlessDriver")
    monkeypatch.setattr(cli, "_table_from_args", no_table)
    gc.enable()
    assert cli.main(["crowns"]) == 2
    assert seen == [False]  # paused while the table and the app are made
    assert gc.isenabled()
    assert "no such table" in capsys.readouterr().err


async def test_the_app_resumes_the_collector_once_its_first_screen_is_drawn(collector_restored):
    import gc

    from dragon_tui import collector

    collector.pause_for_startup()
    app = app_with(Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "random")], 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert gc.isenabled()


@pytest.mark.slow
def test_a_game_started_at_once_loads_neither_the_menu_nor_the_dialogs():
    """The menu opens when the game is left; the dialogs when one is needed (the 80×24 notice
    too: a big enough window never loads it); importlib.resources when a help page opens."""
    modules = modules_at_first_frame("crowns")
    assert "dragon_tui.ui.screens.game" in modules
    assert "dragon_tui.ui.screens.menu" not in modules and "dragon_tui.ui.screens.dialogs" not in modules
    assert "importlib.resources" not in modules  # read for help pages and installed stylesheets only


@pytest.mark.parametrize("game_id,panel,seed", [("crowns", "CouncilPanel", 3), ("hoard", "PlayerPanel", 3)])
async def test_the_seat_to_play_is_marked_as_its_panel_is_composed(monkeypatch, game_id, panel, seed):
    """Marking it once mounted restyled the panel (and Batalla's ten colour classes) before the first frame."""
    import importlib

    board = importlib.import_module(f"dragon_tui.ui.games.{game_id}.board")
    cls = getattr(board, panel)
    restyled = []
    real = cls.update_node_styles
    monkeypatch.setattr(cls, "update_node_styles", lambda self, animate=True: restyled.append(self) or real(self, animate))
    app = app_with(Table(game_id, [Seat("Ana"), Seat("Bot", "bot", "random")], seed))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panels = list(app.screen.query(cls))
        playing = app.screen.table.state.current_player
        assert [p.has_class("-active") for p in panels] == [p.seat == playing for p in panels]
        assert not restyled


@pytest.mark.slow
def test_the_start_up_probe_loads_nothing_the_command_line_does_not(tmp_path):
    """``bench_ui``'s probe wraps the app as the command line imports it. Finding the import
    through a subclass of ``importlib.abc.MetaPathFinder`` imported importlib.abc and, with it,
    importlib.resources: about 44 million instructions in every game's start and the menu's,
    none in the bare app's, and none in a real ``dragon-tui`` start."""
    from dragon_tui.devtools import bench_ui

    env = dict(os.environ, DRAGON_TUI_HOME=str(tmp_path), TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    done = subprocess.run([sys.executable, "-c", bench_ui._PROBE, "crowns", bench_ui._bare_dir(), "--modules"],
                          capture_output=True, text=True, timeout=120, env=env, check=True)
    modules = set(done.stdout.splitlines()[1].split())
    assert "dragon_tui.ui.screens.game" in modules  # the game's first frame was reached
    assert "importlib.abc" not in modules and "importlib.resources" not in modules
    # Quitting on the very first frame is clean: before the app's own compose handler had
    # run, Textual tried to mount the first screen's widgets again and raised a MountError.
    assert done.stderr == ""


# ---------------------------------------------------------------- Carcassonne's first frame

def carcassonne_app(theme: str = "dragon-dark"):
    return app_with(Table("carcassonne", [Seat("Ana"), Seat("Bot", "bot", "random")], 3), theme=theme)


def test_carcassonne_loads_the_remaining_tiles_window_only_when_t_opens_it():
    """The window was composed hidden at every start (a scrolling container and VerticalScroll's
    stylesheet: about 9 million instructions)."""
    assert "dragon_tui.ui.games.carcassonne.remaining" not in modules_at_first_frame("carcassonne")


@pytest.mark.slow
async def test_carcassonne_mounts_the_remaining_tiles_window_once_when_t_first_opens_it():
    from dragon_tui.ui.games.carcassonne.grid import TileGrid

    app = carcassonne_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not app.screen.query("#carc-remaining")
        grid = app.screen.query_one(TileGrid)
        await pilot.press("t")
        await settle(pilot)
        window = app.screen.query_one("#carc-remaining")
        assert window.display and window.has_focus and not grid.display
        assert "Tiles to come: " in str(window.query_one("#remaining-body").render())
        await pilot.press("t")
        await pilot.press("t")
        await settle(pilot)
        assert list(app.screen.query("#carc-remaining")) == [window] and window.display


async def test_carcassonne_makes_its_ink_once_per_theme(monkeypatch):
    """The grid and the side panels share one CarcInk per theme (each made its own at every paint)."""
    from dragon_tui.ui.games.carcassonne import ink as carcassonne_ink

    made = []
    real_init = carcassonne_ink.CarcInk.__init__
    monkeypatch.setattr(carcassonne_ink, "_last", None)
    monkeypatch.setattr(carcassonne_ink.CarcInk, "__init__",
                        lambda self, variables: made.append(variables) or real_init(self, variables))
    app = carcassonne_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert made == [app.current_theme.variables]
        app.theme = "dragon-light"
        await settle(pilot)
        assert made == [made[0], app.current_theme.variables]
        # The legend's city glyph is drawn in the new theme's ink.
        legend = app.screen.query_one("#carc-legend")._shown
        assert legend.plain[0] == "▒" and legend.spans[0].start == 0
        assert legend.spans[0].style == carcassonne_ink.ink_for(app.current_theme.variables).art["city"]
