"""Snapshots of the menu-side screens (plain def tests: snap_compare runs its
own event loop): the menu with many unfinished games, a long notice under the status line,
the menu on an unusable data folder, the save dialog's footer."""

from __future__ import annotations

import os
import time

import pytest

from dragon_tui.session import Seat, Table, storage

from .apps import app_with, duel_table, settle
from .test_menu_and_notices import few_moves

pytestmark = pytest.mark.ui

#: 2026-12-01 17:05 UTC: the date Continue shows, fixed for the snapshot.
WHEN = 1796144700


@pytest.fixture
def utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


def test_menu_with_nine_unfinished_games_fits_100x30(snap_compare, utc):
    """Two Continue lines (the newest: the longest title there is, cut, never wrapped), the
    line to all nine, and Quit, all on screen."""
    long = Table("carcassonne", [Seat("Anastasia"), *[Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 5)]], 4)
    for age, seed in enumerate(range(5, 13)):
        path = storage.autosaves_dir() / f"crowns-{seed}.json"
        storage.write_json(path, few_moves(duel_table(seed=seed), 2).to_json())
        os.utime(path, (WHEN - 600 - age, WHEN - 600 - age))
    path = storage.autosaves_dir() / "carcassonne-4.json"
    storage.write_json(path, few_moves(long, 3).to_json())
    os.utime(path, (WHEN, WHEN))
    assert snap_compare(app_with(autosave=True), terminal_size=(100, 30))


def test_a_long_notice_wraps_under_the_status_line_120x40(snap_compare):
    async def undo_the_roll(pilot):
        await settle(pilot)
        await pilot.press("r")
        await pilot.press("u")
        await pilot.pause()

    assert snap_compare(app_with(duel_table(seed=7, bot=False)), terminal_size=(120, 40), run_before=undo_the_roll)


def test_menu_on_an_unusable_data_folder_80x24(snap_compare, monkeypatch):
    monkeypatch.setenv("DRAGON_TUI_HOME", "/proc/dragon-tui-nowhere")
    assert snap_compare(app_with(autosave=True), terminal_size=(80, 24))


def test_save_dialog_footer_names_the_save_key_80x24(snap_compare, monkeypatch):
    monkeypatch.setenv("DRAGON_TUI_HOME", "/tmp/dragon-tui-home")  # the folder the dialog names, the same every run

    async def open_save(pilot):
        await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        for box in pilot.app.screen.query("Input"):
            box.cursor_blink = False
        await pilot.pause()

    assert snap_compare(app_with(duel_table(seed=5)), terminal_size=(80, 24), run_before=open_save)
