"""What an SSH or web connection runs: the app, opening on the shared-tables lobby when the
serve process offers tables (``DRAGON_TUI_TABLES``). Escape leaves the lobby for the menu;
F2 comes back to it. Unlike ``dragon-tui`` it does not insist on a tty: under textual-serve
the web driver talks over pipes."""

from __future__ import annotations

import os
import sys

from textual.binding import Binding

from ..app import DragonApp


class ServedApp(DragonApp):
    remote = True  # no command touches the server's files; crashes go to the server's log
    BINDINGS = DragonApp.BINDINGS + [Binding("f2", "lobby", "Shared tables", show=False)]

    def on_mount(self) -> None:
        # Textual runs DragonApp.on_mount too (after this one): open the lobby once it is done.
        if os.environ.get("DRAGON_TUI_TABLES"):
            self.call_after_refresh(self.action_lobby)

    def action_lobby(self) -> None:
        if not os.environ.get("DRAGON_TUI_TABLES"):
            self.notify("This server has no shared tables.", severity="warning")
            return
        from ..ui.screens.lobby import LobbyScreen

        if not isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyScreen())


def main() -> int:
    app = ServedApp()
    app.run()
    return app.return_code or 0  # a crash exits non-zero


if __name__ == "__main__":
    sys.exit(main())
