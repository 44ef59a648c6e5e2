"""What the club shows: the host sees a player's name as soon as they sit down (panel, log),
time limits in a unit a person reads, and only the nodes that run counted as live."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dragon_tui.net.client import RemoteTable
from dragon_tui.net.store import Store
from dragon_tui.net.table_rules import duration_text, ending_text, limit_text, span_text
from dragon_tui.session.model import TableModel

from .helpers import TablesThread

TWO = [{"kind": "remote"}, {"kind": "remote"}]


@pytest.mark.net
def test_the_host_sees_the_opponents_name_at_once_in_names_and_log(private_data_dir):
    tables = TablesThread(private_data_dir)
    try:
        ana = RemoteTable.host(tables.path, "ana", "hoard", TWO)
        model = TableModel(ana)
        pane = list(model.snapshot.log_lines)  # what the log pane shows, as it builds it

        def show(snap) -> None:
            del pane[snap.log_from:]
            pane.extend(snap.log_lines)

        model.subscribe(show)
        assert model.snapshot.names[1] == "Seat 2" and any("Seat 2" in line for line in pane)
        bo = RemoteTable.join(tables.path, "bo", ana.room, 1)
        assert ana.wait_for(lambda t: t.names == ["ana", "bo"], 10)
        model.publish()
        assert model.snapshot.names == ("ana", "bo")
        assert not any("Seat 2" in line for line in pane) and any("bo" in line for line in pane)
        bo.close()
        ana.close()
    finally:
        tables.stop()


def test_limits_read_in_the_right_unit():
    assert limit_text(20) == "20 s a turn"
    assert limit_text(1800) == "30 min a turn"
    assert limit_text(20.0 * 60 / 60) == "20 s a turn"
    assert limit_text(7200) == "2 h a turn"
    assert limit_text(86400) == "24 h a turn"
    assert limit_text(3 * 86400) == "3 days a turn"
    assert limit_text(0.0055555556 * 3600) == "20 s a turn"  # what once read "0.00555556 h a move"
    assert limit_text(None) == "" and limit_text(0) == ""
    assert duration_text(5400) == "1.5 h" and duration_text(10 * 86400 + 1) == "10 days"
    assert span_text(1800) == "30 min" and span_text(3600) == "1 hour" and span_text(7 * 86400) == "7 days"


@pytest.mark.slow
@pytest.mark.pg
def test_a_node_that_is_gone_is_not_counted_live(db_url):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()  # a pid no process has any more: a node killed with -9
    old = Store(db_url, node="old-node")
    old.register_node("club-host", dead.pid)
    other = Store(db_url, node="other-host-node")
    other.register_node("elsewhere", dead.pid)  # another machine's pid says nothing here
    new = Store(db_url, node="new-node")
    try:
        assert set(new.live_nodes()) == {"old-node", "other-host-node"}
        new.register_node("club-host", 1, running=lambda pid: pid != dead.pid)
        assert set(new.live_nodes()) == {"new-node", "other-host-node"}
    finally:
        for s in (old, other, new):
            s.close()


def test_how_a_game_ended_reads_plainly():
    names = ["ana", "bo", "cy"]
    assert ending_text({"how": "resign", "seats": [1], "ended": True}, names) == "bo resigned: the game is over."
    assert ending_text({"how": "forfeit", "seats": [2]}, names).startswith("cy forfeited (away too long): a bot plays")
    assert ending_text({"how": "abort", "seats": [], "ended": True}, names) == "The game was aborted: nothing is rated."
    assert ending_text({"how": "resign", "seats": [9, "x"]}, names) == "The game is over."  # nothing out of range
