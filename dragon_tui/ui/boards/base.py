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
