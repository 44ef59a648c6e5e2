"""Dragging over the game log and pressing ctrl+c copies what was dragged over (the log gave
Textual an empty text before, and copying that emptied the clipboard; in a browser too)."""

from __future__ import annotations

import pytest
from textual.geometry import Offset
from textual.selection import Selection

from dragon_tui.ui.widgets.game_log import GameLog

from .apps import app_with, settle
from .hoard.positions import after_person_moves, hoard_table

pytestmark = pytest.mark.ui


async def test_ctrl_c_copies_the_text_dragged_over_in_the_log():
    table = after_person_moves(hoard_table(2, seed=9), 4)
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        rows = [strip.text.rstrip() for strip in log._strips]
        assert len(rows) >= 2 and rows[0] and rows[1]
        # a drag from the start of the first row to the end of the second
        app.screen.selections = {log: Selection(Offset(0, 0), Offset(len(rows[1]), 1))}
        await pilot.pause()
        selected = app.screen.get_selected_text()
        assert selected.rstrip() == rows[0] + "\n" + rows[1]
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.clipboard.rstrip() == rows[0] + "\n" + rows[1]
