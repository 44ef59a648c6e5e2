"""Small full-screen interludes: passing the keyboard between players with secrets, and
the notice shown while the terminal is too small to play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


class PassScreen(Screen):
    """Covers the whole board, so the next player sees nothing of the last one's hand."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(
                    f"Pass the keyboard to [b]{self.player_name}[/b]\n\n"
                    f"{self.player_name}: press Enter when the others look away.",
                    id="pass-box",
                )

    def action_ready(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen):
    """Shown while the terminal is below 80×24; the app removes it on the next big-enough resize."""

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(id="too-small-box")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def on_screen_resume(self) -> None:
        # Uncovered again after the screen above it closed: gone if the terminal grew meanwhile.
        width, height = self.app.size
        if width >= MIN_WIDTH and height >= MIN_HEIGHT:
            self.call_later(self.dismiss)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small-box", Static).update(
            f"The terminal is too small: {width}×{height}.\n"
            f"Dragon TUI needs at least {MIN_WIDTH}×{MIN_HEIGHT}.\nMake the window bigger to carry on."
        )
