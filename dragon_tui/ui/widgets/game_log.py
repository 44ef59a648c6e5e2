"""The running log of a game, newest at the bottom, with seat names filled in.

It appends: the lines a snapshot adds are wrapped once, for the log's width, and added to
the wrapped lines already there; the lines already shown are never rendered again (only when
the width changes are they rewrapped). The log draws itself line by line (Textual's line
API, like ``RichLog``): appending changes no layout and mounts no widget, so a move's log
lines are on screen in the same frame as the rest of the move, scrolled to the bottom. After
an undo the snapshot says where the log is cut back to; then the shown lines are wrapped
again.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive, reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ...session import Snapshot

SHOWN_LINES = 200


class GameLog(ScrollView):
    """Keeps the newest line in sight."""

    can_focus = False
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)
    #: How many wrapped lines there are. The log's box is set by the stylesheet, so new lines
    #: need no layout of the screen, only new scroll bars (a scroll bar that appears lays it out).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: Every line of the log so far (the last SHOWN_LINES of them are shown).
        self.lines: list[str] = []
        #: How many log lines were wrapped (rendered) so far: appending adds only the new ones.
        self.rendered = 0
        #: The shown lines, wrapped: one list of strips per log line, and the width they fit.
        self._wrapped: list[list[Strip]] = []
        self._strips: list[Strip] = []
        self._width = 0

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None:
            return
        if snapshot.log_from < len(self.lines):
            del self.lines[snapshot.log_from:]
            self._rewrap()
        if snapshot.log_lines:
            self.append(list(snapshot.log_lines))

    def append(self, new: list[str]) -> None:
        self.lines.extend(new)
        if self._width:
            self._wrapped.extend(self._wrap(line) for line in new[-SHOWN_LINES:])
            del self._wrapped[:-SHOWN_LINES]
            self._show()

    # ------------------------------------------------------------------ rendering
    def _wrap(self, line: str) -> list[Strip]:
        self.rendered += 1
        console = self.app.console
        options = console.options.update_width(self._width)
        lines = Segment.split_and_crop_lines(console.render(Text(line), options), self._width, pad=False,
                                             include_new_lines=False)
        return [Strip(segments) for segments in lines] or [Strip.blank(0)]

    def _rewrap(self) -> None:
        self._wrapped = [self._wrap(line) for line in self.lines[-SHOWN_LINES:]] if self._width else []
        self._show()

    def _show(self) -> None:
        """The wrapped lines become the log's content, scrolled to the newest line at once."""
        self._strips = [strip for wrapped in self._wrapped for strip in wrapped]
        self.virtual_size = Size(self._width, len(self._strips))
        self._scroll_update(self.virtual_size)
        self.refresh()
        # At once, in this frame; only the first time the log outgrows its box is the scroll
        # bar not there yet (it comes with the next layout), and the scroll waits for it.
        immediate = self.allow_vertical_scroll or len(self._strips) <= self.container_size.height
        self.scroll_end(animate=False, immediate=immediate, x_axis=False)

    def on_resize(self) -> None:
        # Room for the scrollbar is kept whether it shows or not, so it never rewraps the log.
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        if width > 0 and width != self._width:
            self._width = width
            self._rewrap()
            # The first size may come before the log's own layout: scroll again once it is known.
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True, x_axis=False)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if index >= len(self._strips):
            return Strip.blank(width, self.rich_style)
        return self._strips[index].crop_extend(0, width, self.rich_style).apply_style(self.rich_style)
