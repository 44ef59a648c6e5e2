"""The Textual app: themes, stylesheets, the screen stack, and the command palette.

A *remote* app (``remote = True``: the one ``dragon-tui serve`` runs per SSH or web player)
runs on someone else's computer: it offers no command that touches the server's files
(Textual's "Screenshot" writes into the server account's Downloads folder), and a crash shows
the player a short message while the traceback, with its local variables, goes to the
server's log only.
"""

from __future__ import annotations

import datetime as _dt
import os
import traceback
from collections.abc import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from .session import Autosaver, Table
from .session import storage
from .ui.screens.dialogs import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .ui.screens.game import GameScreen
from .ui.screens.menu import MenuScreen
from .ui.layout import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS
from .ui.styles import stylesheets
from .ui.themes import THEME_NAMES, THEMES


#: Built-in commands a remote player must not have: they write files on the server.
SERVER_FILE_COMMANDS = ("Screenshot",)
#: The crash log stops growing here (a player who can crash the app must not fill the disk).
MAX_CRASH_LOG = 8 << 20


class DragonApp(App):
    TITLE = "Dragon TUI"
    CSS_PATH = stylesheets()
    BINDINGS = [Binding("ctrl+t", "next_theme", "Theme", show=False)]
    #: True when serving a player on another computer (see the module docstring).
    remote = False
    #: Room-dependent layouts (ui/layout.py): every screen gets a width and a height class.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS

    def __init__(self, table: Table | None = None, bot_delay: float = 0.4, theme: str = "dragon-dark",
                 autosave: bool = True, review: Table | None = None, review_seat: int | None = None) -> None:
        super().__init__()
        self._start_with = table
        #: ``dragon-tui review FILE``: open this finished or saved game's review at once.
        self._review = (review, review_seat)
        self.bot_delay = bot_delay
        self.autosave = autosave
        for t in THEMES:
            self.register_theme(t)
        self.theme = theme
        self._started = False
        self.autosaver = Autosaver()

    def on_mount(self) -> None:
        self._started = True
        self.push_screen(MenuScreen())
        if self._start_with is not None:
            self.start_table(self._start_with)
        if self._review[0] is not None:
            from .ui.screens.review import ReviewScreen

            self.push_screen(ReviewScreen(self._review[0], self._review[1]))
        self._check_size()

    def start_table(self, table: Table) -> GameScreen:
        """Open a table on the game screen; from now on every move is autosaved (when the disk
        refuses, the game goes on in memory and the game screen says so)."""
        if self.autosave:
            try:
                table.autosave_to = storage.autosave_path()
                storage.write_json(table.autosave_to, table.to_json())
            except OSError as exc:
                table.save_error = exc if isinstance(exc, storage.SaveWriteError) else \
                    storage.SaveWriteError(storage.data_dir() / storage.AUTOSAVE_NAME, exc)
            table.autosaver = self.autosaver  # every move is written off the UI thread
        screen = GameScreen(table, bot_delay=self.bot_delay)
        self.push_screen(screen)
        return screen

    # ----------------------------------------------------------- small terminals
    def on_resize(self, event) -> None:
        if self._started:
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int | None = None, height: int | None = None) -> None:
        """Cover the screen with the notice below 80×24; take it away when there is room."""
        if width is None or height is None:
            width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small:
            if isinstance(self.screen, TooSmallScreen):
                self.screen.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen())
        else:
            while isinstance(self.screen, TooSmallScreen) and len(self.screen_stack) > 1:
                self.pop_screen()

    # ----------------------------------------------------------- themes, palette
    def action_next_theme(self) -> None:
        names = list(THEME_NAMES)
        self.theme = names[(names.index(self.theme) + 1) % len(names)] if self.theme in names else names[0]
        self.notify(f"Theme: {self.theme}")

    # ----------------------------------------------------------- remote sessions
    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        if self.remote:
            self.notify("Screenshots are not available on a server.", severity="warning")
            return
        super().action_screenshot(filename, path)

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        if self.remote:
            self.notify("Screenshots are not available on a server.", severity="warning")
            return None
        return super().deliver_screenshot(filename, path, time_format)

    def _fatal_error(self) -> None:
        """An unhandled exception: locally Textual's traceback (with locals); remotely a short
        message for the player and the traceback in the server's log."""
        if not self.remote:
            super()._fatal_error()
            return
        log_crash(traceback.format_exc())
        self.bell()
        self.panic("Sorry: Dragon TUI hit an internal error and closed. The server's log has the details; "
                   "your game was autosaved up to the last move.")

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        for command in super().get_system_commands(screen):
            if self.remote and command.title in SERVER_FILE_COMMANDS:
                continue
            yield command
        for name in THEME_NAMES:
            yield SystemCommand(f"Theme: {name}", f"Switch to the {name} theme", lambda n=name: setattr(self, "theme", n))
        if isinstance(screen, GameScreen):
            yield SystemCommand("Hint", "What would the hard bot do in my place? (F3)", screen.action_hint)
            yield SystemCommand("Undo", "Take back your last decision", screen.action_undo)
            yield SystemCommand("Redo", "Play again what you undid", screen.action_redo)
            yield SystemCommand("Save game", "Save this game under a name", screen.action_save)
            yield SystemCommand("Game rules and keys", "Open this game's help", screen.action_help)
            yield SystemCommand("Replay so far", "Step through this game's moves", screen.action_replay)
            yield SystemCommand("Back to the menu", "Leave this game (it stays autosaved)", screen.action_leave)


def log_crash(text: str) -> None:
    """Append a crash report to the server's log (``DRAGON_TUI_LOG``, set by ``dragon-tui serve``;
    else ``crash.log`` in the data folder), never past :data:`MAX_CRASH_LOG` bytes."""
    path = os.environ.get("DRAGON_TUI_LOG") or str(storage.data_dir() / "crash.log")
    who = os.environ.get("DRAGON_TUI_PLAYER", "?")
    stamp = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    entry = f"--- {stamp} app crash (player {who}, pid {os.getpid()})\n{text}\n"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            if os.fstat(fd).st_size < MAX_CRASH_LOG:
                os.write(fd, entry.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except OSError:
        pass
