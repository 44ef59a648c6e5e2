"""Every rule option's name fits the setup screen's name column (30 cells, 1 of padding on
each side) on one line: "A Battle against the Angry / Mob" wrapped there."""

import pytest

from dragon_tui.games import GAMES

LABEL_ROOM = 28


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_option_names_fit_the_setup_column(game_id):
    for option in GAMES[game_id].options:
        assert len(option.label) <= LABEL_ROOM, option.label
