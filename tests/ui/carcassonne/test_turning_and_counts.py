"""Carcassonne on screen: `r` turns the tile to the next way it fits at the cursor, the side
panel and the status line count the same tiles, and the end of the game reads whole."""

import pytest

from dragon_tui.games.carcassonne.data import CANON
from dragon_tui.ui.games.carcassonne.grid import TileGrid
from dragon_tui.ui.games.carcassonne.remaining import RemainingTiles
from dragon_tui.ui.games.carcassonne.board import TextPanel

from ..apps import app_with, settle
from .positions import advance, carc_table

pytestmark = pytest.mark.ui


def shown(widget) -> str:
    """The widget's lines as drawn on the screen."""
    return "\n".join(widget.render_line(y).text for y in range(widget.size.height))


def spot_that_needs_turning(state):
    """A place where the tile fits, but neither turned 0° nor 90° (one quarter turn from 0°
    is not enough there)."""
    fits = {}
    for a in state.legal_actions():
        x, y, rot = a.args
        fits.setdefault((x, y), set()).add(rot)
    for pos, rots in sorted(fits.items()):
        if CANON[state.tile][0] not in rots and CANON[state.tile][1] not in rots:
            return pos, rots
    return None, None


async def test_r_turns_the_tile_to_the_next_way_that_fits_at_the_cursor():
    table = next(t for t in map(lambda seed: carc_table(seed=seed, bot=False), range(3, 30))
                 if spot_that_needs_turning(t.state)[0] is not None)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(TileGrid)
        pos, rots = spot_that_needs_turning(table.state)
        # Walk there with the arrow keys; the grid keeps the shown rotation (arrows do not fit it).
        while grid.cursor != pos:
            cx, cy = grid.cursor
            key = "right" if pos[0] > cx else "left" if pos[0] < cx else "down" if pos[1] > cy else "up"
            await pilot.press(key)
        grid.rot = 0
        await pilot.pause()
        assert not grid.fits_here() and grid.legal_here()
        hand = app.screen.query_one("#carc-hand", TextPanel)
        assert f"r: turn to fit {pos[0]},{pos[1]}" in shown(hand)
        await pilot.press("r")  # one press: a way that fits
        assert grid.fits_here()
        tile = table.state.tile
        await pilot.press("enter")
        await settle(pilot)
        assert table.state.board[f"{pos[0]},{pos[1]}"][0] == tile


async def test_side_panel_counts_what_the_status_line_counts():
    table = carc_table(seed=4, bot=False)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scores = shown(app.screen.query_one("#carc-scores", TextPanel))
        n = table.state.tiles_to_come()
        assert f"To come {n}" in scores
        assert table.state.phase_label().endswith(f"{n} more to come")


async def test_the_end_reads_whole_in_the_side_panel_and_the_tiles_window():
    table = advance(carc_table(seed=3), lambda s: False, seed=4)
    assert table.state.is_over
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("b")  # close the summary: the board
        await pilot.pause()
        hand = shown(app.screen.query_one("#carc-hand", TextPanel))
        best = max(table.state.scores())
        assert f"with {best:g} points" in hand
        await pilot.press("t")
        await pilot.pause()
        body = shown(app.screen.query_one(RemainingTiles).query_one("#remaining-body"))
        assert "the game is over" in body and "last tile" not in body
