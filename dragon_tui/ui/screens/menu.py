"""The main menu: Continue, the five games (unbuilt ones shown but not launchable),
load a saved game, quit."""

from __future__ import annotations

import os

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ... import __version__
from ...engine import SaveFileError
from ...games import CATALOG, GAMES, is_playable
from ...session import Table
from ...session import storage

BANNER = r"""
 ___                            _____ _   _ ___
|   \ _ _ __ _ __ _ ___ _ _    |_   _| | | |_ _|
| |) | '_/ _` / _` / _ \ ' \     | | | |_| || |
|___/|_| \__,_\__, \___/_||_|    |_|  \___/|___|
              |___/
"""


class MenuScreen(Screen):
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

    def on_screen_resume(self) -> None:
        self.refresh_menu()

    def _autosave(self) -> Table | None:
        path = storage.autosave_path()
        if not path.exists():
            return None
        try:
            table = Table.load(path)
        except SaveFileError:
            return None
        return None if table.state.is_over else table

    def refresh_menu(self) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        saved = self._autosave()
        if saved is not None:
            text = Text.assemble(("▶ Continue  ", "bold"), (f"{saved.game.title}, move {len(saved.moves)}", "dim"))
            menu.add_option(Option(text, id="continue"))
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
        menu.highlighted = next(i for i, option in enumerate(menu.options) if not option.disabled)
        menu.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted game's one-line description under the list."""
        choice = event.option.id or ""
        game = GAMES.get(choice.split(":", 1)[1]) if choice.startswith("game:") else None
        self.query_one("#blurb", Static).update(game.blurb if game else "")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice == "continue":
            self.action_continue_game()
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
        table = self._autosave()
        if table is None:
            self.notify("There is no unfinished game to continue.", severity="warning")
            return
        self.app.start_table(table)

    def action_load(self) -> None:
        from .files import LoadScreen

        self.app.push_screen(LoadScreen())

    def action_about(self) -> None:
        from .help import AboutScreen

        self.app.push_screen(AboutScreen())
