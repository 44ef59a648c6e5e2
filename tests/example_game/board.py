"""Pebbles' board: the pile, and a line per seat with its stars and its lucky number as the
viewing seat may see it ("?" for a secret). Built on the shared ``BoardBase``: it paints from
``view`` and never computes rules."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from dragon_tui.engine import State
from dragon_tui.ui.board_base import BoardBase
from dragon_tui.ui.widgets.panel import Panel


class Board(BoardBase):
    # A game without a stylesheet of its own (board.tcss beside this module) keeps its few rules here.
    DEFAULT_CSS = """
    Board #pebbles { height: auto; border: round $primary; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        yield Panel(id="pebbles")

    def paint(self, view: State) -> None:
        t = Text()
        t.append("Pile  ", "dim")
        t.append(" ".join("●" * view.pile) or "empty", "bold")
        t.append(f" ({view.pile})", "dim")
        for seat, name in enumerate(self.table.names):
            lucky = view.lucky[seat]
            mark = "\n▶ " if view.current_player == seat else "\n  "
            t.append(f"{mark}{name:<12}", "bold" if "▶" in mark else "")
            t.append(f" stars {view.stars[seat]}  lucky {lucky if lucky is not None else '?'}")
            if view.took_last == seat:
                t.append("  took the last pebble", "bold")
        self.query_one("#pebbles", Panel).show_content(t)

    def on_mount(self) -> None:
        self.paint_now()
