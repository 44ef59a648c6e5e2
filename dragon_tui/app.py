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
from dataclasses import replace
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App, InvalidThemeError, SystemCommand
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.screen import Screen
from textual.theme import Theme

from .collector import resume_after_startup
from .session import Autosaver, Table
from .session import settings, storage
from .session.autosave import autosave_of, unfinished_games
from .ui.layout import HORIZONTAL_BREAKPOINTS, MIN_HEIGHT, MIN_WIDTH, VERTICAL_BREAKPOINTS
from .ui.styles import (GAME_SCREEN_STYLESHEETS, REVIEW_SCREEN_STYLESHEETS, IncrementalStylesheet, screen_stylesheets,
                        start_stylesheets, stylesheets_for)
from .ui.textual_private import (adopt_app_styles, give_result_callback, has_driver, refresh_truecolor_filter,
                                 registered_theme, route_fatal_error)
from .ui.themes import THEME_NAMES, THEMES

if TYPE_CHECKING:
    from .ui.screens.game import GameScreen


#: Built-in commands a remote player must not have: they write files on the server.
SERVER_FILE_COMMANDS = ("Screenshot",)
#: The crash log stops growing here (a player who can crash the app must not fill the disk).
MAX_CRASH_LOG = 8 << 20


@route_fatal_error
class DragonApp(App):
    TITLE = "Dragon TUI"
    CSS_PATH = start_stylesheets()  # and each screen's own files when it is first pushed (_prepare)
    # Each ctrl key a browser keeps for itself (ctrl+t: a new tab) has an F-key twin.
    BINDINGS = [Binding("ctrl+t,f4", "next_theme", "Theme", show=False)]
    #: Notices are read in a glance; long ones (autosave errors) say their own timeout.
    NOTIFICATION_TIMEOUT = 3
    #: True when serving a player on another computer (see the module docstring).
    remote = False
    #: Room-dependent layouts (ui/layout.py): every screen gets a width and a height class.
    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS

    def __init__(self, table: Table | None = None, bot_delay: float = 0.4, theme: str | None = None,
                 autosave: bool = True, review: Table | None = None, review_seat: int | None = None) -> None:
        """``theme`` None: the theme the player chose last time (the settings file), else dark."""
        # The default mode's screen is the first screen (``_first_screen``); Textual copies MODES as it starts.
        self.MODES = {**self.MODES, self.DEFAULT_MODE: self._first_screen}
        super().__init__()
        #: ``exit`` was called: the app is closing.
        self._exiting = False
        self.stylesheet = IncrementalStylesheet()  # the variables are set by _start_theme, below
        # The first screen's styles are parsed with app.tcss, once, before the first paint.
        if table is not None:
            self._add_styles(self.css_path, stylesheets_for(GAME_SCREEN_STYLESHEETS, table))
        elif review is not None:
            self._add_styles(self.css_path, stylesheets_for(REVIEW_SCREEN_STYLESHEETS, review))
        self._start_with = table
        #: ``dragon-tui review FILE``: open this finished or saved game's review at once.
        self._review = (review, review_seat)
        self.bot_delay = bot_delay
        self.autosave = autosave
        for t in THEMES:
            self.register_theme(t)
        self._own_themes_only = True
        self.settings, self._settings_problem = settings.load_settings()
        #: Why games cannot be saved this run (the data folder is unusable), said once at start;
        #: the app then plays without autosaving rather than stopping with a traceback.
        self._storage_problem = storage.data_dir_problem() if autosave else None
        if self._storage_problem:
            self.autosave = False
        remembered = self.settings.get("theme")
        self._start_theme(theme or (remembered if remembered in THEME_NAMES else "dragon-dark"))
        self._started = False
        #: Whether the "make the window bigger" notice is on the stack (``_check_size``).
        self._too_small_shown = False
        self.autosaver = Autosaver()
        #: The settings file has a writer of its own: one writer keeps only the newest pending
        #: write, and a theme change must never replace a game's unwritten autosave.
        self._settings_writer = Autosaver()

    @property
    def available_themes(self) -> dict[str, Theme]:
        """Only the app's own themes (the palette's Theme command lists these): the boards'
        colours are variables those three define. (Textual's own are there only while the app
        is being built: its constructor reads the default one.)"""
        return {name: theme for name, theme in super().available_themes.items() if self._offers_theme(name)}

    def get_theme(self, theme_name: str) -> Theme | None:
        """Textual's lookup, without copying the themes into a new dict twice a call: Textual
        asks for the current theme for every line it paints."""
        for name in (token.strip() for token in theme_name.split(",")):
            theme = registered_theme(self, name)
            if theme is not None and self._offers_theme(name):
                return theme
        return None

    def _offers_theme(self, name: str) -> bool:
        return not getattr(self, "_own_themes_only", False) or name in THEME_NAMES

    def _start_theme(self, name: str) -> None:
        """Start in theme ``name`` without a theme *change*: what ``App.theme``'s watcher would
        do, done before any stylesheet is parsed, so the stylesheets are parsed once, with this
        theme's variables (the watcher would parse them with Textual's default theme first,
        then again with this one, and restyle every widget in between)."""
        if name not in self.available_themes:  # (as the theme's own validator says it)
            raise InvalidThemeError(f"Theme {name!r} has not been registered. "
                                    "Call 'App.register_theme' before setting the 'App.theme' attribute.")
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        self.set_class(dark, "-dark-mode", update=False)
        self.set_class(not dark, "-light-mode", update=False)
        self.set_class(True, f"-theme-{name}", update=False)
        refresh_truecolor_filter(self)
        self.stylesheet.set_variables(self.get_css_variables())

    def _first_screen(self) -> Screen:
        """The first screen, at the bottom of the stack: the game or the review the command line
        opened, else the menu. (Textual's own default is an empty screen under the first one
        pushed: composing, styling and resuming that one too cost a tenth of a game's start.)
        The menu takes a game's or a review's place when it closes (see ``pop_screen``); a menu
        nobody sees yet is not built before the first paint. Given to Textual as the default
        mode's screen, so the app's start waits for it to mount, as it waits for its own."""
        if self._start_with is not None:
            screen = self._open_table(self._start_with)
        elif self._review[0] is not None:
            from .ui.screens.review import ReviewScreen

            screen = ReviewScreen(self._review[0], self._review[1])
        else:
            screen = _menu_screen()()
        self._prepare(screen)
        # Its stylesheets are the app's, parsed as the app starts: Textual would restyle the app
        # with every source parsed again for a mode's screen whose styles it has not seen...
        adopt_app_styles(screen, self)
        # ...and it styles the app itself only after this screen mounted, while the screen's
        # widgets take their colours from the app's (a text colour of nothing, cached).
        self.stylesheet.apply(self)
        # Textual gives its default screen no result callback, and switching away from a screen
        # drops one: the one a pushed screen gets, so the menu can take this one's place.
        give_result_callback(screen)
        return screen

    def on_compose(self, event: events.Compose) -> None:
        """Textual's own handler (next in line) runs unless the app is already closing. The app
        composes nothing of its own: Textual mounts the first screen's widgets again there, once
        that screen has mounted, and a quit asked for in between (a key on the very first frame)
        would make that a MountError."""
        if self._exiting:
            event.prevent_default()

    def on_mount(self) -> None:
        self._started = True
        # The command line paused the cyclic collector for the start (dragon_tui/collector.py).
        self.call_after_refresh(resume_after_startup)
        if self._storage_problem:  # (the settings live in the same folder: one notice says it)
            self.notify(self._storage_problem, title="No saving", severity="warning", timeout=10)
        elif self._settings_problem:
            self.notify(self._settings_problem, title="Settings", severity="warning", timeout=8)
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        self._check_size()

    def pop_screen(self):
        """Close the top screen. The menu is always at the bottom of the stack: when a game or
        a review the command line opened closes, the menu opens in its place; the menu itself
        stays."""
        if len(self.screen_stack) > 1:
            return super().pop_screen()
        if self._exiting or isinstance(self.screen, _menu_screen()):
            return AwaitComplete.nothing()
        return self.switch_screen(_menu_screen()())

    def start_table(self, table: Table) -> GameScreen:
        """Open a table on the game screen, on top of the stack (see ``_open_table``)."""
        screen = self._open_table(table)
        self.push_screen(screen)
        return screen

    def _open_table(self, table: Table) -> GameScreen:
        """A game screen for a table; from now on every move is autosaved, in the table's
        own autosave file (a continued game keeps the one it came from). When the disk refuses,
        the game goes on in memory and the game screen says so."""
        if self.autosave:
            if table.autosave_to is None and table.moves:  # an opened save: its game's own entry
                table.autosave_to = autosave_of(table.to_json())
            new = table.autosave_to is None
            if new:
                try:
                    table.autosave_to = storage.new_autosave_path(table.game.id)
                except OSError as exc:  # no autosaves folder: the game goes on in memory
                    table.save_error = storage.SaveWriteError(storage.data_root() / storage.AUTOSAVES, exc)
            # Every write is made off the UI thread, this first one too (a failure comes back
            # through table.save_error and its save_listeners, like a move's): the first paint
            # does not wait for the disk.
            table.autosaver = self.autosaver
            table.autosave()
            if new:
                self.call_after_refresh(self._drop_oldest_unfinished, table.autosave_to)
        return _game_screen()(table, bot_delay=self.bot_delay)

    # ----------------------------------------------------------- unfinished games
    def begin_new_game(self, table: Table, before: Callable[[], None] | None = None) -> None:
        """Start a new game from the menu's screens. Every unfinished game keeps its autosave;
        only when :data:`storage.MAX_AUTOSAVES` are already kept does a new one abandon the
        oldest, and then the player is asked first. ``before`` runs once it is decided (it
        closes the screen that asked for the game)."""
        def go() -> None:
            if before is not None:
                before()
            self.start_table(table)

        waiting = unfinished_games(tidy=False) if self.autosave else []
        if len(waiting) < storage.MAX_AUTOSAVES:
            go()
            return
        oldest = waiting[-1]
        self.push_screen(_confirm_screen()(
            f"You have {len(waiting)} unfinished games, the most kept. Starting this one abandons the "
            f"oldest: {oldest.title} ({', '.join(oldest.names)}, move {oldest.moves}). Start anyway?",
            yes="Start, abandon it", no="Cancel"), lambda yes: go() if yes else None)

    def _drop_oldest_unfinished(self, keep: Path | None) -> None:
        """Past :data:`storage.MAX_AUTOSAVES` unfinished games the oldest go (the menu's way in
        asked first; a game started from the command line says so here). Run after the new
        game's first paint; the autosaves are read only when there are enough files to drop one."""
        if len([path for path in storage.list_autosaves() if path != keep]) < storage.MAX_AUTOSAVES:
            return
        waiting = [g for g in unfinished_games(tidy=False) if g.path != keep]
        for game in waiting[storage.MAX_AUTOSAVES - 1:]:
            try:
                game.path.unlink()
            except OSError:
                continue
            self.notify(f"At most {storage.MAX_AUTOSAVES} unfinished games are kept: the oldest, {game.title} "
                        f"({', '.join(game.names)}, move {game.moves}), was dropped.", severity="warning")

    def rematch(self, table: Table, same_deal: bool) -> None:
        """The same seats and options again, from the game screen of a finished game: the same
        deal (its seed: retry the daily deal, or replay a deal you now know) or a new deal (a
        fresh seed, secret again where the game hides cards). At a shared table the game
        screen offers the others a rematch instead (``offer_rematch``)."""
        from .session import fresh_seed

        GameScreen = _game_screen()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, GameScreen):
            self.pop_screen()
        if getattr(table, "is_remote", False):
            if hasattr(self.screen, "offer_rematch"):
                self.screen.offer_rematch()
            return
        if isinstance(self.screen, GameScreen):
            self.pop_screen()
        seed = table.seed if same_deal else fresh_seed(table.game.id)
        self.begin_new_game(Table(table.game.id, [replace(seat) for seat in table.seats], seed, table.options))

    def abandons(self, table: Table) -> bool:
        """Whether leaving this table loses it: an unfinished local game with moves in it whose
        autosave is off or failing. (A shared table lives on the server; an autosaved one in
        Continue.)"""
        if getattr(table, "is_remote", False) or table.state.is_over or not table.moves:
            return False
        return getattr(table, "autosave_to", None) is None or getattr(table, "save_error", None) is not None

    def ask_before_abandoning(self, table: Table, then: Callable[[], None]) -> None:
        """Run ``then`` (leave the game) at once when nothing is lost, else after a yes."""
        if not self.abandons(table):
            then()
            return
        why = "is not being saved" if getattr(table, "autosave_to", None) is None else "could not be autosaved"
        self.push_screen(_confirm_screen()(f"This game {why}: leaving it loses it. Leave anyway?",
                                       yes="Leave, lose it", no="Stay"),
                         lambda yes: then() if yes else None)

    async def action_quit(self) -> None:
        """Quit, asking first when that loses an unfinished game (see :meth:`abandons`)."""
        GameScreen = _game_screen()
        game = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if game is None:
            self.exit()
            return
        self.ask_before_abandoning(game.table, self.exit)

    # ----------------------------------------------------------- room-dependent layouts
    def push_screen(self, screen, *args, **kwargs):
        if isinstance(screen, Screen):
            self._prepare(screen)
        return super().push_screen(screen, *args, **kwargs)

    def switch_screen(self, screen):
        if isinstance(screen, Screen):
            self._prepare(screen)
        return super().switch_screen(screen)

    def _prepare(self, screen: Screen) -> None:
        """What a screen needs before it composes: its styles, its breakpoint classes."""
        self._add_styles(screen.css_path, screen_stylesheets(screen))  # Textual reads them as it pushes the screen
        self._fit_breakpoints(screen)

    @staticmethod
    def _add_styles(css_path: list, paths: list[Path]) -> None:
        """Add stylesheets to a list of stylesheets to load, each once, in order."""
        for path in paths:
            if path not in css_path:
                css_path.append(path)

    def _fit_breakpoints(self, screen: Screen) -> None:
        """Give a screen its width and height classes (ui/layout.py) before it composes.
        Textual sets them when the screen gets its first Resize, after its widgets were
        styled, and a class change on the screen restyles every widget on it: a second
        styling pass before the first paint. Set here, the Resize finds them in place."""
        if not has_driver(self):  # not started: the size is not known yet
            return
        width, height = self.size
        for dimension, own, default in ((width, screen.HORIZONTAL_BREAKPOINTS, self.HORIZONTAL_BREAKPOINTS),
                                        (height, screen.VERTICAL_BREAKPOINTS, self.VERTICAL_BREAKPOINTS)):
            breakpoints = (default if own is None else own) or []
            # As Screen._on_resize picks: the largest breakpoint the size reaches.
            reached = next((name for edge, name in sorted(breakpoints, reverse=True) if dimension >= edge), None)
            for _edge, name in breakpoints:
                screen.set_class(name == reached, name, update=False)

    # ----------------------------------------------------------- small terminals
    def on_resize(self, event) -> None:
        if self._started:
            self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int | None = None, height: int | None = None) -> None:
        """Cover the screen with the notice below 80×24; take it away when there is room."""
        if width is None or height is None:
            width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not small and not self._too_small_shown:
            return  # the common case, without loading the dialogs to ask
        from .ui.screens.dialogs import TooSmallScreen

        if small:
            if isinstance(self.screen, TooSmallScreen):
                self.screen.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen())
                self._too_small_shown = True
        else:
            while isinstance(self.screen, TooSmallScreen) and len(self.screen_stack) > 1:
                self.pop_screen()
            self._too_small_shown = any(isinstance(s, TooSmallScreen) for s in self.screen_stack)

    # ----------------------------------------------------------- themes, palette
    def _remember_theme(self, theme: Theme) -> None:
        """Keep the chosen theme for the next run (written off the UI thread, atomically)."""
        if self.settings.get("theme") == theme.name:
            return
        self.settings["theme"] = theme.name
        self._save_settings()

    @property
    def bell_on_turn(self) -> bool:
        """Ring the terminal's bell when it becomes your turn at a shared table (a setting)."""
        return self.settings.get("bell", True)

    def toggle_bell(self) -> None:
        self.settings["bell"] = not self.bell_on_turn
        self._save_settings()
        self.notify("The bell rings when it is your turn." if self.bell_on_turn
                    else "No bell when it is your turn (the notice still shows).")

    def _save_settings(self) -> None:
        document = settings.settings_document(self.settings)
        self._settings_writer.submit(settings.settings_path(), lambda: document, self._settings_written)

    def _settings_written(self, error: OSError | None) -> None:
        if error is not None:
            try:
                self.call_from_thread(self.notify, f"Your settings could not be kept: {error}", severity="warning")
            except RuntimeError:  # the app has closed meanwhile
                pass

    def notify(self, message: str, *, title: str = "", severity="information", timeout: float | None = None,
               markup: bool = True) -> None:
        """Show a notice in place of any still on screen: a notice answers the last thing done,
        and an older one left standing would contradict it ("Undone." after a redo, the theme
        before last after a second ctrl+t)."""
        self.clear_notifications()
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

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

    def exit(self, result=None, return_code: int = 0, message=None) -> None:
        self._exiting = True
        super().exit(result, return_code, message)

    def handle_fatal_error(self, default: Callable[[], None]) -> None:
        """An unhandled exception (``route_fatal_error``): locally Textual's traceback (with
        locals); remotely a short message for the player and the traceback in the server's log."""
        if not self.remote:
            default()
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
        yield SystemCommand(f"Bell on your turn: {'turn off' if self.bell_on_turn else 'turn on'}",
                            "Ring the terminal's bell when it becomes your turn at a shared table", self.toggle_bell)
        if isinstance(screen, _game_screen()):
            if not screen.table.state.is_over:
                yield SystemCommand("Hint", "What would the hard bot do in my place? (F3)", screen.action_hint)
                yield SystemCommand("Undo", "Take back your last decision", screen.action_undo)
                yield SystemCommand("Redo", "Play again what you undid", screen.action_redo)
            yield SystemCommand("Save game", "Save this game under a name", screen.action_save)
            yield SystemCommand("Game rules and keys", "Open this game's help", screen.action_help)
            yield SystemCommand("Replay so far", "Step through this game's moves", screen.action_replay)
            yield SystemCommand("Back to the menu", "Leave this game (it stays autosaved)", screen.action_leave)


def _menu_screen():
    """The menu's class, imported when first needed: a game opened from the command line
    paints without it (start-up)."""
    from .ui.screens.menu import MenuScreen

    return MenuScreen


def _confirm_screen():
    from .ui.screens.dialogs import ConfirmScreen

    return ConfirmScreen


def _game_screen() -> type[GameScreen]:
    """The game screen's class, imported when first needed: the menu paints without the game
    screen, its boards' base and its widgets loaded (start-up)."""
    from .ui.screens.game import GameScreen

    return GameScreen


def log_crash(text: str) -> None:
    """Append a crash report to the server's log (``DRAGON_TUI_LOG``, set by ``dragon-tui serve``;
    else ``crash.log`` in the data folder), never past :data:`MAX_CRASH_LOG` bytes."""
    path = os.environ.get("DRAGON_TUI_LOG") or str(storage.data_root() / "crash.log")
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
