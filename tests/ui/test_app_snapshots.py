"""Snapshots of the app's screens around the games: menu, setup, help, passing the keyboard,
the too-small notice, loading (plain def tests: snap_compare runs its own event loop)."""

import pytest

from dragon_tui.ui.screens.dialogs import PassScreen
from dragon_tui.ui.screens.files import LoadScreen

from .apps import app_with, duel_table, settle


def test_menu(snap_compare):
    assert snap_compare(app_with(), terminal_size=(80, 24))


@pytest.mark.slow
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


@pytest.mark.slow
def test_help(snap_compare):
    assert snap_compare(app_with(duel_table()), press=["question_mark"], terminal_size=(80, 24), run_before=settle)


def test_pass_the_keyboard(snap_compare):
    async def show(pilot):
        await pilot.app.push_screen(PassScreen("Ben"))

    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=show)


def test_too_small_notice(snap_compare):
    assert snap_compare(app_with(duel_table()), terminal_size=(60, 20))


def test_load_screen_empty(snap_compare):
    async def show(pilot):
        await pilot.app.push_screen(LoadScreen())

    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=show)
