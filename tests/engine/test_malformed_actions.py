"""Issue: malformed actions are refused in every game, at the protocol.

``State.apply`` promises that an illegal action raises ``IllegalAction`` and leaves the state
exactly as it was. JSON from save files and network clients carries ``3.0``, ``true`` and
``null`` as ordinary values, and ``3.0 == 3``/``True == 1`` in Python, so each case the audit
found is reproduced here on a real position of its game.
"""

from __future__ import annotations

import json

import pytest

from dragon_tui.engine import Action, IllegalAction
from dragon_tui.engine.state import malformed
from dragon_tui.games import get_game


def _first(state, kind):
    return next(a for a in state.legal_actions() if a.kind == kind)


def _assert_refused(state, bad: Action, says_type: bool = True) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)
    if says_type:
        assert "type" in str(info.value)
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_carcassonne_place_with_a_float_does_not_damage_the_board():
    state = get_game("carcassonne").new_state(2, 5)
    place = _first(state, "place")
    x, y, rot = place.args
    _assert_refused(state, Action("place", (float(x), y, rot)))
    state.apply(place)  # the real action still works afterwards


def test_hoard_draw_field_with_a_float_is_refused():
    state = get_game("hoard").new_state(2, 3)
    while not any(a.kind == "draw_field" for a in state.legal_actions()):
        state.apply(state.legal_actions()[0])
    i = _first(state, "draw_field").args[0]
    _assert_refused(state, Action("draw_field", (float(i),)))


def test_court_place_with_a_float_is_refused():
    state = get_game("court").new_state(1, 3)
    for _ in range(200):
        kinds = {a.kind for a in state.legal_actions()}
        if "place" in kinds:
            break
        state.apply(state.legal_actions()[0])
    action = _first(state, "place")
    _assert_refused(state, Action("place", tuple(float(a) if type(a) is int else a for a in action.args)))


def test_crowns_buy_shield_with_a_float_is_refused():
    state = get_game("crowns").new_state(2, 1)
    for _ in range(500):
        if any(a.kind == "buy_shield" for a in state.legal_actions()):
            break
        state.apply(state.legal_actions()[-1])
    action = _first(state, "buy_shield")
    _assert_refused(state, Action("buy_shield", tuple(float(a) for a in action.args)))


@pytest.mark.parametrize("bad", [None, True, 1.0, "0", (0,), {"x": 0}, [0]])
def test_every_game_refuses_a_wrong_type_in_an_int_place(bad):
    for game_id in ("throne", "hoard", "crowns", "court", "carcassonne"):
        game = get_game(game_id)
        state = game.new_state(game.min_players, 11)
        for action in state.legal_actions():
            if action.args and type(action.args[0]) is int:
                # A text or a tuple is never equal to a number: the ordinary refusal.
                _assert_refused(state, Action(action.kind, (bad, *action.args[1:])), not isinstance(bad, (str, tuple)))
                break


def test_malformed_names_what_is_wrong():
    assert malformed(Action("place", (1, 2, 3))) is None
    assert malformed(Action("steal", ("red",))) is None
    assert "wrong type" in malformed(Action("place", (1.0, 2, 3)))
    assert "wrong type" in malformed(Action("place", (True,)))
    assert "Not an action" in malformed("place")
    deep = 0
    for _ in range(50):
        deep = (deep,)
    assert malformed(Action("x", (deep,))) is not None
