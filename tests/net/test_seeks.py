"""Seeks: "any player, this game, this time", paired with the next matching seek — on one
server and across the nodes of a cluster (the same tables, the same rule)."""

from __future__ import annotations

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.club import list_rooms

from .helpers import TablesThread


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


def test_two_seeks_for_the_same_thing_are_paired(club):
    ann = RemoteTable.seek(club.path, "ann", "crowns", move_limit=86400.0)
    try:
        assert not ann.paired and ann.seat == 0  # nobody waiting: a table of her own, seeking
        listed = {r["id"]: r for r in list_rooms(club.path, "cai")}[ann.room]
        assert listed["seek"] and listed["move_limit"] == 86400.0
        bo = RemoteTable.seek(club.path, "bo", "crowns", move_limit=86400.0)
        assert bo.paired and bo.room == ann.room and bo.seat == 1
        assert ann.wait_for(lambda t: t.seats[1].name == "bo", 10)
        assert "seek" not in {r["id"]: r for r in list_rooms(club.path, "cai")}[ann.room]  # full: no longer seeking
        bo.close()
    finally:
        ann.close()


@pytest.mark.parametrize("theirs", [
    dict(game="hoard"),  # another game
    dict(game="crowns", move_limit=3600.0),  # another time
    dict(game="crowns", move_limit=86400.0, limit_level="hard"),  # another stand-in
])
def test_seeks_for_different_things_are_not_paired(club, theirs):
    ann = RemoteTable.seek(club.path, "ann", "crowns", move_limit=86400.0)
    other = RemoteTable.seek(club.path, "bo", **theirs)
    try:
        assert not other.paired and other.room != ann.room
    finally:
        other.close()
        ann.close()


def test_a_seekers_own_seeks_are_not_paired_and_a_host_table_is_not_a_seek(club):
    host = RemoteTable.host(club.path, "dee", "crowns", [{"kind": "remote"}, {"kind": "remote"}])
    first = RemoteTable.seek(club.path, "ann", "crowns")
    try:
        assert not first.paired and first.room != host.room  # an ordinary table is joined by hand only
        with pytest.raises(IllegalAction):
            RemoteTable.seek(club.path, "ann", "crowns", players=5)
    finally:
        first.close()
        host.close()


def test_a_seek_waits_across_a_restart(private_data_dir, db_url):
    club = TablesThread(private_data_dir, db=db_url)
    try:
        ann = RemoteTable.seek(club.path, "ann", "crowns")
        room = ann.room
        ann.close()
    finally:
        club.stop()
    club = TablesThread(private_data_dir, db=db_url)
    try:
        bo = RemoteTable.seek(club.path, "bo", "crowns")
        assert bo.paired and bo.room == room
        bo.close()
    finally:
        club.stop()


@pytest.mark.slow
async def test_seeking_in_the_lobby_pairs_with_a_waiting_seek(private_data_dir, monkeypatch):
    import asyncio

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.lobby import HostScreen, LobbyScreen

    from .test_lobby import _until

    club = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", club.path)
    monkeypatch.setenv("DRAGON_TUI_PLAYER", "bo")
    try:
        ann = await asyncio.to_thread(RemoteTable.seek, club.path, "ann", "crowns")
        app = ServedApp(bot_delay=0, autosave=False)
        async with app.run_test(size=(110, 36)) as pilot:
            assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
            menu = app.screen.query_one("#rooms")
            assert any("seeks a player" in str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count))
            await pilot.press("s")
            assert await _until(pilot, lambda: isinstance(app.screen, HostScreen))
            assert not app.screen.query_one("#hseat-1").display  # a seek has no seat choices
            from textual.widgets import Select

            app.screen.query_one("#game", Select).value = "crowns"
            await pilot.press("f9")
            assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.screen.table.room == ann.room and app.screen.table.paired
        ann.close()
    finally:
        club.stop()
