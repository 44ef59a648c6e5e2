"""Carcassonne + The Princess & The Dragon: the tile grid on the left, the decision (tile in
hand, meeple spots, dragon steps) and the scores on the right; ``t`` swaps the grid for the
remaining-tiles window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ....engine import Action, State
from ....session import Table
from ...board_base import BoardBase
from ...widgets.fast_strips import StripPanel
from ...widgets.panel import Column, SizedByLayout
from .grid import TileGrid
from .hand import hand_text
from .ink import CarcInk, ink_for
from .legend import ROWS as LEGEND_ROWS, legend_text
from .scores import score_text

if TYPE_CHECKING:  # imported when ``t`` first opens the window
    from .remaining import RemainingTiles


#: Each seat's meeple colour (the theme's ``carc-player-N``), whose initial marks its meeples.
SEAT_COLOURS = ("red", "blue", "yellow", "purple", "white")


def seat_letters(names: list[str]) -> list[str]:
    """The letter on each seat's meeples: the initial of its colour (R, B, Y, P, W), so the
    letters are distinct whatever the players are called ("Bot 1".."Bot 4" included), and
    say the same as the colour where there is one. ``names`` only sets how many seats."""
    return [SEAT_COLOURS[seat][0].upper() for seat in range(len(names))]


def len_legend() -> int:
    return len(LEGEND_ROWS)


class TextPanel(StripPanel, SizedByLayout, Static):
    """A side panel: the hand, the scores or the legend, given its text by the board (a widget
    class of their own each cost about 2 million instructions at every start). Its lines are
    drawn straight into strips (``StripPanel``); text that would wrap is wrapped by Textual."""


class Board(BoardBase):
    BINDINGS = [Binding("t", "tiles", "Tiles", show=False)]

    def __init__(self, table: Table, **kwargs) -> None:
        super().__init__(table, **kwargs)
        self.names = table.names
        self.letters = seat_letters(self.names)
        #: The remaining-tiles window, once ``t`` has opened it.
        self._remaining_window: RemainingTiles | None = None

    def compose(self) -> ComposeResult:
        # What the first frame shows, and no more (about 9 million instructions each saved):
        # - the board lays the grid and the side column out side by side itself
        #   (carcassonne.tcss), with no row container between;
        # - the remaining-tiles window is mounted beside the grid the first time ``t`` opens it,
        #   not composed, styled and laid out hidden at every start.
        yield TileGrid(self.letters, id="carc-grid")
        # The side panels are one class, each given its text here (a widget class of
        # their own each cost about 2 million instructions at every start).
        with Column(id="carc-side"):
            yield TextPanel(id="carc-hand")
            yield TextPanel(id="carc-scores")
            yield TextPanel(id="carc-legend")

    def on_mount(self) -> None:
        self._show_legend()
        grid = self.query_one(TileGrid)
        if self.interactive:
            grid.focus()
        else:
            # The replay viewer steps with the arrow keys: the grid only shows, following
            # the last tile placed, and nothing on the board takes the focus (and Esc).
            grid.can_focus = False
            grid.follow_last = True
            if self.screen.focused is grid:
                self.screen.set_focus(None)
        self.paint_now()
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def _theme_changed(self, _theme) -> None:
        # The colours come from the theme's variables (ink): redraw everything.
        self._show_legend()
        self.query_one(TileGrid)._dirty()
        self.paint_now()

    def paint(self, view: State) -> None:
        grid = self.query_one(TileGrid)
        grid.show(view, self.offered)
        self._show_side()
        remaining = self._remaining_window
        if remaining is not None and remaining.display:
            remaining.show(view)

    def _show_side(self) -> None:
        view = self.view
        if view is None:
            return
        grid = self.query_one(TileGrid)
        keys = TileGrid._keys(view, self.offered)
        fits = grid.fits_here()
        if fits is False and grid.legal_here():
            fits = None  # a place where it fits after turning: say so
        ink = self._ink()
        hand = self.query_one("#carc-hand", TextPanel)
        hand.show_content(hand_text(view, self.offered, grid.rot, fits, grid.cursor, keys, self.names, ink,
                                    turnable=grid.legal_here(), other_fits=grid.other_fits_here(),
                                    width=hand.size.width or 24))
        scores = self.query_one("#carc-scores", TextPanel)
        scores.show_content(score_text(view, self.names, self.letters, scores.size.width or 26, ink))

    def _show_legend(self) -> None:
        self.query_one("#carc-legend", TextPanel).show_content(legend_text(self._ink()))

    def _ink(self) -> CarcInk:
        return ink_for(self.app.current_theme.variables)

    def point_at(self, action: Action) -> None:
        self.query_one(TileGrid).point_at(action)

    def fit_to_size(self) -> None:
        # The legend only when the side panel has the rows for it (not at 80×24).
        side_needs = 9 + 1 + len(self.names) + 1 + 1 + len_legend()
        self.query_one("#carc-legend").display = self.size.height >= side_needs

    def on_tile_grid_moved(self, event: TileGrid.Moved) -> None:
        event.stop()
        self._show_side()

    def action_tiles(self) -> None:
        grid = self.query_one(TileGrid)
        remaining = self._remaining_window
        if remaining is None:
            from .remaining import RemainingTiles

            remaining = self._remaining_window = RemainingTiles(id="carc-remaining")
            remaining.display = False
            remaining.can_focus = self.interactive
            self.mount(remaining, after=grid)
        opening = not remaining.display
        remaining.display = opening
        grid.display = not opening
        if opening:
            if self.view is not None:
                remaining.show(self.view)
            remaining.focus()
        else:
            grid.focus()
