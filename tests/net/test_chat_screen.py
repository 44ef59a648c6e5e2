"""The chat pane and the rematch on a shared table's game screen (pilot, a real table server
on loopback): lines from the others appear as plain text, the input opens on ^o, sends on
Enter and leaves on Escape (the game's keys are the game's again); at game over ``n`` offers a
rematch, and when the other player accepts the screen goes to the new table. And a snapshot of
the pane itself."""

from __future__ import annotations

import asyncio

import pytest
from textual.app import App, ComposeResult

from dragon_tui.net.client import RemoteTable

from .test_lobby import _until, tables  # noqa: F401  (the lobby's table server fixture, shared)

pytestmark = [pytest.mark.net, pytest.mark.ui]


def _lines(app) -> list[str]:
    from textual.widgets import RichLog

    log = app.screen.query_one("#chat-lines", RichLog)
    return [strip.text for strip in log.lines]


@pytest.mark.slow
async def test_chat_on_the_game_screen_and_a_rematch_to_the_new_table(tables):
    from dragon_tui.remote.play import ServedApp
    from dragon_tui.ui.screens.game_over import GameOverScreen
    from dragon_tui.ui.screens.shared_game import SharedGameScreen
    from dragon_tui.ui.widgets.chat_pane import ChatPane

    app = ServedApp(bot_delay=0, autosave=False)
    async with app.run_test(size=(100, 34)) as pilot:
        assert await _until(pilot, lambda: app.screen.__class__.__name__ == "LobbyScreen")
        await pilot.press("h")
        await pilot.pause()
        await pilot.press("ctrl+n")  # the first game, two remote seats
        assert await _until(pilot, lambda: isinstance(app.screen, SharedGameScreen))
        screen = app.screen
        table = screen.table
        ben = await asyncio.to_thread(RemoteTable.join, tables.path, "ben", table.room, 1)
        await asyncio.to_thread(ben.say, "hi [b]ana[/b] \x1b[2J")
        assert await _until(pilot, lambda: any("ben: hi [b]ana[/b]" in x for x in _lines(app)))

        moves = len(table.moves)
        await pilot.press("ctrl+o")
        pane = screen.query_one(ChatPane)
        assert pane.is_open and app.focused.id == "chat-input"
        await pilot.press(*"a b c d", "enter")  # letters are the line's, not the game's choices
        assert await _until(pilot, lambda: any("ana: a b c d" in x for x in _lines(app)))
        assert len(table.moves) == moves
        assert await asyncio.to_thread(ben.wait_for, lambda t: any(x["text"] == "a b c d" for x in t.chat), 5)
        await pilot.press("escape")  # leaves the input, not the table
        assert not pane.is_open and app.screen is screen

        await asyncio.to_thread(ben.resign)
        assert await _until(pilot, lambda: isinstance(app.screen, GameOverScreen) or table.ending is not None)
        await pilot.pause(0.2)
        # a rematch is offered (the game ended by a resignation), never the same deal
        assert screen.check_action("rematch", (False,)) and not screen.check_action("rematch", (True,))
        assert not GameOverScreen(table).check_action("rematch", (True,))
        await pilot.press("n")  # at game over: offer a rematch
        assert await asyncio.to_thread(ben.wait_for, lambda t: (t.rematch or {}).get("state") == "open", 5)
        assert any("offers a rematch" in x for x in _lines(app)) or isinstance(app.screen, GameOverScreen)
        await asyncio.to_thread(ben.answer_rematch, True)
        assert await _until(pilot, lambda: isinstance(app.screen, SharedGameScreen) and app.screen is not screen)
        new = app.screen.table
        assert new.room == ben.rematch["new_table"] and new.seat == 1  # seat 1 moved on to seat 2
        ben2 = await asyncio.to_thread(ben.open_rematch)
        assert ben2.seat == 0
        assert await _until(pilot, lambda: app.screen.table.names[0] == "ben")

        # and the other way round: ben offers, ana's screen asks her, y accepts
        from dragon_tui.ui.screens.dialogs import ConfirmScreen

        second = app.screen
        await asyncio.to_thread(ben2.resign)
        assert await _until(pilot, lambda: (second.table.ending or {}).get("ended"))
        await asyncio.to_thread(ben2.offer_rematch)
        assert await _until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        assert await _until(pilot, lambda: isinstance(app.screen, SharedGameScreen) and app.screen is not second)
        assert app.screen.table.seat == 0 and app.screen.table.room == ben2.rematch["new_table"]
        ben.close()
        ben2.close()


class _PaneApp(App):
    CSS = "Screen { align: center middle; } ChatPane { width: 60; }"

    def compose(self) -> ComposeResult:
        from dragon_tui.ui.widgets.chat_pane import ChatPane

        yield ChatPane("ana", lambda: ["ana", "ben"], lambda text: None, id="chat")

    def on_mount(self) -> None:
        from dragon_tui.ui.widgets.chat_pane import ChatPane

        pane = self.query_one(ChatPane)
        pane.add_line({"player": "ben", "seat": 1, "text": "good luck, and [b]this is not bold[/b]"})
        pane.add_line({"player": "ana", "seat": 0, "text": "thanks!"})
        pane.add_line({"player": "eve", "seat": None, "text": "watching from the rail"})
        pane.add_note("ben offers a rematch (seats move on by one); waiting for ana.")
        pane.open_input()


def test_the_chat_pane_snapshot(snap_compare):
    assert snap_compare(_PaneApp(), terminal_size=(70, 14))
