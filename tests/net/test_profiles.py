"""Ratings where players look: beside the names in the list of tables, and a player's profile
(ratings by game with their history, recent games), on SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.club import leaderboard, list_rooms, player_profile
from dragon_tui.net.store import Store

from .helpers import TablesThread
from .test_store import _table
from .test_tables import TWO, play


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


def _finished_duel(club, first: frozenset[int], seed: int) -> str:
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    ben = RemoteTable.join(club.path, "ben", ana.room, 1)
    play({0: ana, 1: ben}, random.Random(seed), first=first)
    room = ana.room
    ana.leave()
    ben.leave()
    return room


@pytest.mark.slow
def test_the_lobby_profile_and_board_show_one_rating_and_its_history(club, db_url):
    first = _finished_duel(club, frozenset({0}), 3)
    board = {e["player"]: e["rating"] for e in leaderboard(club.path, "cai", "crowns")}
    # a new table of the same game shows each seated person's rating, the board's number
    cai = RemoteTable.host(club.path, "ana", "crowns", TWO)
    listed = {r["id"]: r for r in list_rooms(club.path, "cai")}[cai.room]
    assert listed["seats"][0]["rating"] == pytest.approx(board["ana"], abs=0.06)
    assert "rating" not in listed["seats"][1]  # a free seat has no number
    # at the table too: every seated person's rating comes with the table's updates
    assert cai.wait_for(lambda t: (t.seat_info or [{}])[0].get("rating") == listed["seats"][0]["rating"], 10)
    cai.leave()
    _finished_duel(club, frozenset({1}), 4)

    page = player_profile(club.path, "cai", of="ana")
    assert page["player"] == "ana"
    [crowns] = page["ratings"]
    assert crowns["game"] == "crowns" and crowns["games"] == 2
    history = page["history"]["crowns"]
    assert len(history) == 2 and history[0][0] <= history[1][0]  # oldest first, one per rated game
    assert history[-1][1] == pytest.approx(crowns["rating"], abs=0.01)
    assert [g["id"] for g in page["games"]][-1] == first and len(page["games"]) == 2
    assert player_profile(club.path, "dan")["ratings"] == []  # nobody rated yet: an empty page


def test_a_profile_request_names_a_player(club):
    with pytest.raises(IllegalAction, match="by name"):
        player_profile(club.path, "ana", of="x" * 65)


def test_history_is_written_with_each_rating(db_url):
    store = Store(db_url)
    try:
        for n, ranks in enumerate(([1, 2], [2, 1], [1, 2])):
            tid = f"t{n}"
            store.create_table(_table(tid))
            store.append_move(tid, 1, 0, {"kind": "a"}, over=True)
            assert store.record_result(tid, "crowns", ["ana", "ben"], ranks, now=100.0 + n)
        page = store.profile("ana")
        assert [at for at, _ in page["history"]["crowns"]] == [100.0, 101.0, 102.0]
        assert page["history"]["crowns"][-1][1] == page["ratings"][0]["rating"]
        assert store.ratings_of(["ana", "ben", "nobody"]).keys() == {"ana", "ben"}
    finally:
        store.close()


def test_an_older_club_database_starts_the_history_from_the_ratings_it_kept(tmp_path):
    """A club upgraded from the schema before the history: each kept rating becomes its first
    point, and nothing else changes."""
    import sqlite3

    from dragon_tui.net.store.schema import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for version, statements in MIGRATIONS:
        if version > 5:
            break
        for sql in statements:
            db.execute(sql)
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
    db.execute("INSERT INTO players (name, created, last_seen) VALUES ('ana', 1, 1)")
    db.execute("INSERT INTO ratings (player, game, mu, sigma, games, updated) VALUES ('ana', 'hoard', 30, 2, 7, 55)")
    db.commit()
    db.close()
    store = Store(str(path))
    try:
        page = store.profile("ana")
        assert page["ratings"] == [{"game": "hoard", "rating": 24.0, "mu": 30.0, "sigma": 2.0, "games": 7}]
        assert page["history"] == {"hoard": [[55.0, 24.0]]}
    finally:
        store.close()


async def test_a_bots_name_on_the_profile_is_text_not_markup(monkeypatch):
    """A recent game's players as the profile lists them: a bot's name, typed by a host, shows
    as written (brackets and all), never as markup."""
    from textual.widgets import DataTable

    from dragon_tui.ui.screens import profile as profile_screen
    from dragon_tui.ui.screens.profile import ProfileScreen

    from ..ui.apps import app_with

    page = {"player": "ana", "ratings": [], "history": {}, "games": [
        {"id": "t1", "game": "crowns", "finished": 1.0, "moves": 9, "result": [1, 2], "ending": None,
         "seats": [{"name": "ana", "kind": "remote", "player": "ana"},
                   {"name": "[b]Evil[/b] [link=http://x]y[/link]", "kind": "bot", "player": None}]}]}
    monkeypatch.setattr(profile_screen, "player_profile", lambda path, player, of=None: page)
    app = app_with()
    async with app.run_test(size=(110, 30)) as pilot:
        await app.push_screen(ProfileScreen("/nowhere", "ana"))
        await pilot.pause()
        cell = app.screen.query_one("#recent", DataTable).get_row_at(0)[3]
        assert cell.plain == "ana, [b]Evil[/b] [link=http://x]y[/link] (bot)"
        assert str(app.screen.query_one("#recent", DataTable).get_row_at(0)[2]) == "1st of 2"
