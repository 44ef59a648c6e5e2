"""The replay viewer: step through a game's positions forwards and backwards."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Action, State
from ...session import Table
from ..styles import GAME_SCREEN_STYLESHEETS
from .game import board_class


class ReplayScreen(Screen):
    STYLESHEETS = GAME_SCREEN_STYLESHEETS
    BINDINGS = [
        Binding("left,h", "step(-1)", "Back"),
        Binding("right,l", "step(1)", "Forward"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("escape,q", "app.pop_screen", "Close"),
    ]

    view: reactive[State | None] = reactive(None, always_update=True)
    offered: reactive[list[Action]] = reactive(list, always_update=True)
    position: reactive[int] = reactive(0)

    def __init__(self, table: Table, position: int | None = None) -> None:
        super().__init__()
        self.table = table
        #: Where to open (the position after that many moves); None: the end of the game.
        self.start_at = position

    def compose(self) -> ComposeResult:
        Board = board_class(self.table.game.id)
        yield Static(id="status")
        yield Board(self.table, id="board").data_bind(ReplayScreen.view, ReplayScreen.offered)
        yield Static(id="replay-move")
        yield Footer()

    def on_mount(self) -> None:
        self.add_class(f"game-{self.table.game.id}")
        self._ready = True
        # Shown here, not through the watcher: a screen counts as mounted only after its
        # Mount handler, so the watcher's guard would skip this first position and the
        # replay would open blank (and → / End, already at the end, would change nothing).
        total = len(self.table.moves)
        start = total if self.start_at is None else max(0, min(self.start_at, total))
        self.set_reactive(ReplayScreen.position, start)
        self._show(self.position)

    _ready = False

    def watch_position(self, position: int) -> None:
        if self._ready:
            self._show(position)

    def _show(self, position: int) -> None:
        """Put position ``position`` on the board, the status line and the move line."""
        state = self.table.states[position]
        # A finished game hides nothing any more; mid-game, show only what is public.
        self.view = state if self.table.state.is_over else state.view(None)
        total = len(self.table.moves)
        self.query_one("#status", Static).update(
            f"Replay of {self.table.game.title} · position {position} of {total} · "
            + self.table.text(state.phase_label())
        )
        if position == 0:
            text = "The start of the game."
        else:
            # Each move as this keyboard's person may read it (others' secret choices are
            # shown by what everybody saw happen): the rule lives in the session's table.
            people = self.table.person_seats()
            viewer = people[0] if len(people) == 1 else None
            text = f"Move {position}: {self.table.move_line(position - 1, viewer)}"
        self.query_one("#replay-move", Static).update(text)

    def action_step(self, delta: int) -> None:
        self.position = max(0, min(len(self.table.moves), self.position + delta))

    def action_jump(self, where: int) -> None:
        self.position = len(self.table.moves) if where < 0 else where
