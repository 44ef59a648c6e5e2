"""The one panel base the boards draw with: a panel shows a renderable, and showing the
same one again does nothing (no update, no layout, no repaint), so a move repaints only the
panels whose data changed.

``refresh_content`` is how every pane says "my content changed": the pane is repainted, and
the screen is laid out again only when the new content changes the pane's size. A layout
reflows the whole screen — with five boards' worth of widgets, the dearest part of answering
a key — while a repaint touches the pane alone.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static


def refresh_content(widget: Widget) -> None:
    """Repaint ``widget``; lay the screen out again only if its size may have changed."""
    widget.refresh()
    if not widget.is_mounted or not widget.size:
        widget.refresh(layout=True)  # not laid out yet
        return
    width, height = widget.styles.width, widget.styles.height
    if width is not None and width.is_auto:
        widget.refresh(layout=True)  # as wide as its content
        return
    if height is not None and not height.is_auto:
        return  # the stylesheet decides its size, not the content
    content = widget.content_size
    if widget.get_content_height(widget.size, widget.size, content.width) != content.height:
        widget.refresh(layout=True)


class Panel(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: object = None

    def show_content(self, content) -> bool:
        """Show ``content`` unless it is what the panel shows already; returns whether it changed."""
        if self._shown is not None and content == self._shown:
            return False
        self._shown = content
        self.update(content, layout=False)
        refresh_content(self)
        return True
