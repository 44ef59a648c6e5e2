"""The club's lobby in the app (pilot): your tables first with your turn marked, hosting with a
time limit, the boards screen, today's deal."""

from __future__ import annotations

import pytest

import asyncio
import random

from dragon_tui.net.client import RemoteTable

from .test_lobby import _until, tables  # noqa: F401  (the lobby's table server fixture, shared)

TWO = [{"kind": "remote"}, {"kind": "remote"}]



@pytest.mark.slow
async def test_your_tables_come_first_with_your_turn_marked(tables):
    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.lobby import LobbyScreen

    other = await asyncio.to_thread(RemoteTable.host, tables.path, "cai", "crowns", TWO)
    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns", TWO)
    ana = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    for _ in range(20):  # Ben plays until it is Ana's turn
        assert await asyncio.to_thread(ben.wait_for, lambda t: len(t.moves) == len(ana.moves), 10)
        if ben.state.current_player == 1:
            break
        await asyncio.to_thread(ben.apply, ben.state.legal_actions()[0])
    assert await asyncio.to_thread(ana.wait_for, lambda t: t.state.current_player == 1, 10)
    ana.leave()
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(110, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        rooms = app.screen.rooms
        assert [r["id"] for r in rooms] == [ben.room, other.room]
        assert rooms[0]["your_turn"] and rooms[0]["mine"] and not rooms[1]["mine"]
        menu = app.screen.query_one("#rooms")
        texts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert texts[0].startswith("Your tables — your turn at 1") and "your turn" in texts[1]
        assert texts[2] == "Other tables" and ("cai to play" in texts[3] or "a free seat to play" in texts[3])
        await pilot.press("j")  # the highlighted table is hers, where it is her turn
        assert await _until(pilot, lambda: getattr(app.screen, "table", None) is not None
                            and getattr(app.screen.table, "room", None) == ben.room)
    for t in (ben, other):
        t.close()


@pytest.mark.slow
async def test_host_a_correspondence_table_with_a_time_limit(tables):
    from textual.widgets import Select

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.lobby import HostScreen, LobbyScreen

    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 40)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("h")
        assert await _until(pilot, lambda: isinstance(app.screen, HostScreen))
        app.screen.query_one("#limit", Select).value = "1 day a turn + 3 days bank"
        app.screen.query_one("#limit-level", Select).value = "random"
        await pilot.pause()
        await pilot.press("ctrl+n")
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        room = tables.server.rooms[app.screen.table.room]
        assert room.move_limit == 86400.0 and room.limit_level == "random"
        assert room.bank == 3 * 86400.0 and room.banks == [3 * 86400.0, 3 * 86400.0]


@pytest.mark.slow
async def test_the_boards_and_the_profile_show_ratings_and_todays_deal(tables):
    from textual.widgets import DataTable, Sparkline

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.leaderboard import LeaderboardScreen
    from dragon_tui.ui.screens.profile import ProfileScreen
    from dragon_tui.ui.screens.lobby import LobbyScreen

    from .test_tables import play

    ana = await asyncio.to_thread(RemoteTable.host, tables.path, "ana", "throne", TWO)  # secret seed: hidden cards
    ben = await asyncio.to_thread(RemoteTable.join, tables.path, "ben", ana.room, 1)
    await asyncio.to_thread(play, {0: ana, 1: ben}, random.Random(1), 120)
    ana.close()
    ben.close()
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(110, 40)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("b")
        assert await _until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
        grid = app.screen.query_one("#ratings", DataTable)
        assert await _until(pilot, lambda: grid.row_count == 2)
        names = {str(grid.get_row_at(i)[1]) for i in range(2)}
        assert names == {"ana (you)", "ben"}
        daily = app.screen.query_one("#daily", DataTable)
        assert "nobody has finished" in str(daily.get_row_at(0)[1])
        await pilot.press("escape")
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("p")  # her profile: the board's rating, its history, the game just played
        assert await _until(pilot, lambda: isinstance(app.screen, ProfileScreen))
        rated = app.screen.query_one("#ratings", DataTable)
        assert await _until(pilot, lambda: rated.row_count == 1)
        row = rated.get_row_at(0)
        assert str(row[0]) == "Princes of the Dragon Throne" and str(row[1]) == str(grid.get_row_at(
            [str(grid.get_row_at(i)[1]) for i in range(2)].index("ana (you)"))[2])
        [point] = app.screen.query_one("#history", Sparkline).data
        assert f"{point:.1f}" == str(row[1])
        recent = app.screen.query_one("#recent", DataTable)
        assert recent.row_count == 1 and "ben" in str(recent.get_row_at(0)[3])
        await pilot.press("escape")
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("d")  # today's deal opens at a table of her own
        assert await _until(pilot, lambda: getattr(getattr(app.screen, "table", None), "game", None) is not None
                            and app.screen.table.game.id == "court")


def test_time_left_reads_like_a_clock():
    from dragon_tui.ui.screens.lobby import time_left

    assert time_left(None) == ""
    assert time_left(1000.0 + 59 * 60, now=1000.0) == "59 min left"
    assert time_left(1000.0 + 5 * 3600 + 12 * 60, now=1000.0) == "5 h 12 min left"
    assert time_left(1000.0 + 3 * 86400 + 2 * 3600, now=1000.0) == "3 d 2 h left"
    assert time_left(500.0, now=1000.0) == "0 min left"
