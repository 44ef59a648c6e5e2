"""Correspondence play a club can rely on: finished games are kept (listed per player,
replayable long after the old deletion horizon), an abandoned game ends by forfeit (recorded,
rated by the rule), only offers nobody took are removed, and the club's database survives a
backup and restore round trip — on SQLite and on the real PostgreSQL."""

from __future__ import annotations

import os
import random
import stat
import time

import pytest

from dragon_tui.net import endings
from dragon_tui.net import tables as module
from dragon_tui.net.client import Connection, RemoteTable
from dragon_tui.net.club import past_games, review_game
from dragon_tui.net.store import Store
from dragon_tui.net.store.backup import backup, restore
from dragon_tui.net.store.ratings import forfeits_last, initial, update_with_absent

from .helpers import TablesThread
from .test_tables import TWO, play

pytestmark = pytest.mark.net


def _ask(path, who: str, op: str, **fields):
    conn = Connection(path, who)
    try:
        return conn.request(op, **fields)
    finally:
        conn.close()


def _both_move(ana: RemoteTable, bo: RemoteTable) -> None:
    """Each player makes moves of their own until both have moved (a game between them)."""
    by_seat = {0: ana, 1: bo}
    moved: set[int] = set()
    for _ in range(40):
        if moved == {0, 1} or ana.state.is_over:
            break
        seat = ana.state.current_player
        me = by_seat[seat]
        assert me.wait_for(lambda t: len(t.moves) == len(ana.moves), 10)
        me.apply(me.state.legal_actions()[0])
        moved.add(seat)
        for t in by_seat.values():
            assert t.wait_for(lambda t: len(t.moves) == len(me.moves), 10)
    assert moved == {0, 1}


@pytest.mark.slow
@pytest.mark.pg
def test_a_finished_game_is_still_listed_and_replayable_after_the_old_deletion_horizon(tmp_path, db_url):
    first = TablesThread(tmp_path / "a", db=db_url)
    try:
        ana = RemoteTable.host(first.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(first.path, "bo", ana.room, 1)
        made = play({0: ana, 1: bo}, random.Random(5))
        assert made > 10 and ana.state.is_over
        room_id, total = ana.room, len(ana.moves)
        ana.close()
        bo.close()
        time.sleep(0.2)
        # the clock moves on past the old horizon (a day after the last move) by a year
        later = time.time() + module.FINISHED_KEPT + 365 * endings.DAY
        assert first.call(lambda: first.server.sweep(later)) == []
        assert room_id not in first.server.rooms  # out of memory: archived in the database
    finally:
        first.stop()
    second = TablesThread(tmp_path / "b", db=db_url)  # a restart, on the same database
    try:
        listed = _ask(second.path, "ana", "games")["games"]
        assert [g["id"] for g in listed] == [room_id]
        game = listed[0]
        assert game["game"] == "crowns" and game["moves"] == total
        assert [s["player"] for s in game["seats"]] == ["ana", "bo"] and sorted(game["result"])[0] == 1
        assert past_games(second.path, "bo", of="ana")[0]["id"] == room_id
        assert past_games(second.path, "ana", before=game["finished"]) == []  # paging back: nothing older
        assert _ask(second.path, "cai", "games")["games"] == []
        review = review_game(second.path, "bo", room_id)
        assert review["total"] == total and len(review["moves"]) == total and review["seat"] == 1
        start = _ask(second.path, "bo", "review", room=room_id, k=0)
        assert start["k"] == 0 and start["view"] != review["view"]
        with pytest.raises(Exception, match="No such position"):
            _ask(second.path, "bo", "review", room=room_id, k=total + 1)
        with pytest.raises(Exception, match="Ask for 1 to"):
            _ask(second.path, "bo", "games", limit=10_000)
    finally:
        second.stop()


@pytest.mark.pg
def test_an_open_game_is_not_reviewable(tmp_path, db_url):
    tables = TablesThread(tmp_path, db=db_url)
    try:
        ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
        with pytest.raises(Exception, match="no such finished game"):
            _ask(tables.path, "bo", "review", room=ana.room)  # hidden hands stay hidden
        ana.close()
    finally:
        tables.stop()


@pytest.mark.slow
@pytest.mark.pg
def test_an_abandoned_two_player_game_ends_by_forfeit_recorded_and_rated(tmp_path, db_url):
    tables = TablesThread(tmp_path, db=db_url)
    try:
        ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(tables.path, "bo", ana.room, 1)
        _both_move(ana, bo)
        room = tables.server.rooms[ana.room]
        absent = room.table.state.current_player
        bo.close()
        now = time.time()
        # a week without a move is not yet leaving a table with no time limit: nothing ends
        assert tables.call(lambda: tables.server.sweep(now + module.ABANDONED_AFTER + 60)) == []
        assert not room.over and ana.room in tables.server.rooms
        tables.call(lambda: tables.server.sweep(now + endings.NO_LIMIT_FORFEIT + 60))
        assert room.over and room.ending["how"] == "forfeit" and room.ending["seats"] == [absent]
        store: Store = tables.server.store
        rec = tables.call(lambda: store.load_table(ana.room))
        assert rec.over and rec.ending["seats"] == [absent] and len(rec.moves) == len(room.table.moves)
        winner = "bo" if absent == 0 else "ana"
        loser = "ana" if absent == 0 else "bo"
        assert tables.call(lambda: store.rating(winner, "crowns")).mu > initial().mu
        assert tables.call(lambda: store.rating(loser, "crowns")).mu < initial().mu
        games = _ask(tables.path, "ana", "games")["games"]
        assert games[0]["id"] == ana.room and games[0]["ending"]["how"] == "forfeit"
        assert games[0]["result"][absent] == 2 and games[0]["result"][1 - absent] == 1
        if absent == 0:  # no move after the end, though the position is not over by the rules
            with pytest.raises(Exception, match="over"):
                ana.apply(ana.state.legal_actions()[0])
        ana.close()
    finally:
        tables.stop()


@pytest.mark.net
def test_a_forfeit_before_both_players_moved_is_recorded_but_not_rated(private_data_dir):
    tables = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(tables.path, "bo", ana.room, 1)
        ana.close()
        bo.close()
        time.sleep(0.2)
        room = tables.server.rooms[ana.room]
        tables.call(lambda: tables.server.sweep(time.time() + endings.NO_LIMIT_FORFEIT + 60))
        assert room.over and room.ending["rated"] is False
        assert tables.call(lambda: tables.server.store.rating("ana", "crowns")) is None
        assert tables.call(lambda: tables.server.store.table_exists(ana.room))  # kept, not deleted
    finally:
        tables.stop()


@pytest.mark.net
def test_with_a_time_limit_the_absent_seat_forfeits_only_after_its_stand_in_played_a_week(private_data_dir):
    tables = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(tables.path, "bo", ana.room, 1)
        _both_move(ana, bo)
        room = tables.server.rooms[ana.room]
        seat = room.table.state.current_player
        room.move_limit = 3600.0
        now = time.time()
        assert endings.forfeit_due(room, now + 7200) is None  # time ran out, but never away before
        room.away_since[seat] = now - endings.FORFEIT_GRACE + 3600  # the stand-in played for 6 d 23 h
        assert endings.forfeit_due(room, now + 1800) is None  # its time has not run out yet
        assert endings.forfeit_due(room, now + 3700) == seat  # run out again, a week away: forfeits
        room.moved(seat, None, now)  # the person came back and moved themselves
        assert endings.forfeit_due(room, now + 3700) is None
        ana.close()
        bo.close()
    finally:
        tables.stop()


def test_a_forfeited_seat_is_placed_last_and_never_gains():
    assert forfeits_last([1, 2, 3], [0]) == [3, 1, 2]
    assert forfeits_last([2, 1, 1, 3], [1, 3]) == [2, 3, 1, 3]
    newcomer, strong = initial(), initial()
    strong.mu += 10
    after = update_with_absent([strong, newcomer], [2, 1], [True, False], forfeited=(0,))
    assert after[1].mu > newcomer.mu  # the winner by forfeit gains, stand-in or not
    assert after[0].ordinal <= strong.ordinal
    # a newcomer's first loss can raise its conservative rating (sigma shrinks): not for a forfeit
    lone = update_with_absent([initial(), initial()], [2, 1], [False, False], forfeited=(0,))
    assert lone[0].ordinal <= initial().ordinal


@pytest.mark.pg
def test_backup_and_restore_round_trip(tmp_path, db_url):
    tables = TablesThread(tmp_path / "club", db=db_url)
    try:
        ana = RemoteTable.host(tables.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(tables.path, "bo", ana.room, 1)
        _both_move(ana, bo)
        room_id, moves = ana.room, len(ana.moves)
        saved = tmp_path / "club.backup"
        backup(db_url, saved)  # while the server runs
        assert stat.S_IMODE(os.stat(saved).st_mode) == 0o600
        ana.apply(ana.state.legal_actions()[0]) if ana.state.current_player == 0 else bo.apply(
            bo.state.legal_actions()[0])  # a move after the backup: the restore takes it back
        ana.close()
        bo.close()
    finally:
        tables.stop()
    if db_url.startswith("postgresql"):
        store = Store(db_url)
        with store.db.transaction() as tx:  # the disaster
            tx.execute("DELETE FROM moves")
            tx.execute("DELETE FROM seats")
            tx.execute("DELETE FROM game_tables")
        store.close()
    else:
        for side in ("", "-wal", "-shm"):
            if os.path.exists(db_url + side):
                os.unlink(db_url + side)
    restore(db_url, saved)
    if not db_url.startswith("postgresql"):
        assert stat.S_IMODE(os.stat(db_url).st_mode) == 0o600
    again = TablesThread(tmp_path / "after", db=db_url)
    try:
        room = again.server.rooms[room_id]
        assert len(room.table.moves) == moves and room.owners[1]["player"] == "bo"
    finally:
        again.stop()


def test_a_damaged_backup_is_refused_with_a_message(tmp_path):
    bad = tmp_path / "bad.backup"
    bad.write_bytes(b"not a database at all" * 100)
    target = tmp_path / "club.sqlite3"
    from dragon_tui.net.store import StoreError

    with pytest.raises(StoreError, match="not a backup|damaged"):
        restore(str(target), bad)
    assert not target.exists()


def test_the_serve_backup_and_restore_commands(tmp_path, capsys):
    from dragon_tui.net.cli import main

    db = tmp_path / "club.sqlite3"
    store = Store(str(db))
    store.touch_player("ana", None, 1.0)
    store.close()
    saved = tmp_path / "saved.backup"
    assert main(["--db", str(db), "--backup", str(saved)]) == 0
    assert stat.S_IMODE(os.stat(saved).st_mode) == 0o600
    store = Store(str(db))
    with store.db.transaction() as tx:
        tx.execute("DELETE FROM players")
    store.close()
    assert main(["--db", str(db), "--restore", str(saved)]) == 0
    store = Store(str(db))
    try:
        assert store.db.query("SELECT name FROM players") == [("ana",)]
    finally:
        store.close()
    assert main(["--db", str(db), "--restore", str(tmp_path / "missing")]) == 1
    assert "no backup at" in capsys.readouterr().err


@pytest.mark.net
def test_a_solitaire_left_for_weeks_is_kept_open(private_data_dir):
    tables = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(tables.path, "ana", "court", [{"kind": "remote"}])
        ana.apply(ana.state.legal_actions()[0])
        assert ana.wait_for(lambda t: len(t.moves) >= 1, 10)
        ana.close()
        time.sleep(0.2)
        room = tables.server.rooms[ana.room]
        assert tables.call(lambda: tables.server.sweep(time.time() + 10 * endings.NO_LIMIT_FORFEIT)) == []
        assert not room.over and ana.room in tables.server.rooms
    finally:
        tables.stop()
