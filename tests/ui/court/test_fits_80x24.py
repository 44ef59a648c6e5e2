"""The Court at 80×24: its four setup options and Start fit without scrolling, and the end of
the game keeps the Daemon court and the defeated Princes to one line."""

import asyncio

import pytest
from textual.containers import VerticalScroll

from dragon_tui.ui.games.court.board import CourtLosses
from dragon_tui.ui.screens.setup import SetupScreen

from ..apps import app_with, settle
from .positions import court_table, finished

pytestmark = pytest.mark.ui


def test_the_courts_setup_fits_80x24_without_scrolling():
    async def run():
        app = app_with()
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(SetupScreen("court", seed=20261201))
            await pilot.pause()
            scroller = app.screen.query_one("#setup", VerticalScroll)
            start = app.screen.query_one("#start")
            return scroller.max_scroll_y, start.region, scroller.region

    max_scroll, start, box = asyncio.run(run())
    assert max_scroll == 0
    assert box.contains_region(start)


def test_the_end_of_the_court_keeps_its_losses_to_one_line():
    async def run():
        app = app_with(finished(court_table()))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("b")  # close the score breakdown: the board behind it
            await pilot.pause()
            losses = app.screen.query_one(CourtLosses)
            return losses.region.height, losses.lines(losses.content_size.width)

    height, lines = asyncio.run(run())
    assert height == 1 and len(lines) == 1
    assert "Daemon court −14 (10 cards)" in lines[0].plain
