"""Illegal actions: refused with a reason a person can read, and nothing changes."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Action, IllegalAction

from .helpers import make_state, snapshot

ROW = ["Sun Poet Laureate", "Prince of Ash", None, "Moon Captain"]


@pytest.mark.parametrize(
    "action,phase,cp,reason",
    [
        (Action("buy", (0,)), "buy", 3, "costs 8 CP in slot 1; you have 3 CP"),
        (Action("buy", (1,)), "buy", 10, "Daemon Prince: it cannot be bought"),
        (Action("buy", (2,)), "buy", 10, "Slot 3 of the Society Row is empty"),
        (Action("buy", (7,)), "buy", 10, "There is no slot 8"),
        (Action("fight", (1,)), "buy", 10, "cannot fight now: the game is at phase 1"),
        (Action("place", (0,)), "buy", 10, "cannot place now"),
        (Action("take", (0,)), "buy", 10, "cannot take now"),
        (Action("pass", ()), "fight", 10, "cannot pass now: the game is at phase 2"),
        (Action("buy", ("x",)), "buy", 10, "needs exactly one slot"),
        (Action("buy", ()), "buy", 10, "needs exactly one slot"),
        (Action("teleport", ()), "buy", 10, "not possible now"),
    ],
)
def test_refused_with_a_reason_and_nothing_changes(action, phase, cp, reason):
    state = make_state(row=ROW, cp=cp, phase=phase)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert reason in str(info.value)
    assert snapshot(state) == before


def test_placing_on_a_taken_space_during_setup_is_refused():
    from dragon_tui.games.court import GAME

    state = GAME.new_state(1, 5)
    state.apply(state.legal_actions()[0])
    state.apply(Action("place", (3,)))
    state.apply(state.legal_actions()[0])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Space D already holds"):
        state.apply(Action("place", (3,)))
    with pytest.raises(IllegalAction, match="no space 9"):
        state.apply(Action("place", (9,)))
    assert snapshot(state) == before


def test_nothing_is_legal_once_the_game_is_over():
    state = make_state(row=ROW)
    state.phase = "over"
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Action("pass", ()))
