"""The running log of a game, newest at the bottom, with seat names filled in."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

SHOWN_LINES = 200


class GameLog(VerticalScroll):
    """Rewraps on resize (it re-renders its text), and keeps the newest line in sight."""

    can_focus = False

    def compose(self) -> ComposeResult:
        yield Static(id="log-text")

    def show(self, lines: list[str]) -> None:
        self.query_one("#log-text", Static).update("\n".join(lines[-SHOWN_LINES:]))
        self.call_after_refresh(self.scroll_end, animate=False)
