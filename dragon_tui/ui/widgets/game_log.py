"""The running log of a game, newest at the bottom, with seat names filled in.

It appends: the lines a snapshot adds are wrapped once, for the log's width, and added to
the wrapped lines already there; the lines already shown are never rendered again (only when
the width changes are they rewrapped). The log draws itself line by line (Textual's line
API, like ``RichLog``): appending changes no layout and mounts no widget, so a move's log
lines are on screen in the same frame as the rest of the move. After an undo the snapshot
says where the log is cut back to; then the shown lines are wrapped again.

It follows the newest line — while bots play, each move shows as it is made — unless the
person has scrolled up to read (Tab reaches the log; ↑/↓, PgUp/PgDn, Home/End scroll it).
When the decision comes back to the person at the keyboard and what happened since their
last decision is more than the log can show at once (three bots' turns at 80×24), the log
shows those lines from their first: nobody's turn scrolls out of sight unread. The border
says how many lines are below.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive, reactive
from textual.scrollbar import ScrollBar
from textual.scroll_view import ScrollView
from textual.selection import Selection
from textual.strip import Strip

from .panel import SizedByLayout, pane_scrollbar
from ..textual_private import update_scrollbars
from ...session import Snapshot

SHOWN_LINES = 200


class GameLog(SizedByLayout, ScrollView):
    """Keeps the newest line in sight, or the first line the person has not seen yet."""

    can_focus = True
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)
    #: How many wrapped lines there are. The log's box is set by the stylesheet, so new lines
    #: need no layout of the screen, only new scroll bars (a scroll bar that appears lays it out).
    virtual_size = Reactive(Size(0, 0), layout=False)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return pane_scrollbar(self)

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
        #: Index of the first line added since the person at the keyboard last decided.
        self.unseen_from = 0
        self._person_deciding = False
        #: False while the person reads older lines: new ones then do not pull the view down.
        self.following = True
        self._started = False
        #: True from the decision coming back until the person acts: the view stays on the
        #: first unseen line (if they do not all fit) through resizes.
        self._anchored = False
        self.border_title = "Log"
        self._line_style: Style | None = None
        #: While the person reads older lines: the log line at the top of the view. Resizes
        #: and rewraps bring that line back to the top (a row number would point elsewhere
        #: once the lines rewrap, and a box that grew would clamp it, a little more each time).
        self._top_line: int | None = None

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None:
            return
        if snapshot.log_from < len(self.lines):
            del self.lines[snapshot.log_from:]
            self.unseen_from = min(self.unseen_from, len(self.lines))
            self._rewrap()
        deciding = bool(snapshot.choices)
        if not self._started:
            # A game opened (new or continued): its history is not news, the newest line shows.
            self._started = True
            self.unseen_from = len(self.lines) + len(snapshot.log_lines)
        elif deciding and not self._person_deciding:
            # The decision came back: show what happened since the last one from its start
            # (and keep doing so while the panes settle and resize, until the person acts).
            self._anchored = True
        decided = not deciding and self._person_deciding
        if decided:
            self._anchored = False
        self._person_deciding = deciding
        if snapshot.log_lines:
            self.append(list(snapshot.log_lines))
        elif self._anchored:
            self._place_view()
        if decided:
            # The person decided (their own move's lines included): everything from here on
            # is news for their next decision.
            self.unseen_from = len(self.lines)

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
        """The wrapped lines become the log's content, and the view goes where it belongs."""
        self._strips = [strip for wrapped in self._wrapped for strip in wrapped]
        self.virtual_size = Size(self._width, len(self._strips))
        update_scrollbars(self, self.virtual_size)
        self.refresh()
        self._place_view()

    def row_of(self, line: int) -> int:
        """The wrapped row where log line ``line`` starts (the last row + 1 past the end)."""
        first_shown = len(self.lines) - len(self._wrapped)
        return sum(len(wrapped) for wrapped in self._wrapped[:max(0, line - first_shown)])

    def line_at(self, row: int) -> int:
        """The log line shown at wrapped row ``row`` (``row_of``'s inverse)."""
        line = len(self.lines) - len(self._wrapped)
        for wrapped in self._wrapped:
            row -= len(wrapped)
            if row < 0:
                return line
            line += 1
        return line

    # ------------------------------------------------------------------ where the view is
    def _place_view(self) -> None:
        if not self.following:
            if self._top_line is None:
                self._say_below()
            else:
                self._scroll_y_to(self.row_of(self._top_line))
        elif self._anchored:
            self._show_unseen()
        else:
            self._scroll_y_to(len(self._strips))

    def _scroll_y_to(self, y: float) -> None:
        """Scroll to row ``y``, kept within the content, in this frame when the scroll bar is
        already there (the first time the log outgrows its box the bar comes with the next
        layout, and the scroll waits for it)."""
        height = self.scrollable_content_region.height
        immediate = self.allow_vertical_scroll or len(self._strips) <= height
        target = max(0, min(y, len(self._strips) - height))
        self.scroll_to(y=target, animate=False, immediate=immediate)
        if not immediate:
            self.call_after_refresh(self._place_view)
        self._say_below(target)

    def _show_unseen(self) -> None:
        """Scroll so the first unseen line is at the top, if the unseen lines do not all fit."""
        top = self.row_of(self.unseen_from)
        if len(self._strips) - top > self.scrollable_content_region.height:
            self._scroll_y_to(top)
        else:
            self._scroll_y_to(len(self._strips))

    def _say_below(self, top: float | None = None) -> None:
        top = self.scroll_y if top is None else top
        below = max(0, len(self._strips) - self.scrollable_content_region.height - round(top))
        subtitle = f"↓ {below} more (PgDn)" if below else ""
        if subtitle != self.border_subtitle:  # setting it repaints the log, even to the same text
            self.border_subtitle = subtitle

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._say_below()

    def on_resize(self) -> None:
        # Placed already by fit_to_size, before the frame; again in case a second layout
        # (a scroll bar that came) moved the end: a no-op, and no frame, when nothing moved.
        self._place_view()

    def fit_to_size(self) -> None:
        # Room for the scrollbar is kept whether it shows or not, so it never rewraps the log.
        width = self.content_region.width - self.styles.scrollbar_size_vertical
        if width > 0 and width != self._width:
            self._width = width
            self._rewrap()
        else:
            # The lines rewrap to the new size: keep the newest (or the first unseen) in sight.
            self._place_view()

    def render_lines(self, crop: Region) -> list[Strip]:
        # The log's style, once per paint: ``rich_style`` walks every ancestor's styles.
        self._line_style = self.rich_style
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        style = self._line_style or self.rich_style
        if index >= len(self._strips):
            return Strip.blank(width, style)
        return self._strips[index].crop_extend(0, width, style).apply_style(style)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The text dragged over, row by row as shown, for ctrl+c to copy. (Textual's default
        reads the widget's renderable, which this log does not use: it gave an empty text, and
        copying that emptied the clipboard.)"""
        return selection.extract("\n".join(strip.text for strip in self._strips)), "\n"

    # ------------------------------------------------------------------ keys
    def _scrolled_by_person(self) -> None:
        self.following = self.is_vertical_scroll_end or self.max_scroll_y == 0
        self._top_line = None if self.following else self.line_at(round(self.scroll_y))
        self._say_below()

    def _reading_up(self) -> None:
        """The person scrolled up: stay there, on the log line now at the top."""
        self.following = self._anchored = False
        self._top_line = self.line_at(round(self.scroll_target_y))

    def action_scroll_up(self) -> None:
        super().action_scroll_up()
        self._reading_up()

    def action_page_up(self) -> None:
        super().action_page_up()
        self._reading_up()

    def action_scroll_home(self) -> None:
        super().action_scroll_home()
        self._reading_up()

    def on_mouse_scroll_up(self) -> None:
        self._anchored = False
        self.call_after_refresh(self._scrolled_by_person)

    def on_mouse_scroll_down(self) -> None:
        self._anchored = False
        self.call_after_refresh(self._scrolled_by_person)

    def action_scroll_down(self) -> None:
        super().action_scroll_down()
        self._anchored = False
        self.call_after_refresh(self._scrolled_by_person)

    def action_page_down(self) -> None:
        super().action_page_down()
        self._anchored = False
        self.call_after_refresh(self._scrolled_by_person)

    def action_scroll_end(self) -> None:
        super().action_scroll_end()
        self.following, self._anchored, self._top_line = True, False, None
