"""Screens open each other by name, so no screen imports another: ``open_screen(app, "help",
game)`` imports the module that holds the screen only when it is first opened (which also
keeps start-up short)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

#: name -> (module under dragon_tui.ui.screens, class)
ROUTES: dict[str, tuple[str, str]] = {
    "pass": ("dialogs", "PassScreen"),
    "confirm": ("dialogs", "ConfirmScreen"),
    "game_over": ("game_over", "GameOverScreen"),
    "save": ("files", "SaveScreen"),
    "load": ("files", "LoadScreen"),
    "help": ("help", "HelpScreen"),
    "replay": ("replay", "ReplayScreen"),
}


def screen_class(name: str) -> type:
    module, cls = ROUTES[name]
    return getattr(importlib.import_module(f"dragon_tui.ui.screens.{module}"), cls)


def open_screen(app, name: str, *args: Any, callback: Callable[[Any], None] | None = None) -> None:
    app.push_screen(screen_class(name)(*args), callback)
