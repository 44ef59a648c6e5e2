"""Snapshots of the Court of Xiang Chi screen at 80×24 and 120×40: start, mid-game, the end."""

import pytest

from ..apps import app_with, settle

from .positions import court_table, finished, played

SMALL, LARGE = (80, 24), (120, 40)
#: Seed 3 after 23 moves: turn 10, phase 2 with a Prince to fight, two cards in the Daemon
#: court and two Princes defeated.
MID = 23


def test_start_80x24(snap_compare):
    assert snap_compare(app_with(court_table()), terminal_size=SMALL, run_before=settle)


def test_start_120x40(snap_compare):
    assert snap_compare(app_with(court_table()), terminal_size=LARGE, run_before=settle)


def test_first_turn_80x24(snap_compare):
    """After the three starting cards: the buy phase, prices and the card that leaves next."""
    assert snap_compare(app_with(played(court_table(), 6)), terminal_size=SMALL, run_before=settle)


def test_mid_game_80x24(snap_compare):
    assert snap_compare(app_with(played(court_table(), MID)), terminal_size=SMALL, run_before=settle)


def test_mid_game_120x40(snap_compare):
    assert snap_compare(app_with(played(court_table(), MID)), terminal_size=LARGE, run_before=settle)


def test_placing_in_monochrome_80x24(snap_compare):
    """A bought card waiting for its space: the free spaces light up; no colour needed."""
    table = played(court_table(), 6)
    table.apply(next(a for a in table.state.legal_actions() if a.kind == "buy"))
    assert snap_compare(app_with(table, theme="dragon-mono"), terminal_size=SMALL, run_before=settle)


def test_light_theme_mid_game_80x24(snap_compare):
    assert snap_compare(app_with(played(court_table(), MID), theme="dragon-light"), terminal_size=SMALL,
                        run_before=settle)


def test_game_over_80x24(snap_compare):
    assert snap_compare(app_with(finished(court_table())), terminal_size=SMALL, run_before=settle)


def test_game_over_120x40(snap_compare):
    assert snap_compare(app_with(finished(court_table())), terminal_size=LARGE, run_before=settle)


def test_board_behind_game_over_80x24(snap_compare):
    """'b' closes the score breakdown to show the final board."""
    assert snap_compare(app_with(finished(court_table())), press=["b"], terminal_size=SMALL, run_before=settle)


def test_full_court_replacing_80x24(snap_compare):
    """Seed 16 after 18 moves: a card bought into a full court; every space is offered."""
    table = played(court_table(seed=16), 18)
    assert table.state.phase == "place" and table.state.court_full()
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


@pytest.mark.slow
def test_replay_80x24(snap_compare):
    """The same board in the replay viewer, a few moves back from the end."""
    table = finished(court_table())

    async def open_replay(pilot):
        await settle(pilot)
        await pilot.press("r")
        await pilot.pause()

    assert snap_compare(app_with(table), press=["left", "left", "left"], terminal_size=SMALL, run_before=open_replay)
