"""A Static that skips repaints and layouts it does not need (the side panels redraw on
every cursor step, and a full screen layout per key press is what makes a game sluggish)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from .panel import SizedByLayout


class TextPanel(SizedByLayout, Static):
    _shown: Text | None = None

    def show_text(self, text: Text) -> None:
        old = self._shown
        if old is not None and old.plain == text.plain and old.spans == text.spans:
            return
        same_height = old is not None and old.plain.count("\n") == text.plain.count("\n")
        self._shown = text
        self.update(text, layout=not same_height)
