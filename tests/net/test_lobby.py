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


async def _until(pilot, predicate, timeout=30.0):
    """Wait until ``predicate()`` holds and the screen then on top is composed: a pushed
    screen is on top a moment before its widgets are mounted, and the caller queries them."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate() and pilot.app.screen.is_mounted:
            return True
        await pilot.pause(0.05)
    return predicate() and pilot.app.screen.is_mounted


@pytest.mark.slow
async def test_host_in_the_lobby_and_play_a_move(tables):
    from dragon_tui.remote.play import ServedApp
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


@pytest.mark.slow
async def test_a_shared_game_reaches_the_game_over_screen(tables):
    """Most of the game is played headless; Ana's app comes back to her seat for the last moves."""
    import random

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.session import Seat, Table
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.game_over import GameOverScreen

    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns",
                                  [{"kind": "remote"}, {"kind": "remote"}])
    early = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    room = tables.server.rooms[ben.room]
    # the same seeded choices on a local table of the server's seed tell how long the game will be
    rng = random.Random(2)
    local = Table("crowns", [Seat("a"), Seat("b")], room.table.seed)
    while not local.state.is_over:
        local.apply(rng.choice(local.state.legal_actions()))
    total = len(local.moves)
    rng = random.Random(2)

    async def play_until(count, ana):
        end = time.monotonic() + 120  # generous: CI runs this beside other tests on 2 cores
        while len(room.table.moves) < count and time.monotonic() < end:
            n = len(room.table.moves)
            me = ana if room.table.state.current_player == 1 else ben
            assert await asyncio.to_thread(me.wait_for, lambda t: len(t.moves) == n, 30)
            await asyncio.to_thread(me.apply, rng.choice(me.state.legal_actions()))

    await play_until(total - 6, early)
    early.close()
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        assert await _until(pilot, lambda: app.screen.__class__.__name__ == "LobbyScreen")
        await pilot.press("j")  # her seat, with the token her first app kept
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        ana = app.screen.table
        # the rejoined client may still be receiving the room's history: wait for it
        assert await _until(pilot, lambda: len(ana.moves) == total - 6)
        assert ana.seat == 1 and len(ana.moves) == total - 6
        await play_until(total, ana)
        assert room.table.state.is_over
        assert await _until(pilot, lambda: isinstance(app.screen, GameOverScreen), 30)
        # wait for the score breakdown itself: leaving while the screen still mounts races the teardown
        from textual.widgets import DataTable

        def breakdown_rows():
            tables_shown = app.screen.query(DataTable)
            return tables_shown.first().row_count if tables_shown else 0

        assert await _until(pilot, lambda: breakdown_rows() >= 6, 30)
    ben.close()
