"""Every tile type has a plain-words name, and the name agrees with the tile: the labels and
the log say "the city cap with a straight road", never "BA-D"."""

import re

from dragon_tui.engine import Rng
from dragon_tui.games.carcassonne import GAME
from dragon_tui.games.carcassonne.texts import NAMES, tile_name
from dragon_tui.games.carcassonne.data import TILES

ID = re.compile(r"\b(BA|PD)-[A-Z0-9]+\b")


def test_every_tile_type_has_a_name_and_no_name_is_an_id():
    assert set(NAMES) == {t.id for t in TILES}
    for t in TILES:
        assert not ID.search(tile_name(t.id))


def test_each_name_agrees_with_the_tile():
    for t in TILES:
        name = tile_name(t.id)
        kinds = {f.kind for f in t.features}
        assert ("monastery" in name) == ("cloister" in kinds), t.id
        assert ("pennant" in name) == any(f.pennant for f in t.features), t.id
        assert ("city" in name) == ("city" in kinds), t.id
        assert ("road" in name or "crossroads" in name) == ("road" in kinds), t.id
        if t.symbol:
            assert {"volcano": "volcano", "dragon": "(dragon)", "princess": "(princess)",
                    "portal": "(magic portal)"}[t.symbol] in name, t.id


def test_labels_log_and_status_name_tiles_in_words():
    state = GAME.new_state(2, 4)
    rng = Rng(4)
    for _ in range(80):
        if state.is_over:
            break
        for action in state.legal_actions():
            assert not ID.search(action.describe()), action.describe()
        assert not ID.search(state.phase_label())
        state.apply(rng.choice(state.legal_actions()))
    assert not any(ID.search(line) for line in state.log)


def test_the_status_line_and_the_side_panel_count_the_same_tiles():
    state = GAME.new_state(2, 4)  # seed 4 sets a dragon tile aside at once
    assert state.aside and state.tile is not None
    assert state.tiles_to_come() == len(state.bag) + len(state.aside)
    assert state.phase_label().endswith(f"· {state.tiles_to_come()} more to come")
    assert sum(state.remaining().values()) == state.tiles_to_come()
