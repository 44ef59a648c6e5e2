"""What every board shares: the two reactives the game screen binds, and the table."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Action, State
from ...session import Table


class BoardBase(Widget):
    """A game's board. Subclasses repaint in ``watch_view`` / ``watch_offered``."""

    #: The position as the viewing seat may see it (None before the first one arrives).
    view: reactive[State | None] = reactive(None, always_update=True)
    #: The actions on offer to the person at the keyboard, for boards that point at choices.
    offered: reactive[list[Action]] = reactive(list, always_update=True)

    def __init__(self, table: Table, **kwargs) -> None:
        super().__init__(**kwargs)
        self.table = table
        self._paint_due = False

    def watch_view(self, _view: State | None) -> None:
        self.paint_soon()

    def watch_offered(self, _offered: list[Action]) -> None:
        self.paint_soon()

    def paint_soon(self) -> None:
        """The screen sets ``view`` and then ``offered``: paint once, when both belong to
        the same position."""
        if not self._paint_due and self.is_mounted:
            self._paint_due = True
            self.call_later(self.paint_now)

    def paint_now(self) -> None:
        self._paint_due = False
        if self.view is not None and self.is_mounted:
            self.paint(self.view)

    def paint(self, view: State) -> None:
        """Redraw everything from ``view`` (boards that paint in one go override this)."""
