"""A club's server: tables in the database (SQLite and PostgreSQL), played over days with
nobody connected in between, time limits per move, ratings, the daily deal's board, two servers
racing for one move, and a restart that loses nothing."""

from __future__ import annotations

import random
import threading
import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import Connection, RemoteTable
from dragon_tui.net.club import daily_board, leaderboard, list_rooms
from dragon_tui.net.store import Store
from dragon_tui.session import highscores

from .helpers import TablesThread
from .test_tables import TWO, play


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


def _mover(tables: dict[int, RemoteTable]) -> RemoteTable:
    any_table = next(iter(tables.values()))
    return tables[any_table.state.current_player]


@pytest.mark.slow
def test_an_asynchronous_game_across_reconnects_is_rated_at_the_end(club, db_url):
    """Ana and Ben take turns and leave; the table waits with nobody connected; each sees on
    coming back where it is their turn; the finished game updates both ratings."""
    rng = random.Random(8)
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    room = ana.room
    ben = RemoteTable.join(club.path, "ben", room, 1)
    ana.leave()
    ben.leave()
    visits = 0
    while True:
        rooms = {r["id"]: r for r in list_rooms(club.path, "ana")}
        assert rooms[room]["mine"] and all(not s["connected"] for s in rooms[room]["seats"])
        if rooms[room]["over"]:
            break
        whose = rooms[room]["to_move"]
        name = ["ana", "ben"][whose]
        mine = list_rooms(club.path, name)[0]
        assert mine["id"] == room and mine["your_turn"]  # yours first, marked as your turn
        other = list_rooms(club.path, ["ben", "ana"][whose])[0]
        assert other["id"] == room and not other["your_turn"]
        me = RemoteTable.join(club.path, name, room, whose)  # the saved token brings them back
        assert me.seat == whose and me.state.current_player == whose
        for _ in range(rng.randint(1, 3)):  # a turn may take several decisions
            if me.state.is_over or me.state.current_player != whose:
                break
            # Ana takes the first choice, Ben a random one: the game ends in about 140 visits
            # (two random players took about 520), as many comings and goings as needed.
            choices = me.state.legal_actions()
            me.apply(choices[0] if whose == 0 else rng.choice(choices))
        me.leave()
        visits += 1
        assert visits < 2000
    assert visits > 5
    store = Store(db_url)
    try:
        a, b = store.rating("ana", "crowns"), store.rating("ben", "crowns")
        assert a.games == b.games == 1 and a.mu != 25.0 and b.mu != 25.0
        assert (a.mu > b.mu) == (club.server.rooms[room].table.state.winners() == [0])
    finally:
        store.close()
    board = leaderboard(club.path, "cai", "crowns")
    assert sorted(e["player"] for e in board) == ["ana", "ben"] and all(e["games"] == 1 for e in board)


@pytest.mark.slow
def test_a_rating_update_at_a_live_table_and_none_with_a_bot(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    ben = RemoteTable.join(club.path, "ben", ana.room, 1)
    play({0: ana, 1: ben}, random.Random(2), first=frozenset({0}))
    winners = club.server.rooms[ana.room].table.state.winners()
    board = {e["player"]: e for e in leaderboard(club.path, "ana", "crowns")}
    assert set(board) == {"ana", "ben"}
    if winners == [0]:
        assert board["ana"]["mu"] > 25 > board["ben"]["mu"]
    elif winners == [1]:
        assert board["ben"]["mu"] > 25 > board["ana"]["mu"]
    for t in (ana, ben):
        t.close()
    # against a bot: played to the end, not rated
    cai = RemoteTable.host(club.path, "cai", "crowns", [{"kind": "remote"}, {"kind": "bot", "level": "random"}])
    end = time.monotonic() + 60
    while not cai.state.is_over:
        assert time.monotonic() < end
        if cai.wait_for(lambda t: t.state.current_player == 0 or t.state.is_over, 10) and not cai.state.is_over:
            cai.apply(cai.state.legal_actions()[0])  # the first choice: a shorter game than at random
    cai.close()
    assert "cai" not in {e["player"] for e in leaderboard(club.path, "ana", "crowns")}


def test_when_the_time_runs_out_a_bot_plays_the_move_and_the_log_says_so(club, db_url):
    club.server.move_limits = (0.1, 7 * 86400.0)  # the operator's range: short, so the test is quick
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO, move_limit=0.5, limit_level="random")
    with pytest.raises(IllegalAction, match="time limit"):
        RemoteTable.host(club.path, "ana", "crowns", TWO, move_limit=-1)
    time.sleep(0.8)  # the clock runs only once every seat is taken: the table waits for Ben
    assert len(ana.moves) == 0
    ben = RemoteTable.join(club.path, "ben", ana.room, 1)
    mover = ana.state.current_player
    ben.leave()  # nobody needs to be connected for the clock to run out
    assert ana.wait_for(lambda t: len(t.moves) >= 1, 15)
    first = ana.moves[0]
    assert first.seat == mover
    assert "time ran out: a random bot played this move" in first.action.describe()
    store = Store(db_url)
    try:
        assert store.load_table(ana.room).moves[0].timeout_level == "random"
    finally:
        store.close()
    ana.close()


def test_the_daily_deal_has_a_board_for_the_day(club):
    day = highscores.daily_seed()
    ana = RemoteTable.daily(club.path, "ana")
    assert ana.game.id == "court" and ana.person_seats() == [0]
    with pytest.raises(IllegalAction, match="deal of the day is table"):
        RemoteTable.daily(club.path, "ana")
    rng = random.Random(6)
    end = time.monotonic() + 120
    while not ana.state.is_over:
        assert time.monotonic() < end
        ana.apply(rng.choice(ana.state.legal_actions()))
    assert ana.seed == day  # revealed at the end: it was today's deal
    score = club.server.rooms[ana.room].table.state.scores()[0]
    ana.close()
    with pytest.raises(IllegalAction, match="played today's deal"):
        RemoteTable.daily(club.path, "ana")
    board = daily_board(club.path, "ben")
    assert board["seed"] == day and board["game"] == "court"
    assert board["board"] == [{"player": "ana", "score": score, "moves": len(club.server.rooms[ana.room].table.moves)}]


def test_two_servers_racing_for_the_same_move_one_wins_one_is_refused(tmp_path, db_url):
    """Two table servers on one database (as two processes or, later, two nodes would be):
    the same seat sends the same move number to both at once; exactly one is written."""
    first = TablesThread(tmp_path / "a", db=db_url)
    ana = RemoteTable.host(first.path, "ana", "crowns", TWO)
    ben = RemoteTable.join(first.path, "ben", ana.room, 1)
    second = TablesThread(tmp_path / "b", db=db_url)  # loads the table from the database
    try:
        seat = ana.state.current_player
        tokens = {0: ana.token, 1: ben.token}
        here = Connection(first.path, ["ana", "ben"][seat])
        there = Connection(second.path, ["ana", "ben"][seat])
        for conn in (here, there):
            conn.request("join", room=ana.room, seat=seat, token=tokens[seat])
        actions = ana.state.legal_actions()
        barrier = threading.Barrier(2)
        results: list[str] = []

        def send(conn: Connection, action) -> None:
            barrier.wait()
            try:
                conn.request("act", action=action.to_json(), at=0)
                results.append("won")
            except IllegalAction as exc:
                results.append(str(exc))

        threads = [threading.Thread(target=send, args=(c, a)) for c, a in ((here, actions[0]), (there, actions[-1]))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert results.count("won") == 1 and len(results) == 2
        assert "moved on" in next(r for r in results if r != "won")
        store = Store(db_url)
        try:
            written = store.load_table(ana.room).moves
            assert len(written) == 1
        finally:
            store.close()
        # the refused server caught up by move number: its player sees the fresh position
        for server in (first, second):
            moves = server.call(lambda server=server: list(server.server.rooms[ana.room].table.moves))
            assert len(moves) == 1 and moves[0].action.to_json() == written[0].action
        for conn in (here, there):
            conn.close()
    finally:
        for t in (ana, ben):
            t.close()
        second.stop()
        first.stop()


def test_a_server_restart_loses_nothing(private_data_dir, db_url):
    first = TablesThread(private_data_dir, db=db_url)
    # hidden cards: a secret 128-bit seed, which must come back whole from the database
    ana = RemoteTable.host(first.path, "ana", "hoard", TWO, move_limit=3600, limit_level="greedy")
    ben = RemoteTable.join(first.path, "ben", ana.room, 1)
    rng = random.Random(3)
    served = first.server.rooms[ana.room].table
    for _ in range(25):
        for t in (ana, ben):
            assert t.wait_for(lambda t: len(t.moves) == len(served.moves), 10)
        me = _mover({0: ana, 1: ben})
        me.apply(rng.choice(me.state.legal_actions()))
    before = first.server.rooms[ana.room]
    moves = [(m.seat, m.action.to_json()) for m in before.table.moves]
    state = before.table.state.to_json()
    owners = [dict(o) for o in before.owners]
    seed = before.table.seed
    assert seed >= 2**64
    tokens = (ana.token, ben.token)
    ana.close()
    ben.close()
    first.stop()
    second = TablesThread(private_data_dir, db=db_url)
    try:
        after = second.server.rooms[ana.room]
        assert [(m.seat, m.action.to_json()) for m in after.table.moves] == moves
        assert after.table.state.to_json() == state and after.table.seed == seed
        assert after.owners == owners and after.move_limit == 3600 and after.limit_level == "greedy"
        back = RemoteTable.join(second.path, "ben", ana.room, 1, token=tokens[1])
        assert len(back.moves) == len(moves)
        back.close()
    finally:
        second.stop()


@pytest.mark.slow
def test_a_time_limit_that_ran_out_while_the_server_was_down_is_played_at_start(private_data_dir, db_url):
    first = TablesThread(private_data_dir, db=db_url)
    first.server.move_limits = (0.1, 7 * 86400.0)  # short, so the test is quick
    ana = RemoteTable.host(first.path, "ana", "crowns", TWO, move_limit=1.0, limit_level="random")
    ben = RemoteTable.join(first.path, "ben", ana.room, 1)
    room = ana.room
    ana.close()
    ben.close()
    first.stop()
    time.sleep(1.2)
    second = TablesThread(private_data_dir, db=db_url)
    try:
        table = second.server.rooms[room].table
        end = time.monotonic() + 15
        while not table.moves and time.monotonic() < end:
            time.sleep(0.05)
        assert table.moves and second.server.rooms[room].timeouts.get(1) == "random"
    finally:
        second.stop()


def test_tables_of_an_older_version_are_imported_once(private_data_dir):
    """Tables kept as rooms/<id>.json move into the database, with their seats and moves."""
    from dragon_tui.net.tables import ROOM_FORMAT, ROOM_VERSION
    from dragon_tui.session import Seat, Table, storage

    table = Table("crowns", [Seat("ana", "remote"), Seat("ben", "remote")], 4)
    rng = random.Random(1)
    for _ in range(6):
        table.apply(rng.choice(table.state.legal_actions()))
    doc = {"format": ROOM_FORMAT, "version": ROOM_VERSION, "id": "abc123", "host": "ana",
           "owners": [{"player": "ana", "token": "h0"}, {"player": "ben", "token": "h1"}], "created": 5.0,
           "table": table.to_json()}
    (private_data_dir / "rooms").mkdir(parents=True)
    storage.write_json(private_data_dir / "rooms" / "abc123.json", doc)
    (private_data_dir / "rooms" / "bad.json").write_text("{not json")
    server = TablesThread(private_data_dir)
    try:
        room = server.server.rooms["abc123"]
        assert room.table.state.to_json() == table.state.to_json() and room.owners[1]["player"] == "ben"
        assert (private_data_dir / "rooms" / "abc123.imported").exists()
        assert (private_data_dir / "rooms" / "bad.damaged").exists()
    finally:
        server.stop()
    again = TablesThread(private_data_dir)  # nothing imported twice, the table still there
    try:
        assert len(again.server.store.load_table("abc123").moves) == 6
    finally:
        again.stop()


def test_serve_refuses_an_unreachable_database_with_a_message(capsys):
    from dragon_tui.net.cli import main

    assert main(["--ssh", "127.0.0.1:0", "--db", "postgresql://nobody:pw@127.0.0.1:1/none"]) == 1
    err = capsys.readouterr().err
    assert "Cannot open the database postgresql://nobody:***@127.0.0.1:1/none" in err
    assert "Traceback" not in err and "pw@" not in err


async def test_serve_with_postgresql(private_data_dir, postgres_server, capsys):
    import asyncio

    from dragon_tui.net.cli import build_parser, serve

    url = postgres_server.new_database()
    args = build_parser().parse_args(["--ssh", "127.0.0.1:0", "--db", url])
    ready, stop = asyncio.Event(), asyncio.Event()
    task = asyncio.ensure_future(serve(args, ready, stop))
    await asyncio.wait_for(ready.wait(), 30)
    try:
        rooms = await asyncio.to_thread(list_rooms, str(private_data_dir / "tables.sock"), "ana")
        assert rooms == []
        assert f"Database: {url}" in capsys.readouterr().out
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)
    assert not (private_data_dir / "dragon-tui.sqlite3").exists()  # nothing went to SQLite


def test_a_postgresql_restart_refuses_moves_meanwhile_and_then_play_goes_on(private_data_dir, postgres_server):
    club = TablesThread(private_data_dir, db=postgres_server.new_database())
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        ben = RemoteTable.join(club.path, "ben", ana.room, 1)
        me = _mover({0: ana, 1: ben})
        postgres_server.stop()
        try:
            with pytest.raises(IllegalAction, match="database is not answering"):
                me.apply(me.state.legal_actions()[0])
            assert len(club.server.rooms[ana.room].table.moves) == 0  # nothing half-played
        finally:
            postgres_server.resume()
        me.apply(me.state.legal_actions()[0])  # a fresh connection to the database
        assert me.wait_for(lambda t: len(t.moves) == 1, 10)
        store = Store(club.server.db_url)
        try:
            assert len(store.load_table(ana.room).moves) == 1
        finally:
            store.close()
        ana.close()
        ben.close()
    finally:
        club.stop()
