"""A bot that thinks longer than half a second shows how far it has got in the status line."""

import re
import threading
import time

import pytest

from dragon_tui.app import DragonApp
from dragon_tui.session import Seat, Table
from dragon_tui.session import controller as controller_module

from .apps import workers_done

pytestmark = pytest.mark.ui


class SlowBot:
    """Thinks about 1.5 s in 30 steps, reporting (done, planned) like the search bots."""

    level = "hard"

    def __init__(self) -> None:
        self.progress = (0, 300)
        self.started = threading.Event()

    def choose(self, state, seat, budget=1.0, cancel=None):
        self.started.set()
        for step in range(1, 31):
            if cancel is not None and cancel.is_set():
                break
            time.sleep(0.05)
            self.progress = (step * 10, 300)
        return state.legal_actions()[0]


async def test_a_bot_thinking_longer_than_half_a_second_shows_its_progress(monkeypatch):
    bot = SlowBot()
    monkeypatch.setattr(controller_module, "make_agent", lambda level, game, seed: bot)
    table = Table("crowns", [Seat("Bot", "bot", "hard"), Seat("Ana")], 7)
    app = DragonApp(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        # The bot's first moves: a forced roll at once, then a real decision it thinks about.
        for _ in range(100):
            await pilot.pause(0.02)
            if bot.started.is_set():
                break
        assert bot.started.is_set()
        await pilot.pause(0.7)  # past half a second of thinking
        status = str(app.screen.query_one("#status").render())
        assert app.screen.thinking
        shown = re.search(r"thinking (\d+)/300… \(space: hurry\)", status)
        assert shown, status
        assert 0 < int(shown.group(1)) < 300
        moves = sum(1 for m in table.moves if m.seat == 0)
        await pilot.press("space")  # hurried, it plays what it has
        await workers_done(pilot)
        await pilot.pause()
        assert sum(1 for m in table.moves if m.seat == 0) > moves


async def test_the_think_delay_runs_while_the_bot_thinks(monkeypatch):
    """The bot starts thinking when its turn begins, not after the think delay; its move is
    shown once the delay is up (or at once when hurried)."""
    bot = SlowBot()
    monkeypatch.setattr(controller_module, "make_agent", lambda level, game, seed: bot)
    table = Table("crowns", [Seat("Bot", "bot", "hard"), Seat("Ana")], 7)
    app = DragonApp(table=table, bot_delay=60, autosave=False)  # a delay no test waits out
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(150):
            await pilot.pause(0.02)
            if bot.progress[0] == 300:
                break
        assert bot.progress[0] == 300  # thought to the end, long before the delay is up
        moves = sum(1 for m in table.moves if m.seat == 0)
        await pilot.pause(0.2)
        assert app.screen.thinking and sum(1 for m in table.moves if m.seat == 0) == moves  # held
        await pilot.press("space")
        await pilot.pause()
        assert sum(1 for m in table.moves if m.seat == 0) == moves + 1
