"""The running log of a game, newest at the bottom, with seat names filled in.

It appends: the lines a snapshot adds become one new block at the bottom, and the blocks
already shown are never rendered again (they only rewrap when the width changes). After an
undo the snapshot says where the log is cut back to; then the log is rebuilt as one block.
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from ...session import Snapshot

SHOWN_LINES = 200


class LogBlock(Static):
    """Some consecutive lines of the log."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


class GameLog(VerticalScroll):
    """Keeps the newest line in sight."""

    can_focus = False
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: Every line of the log so far (the blocks show the last SHOWN_LINES of them).
        self.lines: list[str] = []

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is None or not self.is_mounted:
            return
        if snapshot.log_from < len(self.lines):
            del self.lines[snapshot.log_from:]
            self._rebuild()
        if snapshot.log_lines:
            self.append(list(snapshot.log_lines))

    def on_mount(self) -> None:
        if self.snapshot is not None and not self.lines:
            self.watch_snapshot(self.snapshot)

    def _rebuild(self) -> None:
        self.remove_children()
        if self.lines:
            self.mount(LogBlock(self.lines[-SHOWN_LINES:]))

    def append(self, new: list[str]) -> None:
        self.lines.extend(new)
        self.mount(LogBlock(new[-SHOWN_LINES:]))
        blocks = list(self.query_children(LogBlock))
        shown = sum(len(b.lines) for b in blocks)
        while len(blocks) > 1 and shown - len(blocks[0].lines) >= SHOWN_LINES:
            shown -= len(blocks[0].lines)
            blocks.pop(0).remove()
        self.call_after_refresh(self.scroll_end, animate=False)
