"""The chat pane of a shared table's game screen: the table's lines under the log, and an input
that opens on a key (the screen's ``chat`` action), sends on Enter and closes on Escape.

Every line is shown as plain text (a :class:`~rich.text.Text`, never markup: ``[b]`` in a
line is those three characters). ``/mute name`` and ``/unmute name`` in the input mute a player
for yourself (their lines no longer reach you, at any table); ``/muted`` lists whom you mute.
The pane talks to the table through :meth:`ChatPane.send`'s callback, so it knows nothing of
the network.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, RichLog

#: Lines the pane holds (older ones scroll away; the review keeps the table's all).
SHOWN = 300


class ChatInput(Input):
    """The chat's input line: Escape leaves it (and the pane's input closes)."""

    BINDINGS = [Binding("escape", "close", "Leave chat", show=True)]

    def action_close(self) -> None:
        pane = next((a for a in self.ancestors if isinstance(a, ChatPane)), None)
        if pane is not None:
            pane.close_input()


class ChatPane(Vertical):
    DEFAULT_CSS = """
    ChatPane {
        height: 1fr;
        min-height: 4;
        max-height: 12;
        border: round $panel-lighten-2;
        border-title-color: $text-muted;
        border-subtitle-color: $text-muted;
    }
    ChatPane.-open { min-height: 5; border: round $accent; }
    ChatPane RichLog { height: 1fr; scrollbar-size-vertical: 1; overflow-x: hidden; background: transparent; }
    ChatPane ChatInput, ChatPane ChatInput:focus {
        height: 1; border: none; padding: 0 1; display: none; background: $boost;
    }
    ChatPane.-open ChatInput { display: block; }
    """

    def __init__(self, me: str, seat_names: Callable[[], list[str]], send: Callable[[str], str | None],
                 max_chars: int = 300, key: str = "^o", **kwargs: Any) -> None:
        """``send(text)`` sends a line or a command and returns what to tell the player (an
        error, or a note), None when there is nothing to tell."""
        super().__init__(**kwargs)
        self.me = me
        self.seat_names = seat_names
        self.send = send
        self.max_chars = max_chars
        self.key = key
        self.border_title = "Chat"
        self.border_subtitle = f"{key}: say something"

    def compose(self) -> ComposeResult:
        yield RichLog(id="chat-lines", wrap=True, markup=False, highlight=False, max_lines=SHOWN, min_width=16,
                      auto_scroll=True)
        yield ChatInput(placeholder="Say something (Enter sends, Esc leaves; /mute name)",
                        max_length=self.max_chars, id="chat-input")

    # ---------------------------------------------------------------- lines
    def add_line(self, line: dict[str, Any]) -> None:
        """A kept line: ``{player, seat, text, at}``, shown as plain text."""
        who = str(line.get("player", "?"))
        seat = line.get("seat")
        text = Text()
        at = line.get("at")
        if isinstance(at, (int, float)):
            text.append(_dt.datetime.fromtimestamp(at).strftime("%H:%M "), "dim")
        style = "bold" if who == self.me else "bold cyan"
        text.append(who, style)
        if seat is None:
            text.append(" (watching)", "dim")
        text.append(": ")
        text.append(str(line.get("text", "")))  # plain: never read as markup
        self.query_one(RichLog).write(text)

    def add_note(self, note: str) -> None:
        """Something the table says (a rematch offer, a mute), dimmed."""
        self.query_one(RichLog).write(Text(f"· {note}", "dim italic"))

    # ---------------------------------------------------------------- input
    @property
    def is_open(self) -> bool:
        return self.has_class("-open")

    def open_input(self) -> None:
        self.add_class("-open")
        self.border_subtitle = "Enter: send · Esc: leave"
        self.query_one(ChatInput).focus()

    def close_input(self) -> None:
        self.remove_class("-open")
        self.border_subtitle = f"{self.key}: say something"
        self.screen.set_focus(None)
        self.screen.focus_next()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        if not text.strip():
            self.close_input()
            return
        told = self.send(text)
        if told is None:
            event.input.value = ""
        else:
            self.add_note(told)
