"""Snapshots of every screen (plain def tests: snap_compare runs its own event loop)."""

from dragon_tui.engine import Action
from dragon_tui.ui.screens.dialogs import PassScreen
from dragon_tui.ui.screens.files import LoadScreen

from .apps import app_with, duel_table, settle


def played(table, keys_per_turn=8, turns=3):
    """A few turns of the duel played headless: a mid-game position for the snapshots."""
    from dragon_tui.session import TurnController

    controller = TurnController(table)
    for _ in range(turns):
        for _ in range(keys_per_turn):
            if table.state.current_player != 0 or table.state.is_over:
                break
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    return table


def test_menu(snap_compare):
    assert snap_compare(app_with(), terminal_size=(80, 24))


def test_setup_screen(snap_compare, monkeypatch):
    # an open game shows a fresh random seed: pinned here so the picture is the same every run
    monkeypatch.setattr("dragon_tui.ui.screens.setup.fresh_seed", lambda game_id: 20261201)
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=_open_crowns_setup)


async def _open_crowns_setup(pilot):
    menu = pilot.app.screen.query_one("#menu")
    menu.highlighted = [o.id for o in menu.options].index("game:crowns")
    await pilot.press("enter")
    await pilot.pause()
    for box in pilot.app.screen.query("Input"):  # the focused name's cursor blinks: drawn steady
        box.cursor_blink = False
    await pilot.pause()


def test_duel_at_80x24(snap_compare):
    assert snap_compare(app_with(played(duel_table())), terminal_size=(80, 24), run_before=settle)


def test_duel_at_120x40(snap_compare):
    assert snap_compare(app_with(played(duel_table())), terminal_size=(120, 40), run_before=settle)


def test_duel_start_in_light_theme(snap_compare):
    assert snap_compare(app_with(duel_table(), theme="dragon-light"), terminal_size=(80, 24), run_before=settle)


def test_duel_in_monochrome_theme(snap_compare):
    assert snap_compare(app_with(played(duel_table()), theme="dragon-mono"), terminal_size=(80, 24), run_before=settle)


def test_help(snap_compare):
    assert snap_compare(app_with(duel_table()), press=["question_mark"], terminal_size=(80, 24), run_before=settle)


def test_game_over(snap_compare):
    table = duel_table(seed=3)
    from dragon_tui.session import TurnController

    controller = TurnController(table)
    while not table.state.is_over:
        if table.state.current_player == 0:
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)


def test_pass_the_keyboard(snap_compare):
    async def show(pilot):
        await pilot.app.push_screen(PassScreen("Ben"))

    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=show)


def test_too_small_notice(snap_compare):
    assert snap_compare(app_with(duel_table()), terminal_size=(60, 20))


def test_replay_viewer(snap_compare):
    table = played(duel_table())

    async def open_replay(pilot):
        await settle(pilot)
        pilot.app.screen.action_replay()
        await pilot.pause()

    assert snap_compare(app_with(table), press=["left", "left"], terminal_size=(80, 24), run_before=open_replay)


def test_load_screen_empty(snap_compare):
    async def show(pilot):
        await pilot.app.push_screen(LoadScreen())

    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=show)
