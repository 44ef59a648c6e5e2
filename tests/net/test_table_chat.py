"""Chat at shared tables with real table servers and clients on loopback, on SQLite and the real
PostgreSQL: seats and watchers hear each other (across two nodes of one database too, and a rematch offered on one node is accepted on the other), a muted
player's lines do not reach the player who muted them, a line too long or too quick is refused
with its reason and kept nowhere, a table's chat is bounded, and the lines stay with the game
(the review shows them)."""

from __future__ import annotations

import time

import pytest

from dragon_tui.engine import IllegalAction
from dragon_tui.net import chat
from dragon_tui.net.client import RemoteTable, TablesError

from .helpers import TablesThread
from .test_correspondence import _ask

TWO = [{"kind": "remote"}, {"kind": "remote"}]


@pytest.fixture
def club(private_data_dir, db_url):
    t = TablesThread(private_data_dir, db=db_url)
    yield t
    t.stop()


def _texts(table: RemoteTable) -> list[str]:
    return [f"{line['player']}: {line['text']}" for line in table.chat]


def _kept(club, room: str) -> list[str]:
    return [line["text"] for line in club.call(lambda: club.server.store.chat_lines(room))]


@pytest.mark.net
@pytest.mark.pg
def test_seats_and_a_stranger_watching_hear_each_other_and_a_mute_holds(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    cy = RemoteTable.watch(club.path, "cy", ana.room)  # a stranger: no seat
    for t in (ana, bo, cy):
        t.load_social()
    ana.say("good luck  \x1b[31m\u202eall")  # cleaned as names are: no escapes, no overrides
    cy.say("watching from the rail")
    everyone = ["ana: good luck [31mall", "cy: watching from the rail"]
    for t in (ana, bo, cy):
        assert t.wait_for(lambda t: len(t.chat) == 2, 5), _texts(t)
        assert _texts(t) == everyone
    assert [line["seat"] for line in ana.chat] == [0, None]  # a watcher speaks without a seat

    assert bo.mute("cy") == ["cy"]
    cy.say("you will lose")
    ana.say("thanks")
    assert bo.wait_for(lambda t: len(t.chat) == 3, 5)
    assert ana.wait_for(lambda t: len(t.chat) == 4, 5)
    assert _texts(bo)[-1] == "ana: thanks" and "cy: you will lose" not in _texts(bo)
    # kept per player in the database: a new connection of bo's still does not hear cy
    bo.close()
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    assert "cy: you will lose" not in [f"{x['player']}: {x['text']}" for x in bo.load_social()["lines"]]
    assert club.call(lambda: club.server.store.mutes_of("bo")) == ["cy"]
    with pytest.raises(IllegalAction, match="yourself"):
        bo.mute("bo")
    with pytest.raises(IllegalAction, match="by name"):
        bo.mute("cy\x1b[2J")
    assert bo.mute("cy", on=False) == []
    for t in (ana, bo, cy):
        t.close()


@pytest.mark.net
@pytest.mark.pg
def test_too_long_too_quick_and_a_full_table_are_refused_and_nothing_kept(club, monkeypatch):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    with pytest.raises(IllegalAction, match=f"at most {chat.MAX_CHARS} characters"):
        ana.say("x" * (chat.MAX_CHARS + 1))
    with pytest.raises(IllegalAction, match="Say something"):
        ana.say(" \x07 ")
    club.server._chat_rate = chat.RateLimit(burst=2, refill_seconds=60)
    ana.say("one")
    ana.say("two")
    with pytest.raises(IllegalAction, match="Slow down: you can speak again in"):
        ana.say("three")
    assert _kept(club, ana.room) == ["one", "two"]
    monkeypatch.setattr(chat, "MAX_LINES", 3)
    bo.say("three")  # bo has a bucket of his own
    with pytest.raises(IllegalAction, match="chat is full"):
        bo.say("four")
    assert _kept(club, ana.room) == ["one", "two", "three"]
    with pytest.raises(IllegalAction, match="not at a table"):
        _ask(club.path, "dee", "chat", text="hello?")  # at no table
    ana.close()
    bo.close()


@pytest.mark.net
@pytest.mark.pg
def test_lines_stay_with_the_game_and_the_review_shows_them(club):
    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    bo = RemoteTable.join(club.path, "bo", ana.room, 1)
    ana.say("have fun")
    bo.resign()
    assert ana.wait_for(lambda t: t.ending is not None, 5)
    bo.say("gg")  # after the game, at the table: kept with it as well
    room = ana.room
    ana.close()
    bo.close()
    club.call(lambda: club.server._swept(club.server.rooms[room]))  # out of memory: the archive's
    review = _ask(club.path, "ana", "review", room=room)
    assert [(x["player"], x["text"]) for x in review["chat"]] == [("ana", "have fun"), ("bo", "gg")]
    games = _ask(club.path, "ana", "games")["games"]
    assert games[0]["id"] == room and games[0]["chat"] == 2
    _ask(club.path, "ana", "mute", player="bo")  # a mute holds in the review too (needs no table)
    assert [x["text"] for x in _ask(club.path, "ana", "review", room=room)["chat"]] == ["have fun"]


@pytest.mark.slow
@pytest.mark.net
@pytest.mark.pg
def test_a_line_reaches_every_member_of_the_table_on_both_nodes(postgres_server, tmp_path):
    url = postgres_server.new_database()
    one = TablesThread(tmp_path / "one", db=url)
    two = TablesThread(tmp_path / "two", db=url)
    try:
        assert one.server.node != two.server.node
        ana = RemoteTable.host(one.path, "ana", "crowns", TWO)
        end = time.monotonic() + 10
        while ana.room not in two.server.rooms and time.monotonic() < end:
            time.sleep(0.05)
        bo = RemoteTable.join(two.path, "bo", ana.room, 1)
        eve = RemoteTable.watch(two.path, "eve", ana.room)
        cy = RemoteTable.watch(one.path, "cy", ana.room)
        for t in (ana, bo, eve, cy):
            t.load_social()
        ana.say("from node one")
        bo.say("from node two")
        for t in (ana, bo, eve, cy):
            assert t.wait_for(lambda t: len(t.chat) == 2, 10), (t.player, _texts(t))
            assert sorted(_texts(t)) == ["ana: from node one", "bo: from node two"]
        eve.mute("ana")  # eve, on node two, mutes a speaker of node one
        ana.say("again")
        assert cy.wait_for(lambda t: len(t.chat) == 3, 10)
        assert bo.wait_for(lambda t: len(t.chat) == 3, 10)
        assert len(eve.chat) == 2
        assert [x["n"] for x in one.call(lambda: one.server.store.chat_lines(ana.room))] == [1, 2, 3]
        # a rematch offered on node one is heard, and accepted, on node two
        bo.resign()
        assert ana.wait_for(lambda t: (t.ending or {}).get("ended"), 10)
        ana.offer_rematch()
        assert bo.wait_for(lambda t: (t.rematch or {}).get("state") == "open", 10)
        assert eve.wait_for(lambda t: (t.rematch or {}).get("state") == "open", 10)
        assert bo.answer_rematch(True)["new_table"]
        assert ana.wait_for(lambda t: (t.rematch or {}).get("new_table"), 10)
        ana2, bo2 = ana.open_rematch(), bo.open_rematch()
        assert (ana2.seat, bo2.seat) == (1, 0) and ana2.room == bo2.room
        for t in (ana, bo, eve, cy, ana2, bo2):
            t.close()
    finally:
        one.stop()
        two.stop()


def test_refusals_are_told_not_raised_as_bad_requests():
    """The line policy's refusals are ValueErrors; the server says them as they are."""
    with pytest.raises(chat.ChatRefused):
        chat.clean_line("")
    assert issubclass(chat.ChatRefused, ValueError) and not issubclass(TablesError, ValueError)


@pytest.mark.net
@pytest.mark.pg
def test_an_offer_nobody_took_goes_with_its_chat(club):
    """Only offers are removed (never games): their lines go with them, on both databases."""
    from dragon_tui.net.rooms import UNJOINED_AFTER

    ana = RemoteTable.host(club.path, "ana", "crowns", TWO)
    room = ana.room
    ana.say("anyone?")
    ana.close()
    assert _kept(club, room) == ["anyone?"]
    time.sleep(0.2)  # ana's connection is gone from the room
    assert club.call(lambda: club.server.sweep(time.time() + UNJOINED_AFTER + 60)) == [room]
    assert _kept(club, room) == []


@pytest.mark.net
@pytest.mark.pg
def test_mutes_are_bounded_per_player(club, monkeypatch):
    monkeypatch.setattr(chat, "MAX_MUTES", 2)
    assert _ask(club.path, "ana", "mute", player="bo")["muted"] == ["bo"]
    assert _ask(club.path, "ana", "mute", player="cy")["muted"] == ["bo", "cy"]
    assert _ask(club.path, "ana", "mute", player="cy")["muted"] == ["bo", "cy"]  # again: no change
    with pytest.raises(IllegalAction, match="You mute 2 players already"):
        _ask(club.path, "ana", "mute", player="dee")
    assert _ask(club.path, "ana", "mute", player="bo", on=False)["muted"] == ["cy"]
    assert _ask(club.path, "ana", "mute", player="dee")["muted"] == ["cy", "dee"]
    assert club.call(lambda: club.server.store.mutes_of("bo")) == []  # a mute is the muter's alone
