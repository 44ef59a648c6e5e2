"""A rematch at a finished shared table, with real table servers and clients on loopback, on
SQLite and the real PostgreSQL: offered to the same people, accepted by all it opens a new table
(same game, options and time limit, seats rotated, bots keeping their levels) that every screen
can go to; a decline, or a player leaving, closes it and tells the others."""

from __future__ import annotations

import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net.client import RemoteTable

from .helpers import TablesThread
from .test_correspondence import _ask

TWO = [{"kind": "remote"}, {"kind": "remote"}]
WITH_BOT = [{"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "level": "random"}]


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    t.server.move_limits = (1.0, 7 * 24 * 3600.0)
    yield t
    t.stop()


def _over(*tables: RemoteTable) -> None:
    tables[-1].resign()
    for t in tables:
        assert t.wait_for(lambda t: t.ending is not None and t.ending.get("ended"), 5) or t.state.is_over


@pytest.mark.net
@pytest.mark.pg
def test_a_rematch_accepted_by_all_opens_a_new_table_with_the_seats_rotated(club):
    ana = RemoteTable.host(club.path, "ana", "hoard", WITH_BOT, move_limit=3600, limit_level="hard")
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    eve = RemoteTable.watch(club.path, "eve", ana.room)
    with pytest.raises(IllegalAction, match="once the game is over"):
        ana.offer_rematch()
    old = club.server.rooms[ana.room]
    ana.resign()  # a bot plays ana's seat on (three seats) ...
    bo.resign()  # ... and with one seat left the game ends
    for t in (ana, bo, eve):
        assert t.wait_for(lambda t: (t.ending or {}).get("ended"), 5)
    with pytest.raises(IllegalAction, match="Only the players"):
        eve.offer_rematch()
    offer = ana.offer_rematch()
    assert offer["state"] == "open" and offer["answers"] == {"ana": True, "bo": None}
    for t in (bo, eve):  # told, both the other player and the watcher
        assert t.wait_for(lambda t: (t.rematch or {}).get("state") == "open", 5)
    # the lobby's list says so, to the one still to answer (who may be away: correspondence)
    listed = {r["id"]: r for r in _ask(club.path, "bo", "list")["rooms"]}
    assert listed[ana.room]["rematch"] == "you"
    assert {r["id"]: r for r in _ask(club.path, "ana", "list")["rooms"]}[ana.room]["rematch"] == "open"
    reply = bo.answer_rematch(True)
    assert reply["state"] == "agreed" and reply["new_table"]
    for t in (ana, bo, eve):
        assert t.wait_for(lambda t: (t.rematch or {}).get("new_table"), 5)
    new_id = ana.rematch["new_table"]
    new = club.server.rooms[new_id]
    assert new.table.game.id == "hoard" and new.table.options == old.table.options
    assert new.move_limit == 3600 and new.limit_level == "hard"
    assert [s.kind for s in new.table.seats] == ["bot", "remote", "remote"]  # seat 1 → 2, 2 → 3, 3 → 1
    assert new.table.seats[0].level == "random"
    assert [(o or {}).get("player") for o in new.owners] == [None, "ana", "bo"]
    assert new.table.seed != old.table.seed
    # each sits down at their own new seat without a token (kept for them by name); the watcher watches
    ana2, bo2, eve2 = ana.open_rematch(), bo.open_rematch(), eve.open_rematch()
    assert (ana2.room, ana2.seat, bo2.seat, eve2.seat) == (new_id, 1, 2, None)
    with pytest.raises(IllegalAction, match="sits there"):
        RemoteTable.join(club.path, "cy", new_id, 1, token="not-hers")
    rec = club.call(lambda: club.server.store.load_table(new_id))
    assert [s.player for s in rec.seats] == [None, "ana", "bo"] and rec.seats[1].token_hash
    for t in (ana, bo, eve, ana2, bo2, eve2):
        t.close()


@pytest.mark.net
@pytest.mark.pg
def test_a_decline_or_a_player_leaving_closes_the_offer_and_tells_the_others(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    _over(ana, bo)
    bo.offer_rematch()
    assert ana.wait_for(lambda t: (t.rematch or {}).get("state") == "open", 5)
    assert ana.answer_rematch(False)["state"] == "declined"
    assert bo.wait_for(lambda t: (t.rematch or {}).get("state") == "declined", 5)
    assert bo.rematch["reason"] == "ana declined"
    with pytest.raises(IllegalAction, match="closed"):
        bo.answer_rematch(True)
    rooms_before = set(club.server.rooms)
    # offered again (a declined offer is replaced), then ana leaves the table: gone is a decline
    ana.offer_rematch()
    assert bo.wait_for(lambda t: (t.rematch or {}).get("state") == "open", 5)
    ana.close()
    assert bo.wait_for(lambda t: (t.rematch or {}).get("state") == "declined", 10)
    assert bo.rematch["reason"] == "ana left the table"
    assert set(club.server.rooms) == rooms_before  # no new table
    time.sleep(0.1)
    bo.close()


@pytest.mark.net
def test_the_days_deal_and_an_aborted_game_have_no_rematch(private_data_dir):
    club = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
        bo = RemoteTable.join(club.path, "bo", ana.room, 1)
        ana.abort()
        assert bo.wait_for(lambda t: t.ending is not None, 5)
        with pytest.raises(IllegalAction, match="aborted"):
            bo.offer_rematch()
        ana.close()
        bo.close()
    finally:
        club.stop()
