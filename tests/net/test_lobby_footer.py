"""The lobby's footer fits: every key and the palette at 100 and at 80 columns (it was cut to
``esc M`` at 100). And the host dialog's Open key has a twin a browser leaves alone (F9)."""

from __future__ import annotations

import time

import pytest

from .helpers import TablesThread

pytestmark = [pytest.mark.net, pytest.mark.ui]


@pytest.fixture
def tables(private_data_dir, monkeypatch):
    t = TablesThread(private_data_dir)
    monkeypatch.setenv("DRAGON_TUI_TABLES", t.path)
    monkeypatch.setenv("DRAGON_TUI_PLAYER", "ana")
    yield t
    t.stop()


async def _in_lobby(pilot):
    from dragon_tui.ui.screens.lobby import LobbyScreen

    end = time.monotonic() + 20
    while not isinstance(pilot.app.screen, LobbyScreen) and time.monotonic() < end:
        await pilot.pause(0.05)
    while not pilot.app.screen.query("FooterKey") and time.monotonic() < end:
        await pilot.pause(0.05)
    await pilot.pause()


def _served():
    from dragon_tui.remote.play import ServedApp

    return ServedApp(bot_delay=0, autosave=False, theme="dragon-dark")


def test_lobby_footer_at_100_columns(tables, snap_compare):
    assert snap_compare(_served(), terminal_size=(100, 30), run_before=_in_lobby)


def test_lobby_footer_at_80_columns(tables, snap_compare):
    assert snap_compare(_served(), terminal_size=(80, 24), run_before=_in_lobby)


async def test_every_lobby_key_is_in_the_footer_at_100_columns(tables):
    app = _served()
    async with app.run_test(size=(100, 30)) as pilot:
        await _in_lobby(pilot)
        keys = list(app.screen.query("FooterKey"))
        assert [k.action for k in keys][:7] == ["host", "join", "watch", "boards", "seek", "profile", "leave"]
        right = max(k.region.right for k in keys)
        assert right <= 100 and all(k.region.width >= len(k.description) + 2 for k in keys)


@pytest.mark.slow
async def test_f9_opens_the_table_like_ctrl_n(tables):
    from dragon_tui.ui.screens.game import GameScreen

    app = _served()
    async with app.run_test(size=(100, 30)) as pilot:
        await _in_lobby(pilot)
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("f9")
        end = time.monotonic() + 20
        while not isinstance(app.screen, GameScreen) and time.monotonic() < end:
            await pilot.pause(0.05)
        assert isinstance(app.screen, GameScreen)
