"""Snapshots of the Princes of the Dragon Throne screen (plain def tests: snap_compare runs
its own event loop). Fixed seeds; the greedy bot plays every seat to reach mid-game."""

import pytest

from functools import cache

from ..apps import app_with, settle
from .positions import advanced, finished, throne_table


@cache
def _mid(players: int, seed: int, moves: int):
    return advanced(throne_table(players, seed), moves).to_json()


def mid(players: int = 2, seed: int = 3, moves: int = 240):
    from dragon_tui.session import Table

    return Table.from_json(_mid(players, seed, moves))


def test_start_2p_120x40(snap_compare):
    assert snap_compare(app_with(throne_table(2)), terminal_size=(120, 40), run_before=settle)


def test_start_4p_120x40(snap_compare):
    assert snap_compare(app_with(throne_table(4, seed=5)), terminal_size=(120, 40), run_before=settle)


@pytest.mark.slow
def test_mid_2p_120x40(snap_compare):
    assert snap_compare(app_with(mid()), terminal_size=(120, 40), run_before=settle)


@pytest.mark.slow
def test_mid_4p_120x40(snap_compare):
    assert snap_compare(app_with(mid(4, 5, 200)), terminal_size=(120, 40), run_before=settle)


@pytest.mark.slow
def test_mid_2p_monochrome(snap_compare):
    assert snap_compare(app_with(mid(), theme="dragon-mono"), terminal_size=(120, 40), run_before=settle)


def test_mid_2p_80x24_guilds(snap_compare):
    assert snap_compare(app_with(mid()), terminal_size=(80, 24), run_before=settle)


def test_mid_2p_80x24_players(snap_compare):
    assert snap_compare(app_with(mid()), terminal_size=(80, 24), run_before=settle, press=["v"])


def test_mid_2p_80x24_houses(snap_compare):
    assert snap_compare(app_with(mid()), terminal_size=(80, 24), run_before=settle, press=["v", "v"])


def test_mid_4p_80x24_players(snap_compare):
    assert snap_compare(app_with(mid(4, 5, 200)), terminal_size=(80, 24), run_before=settle, press=["v"])


def test_start_4p_80x24_houses(snap_compare):
    assert snap_compare(app_with(throne_table(4, seed=5)), terminal_size=(80, 24), run_before=settle,
                        press=["v", "v"])


@cache
def _over():
    return finished(throne_table(2, seed=2)).to_json()


def over():
    from dragon_tui.session import Table

    return Table.from_json(_over())


@pytest.mark.slow
def test_game_over_2p(snap_compare):
    assert snap_compare(app_with(over()), terminal_size=(120, 40), run_before=settle)


@pytest.mark.slow
def test_game_over_board_2p(snap_compare):
    assert snap_compare(app_with(over()), terminal_size=(120, 40), run_before=settle, press=["b"])


@cache
def _parliament():
    from .test_pilot import until

    return until(throne_table(2, seed=3), lambda s: s.phase == "parliament").to_json()


def parliament():
    from dragon_tui.session import Table

    return Table.from_json(_parliament())


@pytest.mark.slow
def test_parliament_2p_120x40(snap_compare):
    assert snap_compare(app_with(parliament()), terminal_size=(120, 40), run_before=settle)


def test_parliament_2p_80x24_shows_the_houses(snap_compare):
    assert snap_compare(app_with(parliament()), terminal_size=(80, 24), run_before=settle)


@pytest.mark.slow
def test_mid_3p_light_theme_120x40(snap_compare):
    assert snap_compare(app_with(mid(3, 4, 250), theme="dragon-light"), terminal_size=(120, 40), run_before=settle)


@cache
def _deploying():
    from .test_pilot import until

    return until(throne_table(2, seed=3), lambda s: s.phase == "deploy_to").to_json()


def deploying():
    from dragon_tui.session import Table

    return Table.from_json(_deploying())


def test_deploy_targets_marked_cursor_moved_120x40(snap_compare):
    assert snap_compare(app_with(deploying()), terminal_size=(120, 40), run_before=settle, press=["down"])


def test_deploy_targets_marked_80x24(snap_compare):
    assert snap_compare(app_with(deploying()), terminal_size=(80, 24), run_before=settle)
