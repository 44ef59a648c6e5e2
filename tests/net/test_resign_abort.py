"""Resign and abort at shared tables: a resignation at any time ends the game lost for that
seat, recorded and rated; an abort closes a game before two persons have moved, nothing rated.
On SQLite and the real PostgreSQL."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable, TablesError
from dragon_tui.net.store.ratings import initial

from .helpers import TablesThread
from .test_correspondence import _ask, _both_move
from .test_lobby import tables  # noqa: F401  (the lobby's table server fixture, shared)

TWO = [{"kind": "remote"}, {"kind": "remote"}]
THREE = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "remote"}]


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


@pytest.mark.slow
@pytest.mark.net
@pytest.mark.pg
def test_a_resignation_ends_the_game_recorded_and_rated(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    _both_move(ana, bo)
    reply = bo.resign()
    assert reply["ending"]["how"] == "resign" and reply["ending"]["seats"] == [1]
    room = club.server.rooms[ana.room]
    assert room.over
    store = club.server.store
    assert club.call(lambda: store.rating("ana", "crowns")).mu > initial().mu
    assert club.call(lambda: store.rating("bo", "crowns")).mu < initial().mu
    games = _ask(club.path, "ana", "games")["games"]
    assert games[0]["ending"]["how"] == "resign" and games[0]["result"] == [1, 2]
    with pytest.raises((IllegalAction, TablesError), match="over"):
        ana.resign()
    with pytest.raises((IllegalAction, TablesError), match="over"):
        bo.abort()
    ana.close()
    bo.close()


@pytest.mark.net
def test_a_resignation_in_a_three_player_game_hands_the_seat_to_a_bot(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "hoard", THREE)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        cy = RemoteTable.join(club.path, "cy", ana.room, 2)
        cy.resign()
        room = club.server.rooms[ana.room]
        assert not room.over and room.table.seats[2].is_bot and room.forfeited == [2]
        assert room.owners[2]["player"] == "cy"  # the seat stays cy's, for the result
        assert club.call(lambda: club.server.store.load_table(ana.room)).seats[2].kind == "bot"
        with pytest.raises((IllegalAction, TablesError), match="left this game"):
            cy.resign()
        for t in (ana, bo, cy):
            t.close()
    finally:
        club.stop()


@pytest.mark.net
@pytest.mark.pg
def test_an_abort_before_both_moved_closes_the_table_unrated(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    stranger = RemoteTable.watch(club.path, "eve", ana.room)
    with pytest.raises((IllegalAction, TablesError), match="Only the players"):
        stranger.abort()
    first = ana if ana.state.current_player == 0 else bo
    first.apply(first.state.legal_actions()[0])  # one person moved: still abortable
    assert ana.wait_for(lambda t: len(t.moves) >= 1, 10)
    reply = bo.abort()
    assert reply["ending"]["how"] == "abort"
    room = club.server.rooms[ana.room]
    assert room.over and ana.wait_for(lambda t: t.state is not None, 5)
    store = club.server.store
    assert club.call(lambda: store.rating("ana", "crowns")) is None
    assert club.call(lambda: store.rating("bo", "crowns")) is None
    rec = club.call(lambda: store.load_table(ana.room))
    assert rec.over and rec.ending["how"] == "abort"
    with pytest.raises((IllegalAction, TablesError), match="over"):
        first.apply(first.state.legal_actions()[0]) if first.state.current_player == first.seat else first.resign()
    for t in (ana, bo, stranger):
        t.close()


@pytest.mark.net
def test_no_abort_once_both_players_moved(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        _both_move(ana, bo)
        with pytest.raises((IllegalAction, TablesError), match="can no longer be aborted"):
            ana.abort()
        assert not club.server.rooms[ana.room].over
        ana.close()
        bo.close()
    finally:
        club.stop()


@pytest.mark.slow
@pytest.mark.net
@pytest.mark.ui
async def test_resign_from_the_game_screen_after_a_confirmation(tables):  # noqa: F811
    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.dialogs import ConfirmScreen
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.game_over import GameOverScreen
    from dragon_tui.ui.screens.lobby import LobbyScreen

    from .test_lobby import _until

    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns", TWO)
    ana = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    ana.leave()
    room = tables.server.rooms[ben.room]
    app = ServedApp(bot_delay=0, autosave=False)
    told: list[str] = []
    notify = app.notify
    app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
    async with app.run_test(size=(110, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("j")
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.check_action("resign", ())
        await pilot.press("ctrl+g")
        assert await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")  # "Play on": nothing happens
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert not room.over
        await pilot.press("ctrl+g")
        assert await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        assert await _until(pilot, lambda: room.over)
        assert room.ending["how"] == "resign" and room.ending["seats"] == [1]
        # the game-over screen says how it ended; under it the game no longer offers to resign
        assert await _until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert not game.check_action("resign", ())
        assert await _until(pilot, lambda: "ana resigned: the game is over." in told)
    ben.close()


def test_no_resign_or_abort_key_at_a_local_table():
    from dragon_tui.session import Seat, Table
    from dragon_tui.ui.screens.game import GameScreen

    from types import SimpleNamespace

    screen = SimpleNamespace(table=Table("crowns", [Seat("a"), Seat("b", "bot")], 1), snapshot=None,
                             PLAYING_ONLY=GameScreen.PLAYING_ONLY, OVER_ONLY=GameScreen.OVER_ONLY)
    assert not GameScreen.check_action(screen, "resign", ())  # the footer of local games is unchanged
    assert not GameScreen.check_action(screen, "abort", ())


@pytest.mark.net
@pytest.mark.slow
def test_a_seat_given_up_in_a_three_player_game_is_placed_last_when_it_ends(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "hoard", THREE)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        cy = RemoteTable.join(club.path, "cy", ana.room, 2)
        by_seat = {0: ana, 1: bo, 2: cy}
        rng = random.Random(7)
        moved = set()
        end = time.monotonic() + 60
        room = club.server.rooms[ana.room]
        while not room.table.state.is_over:
            assert time.monotonic() < end, "the game did not finish in time"
            if len(moved) == 2 and not room.forfeited:
                cy.resign()  # after two persons moved: a game, rated
            seat = room.table.state.current_player
            if seat in room.forfeited or seat not in by_seat:
                time.sleep(0.01)  # the bot plays cy's seat
                continue
            me = by_seat[seat]
            n = len(room.table.moves)  # each player chooses from the position the server is at
            if not me.wait_for(lambda t: len(t.moves) == n, 5) or me.state.current_player != seat:
                continue
            me.apply(rng.choice(me.state.legal_actions()))
            moved.add(seat)
        assert room.forfeited == [2]
        store = club.server.store
        for _ in range(100):
            games = club.call(lambda: store.games_of("cy"))
            if games and games[0]["result"]:
                break
            time.sleep(0.05)
        assert games[0]["result"][2] == 3 and sorted(games[0]["result"][:2])[0] == 1
        assert club.call(lambda: store.rating("cy", "hoard")).ordinal <= initial().ordinal
        for t in (ana, bo, cy):
            t.close()
    finally:
        club.stop()


@pytest.mark.net
@pytest.mark.pg
def test_a_resignation_on_one_node_ends_the_game_on_the_other(tmp_path, postgres_server):
    url = postgres_server.new_database()
    first = TablesThread(tmp_path / "a", db=url)
    second = TablesThread(tmp_path / "b", db=url)
    try:
        ana = RemoteTable.host(first.path, "ana", "crowns", TWO)
        for _ in range(100):  # the table reaches the second node by NOTIFY
            if ana.room in second.server.rooms:
                break
            time.sleep(0.05)
        bo_there = RemoteTable.join(second.path, "bo", ana.room, 1)
        assert ana.wait_for(lambda t: t.names == ["ana", "bo"], 10)
        _both_move(ana, bo_there)
        ana.resign()
        assert bo_there.wait_for(lambda t: t.ending is not None, 10)
        assert bo_there.ending["how"] == "resign" and bo_there.ending["seats"] == [0]
        assert second.server.rooms[ana.room].over
        with pytest.raises((IllegalAction, TablesError), match="over"):
            bo_there.apply(bo_there.state.legal_actions()[0]) if bo_there.state.current_player == 1 else bo_there.resign()
        ana.close()
        bo_there.close()
    finally:
        second.stop()
        first.stop()


@pytest.mark.net
@pytest.mark.ui
async def test_abort_from_the_game_screen_until_both_moved(tables):  # noqa: F811
    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.dialogs import ConfirmScreen
    from dragon_tui.ui.screens.game import GameScreen
    from dragon_tui.ui.screens.game_over import GameOverScreen
    from dragon_tui.ui.screens.lobby import LobbyScreen

    from .test_lobby import _until

    ben = await asyncio.to_thread(RemoteTable.host, tables.path, "ben", "crowns", TWO)
    ana = await asyncio.to_thread(RemoteTable.join, tables.path, "ana", ben.room, 1)
    assert ana.abortable
    ana.leave()
    room = tables.server.rooms[ben.room]
    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(110, 30)) as pilot:
        assert await _until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.rooms)
        await pilot.press("j")
        assert await _until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.check_action("abort", ())
        await pilot.press("ctrl+x")
        assert await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        assert await _until(pilot, lambda: room.over)
        assert room.ending["how"] == "abort"
        assert await _until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert not game.check_action("abort", ())
        assert "aborted" in str(app.screen.query_one("#over-title").render())
    ben.close()


@pytest.mark.net
def test_the_abort_offer_ends_when_both_have_moved(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        assert bo.wait_for(lambda t: t.abortable, 5)
        _both_move(ana, bo)
        assert ana.wait_for(lambda t: not t.abortable, 5) and bo.wait_for(lambda t: not t.abortable, 5)
        ana.close()
        bo.close()
    finally:
        club.stop()


@pytest.mark.slow
async def test_a_game_ended_by_a_resignation_opens_the_game_over_screen(private_data_dir, monkeypatch):
    """The other player resigns: the game-over screen says how it ended and who won by it."""
    import asyncio

    from textual.widgets import Static

    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game_over import GameOverScreen
    from dragon_tui.ui.screens.shared_game import SharedGameScreen

    from .helpers import TablesThread
    from .test_lobby import _until

    club = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", club.path)
    monkeypatch.setenv("DRAGON_TUI_PLAYER", "ana")
    try:
        app = ServedApp(bot_delay=0, autosave=False)
        async with app.run_test(size=(100, 34)) as pilot:
            assert await _until(pilot, lambda: app.screen.__class__.__name__ == "LobbyScreen")
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("ctrl+n")
            assert await _until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
            table = app.screen.table
            ben = await asyncio.to_thread(RemoteTable.join, club.path, "ben", table.room, 1)
            await asyncio.to_thread(ben.resign)
            assert await _until(pilot, lambda: isinstance(app.screen, GameOverScreen))
            title = str(app.screen.query_one("#over-title", Static).render())
            assert "ben resigned: the game is over. ana wins!" in title
            ben.close()
    finally:
        club.stop()
