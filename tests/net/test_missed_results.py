"""A server that stops between a game's end and its result records the result when it starts
again: a crash loses no rating. On SQLite and the real PostgreSQL."""

from __future__ import annotations

import pytest

from dragon_tui.net import endings
from dragon_tui.net.client import RemoteTable
from dragon_tui.net.store import NotAnswering
from dragon_tui.net.store.ratings import initial

from .helpers import TablesThread, until
from .test_correspondence import _both_move

TWO = [{"kind": "remote"}, {"kind": "remote"}]


@pytest.mark.net
@pytest.mark.pg
def test_a_result_the_server_missed_is_recorded_when_it_starts_again(private_data_dir, db_url, monkeypatch):
    async def stopped_first(server, room, call):
        return None  # the server went down after the game's end was written, before its result

    club = TablesThread(private_data_dir, db=db_url)
    try:
        with monkeypatch.context() as m:
            m.setattr(endings, "record_result", stopped_first)
            ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
            bo = RemoteTable.join(club.path, "bo", ana.room, 1)
            _both_move(ana, bo)
            bo.resign()
            room_id = ana.room
            ana.close()
            bo.close()
        missed = club.call(lambda: club.server.store.load_table(room_id))
        assert missed.over and missed.result is None
        assert club.call(lambda: club.server.store.rating("ana", "crowns")) is None
    finally:
        club.stop()

    again = TablesThread(private_data_dir, db=db_url)
    try:
        store = again.server.store
        assert until(lambda: again.call(lambda: store.load_table(room_id)).result is not None)
        assert again.call(lambda: store.load_table(room_id)).result == [1, 2]  # bo resigned
        assert again.call(lambda: store.rating("ana", "crowns")).mu > initial().mu
        assert again.call(lambda: store.rating("bo", "crowns")).mu < initial().mu
    finally:
        again.stop()


@pytest.mark.net
def test_a_game_closed_before_it_was_played_stays_without_a_result(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        bo.abort()
        room_id = ana.room
        ana.close()
        bo.close()
    finally:
        club.stop()
    again = TablesThread(private_data_dir)
    try:
        recorded = again.call(lambda: again.server._spawn(
            endings.record_missed_results(again.server, again.server._db, again.server.now())))
        assert until(recorded.done) and recorded.result() == []
        assert again.call(lambda: again.server.store.load_table(room_id)).result is None
    finally:
        again.stop()


def test_a_database_that_does_not_answer_at_start_leaves_the_missed_results_for_the_next_start(caplog):
    async def silent(method, *args):
        raise NotAnswering("no answer within 5 s")

    assert endings.run_now(endings.record_missed_results(None, silent, 0.0)) == []
    assert "were not looked for" in caplog.text
