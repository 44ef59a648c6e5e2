"""The game screen every game shares: status line, the game's board, the legal actions,
the log and the footer. It watches the table, shows the right seat's view, lets bots
think in a worker thread, and turns keys into actions; the rules stay in the engine."""

from __future__ import annotations

import importlib
import threading

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Action, IllegalAction, State
from ...session import Table, TurnController
from ..widgets.action_list import ActionList
from ..widgets.game_log import GameLog


def board_class(game_id: str):
    return importlib.import_module(f"dragon_tui.ui.boards.{game_id}").Board


class GameScreen(Screen):
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("escape", "leave", "Menu"),
        Binding("space", "hurry", "Hurry bot", show=False),
        Binding("f3", "hint", "Hint", show=False),
    ]

    #: The position as the viewing seat may see it; the board binds to this.
    view: reactive[State | None] = reactive(None, always_update=True)
    #: The actions on offer to the person at the keyboard (empty while others decide).
    offered: reactive[list[Action]] = reactive(list, always_update=True)

    def __init__(self, table: Table, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.table = table
        self.controller = TurnController(table)
        self.bot_delay = bot_delay
        self._bot_generation = 0
        self._bot_cancel: threading.Event | None = None
        self._bot_timer = None
        self._shown_person: int | None = None
        self._game_over_shown = False
        self._progress_timer = None
        self._hint_cancel: threading.Event | None = None
        self.thinking = False

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        Board = board_class(self.table.game.id)
        yield Static(id="status")
        yield Board(self.table, id="board").data_bind(GameScreen.view, GameScreen.offered)
        with Horizontal(id="lower"):
            with Vertical(id="actions-pane"):
                yield ActionList(id="actions")
            yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.add_class(f"game-{self.table.game.id}")
        self.table.subscribe(self._table_changed)
        self.table.subscribe(self._report_save_error)
        self._table_changed(self.table)
        self._report_save_error(self.table)

    _save_warned = False

    def _report_save_error(self, table: Table) -> None:
        """A notice when autosaving starts failing (full or read-only disk), and when it works again."""
        error = getattr(table, "save_error", None)
        if error is not None and not self._save_warned:
            self._save_warned = True
            self.notify(f"{error}. The game goes on in memory; the last good autosave is kept. "
                        "Free some space (or make the folder writable) to save again.",
                        title="Autosave failed", severity="error", timeout=15)
        elif error is None and self._save_warned:
            self._save_warned = False
            self.notify("Autosave works again.")

    def on_unmount(self) -> None:
        self._stop_bot()

    def on_resize(self) -> None:
        self._update_status()

    # ---------------------------------------------------------------- model → widgets
    def viewer(self) -> int | None:
        """Whose eyes the board uses: the person deciding, else the only person, else nobody."""
        people = self.table.person_seats()
        current = self.table.state.current_player
        if current is not None and current in people:
            return current
        if len(people) == 1:
            return people[0]
        return None

    def _table_changed(self, table: Table) -> None:
        state = table.state
        current = state.current_player
        people = table.person_seats()
        needs_pass = (
            table.game.hidden_information
            and len(people) > 1
            and current in people
            and self._shown_person is not None
            and current != self._shown_person
        )
        if current in people and not needs_pass:
            self._shown_person = current
        if needs_pass:
            self.view = state.view(None)
            self.offered = []
            self._show_actions([])
            from .dialogs import PassScreen

            name = table.seats[current].name

            def passed(_: object = None) -> None:
                self._shown_person = current
                self._table_changed(table)

            self.app.push_screen(PassScreen(name), passed)
            return
        viewer = self.viewer()
        # Once the game is over nothing is secret, and end scoring needs every hand and deck.
        self.view = state if state.is_over else state.view(viewer)
        mine = current is not None and current in people
        actions = state.legal_actions() if mine else []
        self.offered = actions
        self._show_actions(actions)
        self.query_one(GameLog).show([table.text(line) for line in state.log])
        self._update_status()
        if state.is_over:
            self._stop_bot()
            if not self._game_over_shown:
                self._game_over_shown = True
                from .game_over import GameOverScreen

                self.app.push_screen(GameOverScreen(table))
        else:
            self._game_over_shown = False
            self._maybe_start_bot()

    def _show_actions(self, actions: list[Action]) -> None:
        state = self.table.state
        keys = [state.action_key(a) for a in actions]
        self.query_one(ActionList).show(actions, keys, lambda a: self.table.text(a.describe()))

    def _update_status(self) -> None:
        state = self.table.state
        parts = [self.table.text(state.phase_label())]
        if self.app.size.width >= 100:  # the title only where the phase label still fits
            parts.insert(0, self.table.game.title)
        if self.thinking:
            parts.append(f"thinking{self._progress_text()}… (space: hurry)")
        self.query_one("#status", Static).update(" · ".join(parts))

    # ---------------------------------------------------------------- bots
    def _progress_text(self) -> str:
        """How far a search bot has got, e.g. ' 420/1200' (nothing for instant bots)."""
        seat = self.controller.bot_to_move()
        agent = self.controller.agent_for(seat) if seat is not None else None
        progress = getattr(agent, "progress", None)
        if not progress or not progress[1]:
            return ""
        return f" {progress[0]}/{progress[1]}"

    def _maybe_start_bot(self) -> None:
        seat = self.controller.bot_to_move()
        if seat is None or self.thinking:
            return
        self._bot_generation += 1
        generation = self._bot_generation
        self.thinking = True
        self._update_status()
        if self._progress_timer is None:
            self._progress_timer = self.set_interval(0.3, self._update_status)
        cancel = threading.Event()
        self._bot_cancel = cancel

        def start() -> None:
            self._bot_timer = None
            self.run_worker(lambda: self._think(seat, generation, cancel), thread=True, group="bot", exit_on_error=False)

        if self.bot_delay > 0:
            self._bot_timer = self.set_timer(self.bot_delay, start)
        else:
            start()

    def _think(self, seat: int, generation: int, cancel: threading.Event) -> None:
        action = self.controller.think(seat, cancel)
        self.app.call_from_thread(self._bot_done, seat, generation, action)

    def _bot_done(self, seat: int, generation: int, action: Action) -> None:
        self.thinking = False
        self._stop_progress()
        if generation != self._bot_generation or self.table.state.current_player != seat:
            self._update_status()
            return
        try:
            self.table.apply(action, seat)
        except IllegalAction as exc:  # a bot bug must not end the game: say so and stop
            self.notify(f"The bot's move was refused: {exc}", severity="error")

    def _stop_bot(self) -> None:
        self._bot_generation += 1
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if self._bot_cancel is not None:
            self._bot_cancel.set()
        if self._hint_cancel is not None:
            self._hint_cancel.set()
        self.thinking = False
        self._stop_progress()

    def _stop_progress(self) -> None:
        if self._progress_timer is not None:
            self._progress_timer.stop()
            self._progress_timer = None

    def action_hurry(self) -> None:
        if self._hint_cancel is not None:
            self._hint_cancel.set()
        if self._bot_cancel is not None:
            self._bot_cancel.set()
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
            seat = self.controller.bot_to_move()
            if seat is not None:
                generation, cancel = self._bot_generation, self._bot_cancel
                self.run_worker(lambda: self._think(seat, generation, cancel), thread=True, group="bot")

    # ---------------------------------------------------------------- person input
    def play(self, action: Action) -> None:
        current = self.table.state.current_player
        if current is None or not self.table.seats[current].is_local_person:
            self.notify("Wait: it is not your decision now.", severity="warning")
            return
        try:
            self.table.apply(action, current)
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")

    @on(ActionList.Chosen)
    def _chosen(self, event: ActionList.Chosen) -> None:
        event.stop()
        self.play(event.action)

    async def on_key(self, event) -> None:
        key = event.character if event.character and event.character.isprintable() else event.key
        action = self.query_one(ActionList).action_for_key(key)
        if action is not None:
            event.stop()
            event.prevent_default()
            self.play(action)
            return
        # A board's own view keys (e.g. switching panels) work wherever the focus is.
        board = self.query_one("#board")
        board_action = getattr(board, "SCREEN_KEYS", {}).get(key)
        if board_action and not board.has_focus:
            event.stop()
            event.prevent_default()
            await board.run_action(board_action)

    def action_hint(self) -> None:
        """Ask the hard bot what it would do for the person deciding now; never plays it."""
        seat = self.table.state.current_player
        if seat is None or not self.table.seats[seat].is_local_person:
            self.notify("A hint is for your own decision.", severity="warning")
            return
        from ...ai.ismcts import hint

        cancel = threading.Event()
        self._hint_cancel = cancel
        state, moves = self.table.state.clone(), len(self.table.moves)
        self.notify("Thinking about a hint… (space: hurry)")

        def think() -> None:
            action = hint(self.table.game, state, seat, seed=self.table.seed + moves, cancel=cancel)
            self.app.call_from_thread(self._show_hint, moves, action)

        self.run_worker(think, thread=True, group="hint", exit_on_error=False)

    def _show_hint(self, moves: int, action: Action) -> None:
        self._hint_cancel = None
        if moves != len(self.table.moves):
            return  # the position changed meanwhile: the hint is stale
        actions = self.query_one(ActionList)
        if action in actions.actions:
            actions.highlighted = actions.actions.index(action)
        self.notify(f"Hint: {self.table.text(action.describe())}", title="The hard bot would…")

    def action_undo(self) -> None:
        reason = self.table.undo_block()
        if reason:
            self.notify(reason, severity="warning")
            return
        self._stop_bot()
        self.table.undo()
        self.notify("Undone.")

    def action_redo(self) -> None:
        if not self.table.can_redo():
            self.notify("There is nothing to redo.", severity="warning")
            return
        self._stop_bot()
        self.table.redo()

    def action_save(self) -> None:
        from .files import SaveScreen

        self.app.push_screen(SaveScreen(self.table))

    def action_help(self) -> None:
        from .help import HelpScreen

        self.app.push_screen(HelpScreen(self.table.game))

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.table))

    def action_leave(self) -> None:
        self._stop_bot()
        self.app.pop_screen()
