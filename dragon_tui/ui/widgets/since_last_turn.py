""""Since your last turn": the snapshot's summary of what the other seats did, shown above the
log while the person decides (hidden when there is nothing to tell)."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...session import Snapshot
from .panel import SizedByLayout


class SinceLastTurn(SizedByLayout, Static):
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._lines: tuple[str, ...] | None = None
        self.border_title = "Since your last turn"

    def watch_snapshot(self, snap: Snapshot | None) -> None:
        lines = snap.since_last_turn if snap is not None else ()
        if lines == self._lines:
            return
        self._lines = lines
        self.display = bool(lines)
        self.update(Text("\n".join(lines)))
