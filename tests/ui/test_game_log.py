"""The game log can be read with the keyboard and keeps what happened in sight: Tab reaches it, ↑/↓ Home/End scroll it when focused and PgUp/PgDn from anywhere;
after a resize the newest line shows; at 80×24 the bots' turns since the person's last
decision are shown from their first line; notifications stay off the list and the log."""

from __future__ import annotations

import pytest

from textual.widgets._toast import Toast, ToastRack

from dragon_tui.ui.widgets.game_log import GameLog

from .apps import app_with, settle, workers_done
from .hoard.positions import after_person_moves, hoard_table


async def bots_done(pilot) -> None:
    while pilot.app.screen.thinking:
        await workers_done(pilot)  # a bot worker superseded by the next turn's counts as done
        await pilot.pause()
    await settle(pilot)


def visible(log: GameLog, top: int) -> bool:
    return log.scroll_y <= top < log.scroll_y + log.scrollable_content_region.height


@pytest.mark.slow
async def test_tab_reaches_the_log_and_keys_scroll_it():
    table = after_person_moves(hoard_table(4, seed=9), 8)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        assert log.max_scroll_y > 0, "the test needs more lines than fit"
        assert log.scroll_y == log.max_scroll_y or log.border_subtitle  # newest in sight, or says what is below
        for _ in range(6):
            if app.focused is log:
                break
            await pilot.press("tab")
        assert app.focused is log
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_y == 0 and "more" in str(log.border_subtitle)
        await pilot.press("down")
        await pilot.pause()
        assert log.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and not log.border_subtitle
        await pilot.press("up")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y - 1
        assert not log.following  # reading: new lines would not pull the view down


async def test_page_up_and_down_scroll_the_log_from_the_action_list():
    table = after_person_moves(hoard_table(4, seed=9), 8)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        app.screen.query_one("#actions").focus()
        await pilot.press("end")  # the list's own key: the log stays
        await pilot.press("pagedown")
        await pilot.pause()
        bottom = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < bottom
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y == bottom


async def test_after_a_resize_the_newest_line_shows():
    table = after_person_moves(hoard_table(2, seed=3), 12)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.slow
async def test_at_80x24_the_bots_turns_show_from_their_first_line():
    table = after_person_moves(hoard_table(4, seed=9), 8)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        for _ in range(30):  # decide until the three bots' replies do not fit in the log
            seen = len(log.lines)
            await pilot.press("enter")
            await bots_done(pilot)
            if table.state.is_over:
                break
            first = log.row_of(log.unseen_from)
            news = log.virtual_size.height - first
            if news > log.scrollable_content_region.height and any(
                    m.seat != 0 for m in table.moves[-3:]):
                assert log.unseen_from > seen  # Ana's own move is not news to her
                assert visible(log, first), "the first line of the bots' turns is in sight"
                assert "more" in str(log.border_subtitle)
                return
        raise AssertionError("the bots' replies always fitted: pick another position")


async def test_notifications_stay_off_the_action_list_and_the_log():
    table = after_person_moves(hoard_table(2, seed=3), 4)
    app = app_with(table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        app.notify("Wait: it is not your decision now.", severity="warning")
        await settle(pilot)
        toast = app.screen.get_child_by_type(ToastRack).query_one(Toast)
        assert toast.region.height <= 2
        for pane in ("#actions", "#log"):
            assert not toast.region.overlaps(app.screen.query_one(pane).region), pane


@pytest.mark.slow
async def test_each_bot_move_shows_in_the_log_as_it_is_played():
    """What each bot did appears when it is played, not all at once at
    the end of the bots' turns: the log takes each bot move's lines as that move is made."""
    from dragon_tui.app import DragonApp

    table = after_person_moves(hoard_table(4, seed=9), 3)
    app = DragonApp(table=table, bot_delay=0.05, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        appended: list[tuple[int, int]] = []  # (moves in the table, lines added) per append
        real = log.append
        log.append = lambda new: (appended.append((len(table.moves), len(new))), real(new))
        for _ in range(10):  # Ana decides until the three bots take a whole round after her
            start = len(table.moves)
            appended.clear()
            await pilot.press("enter")
            await bots_done(pilot)
            bot_moves = [m for m in table.moves[start:] if m.seat != 0]
            if len({m.seat for m in bot_moves}) >= 3:
                break
        assert len({m.seat for m in bot_moves}) >= 3
        # One append per move that wrote lines, each made when that move was the newest.
        moves_seen = [moves for moves, _ in appended]
        assert moves_seen == sorted(set(moves_seen))
        assert len(moves_seen) >= len(bot_moves) - 2 >= 3, (len(bot_moves), appended)
