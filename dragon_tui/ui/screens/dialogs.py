"""Small interludes: passing the keyboard between players with secrets, a yes-or-no question,
and the notice shown while the terminal is too small to play."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Static

from ..layout import MIN_HEIGHT, MIN_WIDTH



class PassScreen(Screen):
    """Covers the whole board, so the next player sees nothing of the last one's hand."""

    STYLESHEETS = ()  # app.tcss has its box

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


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question before something that cannot be taken back (overwriting a save,
    abandoning a game). Dismissed with True for yes; Esc and n say no."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes, self.no = yes, no

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="warning", compact=True)
                yield Button(f"{self.no} (n)", id="no", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # the safe answer is the one Enter gives

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TooSmallScreen(Screen):
    """Shown while the terminal is below 80×24; the app removes it on the next big-enough resize."""

    STYLESHEETS = ()  # app.tcss has its box: it may cover the first screen

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
        # Short lines: the notice itself must fit a 40×10 terminal (and wraps below that).
        self.query_one("#too-small-box", Static).update(
            f"Terminal too small: {width}×{height}\n"
            f"Dragon TUI needs {MIN_WIDTH}×{MIN_HEIGHT}.\nMake the window bigger."
        )
