"""The panes observe the table model: boards repaint on a theme switch, the log appends,
a failing bot is answered with a notice and the game goes on, hidden hands pass the keyboard
from the first turn and on Continue."""

import pytest

from dragon_tui.app import DragonApp
from dragon_tui.session import Seat, Table
from dragon_tui.ui.screens.dialogs import PassScreen
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.widgets.game_log import GameLog

from .apps import app_with, duel_table, settle


class Exploding:
    def choose(self, *args, **kwargs):
        raise RuntimeError("boom")


@pytest.mark.parametrize("game_id", ["crowns", "court", "hoard", "throne", "carcassonne"])
async def test_a_theme_switch_repaints_every_board(game_id):
    seats = [Seat("Ana")] if game_id == "court" else [Seat("Ana"), Seat("Bot", "bot", "random")]
    table = Table(game_id, seats, 3)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one("#board")
        painted = []
        real = board.paint
        board.paint = lambda view: (painted.append(app.theme), real(view))
        for _ in range(3):  # dark → light → mono → dark
            await pilot.press("ctrl+t")
            await pilot.pause()
        assert painted[-1] == "dragon-dark" and {"dragon-light", "dragon-mono"} <= set(painted)


async def test_the_log_appends_without_rendering_old_lines_again():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        await pilot.press("r")
        await pilot.pause()
        assert log.lines
        old = list(log._wrapped)  # each shown line, wrapped to the log's width
        rendered, count = log.rendered, len(log.lines)
        await pilot.press("1")  # choose a die: a new log line
        await pilot.pause()
        new = len(log.lines) - count
        assert new > 0
        assert log.rendered == rendered + new  # only the new lines were rendered
        assert all(a is b for a, b in zip(old, log._wrapped))  # the old lines stay as they were
        assert log.lines == app.screen.model.full_log()
        shown = "\n".join(strip.text for strip in log._strips)
        assert log.lines[-1].split()[0] in shown
        assert log.scroll_y == log.max_scroll_y  # the newest line in sight


async def test_a_bot_that_raises_gives_a_notice_and_the_game_goes_on():
    table = duel_table(seed=7)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.controller._agents[1] = Exploding()
        for _ in range(60):
            if any(m.seat == 1 and not table.state.is_over for m in table.moves[1:]) and any(
                    "boom" in n.message for n in app._notifications):
                break
            if table.state.current_player == 0:
                await pilot.press("enter")
            await settle(pilot)
        assert any("Bot's bot failed (RuntimeError: boom)" in n.message for n in app._notifications)
        assert not screen.thinking  # never stuck on "thinking…"
        assert table.state.is_over or table.state.current_player == 0


@pytest.mark.slow
async def test_continue_with_hidden_hands_opens_on_the_pass_screen():
    table = Table("hoard", [Seat("Ana"), Seat("Ben")], 4)
    for _ in range(5):
        table.apply(table.state.legal_actions()[0])
    app = app_with(table, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("escape")  # not the menu key here: the pass screen keeps the board covered
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
    again = app_with(autosave=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")  # Continue
        await settle(pilot)
        assert isinstance(again.screen, PassScreen)
        assert table.names[table.state.current_player] in str(again.screen.query_one("#pass-box").render())


async def test_a_panel_whose_data_did_not_change_does_nothing():
    from dragon_tui.ui.widgets.panel import Panel

    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("r")  # the roll: dice and the phase change, the councils do not
        await pilot.pause()
        panels = list(app.screen.query(Panel))
        updates = {id(p): 0 for p in panels}
        for panel in panels:
            real = panel.update
            panel.update = lambda *a, _p=panel, _real=real, **k: (updates.__setitem__(id(_p), updates[id(_p)] + 1),
                                                                    _real(*a, **k))
        await pilot.press("1")  # choose a die: only the dice bar changes
        await pilot.pause()
        dice = app.screen.query_one("#dice")
        assert updates[id(dice)] == 1
        assert sum(updates.values()) < len(panels)  # at least one council panel stayed as it was


async def test_a_forced_bot_move_is_played_at_once_without_a_search(monkeypatch):
    """The bot's only legal action (rolling the dice) is played with no think delay and no
    search: a search by this bot would raise, and the delay is longer than the test waits."""
    table = duel_table(seed=7)
    while table.state.current_player == 0:
        table.apply(table.state.legal_actions()[0])
    assert len(table.state.legal_actions()) == 1  # the bot must roll
    monkeypatch.setattr("dragon_tui.session.controller.make_agent", lambda *a, **k: Exploding())
    app = DragonApp(table=table, bot_delay=30.0, autosave=False)
    before = len(table.moves)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if len(table.moves) > before:
                break
        assert len(table.moves) > before and table.moves[before].seat == 1
        assert not any("boom" in n.message for n in app._notifications)
