"""Snapshots of the review screen (decisions, score charts, win chances) and of "since your
last turn", at 120×40 and 80×24 (plain def tests: snap_compare runs its own event loop).
Short games and a small search keep them quick and the same on every run."""

import pytest

from dragon_tui.ai import make_agent
from dragon_tui.ai.ismcts import SearchConfig
from dragon_tui.session import Seat, Table, TurnController
from dragon_tui.ui.screens.review import ReviewScreen

from dragon_tui.devtools.screenshots import review_settled

from .apps import app_with, settle

SMALL = SearchConfig(iterations=30, time_limit=600.0)


def duel(moves=80, seed=3):
    """A duel cut short: Ana plays at random (so the bot disagrees), the bot greedily."""
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], seed)
    agents = [make_agent("random", table.game, 1), make_agent("greedy", table.game, 2)]
    while not table.state.is_over and len(table.moves) < moves:
        seat = table.state.current_player
        table.apply(agents[seat].choose(table.state, seat))
    return table


def review_of(table, keys=()):
    async def run(pilot):
        await pilot.app.push_screen(ReviewScreen(table, 0, SMALL, seed=1))
        await review_settled(pilot)
        assert pilot.app.screen.review.complete
        for key in keys:
            await pilot.press(key)
        await pilot.pause()

    return run


@pytest.mark.slow
def test_review_decisions_at_120x40(snap_compare):
    assert snap_compare(app_with(), terminal_size=(120, 40), run_before=review_of(duel()))


@pytest.mark.slow
def test_review_decisions_at_80x24(snap_compare):
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=review_of(duel()))


@pytest.mark.slow
def test_score_charts_at_120x40(snap_compare):
    assert snap_compare(app_with(), terminal_size=(120, 40), run_before=review_of(duel(), ["c"]))


@pytest.mark.slow
def test_score_charts_at_80x24_in_monochrome(snap_compare):
    assert snap_compare(app_with(theme="dragon-mono"), terminal_size=(80, 24),
                        run_before=review_of(duel(), ["c"]))


@pytest.mark.slow
def test_win_chance_chart_at_120x40(snap_compare):
    assert snap_compare(app_with(), terminal_size=(120, 40), run_before=review_of(duel(), ["w"]))


@pytest.mark.slow
def test_win_chance_chart_at_80x24(snap_compare):
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=review_of(duel(), ["w"]))


@pytest.mark.slow
def test_solitaire_expected_points_at_80x24(snap_compare):
    table = Table("court", [Seat("Ana")], 5)
    agent = make_agent("random", table.game, 1)
    while not table.state.is_over and len(table.moves) < 30:
        table.apply(agent.choose(table.state, 0))
    assert snap_compare(app_with(), terminal_size=(80, 24), run_before=review_of(table, ["w"]))


def hoard_after_bots():
    table = Table("hoard", [Seat("Ana"), Seat("Ben", "bot", "greedy"), Seat("Cai", "bot", "greedy")], 7)
    controller = TurnController(table)
    helper = make_agent("greedy", table.game, 7)
    for _ in range(3):
        while table.state.current_player == 0:
            table.apply(helper.choose(table.state, 0), 0)
        controller.play_bots()
    return table


def test_since_your_last_turn_at_120x40(snap_compare):
    assert snap_compare(app_with(hoard_after_bots()), terminal_size=(120, 40), run_before=settle)


def test_since_your_last_turn_at_80x24(snap_compare):
    assert snap_compare(app_with(hoard_after_bots()), terminal_size=(80, 24), run_before=settle)
