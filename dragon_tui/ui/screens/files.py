"""Saving a game under a name, and loading a saved one.

A local player may also type any file's path. A remote player (SSH or web) picks from their
own saves folder only: there is no path box, and a pick is checked to be a file in that
folder, so nobody reads the server's files or another player's games."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...engine import SaveFileError
from ...session import Table
from ...session import storage


class SaveScreen(ModalScreen):
    #: Enter in the name box saves; the footer shows ctrl+s, the key that opened the dialog,
    #: which saves from it too (a binding for Enter would be the box's, and hidden).
    BINDINGS = [Binding("ctrl+s", "save", "Save"), Binding("escape", "app.pop_screen", "Cancel")]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Save this game as (Enter saves):")
            yield Input(f"{self.table.game.id}-{str(self.table.seed)[:12]}", id="save-name")
            yield Static("in your saves folder" if self.app.remote else f"in {storage.data_root() / 'saves'}",
                         classes="hint")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        path = storage.named_save_path(self.query_one("#save-name", Input).value)
        if path.exists():
            from .dialogs import ConfirmScreen

            def answered(yes: bool | None) -> None:
                if yes:
                    self._save(path)

            self.app.push_screen(ConfirmScreen(f"There is already a save called {path.stem}. Replace it?",
                                               yes="Replace", no="Keep it"), answered)
            return
        self._save(path)

    def _save(self, path: Path) -> None:
        try:
            self.table.save(path)
        except OSError as exc:
            self.notify(f"Could not save: {exc}", severity="error")
            return
        self.app.pop_screen()
        self.notify(f"Saved as {path.name}.")


class LoadScreen(ModalScreen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Cancel")]

    def compose(self) -> ComposeResult:
        remote = self.app.remote
        with Vertical(id="dialog"):
            yield Static("Load a saved game (Enter):" if remote else "Load a saved game (Enter), or type a file path below:")
            yield OptionList(id="saves")
            if not remote:
                yield Input(placeholder="/path/to/save.json", id="load-path")
        yield Footer()

    def on_mount(self) -> None:
        saves = self.query_one("#saves", OptionList)
        files = storage.list_saves()
        for path in files:
            saves.add_option(Option(Text(path.stem), id=str(path)))
        if not files:
            saves.add_option(Option(Text("No saved games yet", style="dim"), id="", disabled=True))
        else:
            saves.highlighted = 0  # Enter loads the newest at once
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._load(Path(event.option.id))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip() and not self.app.remote:
            self._load(Path(event.value.strip()).expanduser())

    def _load(self, path: Path) -> None:
        if self.app.remote and path.parent != storage.data_root() / "saves":
            self.notify("Pick one of your saved games.", title="Cannot load", severity="error")
            return
        try:
            table = Table.load(path)
        except SaveFileError as exc:
            self.notify(str(exc), title="Cannot load", severity="error")
            return
        self.app.begin_new_game(table, before=self.app.pop_screen)
