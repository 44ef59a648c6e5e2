"""The main menu: Continue (the unfinished games, newest first), the five games (unbuilt ones
shown but not launchable), load a saved game, quit; and the list of every unfinished game."""

from __future__ import annotations

import os
import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ... import __version__
from ...engine import SaveFileError
from ...games import CATALOG, catalog_entry, is_playable
from ...session import Table
from ...session.autosave import UnfinishedGame, unfinished_games
from .styled_at_mount import StyledAtMount

BANNER = r"""
 ___                            _____ _   _ ___
|   \ _ _ __ _ __ _ ___ _ _    |_   _| | | |_ _|
| |) | '_/ _` / _` / _ \ ' \     | | | |_| || |
|___/|_| \__,_\__, \___/_||_|    |_|  \___/|___|
              |___/
"""


class MenuScreen(StyledAtMount, Screen):
    STYLESHEETS = ()  # app.tcss is the menu's (ui/styles.py)
    BINDINGS = [
        Binding("c", "continue_game", "Continue"),
        Binding("l", "load", "Load"),
        Binding("question_mark,f1", "about", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static(BANNER, id="banner")
            yield Static(f"five dragon games for the terminal · v{__version__}", id="tagline")
            yield OptionList(id="menu")
            yield Static(id="blurb")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_menu()
        self._just_mounted = True

    def on_screen_resume(self) -> None:
        """Back from another screen: the unfinished games may have changed. (Textual also
        resumes a screen when it is first pushed, right after its mount: nothing changed.)"""
        if getattr(self, "_just_mounted", False):
            self._just_mounted = False
            return
        self.refresh_menu()

    #: Unfinished games shown in the menu itself; more are behind "All unfinished games".
    SHOWN_UNFINISHED = 2

    def refresh_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        # Back from a game's setup, the highlight stays on that game (a Continue line, whose
        # games may have changed meanwhile, is not kept).
        was = menu.highlighted_option.id if menu.highlighted_option is not None else None
        menu.clear_options()
        autosaver = getattr(self.app, "autosaver", None)
        if autosaver is not None:
            autosaver.flush(timeout=2.0)  # the game just left may still be writing its last move
        # Games left before their first move are tidied away, unless a game was opened over
        # the menu meanwhile (it may be one, just started).
        self.unfinished = unfinished_games(tidy=self.app.screen is self)
        for index, game in enumerate(self.unfinished[:self.SHOWN_UNFINISHED]):
            menu.add_option(Option(Text.assemble(("▶ Continue  ", "bold"), (describe(game, 58), "dim")),
                                   id=f"continue:{index}"))
        if len(self.unfinished) > self.SHOWN_UNFINISHED:
            menu.add_option(Option(Text(f"  All {len(self.unfinished)} unfinished games…"), id="unfinished"))
        for entry in CATALOG:
            playable = is_playable(entry.id)
            players = f"{entry.players} players" if entry.players != "1" else "solitaire"
            text = Text.assemble(
                (f"{entry.title:<42}", "bold" if playable else "dim"),
                (f"{players:<12}", "dim"),
                ("" if playable else "coming soon", "italic dim"),
            )
            menu.add_option(Option(text, id=f"game:{entry.id}", disabled=not playable))
        if os.environ.get("DRAGON_TUI_TABLES"):  # running under 'dragon-tui serve'
            menu.add_option(Option(Text("Shared tables…"), id="tables"))
        menu.add_option(Option(Text("Load a saved game…"), id="load"))
        menu.add_option(Option(Text("Quit"), id="quit"))
        usable = [i for i, option in enumerate(menu.options) if not option.disabled]
        kept = [i for i in usable if was is not None and menu.options[i].id == was and not was.startswith("continue:")]
        menu.highlighted = (kept or usable)[0]
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted game's one-line description under the list."""
        choice = event.option.id or ""
        entry = catalog_entry(choice.split(":", 1)[1]) if choice.startswith("game:") else None
        self.query_one("#blurb", Static).update(entry.blurb if entry else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("continue:"):
            continue_game(self.app, self.unfinished[int(choice.split(":", 1)[1])].path)
        elif choice == "unfinished":
            self.app.push_screen(ContinueScreen())
        elif choice.startswith("game:"):
            from .setup import SetupScreen

            self.app.push_screen(SetupScreen(choice.split(":", 1)[1]))
        elif choice == "tables":
            from .lobby import LobbyScreen

            self.app.push_screen(LobbyScreen())
        elif choice == "load":
            self.action_load()
        elif choice == "quit":
            self.app.exit()

    def action_continue_game(self) -> None:
        """``c``: the newest unfinished game at once, or the list when there are several."""
        if not self.unfinished:
            self.notify("There is no unfinished game to continue.", severity="warning")
        elif len(self.unfinished) == 1:
            continue_game(self.app, self.unfinished[0].path)
        else:
            self.app.push_screen(ContinueScreen())

    def action_load(self) -> None:
        from .files import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_about(self) -> None:
        from .help import AboutScreen

        self.app.push_screen(AboutScreen())


def describe(game: UnfinishedGame, width: int = 80) -> str:
    """"<game title> · Ana, Bot · move 12 · 01 Dec 17:05", at most ``width`` long (one
    line in the menu: the names give way first, then the title)."""
    when = time.strftime("%d %b %H:%M", time.localtime(game.saved_at))
    tail = f" · move {game.moves} · {when}"
    names, title = ", ".join(game.names), game.title
    room = max(8, width - len(tail) - len(title) - 3)
    if len(names) > room:
        names = names[:room - 1] + "…"
    over = len(title) + 3 + len(names) + len(tail) - width
    if over > 0:
        title = title[:max(4, len(title) - over) - 1] + "…"
    return f"{title} · {names}{tail}"[:width]


def continue_game(app, path: Path) -> bool:
    """Open an autosaved game again, writing on in the same autosave file. A file that does not
    replay (damaged, or from a version with other rules) is a message, never a crash."""
    try:
        table = Table.load(path)
    except SaveFileError as exc:
        app.notify(str(exc), title="Cannot continue that game", severity="error")
        return False
    table.autosave_to = path
    app.start_table(table)
    return True


class ContinueScreen(ModalScreen):
    """Every unfinished game, newest first: Enter continues one, Delete abandons one (asked)."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("delete,x", "abandon", "Abandon"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Unfinished games, newest first (Enter continues):")
            yield OptionList(id="unfinished-games")
        yield Footer()

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        self.games = unfinished_games()
        listing = self.query_one("#unfinished-games", OptionList)
        listing.clear_options()
        for index, game in enumerate(self.games):
            listing.add_option(Option(Text(describe(game, 62)), id=str(index)))
        if not self.games:
            listing.add_option(Option(Text("No unfinished games", style="dim"), id="", disabled=True))
        else:
            listing.highlighted = 0
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            path = self.games[int(event.option.id)].path
            self.app.pop_screen()
            continue_game(self.app, path)

    def action_abandon(self) -> None:
        from .dialogs import ConfirmScreen

        listing = self.query_one("#unfinished-games", OptionList)
        if listing.highlighted is None or not self.games:
            return
        game = self.games[listing.highlighted]

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    game.path.unlink()
                except OSError as exc:
                    self.notify(f"Could not remove it: {exc.strerror or exc}", severity="error")
                self._fill()

        self.app.push_screen(ConfirmScreen(f"Abandon {describe(game)}? It cannot be continued afterwards.",
                                           yes="Abandon", no="Keep"), answered)
