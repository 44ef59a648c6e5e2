"""The replay screen's move line reads each move as the person at the keyboard may: a bot's
discard or payment by what everybody saw, never by the card's face."""

from textual.widgets import Static

from dragon_tui.games.hoard.data import CARDS, kind
from dragon_tui.session.table import HIDDEN_MOVE

from ..apps import app_with, settle
from .positions import hoard_table, play_until


async def test_replay_lines_never_name_a_bots_discarded_or_spent_card():
    table = play_until(hoard_table(2, seed=3), lambda s: s.round >= 3 and s.current_player == 0)
    bot_moves = [k for k, m in enumerate(table.moves) if m.seat == 1 and m.action.kind in ("discard", "pay")]
    assert bot_moves, "the bot has neither discarded nor paid yet"
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_replay()
        await pilot.pause()
        replay = app.screen
        for k in bot_moves:
            replay.position = k + 1
            await pilot.pause()
            line = str(replay.query_one("#replay-move", Static).render())
            move = table.moves[k]
            assert line.startswith(f"Move {k + 1}: Ben — ")
            assert table.visible_move(k, 0).action.kind == HIDDEN_MOVE
            assert table.text(move.action.describe()) not in line
            for card in move.action.args:
                if kind(card) != "wild":
                    assert CARDS[card].title not in line
        # Ana's own moves still read as she chose them.
        own = next(k for k, m in enumerate(table.moves) if m.seat == 0 and m.action.label)
        replay.position = own + 1
        await pilot.pause()
        assert table.text(table.moves[own].action.describe()) in str(replay.query_one("#replay-move", Static).render())
