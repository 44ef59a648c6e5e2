"""Princes on screen at 120×40 and 80×24: the guild grid's prospects, clan names and bottom
line are never cut mid-word, and the log keeps the line the person was reading through
resizes and view switches."""

import pytest

from dragon_tui.games.throne import data
from dragon_tui.ui.widgets.game_log import GameLog
from dragon_tui.ui.games.throne.guilds import GuildGrid
from dragon_tui.ui.games.throne.style import ThronePanel

from ..apps import app_with, settle
from .positions import advanced, throne_table

pytestmark = pytest.mark.ui


def shown(widget) -> list[str]:
    return [widget.render_line(y).text for y in range(widget.size.height)]


def grid_of(app) -> ThronePanel:
    return next(p for p in app.screen.query(ThronePanel) if isinstance(p.painter, GuildGrid))


async def test_at_120x40_prospects_name_their_dragons_whole():
    table = throne_table(seed=5)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        rows = shown(grid_of(app))
        assert not any("…" in row for row in rows), rows
        dragons = [data.card(s[-1]) for s in table.state.prospects if s and data.card(s[-1]).is_dragon]
        assert dragons, "seed 5 shows a Dragon among the prospects"
        for card in dragons:
            assert any(f"{card.name} {data.CLANS[card.clan]}" in row for row in rows)
        assert not any(" Dr. " in row for row in rows)


async def test_at_80x24_clans_are_named_whole_and_nothing_is_cut():
    table = throne_table(seed=5)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = grid_of(app)
        rows = shown(grid)
        assert not any("…" in row for row in rows), rows
        for kingdom, clan in zip(data.KINGDOMS, (data.CLANS[c] for c in data.KINGDOM_CLAN)):
            assert any(f"{kingdom} " in row and f" {clan}" in row for row in rows), (kingdom, clan)
        # The bottom line fits the border whole: nothing is cut mid-word.
        assert len(str(grid.border_subtitle)) <= grid.size.width - 4


@pytest.mark.slow
async def test_the_guild_footer_leaves_out_whole_parts_at_80x24():
    """Four players late in a game: some guilds' whole bottom line (holders, markers, what
    lies under the prospect, Enter) runs past 100 cells; at 80 columns it keeps the hint,
    the guild and its markers whole and leaves out what does not fit."""
    table = advanced(throne_table(4, seed=3), 200)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = grid_of(app)
        board = app.screen.query_one("#board")
        longest = 0
        for gi in range(36):
            board.cursor = gi  # every guild under the cursor
            board._paint_grid()
            await pilot.pause()
            full = " · ".join(p for p in board._cursor_parts(board.scene) if p)
            longest = max(longest, len(full))
            subtitle = str(grid.border_subtitle)
            assert len(subtitle) <= grid.size.width - 4, subtitle
            hint, *shown_parts = subtitle.split(" · ")
            assert hint.startswith("v: ") and shown_parts[0].startswith("▶ ")
            parts = board._cursor_parts(board.scene)
            assert all(part in parts for part in shown_parts), subtitle  # whole parts only
        assert longest > grid.size.width, "a line that must leave something out was seen"


@pytest.mark.slow
async def test_the_log_keeps_the_line_being_read_through_resizes_and_views():
    table = advanced(throne_table(seed=3), 150)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        log.focus()
        await pilot.pause()
        for _ in range(3):
            await pilot.press("pageup")
        await pilot.pause()
        top = log.line_at(round(log.scroll_y))
        below = str(log.border_subtitle)
        assert "more" in below
        for _ in range(6):  # v switches views: the log's box changes height, no move is played
            await pilot.press("v")
            await pilot.pause()
            assert log.line_at(round(log.scroll_y)) == top
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert log.line_at(round(log.scroll_y)) == top
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert log.line_at(round(log.scroll_y)) == top
        subtitles = set()
        for _ in range(3):  # a whole round of views: the count below comes back the same
            for _ in range(3):
                await pilot.press("v")
                await pilot.pause()
            subtitles.add(str(log.border_subtitle))
        assert len(subtitles) == 1
