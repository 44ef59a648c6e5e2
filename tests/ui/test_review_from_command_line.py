"""``dragon-tui review FILE``: once the review is done its footer no longer offers ``x Stop``,
and Esc ends the program (the review was the whole errand) instead of opening the menu. A
review opened from inside the app still goes back where it came from."""

import pytest

from dragon_tui.ai.ismcts import SearchConfig
from dragon_tui.app import DragonApp
from dragon_tui.ui.screens import review as review_module
from dragon_tui.ui.screens.review import ReviewScreen

from .test_review_snapshots import SMALL, duel

pytestmark = pytest.mark.ui


def shown_keys(screen) -> set[str]:
    """The actions the footer offers (bindings shown and enabled)."""
    return {binding.action for (_, binding, enabled, _) in screen.active_bindings.values()
            if enabled and binding.show}


async def until_done(pilot, screen, complete=True):
    for _ in range(1000):
        if screen.review is not None:
            break
        await pilot.pause(0.02)
    await pilot.pause()
    assert screen.review is not None and screen.review.complete is complete


async def test_a_command_line_review_drops_stop_when_done_and_esc_exits(monkeypatch):
    monkeypatch.setattr(review_module, "review_config", lambda game: SMALL)
    app = DragonApp(review=duel(moves=12), bot_delay=0, autosave=False, theme="dragon-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await until_done(pilot, screen)
        assert "The bot differs at" in str(screen.query_one("#review-state").render())
        assert "stop" not in shown_keys(screen)
        assert "next_seat" in shown_keys(screen)  # the other keys stay
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0  # ended, no menu in its place
        assert not any(type(s).__name__ == "MenuScreen" for s in app.screen_stack)


@pytest.mark.slow
async def test_stop_is_offered_while_the_review_runs_and_esc_goes_back_when_pushed():
    app = DragonApp(bot_delay=0, autosave=False, theme="dragon-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        under = app.screen
        # slow enough that the review is still running when looked at
        slow = SearchConfig(iterations=20000, time_limit=600.0, early_stop=False)
        await app.push_screen(ReviewScreen(duel(moves=12), 0, slow, seed=1))
        await pilot.pause()
        screen = app.screen
        assert "stop" in shown_keys(screen)
        await pilot.press("x")
        await until_done(pilot, screen, complete=False)
        assert "stop" not in shown_keys(screen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is under and app.return_code is None
