"""Keys a browser keeps for itself (ctrl+n a new window, ctrl+t a new tab, ctrl+w closing the
tab: they never reach a page) each have a twin that works in a browser and in a terminal
alike, and the help and the footer name the twin."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from textual.binding import Binding
from textual.screen import Screen

import dragon_tui.ui.screens as screens_package
from dragon_tui.app import DragonApp
from dragon_tui.remote.play import ServedApp
from dragon_tui.ui.screens.help import COMMON_KEYS
from dragon_tui.ui.screens.setup import SETUP_KEYS, SetupScreen

from .apps import app_with

pytestmark = pytest.mark.ui

BROWSER_KEYS = {"ctrl+n", "ctrl+t", "ctrl+w", "ctrl+tab", "ctrl+shift+n", "ctrl+shift+t", "ctrl+shift+w"}


def every_binding():
    for info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Screen) and value.__module__ == module.__name__:
                yield value.__name__, value.BINDINGS
    yield "DragonApp", DragonApp.BINDINGS
    yield "ServedApp", ServedApp.BINDINGS


def test_every_key_a_browser_takes_has_a_twin():
    checked = 0
    for owner, bindings in every_binding():
        for binding in bindings:
            if not isinstance(binding, Binding):
                continue
            keys = [k.strip() for k in binding.key.split(",")]
            if any(k in BROWSER_KEYS for k in keys):
                checked += 1
                twins = [k for k in keys if k not in BROWSER_KEYS]
                assert twins, f"{owner}: {binding.action} only on {binding.key}"
                if binding.show:  # the footer names the twin
                    assert binding.key_display and binding.key_display.lower() in twins, (owner, binding)
    assert checked >= 3  # the setup screen's Start, the host dialog's Open, the theme


def test_help_names_the_twins():
    assert "F4 or ctrl+t" in COMMON_KEYS and "F9" in SETUP_KEYS
    assert "In a browser" in COMMON_KEYS


async def test_f4_changes_the_theme():
    app = app_with(theme="dragon-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        assert app.theme != "dragon-dark"


@pytest.mark.slow
async def test_f9_starts_the_game_from_the_setup_screen():
    from dragon_tui.ui.screens.game import GameScreen

    app = app_with()
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(SetupScreen("crowns", seed=3))
        await pilot.pause()
        await pilot.press("f9")
        for _ in range(100):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, GameScreen)
