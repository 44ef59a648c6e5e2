"""The lobby in the app (pilot): host a table, a second player joins, the game screen follows."""

from __future__ import annotations

import asyncio
import time

import pytest

from dragon_tui.net.client import RemoteTable

from .helpers import TablesThread


@pytest.fixture
def tables(private_data_dir, monkeypatch):
    t = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", t.path)
    monkeypatch.setenv("DRAGON_TUI_PLAYER", "ana")
    yield t
    t.stop()


async def _until(pilot, predicate, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        await pilot.pause(0.05)
    return predicate()


async def test_host_in_the_lobby_and_play_a_move(tables):
    from dragon_tui.net.play import ServedApp
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.lobby import LobbyScreen

    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("ctrl+n")  # the first game, two remote seats
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = app.screen.table
        assert isinstance(table, RemoteTable) and table.seat == 0
        room = table.room
        ben = await asyncio.to_thread(RemoteTable.join, tables.path, "ben", room, 1)
        assert await _until(pilot, lambda: table.names[1] == "ben")
        mover = table if table.state.current_player == 0 else ben
        action = mover.state.legal_actions()[0]
        await asyncio.to_thread(mover.apply, action)
        assert await _until(pilot, lambda: len(table.moves) == 1 and len(app.screen.table.moves) == 1)
        await pilot.press("escape")  # back to the lobby: Ana stands up, her seat stays hers
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert await _until(pilot, lambda: any(r["id"] == room for r in app.screen.rooms))
        await pilot.press("j")  # and comes back to it with her token
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.table.seat == 0 and len(app.screen.table.moves) == 1
        ben.close()
