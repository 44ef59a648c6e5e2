"""Invitations: a host keeps a seat for a named player; nobody else may sit there; the guest
sees the table first and accepts by sitting down or declines, which closes the table. On SQLite
and PostgreSQL, across a restart of the table server."""

from __future__ import annotations

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.club import decline_invitation, list_rooms

from .helpers import TablesThread

INVITE_BO = [{"kind": "remote"}, {"kind": "remote", "invite": "bo"}]


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


def test_a_stranger_cannot_take_the_seat_kept_for_the_guest(club):
    ann = RemoteTable.host(club.path, "ann", "crowns", INVITE_BO)
    try:
        with pytest.raises(IllegalAction, match="kept for bo: ann invited them"):
            RemoteTable.join(club.path, "cai", ann.room, 1)
        theirs = {r["id"]: r for r in list_rooms(club.path, "cai")}[ann.room]
        assert not theirs["invites_you"] and theirs["seats"][1]["invited"] == "bo"
        first = list_rooms(club.path, "bo")[0]  # the guest sees it first, marked for them
        assert first["id"] == ann.room and first["invites_you"]
        bo = RemoteTable.join(club.path, "bo", ann.room, 1)
        assert bo.seat == 1
        listed = {r["id"]: r for r in list_rooms(club.path, "bo")}[ann.room]
        assert not listed["invites_you"] and listed["seats"][1]["player"] == "bo"
        bo.close()
    finally:
        ann.close()


def test_the_guest_declines_and_everyone_at_the_table_is_told(club):
    ann = RemoteTable.host(club.path, "ann", "crowns", INVITE_BO)
    try:
        with pytest.raises(IllegalAction, match="no invitation"):
            decline_invitation(club.path, "cai", ann.room)
        decline_invitation(club.path, "bo", ann.room)
        assert ann.wait_for(lambda t: (t.ending or {}).get("how") == "declined", 10)
        assert ann.ending["by"] == "bo" and not ann.ending["rated"]
        room = {r["id"]: r for r in list_rooms(club.path, "ann")}[ann.room]
        assert room["over"]  # kept as ended, in the host's list
        assert ann.room not in {r["id"] for r in list_rooms(club.path, "bo")}
        with pytest.raises(IllegalAction):
            decline_invitation(club.path, "bo", ann.room)  # once is enough
    finally:
        ann.close()


@pytest.mark.parametrize("seats, error", [
    ([{"kind": "remote"}, {"kind": "remote", "invite": "ann"}], "your own table"),
    ([{"kind": "remote"}, {"kind": "remote", "invite": "b o"}], "by their name"),
    ([{"kind": "remote"}, {"kind": "remote", "invite": "x" * 25}], "by their name"),
    ([{"kind": "remote"}, {"kind": "remote", "invite": ["bo"]}], "by their name"),
    ([{"kind": "remote"}, {"kind": "remote", "invite": "-bo"}], "by their name"),
    ([{"kind": "remote"}, {"kind": "remote", "invite": "bo"}, {"kind": "remote", "invite": "bo"}], "one seat"),
])
def test_an_invitation_names_one_real_player_once(club, seats, error):
    game = "crowns" if len(seats) == 2 else "hoard"
    with pytest.raises(IllegalAction, match=error):
        RemoteTable.host(club.path, "ann", game, seats)


def test_an_invitation_outlives_a_restart(private_data_dir, db_url):
    club = TablesThread(private_data_dir, db=db_url)
    try:
        ann = RemoteTable.host(club.path, "ann", "crowns", INVITE_BO)
        room = ann.room
        ann.close()
    finally:
        club.stop()
    club = TablesThread(private_data_dir, db=db_url)
    try:
        with pytest.raises(IllegalAction, match="kept for bo"):
            RemoteTable.join(club.path, "cai", room, 1)
        assert list_rooms(club.path, "bo")[0]["invites_you"]
        # an invitation is kept as long as any open table, not the six hours of a table nobody joined
        kept = club.server.rooms[room]
        assert not kept.expired(kept.active + 24 * 3600)
        assert kept.expired(kept.active + 8 * 24 * 3600)
    finally:
        club.stop()


@pytest.mark.slow
async def test_hosting_for_a_named_guest_and_declining_in_the_lobby(private_data_dir, monkeypatch):
    """Ann hosts a duel for bo in the host dialog; bo's lobby lists it under his invitations
    and x declines it; ann's table is told."""
    import asyncio

    from textual.widgets import Input, Select

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.lobby import HostScreen, LobbyScreen

    from .test_lobby import _until

    club = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", club.path)
    try:
        monkeypatch.setenv("DRAGON_TUI_PLAYER", "ann")
        app = ServedApp(bot_delay=0, autosave=False)
        async with app.run_test(size=(110, 36)) as pilot:
            assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("h")
            assert await _until(pilot, lambda: isinstance(app.screen, HostScreen))
            app.screen.query_one("#game", Select).value = "crowns"
            await pilot.pause()
            app.screen.query_one("#hkind-1", Select).value = "invite"
            await pilot.pause()
            field = app.screen.query_one("#hinvite-1", Input)
            assert field.display
            field.value = "bo"
            await pilot.press("ctrl+n")
            assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            room = app.screen.table.room
            assert club.server.rooms[room].invited == [None, "bo"]
        monkeypatch.setenv("DRAGON_TUI_PLAYER", "bo")
        app = ServedApp(bot_delay=0, autosave=False)
        async with app.run_test(size=(110, 36)) as pilot:
            assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
            menu = app.screen.query_one("#rooms")
            texts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
            assert texts[0] == "Invitations for you" and "invites you" in texts[1] and "kept for you" in texts[1]
            await pilot.press("x")
            assert await _until(pilot, lambda: club.server.rooms[room].over)
            assert club.server.rooms[room].ending["how"] == "declined"
        await asyncio.sleep(0)
    finally:
        club.stop()


def test_a_bots_name_from_the_host_is_made_safe(club):
    seats = [{"kind": "remote"}, {"kind": "bot", "level": "random", "name": "\x1b[2JEvil\u202e bot\x07" + "x" * 40}]
    ann = RemoteTable.host(club.path, "ann", "crowns", seats)
    try:
        name = club.server.rooms[ann.room].table.seats[1].name
        assert name == ("[2JEvil bot" + "x" * 40)[:24] and "\x1b" not in name and "\u202e" not in name
        blank = RemoteTable.host(club.path, "bo", "crowns", [{"kind": "remote"}, {"kind": "bot", "name": ["x"]}])
        assert club.server.rooms[blank.room].table.seats[1].name == "Bot 2"
        blank.close()
    finally:
        ann.close()
