"""The server's database, against SQLite and a real PostgreSQL: migrations, tables and their
moves, the move-number race, ratings, high scores and the daily board."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from dragon_tui.net.store import Conflict, SeatRecord, Store, StoreError, TableRecord
from dragon_tui.net.store.schema import LATEST


def _table(table_id: str = "t1", seats: int = 2, **kw) -> TableRecord:
    return TableRecord(table_id, "crowns", {"x": 1}, 42, "ana", 1000.0,
                       [SeatRecord(i, f"Seat {i + 1}", "remote", "greedy") for i in range(seats)], **kw)


@pytest.fixture
def store(db_url):
    s = Store(db_url)
    yield s
    s.close()


def test_migrations_apply_once_and_a_newer_schema_is_refused(db_url):
    first = Store(db_url)
    assert first.version == LATEST
    first.close()
    again = Store(db_url)  # a second start applies nothing and finds the same version
    assert again.version == LATEST
    assert again.db.query("SELECT COUNT(*) FROM schema_version") == [(LATEST,)]
    with again.db.transaction() as tx:
        tx.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST + 1,))
    again.close()
    with pytest.raises(StoreError, match="newer|Upgrade"):
        Store(db_url)


def test_sqlite_runs_in_wal_mode(tmp_path):
    s = Store(str(tmp_path / "x.sqlite3"))
    s.close()
    with sqlite3.connect(tmp_path / "x.sqlite3") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_table_and_its_moves_come_back(store):
    store.create_table(_table(move_limit=3600.0, limit_level="random"))
    store.sit("t1", 0, "ana", "h0")
    store.append_move("t1", 1, 0, {"kind": "a", "args": [1]}, over=False, now=1001.0)
    store.append_move("t1", 2, 1, {"kind": "b", "args": ["x"]}, over=False, timeout_level="random", now=1002.0)
    rec = store.load_table("t1")
    assert rec.options == {"x": 1} and rec.seed == 42 and rec.move_limit == 3600.0 and rec.limit_level == "random"
    assert [(s.player, s.token_hash, s.name) for s in rec.seats] == [("ana", "h0", "ana"), (None, None, "Seat 2")]
    assert [(m.number, m.seat, m.action, m.timeout_level) for m in rec.moves] == [
        (1, 0, {"kind": "a", "args": [1]}, None), (2, 1, {"kind": "b", "args": ["x"]}, "random")]
    assert rec.turn_since == 1002.0
    assert [t.id for t in store.open_tables()] == ["t1"]


def test_a_move_must_follow_the_last_one(store):
    store.create_table(_table())
    with pytest.raises(Conflict):
        store.append_move("t1", 2, 0, {"kind": "a"}, over=False)  # skips move 1
    store.append_move("t1", 1, 0, {"kind": "a"}, over=False)
    with pytest.raises(Conflict):
        store.append_move("t1", 1, 1, {"kind": "b"}, over=False)  # move 1 again
    assert [m.action for m in store.load_table("t1").moves] == [{"kind": "a"}]


def test_two_clients_race_for_the_same_move_number_and_exactly_one_wins(db_url):
    """Two connections (as two server processes would have) send move 1 at the same instant,
    many times over: each time one is written and the other refused, never both or neither."""
    setup = Store(db_url)
    clients = [Store(db_url), Store(db_url)]
    try:
        for round_ in range(15):
            tid = f"race{round_}"
            setup.create_table(_table(tid))
            barrier = threading.Barrier(2)
            results: list[str] = []

            def send(i: int) -> None:
                barrier.wait()
                try:
                    clients[i].append_move(tid, 1, i, {"kind": f"from{i}"}, over=False)
                    results.append("won")
                except Conflict:
                    results.append("refused")

            threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
            assert sorted(results) == ["refused", "won"]
            moves = setup.load_table(tid).moves
            assert len(moves) == 1 and moves[0].number == 1
    finally:
        for s in (setup, *clients):
            s.close()


def test_a_free_seat_goes_to_one_player_only(store):
    store.create_table(_table())
    store.sit("t1", 1, "ben", "hb")
    with pytest.raises(Conflict):
        store.sit("t1", 1, "cai", "hc")
    assert store.load_table("t1").seats[1].player == "ben"


def test_parameters_keep_odd_names_as_plain_text(store):
    odd = "x'); DROP TABLE players; --%s?"
    store.touch_player(odd, "SHA256:abc")
    store.touch_player(odd, "SHA256:abc")
    assert store.identities(odd) == ["SHA256:abc"]
    assert store.db.query("SELECT name FROM players") == [(odd,)]


def test_a_finished_game_is_rated_once(store):
    store.create_table(_table())
    store.append_move("t1", 1, 0, {"kind": "a"}, over=True)
    new = store.record_result("t1", "crowns", ["ana", "ben"], [1, 2])
    assert new["ana"].mu > 25 > new["ben"].mu and new["ana"].games == 1
    assert store.record_result("t1", "crowns", ["ana", "ben"], [1, 2]) is None  # not twice
    assert store.rating("ana", "crowns").mu == pytest.approx(new["ana"].mu)
    board = store.leaderboard("crowns")
    assert [b["player"] for b in board] == ["ana", "ben"] and board[0]["games"] == 1
    assert store.leaderboard("hoard") == []


def test_games_with_bots_or_one_person_at_two_seats_are_not_rated(store):
    for tid, players in (("tb", ["ana", None]), ("tt", ["ana", "ana"])):
        store.create_table(_table(tid))
        store.append_move(tid, 1, 0, {"kind": "a"}, over=True)
        assert store.record_result(tid, "crowns", players, [1, 2]) is None
    assert store.rating("ana", "crowns") is None
    assert store.db.query("SELECT result FROM game_tables ORDER BY id") == [("[1, 2]",)] * 2  # the ranks, all the same


def test_a_result_is_written_with_its_ratings_or_not_at_all(store, monkeypatch):
    from dragon_tui.net.store import ratings

    store.create_table(_table())
    store.append_move("t1", 1, 0, {"kind": "a"}, over=True)

    def broken(*args, **kw):
        raise ZeroDivisionError("the rating failed half-way")

    with monkeypatch.context() as m:
        m.setattr(ratings, "update_with_absent", broken)
        with pytest.raises(ZeroDivisionError):
            store.record_result("t1", "crowns", ["ana", "ben"], [2, 1])
    assert store.db.query("SELECT result, rated FROM game_tables") == [(None, 0)]
    assert store.rating("ben", "crowns") is None
    store.record_result("t1", "crowns", ["ana", "ben"], [2, 1])  # nothing half-done is in the way
    assert store.db.query("SELECT result, rated FROM game_tables") == [("[2, 1]", 1)]
    assert store.rating("ben", "crowns").games == 1


def test_a_solitaire_score_is_written_with_its_result(store):
    store.create_table(_table("s1", seats=1))
    store.append_move("s1", 1, 0, {"kind": "a"}, over=True)
    store.record_score("s1", "court", 7, "cai", 42, 1, None)
    assert store.db.query("SELECT result FROM game_tables WHERE id = 's1'") == [("[1]",)]
    assert store.high_scores("court", 7) == [{"player": "cai", "score": 42, "moves": 1}]


def test_the_daily_board_keeps_each_players_first_attempt(store):
    for tid, player, score in (("d1", "ana", 10), ("d2", "ben", 30), ("d3", "ana", 50)):
        store.create_table(_table(tid, seats=1))
        store.record_score(tid, "court", 20261201, player, score, 40, "2026-12-01")
    store.create_table(_table("other", seats=1))
    store.record_score("other", "court", 7, "cai", 99, 40, None)
    assert store.daily_board("2026-12-01", "court") == [
        {"player": "ben", "score": 30, "moves": 40}, {"player": "ana", "score": 10, "moves": 40}]
    assert store.daily_board("2026-12-02", "court") == []
    # the seed's high scores keep every finished game
    assert [e["score"] for e in store.high_scores("court", 20261201)] == [50, 30, 10]
