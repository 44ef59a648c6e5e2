"""The review screen at work: the list fills while the review runs, x stops it, s reviews the
other seat, g sorts by the gap, Enter opens the replay at the decision."""

import pytest

from dragon_tui.ai.ismcts import SearchConfig
from dragon_tui.ui.screens.replay import ReplayScreen
from dragon_tui.ui.screens.review import ReviewScreen

from .apps import app_with
from .test_review_snapshots import SMALL, duel


async def open_review(pilot, table, config=SMALL, seat=0):
    await pilot.app.push_screen(ReviewScreen(table, seat, config, seed=1))
    await pilot.pause()
    return pilot.app.screen


async def until_done(pilot, screen):
    for _ in range(1000):
        if screen.review is not None:
            break
        await pilot.pause(0.02)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.review is not None


@pytest.mark.slow
async def test_enter_opens_the_replay_at_the_decision():
    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_review(pilot, duel())
        await until_done(pilot, screen)
        first = screen.differing()[0]
        await pilot.press("down", "up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.position == first.move
        await pilot.press("escape")
        assert app.screen is screen


@pytest.mark.slow
async def test_x_stops_the_review_and_keeps_what_is_done():
    app = app_with()
    # Slow enough that x comes long before the end however fast the search gets (no early
    # stop: each decision runs its every iteration, about a second apiece).
    slow = SearchConfig(iterations=20000, time_limit=600.0, early_stop=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, duel(), slow)
        for _ in range(500):  # the screen answers keys while the review runs
            await pilot.pause(0.02)
            if len(screen._decided) >= 1:
                break
        await pilot.press("c")
        assert screen.query_one("#review-tabs").active == "scores"
        await pilot.press("x")
        await until_done(pilot, screen)
        review = screen.review
        assert not review.complete and 1 <= len(review.decisions) < review.planned
        assert "Stopped at" in str(screen.query_one("#review-state").render())


@pytest.mark.slow
async def test_s_reviews_the_other_seat_and_g_sorts_by_gap():
    app = app_with()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_review(pilot, duel())
        await until_done(pilot, screen)
        await pilot.press("g")
        gaps = [d.loss for d in screen.differing()]
        assert gaps == sorted(gaps, reverse=True)
        grid = screen.query_one("#review-table")
        assert grid.row_count == len(gaps)
        await pilot.press("s")
        await until_done(pilot, screen)
        assert screen.seat == 1 and screen.review.seat == 1
        assert all(screen.table.moves[d.move].seat == 1 for d in screen.review.decisions)


def test_before_the_end_of_a_hidden_hand_game_only_the_persons_seat():
    from dragon_tui.session import Seat, Table

    table = Table("hoard", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
    table.apply(table.state.legal_actions()[0])
    assert ReviewScreen(table).seats == [0]
    with pytest.raises(ValueError):
        ReviewScreen(table, seat=1)
