"""Snapshots of the screens a new player meets first (plain def tests: snap_compare runs its own event loop):
the setup screen at both sizes and in monochrome, Continue with two unfinished games, the
overwrite question, the finished game's board, the replay as it opens, the too-small notice."""

import pytest

import os
import time

from dragon_tui.session import storage
from dragon_tui.ui.screens.setup import SetupScreen

from .apps import app_with, duel_table, settle
from .test_first_contact import finished_duel, few_moves

#: 2026-12-01 17:05 UTC: the date Continue shows, fixed for the snapshot.
WHEN = 1796144700


def steady_cursors(pilot) -> None:
    """A focused text box's cursor blinks: drawn steady, the picture is the same every run."""
    for box in pilot.app.screen.query("Input"):
        box.cursor_blink = False


def setup_of(game_id: str, tabs: int = 0):
    async def show(pilot):
        await pilot.app.push_screen(SetupScreen(game_id, seed=20261201))
        await pilot.pause()
        for _ in range(tabs):
            await pilot.press("tab")
        steady_cursors(pilot)
        await pilot.pause()

    return show


@pytest.mark.slow
def test_setup_throne_120x40(snap_compare):
    assert snap_compare(app_with(), terminal_size=(120, 40), run_before=setup_of("throne"))


@pytest.mark.slow
def test_setup_carcassonne_option_focused_80x24(snap_compare):
    # players, two seats (name and kind each), the seed, then the first two options
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=setup_of("carcassonne", tabs=7))


@pytest.mark.slow
def test_setup_hoard_option_focused_120x40(snap_compare):
    assert snap_compare(app_with(), terminal_size=(120, 40), run_before=setup_of("hoard", tabs=8))


@pytest.mark.slow
def test_setup_focus_in_monochrome_80x24(snap_compare):
    assert snap_compare(app_with(theme="dragon-mono"), terminal_size=(80, 24), run_before=setup_of("crowns", tabs=5))


@pytest.mark.slow
def test_setup_focus_in_light_theme_80x24(snap_compare):
    assert snap_compare(app_with(theme="dragon-light"), terminal_size=(80, 24), run_before=setup_of("court", tabs=2))


def test_continue_lists_unfinished_games_80x24(snap_compare, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        for age, seed in ((3600, 5), (0, 6)):
            path = storage.autosaves_dir() / f"crowns-{seed}.json"
            storage.write_json(path, few_moves(duel_table(seed=seed), seed - 2).to_json())
            os.utime(path, (WHEN - age, WHEN - age))
        assert snap_compare(app_with(autosave=True), terminal_size=(80, 24))
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_saving_over_a_name_asks_80x24(snap_compare):
    few_moves(duel_table(seed=6), 1).save(storage.named_save_path("mine"))

    async def save_over(pilot):
        await settle(pilot)
        await pilot.press("ctrl+s")
        pilot.app.screen.query_one("#save-name").value = "mine"
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app_with(few_moves(duel_table(seed=5), 3)), terminal_size=(80, 24), run_before=save_over)


@pytest.mark.slow
def test_finished_games_board_offers_the_summarys_keys_80x24(snap_compare):
    assert snap_compare(app_with(finished_duel()), terminal_size=(80, 24), run_before=settle, press=["b"])


def test_replay_as_it_opens_80x24(snap_compare):
    async def open_replay(pilot):
        await settle(pilot)
        pilot.app.screen.action_replay()
        await pilot.pause()

    assert snap_compare(app_with(few_moves(duel_table(seed=5), 4)), terminal_size=(80, 24), run_before=open_replay)


def test_too_small_notice_at_40x10(snap_compare):
    assert snap_compare(app_with(duel_table()), terminal_size=(40, 10))
