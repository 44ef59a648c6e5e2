"""The example game's screen, drawn by its own board on the shared game screen (a plain
``def`` test: snap_compare runs its own event loop)."""

import pytest

from dragon_tui.session import Seat, Table
from tests.ui.apps import app_with, settle

from . import registered

pytestmark = pytest.mark.ui


def test_pebbles_game_screen_at_80x24(snap_compare):
    with registered():
        table = Table("pebbles", [Seat("Ana"), Seat("Bot", "bot", "greedy")], 2)
        # Ana takes two (her lucky number: two stars) and the bot one, twice; the bot's
        # lucky number is still its secret, drawn as "?"
        for _ in range(2):
            table.apply(table.state.legal_actions()[1])
            table.apply(table.state.legal_actions()[0])
        assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)
