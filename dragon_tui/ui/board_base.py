"""What every board shares: the snapshot it observes, the reactives it paints from, the
messages it posts up, and the one panel base all boards draw with."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from ..engine import Action, State
from ..session import Choice, Snapshot, Table
from .widgets.messages import Picked, ShowInList, TakeHighlighted
from .widgets.panel import SizedByLayout


class BoardBase(SizedByLayout, Widget):
    """A game's board. Subclasses repaint in ``paint`` (or their own ``watch_view`` /
    ``watch_offered``); they never reach into sibling widgets: they post messages up."""

    Picked = Picked
    ShowInList = ShowInList
    TakeHighlighted = TakeHighlighted

    #: The game screen's snapshot (boards hosted elsewhere, like the replay, set ``view``).
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)
    #: The position as the viewing seat may see it (None before the first one arrives).
    view: reactive[State | None] = reactive(None, always_update=True, repaint=False)
    #: The actions on offer to the person at the keyboard, for boards that point at choices.
    offered: reactive[list[Action]] = reactive(list, always_update=True, repaint=False)

    def __init__(self, table: Table, interactive: bool = False, **kwargs) -> None:
        super().__init__(**kwargs)
        self.table = table
        #: True where decisions are made (the game screen); the replay only shows.
        self.interactive = interactive
        self._paint_due = False
        self._choices: tuple[Choice, ...] | None = None

    def watch_snapshot(self, snap: Snapshot | None) -> None:
        """Pass on only what changed: a snapshot of the same position (a bot's progress)
        leaves the board alone."""
        if snap is None:
            return
        if snap.view is not self.view:
            self.view = snap.view
        if snap.choices is not self._choices:
            self._choices = snap.choices
            self.offered = snap.offered
        if self._paint_due:  # paint now, so the move reaches the screen in one frame with the other panes
            self.paint_now()

    def watch_view(self, _view: State | None) -> None:
        self.paint_soon()

    def watch_offered(self, _offered: list[Action]) -> None:
        self.paint_soon()

    def paint_soon(self) -> None:
        """``view`` and ``offered`` often change together: paint once, after both."""
        if not self._paint_due and self.is_mounted:
            self._paint_due = True
            self.call_later(self._paint_if_due)

    def _paint_if_due(self) -> None:
        if self._paint_due:
            self.paint_now()

    def paint_now(self) -> None:
        self._paint_due = False
        if self.view is not None and self.is_mounted:
            self.paint(self.view)

    def paint(self, view: State) -> None:
        """Redraw from ``view`` (boards that paint in one go override this)."""

    def point_at(self, action: Action) -> None:
        """Show where on the board ``action`` happens (the hint's choice): boards with a
        cursor move it there; the others have nothing to point with."""
