"""The running log of a game, newest at the bottom, with seat names filled in.

It appends: the lines a snapshot adds become one new block at the bottom, and the blocks
already shown are never rendered again (they only rewrap when the width changes). After an
undo the snapshot says where the log is cut back to; then the log is rebuilt as one block.

It follows the newest line — while bots play, each move shows as it is made — unless the
person has scrolled up to read (Tab reaches the log; ↑/↓, PgUp/PgDn, Home/End scroll it).
When the decision comes back to the person at the keyboard and what happened since their
last decision is more than the log can show at once (three bots' turns at 80×24), the log
shows those lines from their first: nobody's turn scrolls out of sight unread. The border
says how many lines are below.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ...session import Snapshot

SHOWN_LINES = 200


class LogBlock(Static):
    """Some consecutive lines of the log."""

    def __init__(self, lines: list[str], first: int = 0) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines
        #: Index in the whole log of this block's first line.
        self.first = first


class GameLog(VerticalScroll):
    """Keeps the newest line in sight, or the first line the person has not seen yet."""

    can_focus = True
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: Every line of the log so far (the blocks show the last SHOWN_LINES of them).
        self.lines: list[str] = []
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

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None or not self.is_mounted:
            return
        if snapshot.log_from < len(self.lines):
            del self.lines[snapshot.log_from:]
            self.unseen_from = min(self.unseen_from, len(self.lines))
            self._rebuild()
        if snapshot.log_lines:
            self.append(list(snapshot.log_lines))
        deciding = bool(snapshot.choices)
        if not self._started:
            # A game opened (new or continued): its history is not news, the newest line shows.
            self._started = True
            self.unseen_from = len(self.lines)
        elif deciding and not self._person_deciding:
            # The decision came back: show what happened since the last one from its start
            # (and keep doing so while the panes settle and resize, until the person acts).
            self._anchored = True
            self.call_after_refresh(self._place_view)
        elif not deciding and self._person_deciding:
            # The person decided: everything from here on is news for their next decision.
            self.unseen_from = len(self.lines)
            self._anchored = False
        self._person_deciding = deciding

    def on_mount(self) -> None:
        if self.snapshot is not None and not self.lines:
            self.watch_snapshot(self.snapshot)

    def _rebuild(self) -> None:
        self.remove_children()
        if self.lines:
            start = max(0, len(self.lines) - SHOWN_LINES)
            self.mount(LogBlock(self.lines[start:], start))

    def append(self, new: list[str]) -> None:
        first = len(self.lines)
        self.lines.extend(new)
        self.mount(LogBlock(new[-SHOWN_LINES:], first + max(0, len(new) - SHOWN_LINES)))
        blocks = list(self.query_children(LogBlock))
        shown = sum(len(b.lines) for b in blocks)
        while len(blocks) > 1 and shown - len(blocks[0].lines) >= SHOWN_LINES:
            shown -= len(blocks[0].lines)
            blocks.pop(0).remove()
        if self.following:
            self.call_after_refresh(self._place_view)

    # ------------------------------------------------------------------ where the view is
    def _place_view(self) -> None:
        if not self.following:
            self._say_below()
        elif self._anchored:
            self._show_unseen()
        else:
            self._to_end()

    def _scroll_y_to(self, y: float) -> None:
        """Scroll to row ``y``, kept within the content (a target worked out while the panes
        were still settling could otherwise leave blank rows above the first line)."""
        self.scroll_to(y=max(0, min(y, self.max_scroll_y)), animate=False, immediate=True)

    def _to_end(self) -> None:
        self._scroll_y_to(self.max_scroll_y)
        self._say_below()

    def _show_unseen(self) -> None:
        """Scroll so the first unseen line is at the top, if the unseen lines do not all fit."""
        # Lines come in one block per snapshot, so the first unseen line starts a block.
        block = next((b for b in self.query_children(LogBlock) if b.first >= self.unseen_from), None)
        top = block.virtual_region.y if block is not None else self.virtual_size.height
        if self.virtual_size.height - top > self.scrollable_content_region.height:
            self._scroll_y_to(top)
        else:
            self._scroll_y_to(self.max_scroll_y)
        self._say_below()

    def _say_below(self) -> None:
        below = max(0, self.max_scroll_y - round(self.scroll_y))
        self.border_subtitle = f"↓ {below} more (PgDn)" if below else ""

    def watch_scroll_y(self, old: float, new: float) -> None:
        super().watch_scroll_y(old, new)
        self._say_below()

    def on_resize(self) -> None:
        # The lines rewrap to the new size: keep the newest (or the first unseen) in sight.
        self.call_after_refresh(self._place_view)

    # ------------------------------------------------------------------ keys
    def _scrolled_by_person(self) -> None:
        self.following = self.is_vertical_scroll_end or self.max_scroll_y == 0
        self._say_below()

    def action_scroll_up(self) -> None:
        super().action_scroll_up()
        self.following = self._anchored = False

    def action_page_up(self) -> None:
        super().action_page_up()
        self.following = self._anchored = False

    def action_scroll_home(self) -> None:
        super().action_scroll_home()
        self.following = self._anchored = False

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
        self.following, self._anchored = True, False
