"""What a remote (SSH or web) player may do differs from a local one —
no path box in Load, no Screenshot command; and a failing autosave is a
notice, not a crash. The same attacks over a real SSH connection are in
tests/net/test_ssh_hardening.py."""

from __future__ import annotations

import os

from dragon_tui.app import DragonApp
from dragon_tui.remote.play import ServedApp
from dragon_tui.session import Seat, Table, storage
from dragon_tui.ui.screens.files import LoadScreen
from dragon_tui.ui.screens.game import GameScreen

from .apps import app_with, settle


def served() -> ServedApp:
    app = ServedApp()
    app.bot_delay = 0
    return app


async def test_remote_load_lists_only_the_players_own_saves():
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 3)
    table.save(storage.named_save_path("mine"))
    app = served()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert not app.screen.query("#load-path")  # no free path
        options = app.screen.query_one("#saves").options
        assert [o.id for o in options] == [str(storage.named_save_path("mine"))]
        app.screen._load(storage.data_dir().parent / "someone-else" / "saves" / "theirs.json")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert any("Pick one of your saved games" in n.message for n in app._notifications)
        app.screen.query_one("#saves").highlighted = 0
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_local_load_keeps_its_path_box():
    app = app_with()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert app.screen.query("#load-path")


async def test_remote_sessions_have_no_screenshot_command(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "Downloads"))
    app = served()
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles and "Quit" in titles
        app.action_screenshot()
        app.deliver_screenshot()
        await pilot.pause(0.3)
    assert not any(tmp_path.rglob("*.svg"))
    local = DragonApp()
    async with local.run_test(size=(80, 24)):
        assert "Screenshot" in [c.title for c in local.get_system_commands(local.screen)]


async def test_a_failing_autosave_is_a_notice_and_the_game_goes_on(private_data_dir):
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 5)
    app = app_with(table, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        good = table.autosave_to.read_text()
        # the data folder turns read-only-like: writes there fail from now on
        private_data_dir.rename(private_data_dir.with_name("away"))
        private_data_dir.write_text("")
        try:
            table.apply(table.state.legal_actions()[0])
            await settle(pilot)
            assert isinstance(app.screen, GameScreen) and len(table.moves) == 1
            # The write runs on the autosaver's thread once the move is drawn, and its failure
            # comes back to the UI thread: on a busy machine that can take longer than a settle.
            for _ in range(200):
                if any("Autosave failed" == n.title for n in app._notifications):
                    break
                await pilot.pause(0.025)
            assert any("Autosave failed" == n.title for n in app._notifications)
            table.apply(table.state.legal_actions()[0])  # and on it goes
            await settle(pilot)
            assert len(table.moves) == 2
        finally:
            private_data_dir.unlink()
            private_data_dir.with_name("away").rename(private_data_dir)
        assert table.autosave_to.read_text() == good  # the last good autosave is kept
    assert app.return_code in (0, None)
    assert os.path.isdir(private_data_dir)
