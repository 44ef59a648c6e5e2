"""The game screen every game shares: status line, the game's board, the choices, the log
and the footer.

It holds the table model's latest ``Snapshot`` in one reactive, ``snapshot``; the status
line, the board, the action list and the log bind to it and each repaints only what changed.
Keys become actions through the snapshot's choices; bots think in exclusive workers that post
``BotDone`` back to the screen, which hands the result to the model (the model's turn
controller drops a stale one). Other screens are opened by name (``routes.open_screen``),
never imported here.
"""

from __future__ import annotations

import gc
import importlib
import time

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Action, IllegalAction
from ...games import board_module
from ...session import BotResult, BotTurn, Snapshot, Table, TableModel
from ..board_base import BoardBase
from ..styles import GAME_SCREEN_STYLESHEETS
from ..textual_private import bound_keys
from ..widgets.action_list import ActionList
from ..widgets.game_log import GameLog
from ..widgets.panel import Column, Row, SizedByLayout, refresh_content
from ..widgets.seat_clocks import SeatClocks
from ..widgets.since_last_turn import SinceLastTurn
from ..layout import has_room
from . import routes
from .styled_at_mount import StyledAtMount


def board_class(game_id: str):
    """The game's board widget, from the module its catalog entry names."""
    return importlib.import_module(board_module(game_id)).Board


#: One frame of Textual's screen updates (60 per second).
FRAME = 1 / 60


class StatusLine(SizedByLayout, Static):
    """The game's title (from 100 columns on), the phase, and while a bot thinks its progress
    and how to hurry it. One widget for the whole line: the first frame builds, styles and lays
    out one widget here, not a row of two (start-up)."""

    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, title: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self._title = title
        self._status = ""
        self._hint = ""
        self._shown: str | None = None

    def watch_snapshot(self, snap: Snapshot | None) -> None:
        if snap is None:
            return
        text = snap.status
        if snap.thinking is not None:
            progress = f" {snap.progress[0]}/{snap.progress[1]}" if snap.progress else ""
            text += f" · thinking{progress}… (space: hurry)"
        self._status = text
        self._show()

    def show_hint(self, progress: tuple[int, int] | None, thinking: bool) -> None:
        """While an F3 hint thinks, how far it has got (the bots' 'thinking 420/1500…')."""
        if not thinking:
            self._hint = ""
        else:
            count = f" {progress[0]}/{progress[1]}" if progress else ""
            self._hint = f" · hint: thinking{count}… (space: hurry)"
        self._show()

    def on_mount(self) -> None:
        # The screen's width classes follow a resize: the title comes and goes with them (as
        # the boards' room classes do).
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._show())

    def _show(self) -> None:
        if not self.is_attached:
            return
        title = f"{self._title} · " if self._title and has_room(self.screen, "-wide", "-short") else ""
        line = title + self._status + self._hint
        if line != self._shown:
            self._shown = line
            self.update(line, layout=False)
            refresh_content(self)


class BotDone(Message):
    """A bot's decision, from its worker thread."""

    def __init__(self, result: BotResult) -> None:
        super().__init__()
        self.result = result


class HintReady(Message):
    def __init__(self, generation: int, action: Action) -> None:
        super().__init__()
        self.generation = generation
        self.action = action


class GameScreen(StyledAtMount, Screen):
    STYLESHEETS = GAME_SCREEN_STYLESHEETS
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("escape", "leave", "Menu"),
        # a shared table only (hidden elsewhere): not a letter, so no choice loses its key
        Binding("ctrl+g", "resign", "Resign", key_display="^g"),
        Binding("ctrl+x", "abort", "Abort", key_display="^x"),
        Binding("space", "hurry", "Hurry bot", show=False),
        Binding("f3", "hint", "Hint", show=False),
        # PgUp/PgDn read the log wherever the focus is (Tab into the log for ↑/↓, Home/End).
        Binding("pageup", "log('page_up')", "Log up", show=False, priority=True),
        Binding("pagedown", "log('page_down')", "Log down", show=False, priority=True),
        # Once the game is over (the board seen behind the summary): what the summary offers.
        # Priority, so a board's own keys (a tile board's r, n) do not shadow them then.
        Binding("s", "summary", "Summary", priority=True),
        Binding("r", "replay", "Replay", priority=True),
        Binding("n", "rematch(False)", "New deal", priority=True),
        Binding("d", "rematch(True)", "Same deal", priority=True),
    ]
    #: Actions of a game in play, and of a finished one (``check_action`` offers one set).
    PLAYING_ONLY = frozenset({"undo", "redo", "hint", "hurry"})
    OVER_ONLY = frozenset({"summary", "replay", "rematch"})

    #: The table model's latest snapshot: every pane binds to it.
    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, table: Table, bot_delay: float = 0.4) -> None:
        # The game's class from the start: a class added once mounted restyles the whole screen.
        super().__init__(classes=f"game-{table.game.id}")
        self.table = table
        self.model = TableModel(table)
        self.model.controller.delay = bot_delay
        self.controller = self.model.controller
        self._progress_timer = None
        #: Shows an F3 hint's progress in the status line while it thinks.
        self._hint_timer = None
        #: When the bot's turn began, and its decision while it waits out the think delay.
        self._turn_began = 0.0
        self._held: BotResult | None = None
        self._pass_open = False
        self._game_over_shown = False

    @property
    def thinking(self) -> bool:
        return self.controller.turn is not None

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        Board = board_class(self.table.game.id)
        yield StatusLine(self.table.game.title, id="status").data_bind(GameScreen.snapshot)
        yield Board(self.table, interactive=True, id="board").data_bind(GameScreen.snapshot)
        with Row(id="lower"):
            yield ActionList(id="actions").data_bind(GameScreen.snapshot)
            with Column(id="log-pane"):
                # a shared table: the clocks, and the ratings beside the names
                if any(getattr(self.table, a, None) is not None for a in ("clock", "seat_info")):
                    yield SeatClocks(self.table, id="seat-clocks").data_bind(GameScreen.snapshot)
                yield SinceLastTurn(id="since-last-turn").data_bind(GameScreen.snapshot)
                yield GameLog(id="log").data_bind(GameScreen.snapshot)
                yield from self.side_panes()
        yield Footer()

    def side_panes(self):
        """Panes under the log (a shared table's chat); none here."""
        return ()

    def on_mount(self) -> None:
        # The game's history (every position, for undo and the replay) is long-lived: kept out
        # of the garbage collector's full passes, which otherwise walk all of it now and then
        # — a pause of 50–200 ms on a key late in a long game. Unfrozen when the screen goes.
        gc.freeze()
        self.model.reserve_keys(self._keys_in_use())
        self.model.subscribe(self._published)
        self.snapshot = self.model.snapshot
        # A shared table (RemoteTable) is saved by the server, not here: nothing to listen to.
        self._save_listeners = getattr(self.table, "save_listeners", [])
        self._save_listeners.append(self._saved_elsewhere)
        self._report_save_error(self.table)
        autosaver = getattr(self.table, "autosaver", None)
        if autosaver is not None:  # each move is written once the screen has drawn it
            autosaver.defer = self._after_paint

    def _after_paint(self, callback) -> None:
        """Call ``callback`` once the move just made is on screen. ``call_after_refresh`` alone
        can run before that frame: the panes ask the screen for their repaint only when they
        are idle themselves, and the screen, idle first, may find nothing to draw yet. A
        frame's time later the repaints have been asked for, and the callback waits for them."""
        self.set_timer(FRAME, lambda: self.call_after_refresh(callback))

    def _keys_in_use(self) -> frozenset[str]:
        """The one-character keys this screen, its board and their parts bind: the model hands
        the choices other keys (a choice's key is read before the bindings)."""
        keys: set[str] = set(getattr(self.query_one("#board"), "SCREEN_KEYS", {}))
        for node in (self, *self.walk_children()):
            keys.update(k for k in bound_keys(node) if len(k) == 1)
        return frozenset(keys)

    _save_warned = False

    def _saved_elsewhere(self, table: Table) -> None:
        """The autosaver's thread finished a write: the notice is shown on the UI thread."""
        try:
            self.app.call_from_thread(self._report_save_error, table)
        except RuntimeError:  # the app is closing: nobody to tell
            pass

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
        gc.unfreeze()
        self.model.cancel_bot()
        listeners = getattr(self, "_save_listeners", [])
        if self._saved_elsewhere in listeners:
            listeners.remove(self._saved_elsewhere)
        autosaver = getattr(self.table, "autosaver", None)
        if autosaver is not None:
            if autosaver.defer == self._after_paint:
                autosaver.defer = None
            autosaver.flush()

    def _published(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A finished game offers no Undo or Redo; its summary's keys work instead."""
        over = self.snapshot is not None and self.snapshot.is_over
        if action == "resign":
            table = self.table
            return (getattr(table, "is_remote", False) and getattr(table, "seat", None) is not None
                    and not over and not getattr(table, "ending", None))
        if action == "abort":  # a shared table until two persons have moved
            return bool(getattr(self.table, "abortable", False)) and not over
        if action in self.PLAYING_ONLY:
            return not over
        if action in self.OVER_ONLY:
            return over
        return True

    # ---------------------------------------------------------------- model → screen
    def watch_snapshot(self, snap: Snapshot | None) -> None:
        """What is not a pane's own business: notices, passing the keyboard, game over, bots."""
        if snap is None:
            return
        for notice in snap.notices:
            self.notify(notice, severity="error", timeout=8)
        ending = getattr(self.table, "ending", None)  # a shared table that ended by resign, forfeit, abort
        if ending and ending != getattr(self, "_ending_told", None):
            from ...net.table_rules import ending_text

            self._ending_told = ending
            self.notify(ending_text(ending, list(self.table.names)), timeout=12)
            self.refresh_bindings()
            if ending.get("ended") and not snap.is_over and not self._game_over_shown:
                self._stop_progress()
                self._game_over_shown = True  # ended by a resignation, a forfeit or an abort
                routes.open_screen(self.app, "game_over", self.table)
                return
        if snap.pass_to is not None:
            if not self._pass_open:
                self._pass_open = True

                def passed(_: object = None) -> None:
                    self._pass_open = False
                    self.model.passed()

                routes.open_screen(self.app, "pass", self.table.seats[snap.pass_to].name, callback=passed)
            return
        if snap.is_over:
            self._stop_progress()
            self.refresh_bindings()
            if not self._game_over_shown:
                self._game_over_shown = True
                routes.open_screen(self.app, "game_over", self.table)
            return
        if self._game_over_shown:
            self.refresh_bindings()
        self._game_over_shown = False
        if snap.thinking is None:
            self._stop_progress()
            self.call_later(self._start_bot)

    # ---------------------------------------------------------------- bots
    def _start_bot(self) -> None:
        if not self.is_mounted:
            return
        turn = self.model.begin_bot()
        if turn is None:
            return
        if self._progress_timer is None and turn.forced is None:
            self._progress_timer = self.set_interval(0.3, self.model.refresh_progress)
        # The think delay runs while the bot thinks, not before it: its move shows once both
        # the delay and its search are over, so a decision takes the longer of the two.
        self._turn_began = time.monotonic()
        self._think(turn)

    # Exclusive: a new turn's worker supersedes an older one. A thread cannot be stopped, so
    # the older one finishes its search on its copy of the state, and the controller drops its
    # result as stale (its ticket is old): one mechanism, the controller's.
    @work(thread=True, group="bot", exclusive=True, exit_on_error=False)
    def _think(self, turn: BotTurn) -> None:
        self.post_message(BotDone(self.controller.decide(turn)))

    @on(BotDone)
    def _bot_done(self, message: BotDone) -> None:
        result = message.result
        turn = result.turn
        wait = turn.delay - (time.monotonic() - self._turn_began)
        if wait > 0 and self.controller.is_current(turn) and not turn.cancel.is_set():
            self._held = result  # decided before the delay is up: shown when it is
            self.set_timer(wait, lambda: self._play_held(result))
            return
        self.model.finish_bot(result)

    def _play_held(self, result: BotResult) -> None:
        if self._held is result:
            self._held = None
            self.model.finish_bot(result)

    def _stop_progress(self) -> None:
        if self._progress_timer is not None:
            self._progress_timer.stop()
            self._progress_timer = None

    def action_hurry(self) -> None:
        self.controller.hurry()
        if self._held is not None:  # decided, waiting out the think delay: play it now
            self._play_held(self._held)

    # ---------------------------------------------------------------- person input
    def play(self, action: Action) -> None:
        try:
            self.model.play(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")

    @on(ActionList.Chosen)
    @on(BoardBase.Picked)
    def _chosen(self, event: ActionList.Chosen | BoardBase.Picked) -> None:
        event.stop()
        self.play(event.action)

    @on(BoardBase.ShowInList)
    def _show_in_list(self, event: BoardBase.ShowInList) -> None:
        """A board points at several choices: the list takes the keys to pick among them."""
        event.stop()
        actions = self.query_one(ActionList)
        if actions.highlight_action(event.action):
            actions.focus()

    @on(BoardBase.TakeHighlighted)
    def _take_highlighted(self, event: BoardBase.TakeHighlighted) -> None:
        event.stop()
        action = self.query_one(ActionList).highlighted_action()
        if action is not None:
            self.play(action)

    async def on_key(self, event) -> None:
        key = event.character if event.character and event.character.isprintable() else event.key
        snap = self.snapshot
        choice = snap.choice_for_key(key) if snap is not None and key else None
        if choice is not None:
            event.stop()
            event.prevent_default()
            self.play(choice.action)
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
        generation, cancel = self.controller.begin_hint()
        self.notify("Thinking about a hint… (space: hurry)")
        self._stop_hint_progress()
        self._hint_timer = self.set_interval(0.3, self._show_hint_progress)
        self._hint(seat, generation, cancel)

    def _show_hint_progress(self) -> None:
        self.query_one(StatusLine).show_hint(self.controller.hint_progress, True)

    def _stop_hint_progress(self) -> None:
        if self._hint_timer is not None:
            self._hint_timer.stop()
            self._hint_timer = None
        self.query_one(StatusLine).show_hint(None, False)

    @work(thread=True, group="hint", exclusive=True, exit_on_error=False)
    def _hint(self, seat: int, generation: int, cancel) -> None:
        self.post_message(HintReady(generation, self.controller.hint(seat, cancel)))

    @on(HintReady)
    def _show_hint(self, message: HintReady) -> None:
        self._stop_hint_progress()
        if message.generation != self.controller.generation:
            return  # the position changed meanwhile: the hint is stale
        self.controller.hint_cancel = None
        self.query_one(ActionList).highlight_action(message.action)
        self.query_one("#board", BoardBase).point_at(message.action)
        self.notify(f"Hint: {self.table.text(message.action.describe())}", title="The hard bot would…")

    def action_undo(self) -> None:
        try:
            self.model.undo()
        except IllegalAction as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify("Undone.")

    def action_redo(self) -> None:
        if not self.table.can_redo():
            self.notify("There is nothing to redo.", severity="warning")
            return
        self.model.redo()
        self.notify("Redone.")  # in place of the "Undone." it answers

    async def action_log(self, action: str) -> None:
        await self.query_one(GameLog).run_action(action)

    def action_save(self) -> None:
        routes.open_screen(self.app, "save", self.table)

    def action_help(self) -> None:
        routes.open_screen(self.app, "help", self.table.game)

    def action_replay(self) -> None:
        routes.open_screen(self.app, "replay", self.table)

    def action_summary(self) -> None:
        routes.open_screen(self.app, "game_over", self.table)

    def action_rematch(self, same_deal: bool) -> None:
        self.app.rematch(self.table, same_deal)

    def action_resign(self) -> None:
        """Give up a shared table's game, after a confirmation: it counts as a loss."""
        self._ask_then("Resign this game? It counts as a loss and cannot be taken back.", "Resign", "resign",
                       "You resigned: the game is recorded as lost.")

    def action_abort(self) -> None:
        """Close a shared table before two persons have moved, after a confirmation: nothing is rated."""
        self._ask_then("Abort this game? The table is closed and nothing is rated.", "Abort", "abort",
                       "The game is aborted: nothing is rated.")

    def _ask_then(self, question: str, yes: str, request: str, done: str) -> None:
        from ...net.client import TablesError
        from .dialogs import ConfirmScreen

        def answered(sure: bool | None) -> None:
            if not sure:
                return
            try:
                getattr(self.table, request)()
            except (IllegalAction, TablesError) as exc:  # refused, or the table server is gone
                self.notify(str(exc), severity="error", timeout=8)
                return
            self.notify(done, timeout=8)
            self.refresh_bindings()

        self.app.push_screen(ConfirmScreen(question, yes=yes, no="Play on"), answered)

    def action_leave(self) -> None:
        """Back to the menu; the player is asked first when that loses the game (no autosave)."""
        self.app.ask_before_abandoning(self.table, self._leave)

    def _leave(self) -> None:
        self.model.cancel_bot()
        self.app.pop_screen()
