"""The one panel base the boards draw with: a panel shows a renderable, and showing the
same one again does nothing (no update, no layout, no repaint), so a move repaints only the
panels whose data changed."""

from __future__ import annotations

from textual.widgets import Static


class Panel(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: object = None

    def show_content(self, content) -> bool:
        """Show ``content`` unless it is what the panel shows already; returns whether it changed."""
        if self._shown is not None and content == self._shown:
            return False
        self._shown = content
        self.update(content)
        return True
