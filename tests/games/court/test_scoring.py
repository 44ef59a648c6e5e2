"""Final score: VP gained + 1 VP per 3 CP − listed VP of the Daemon court (rulebook, Game End)."""

from __future__ import annotations

import pytest

from .helpers import make_state


@pytest.mark.parametrize("cp,copper_vp", [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3), (10, 3)])
def test_one_vp_per_three_cp_left_rounded_down(cp, copper_vp):
    state = make_state(cp=cp)
    assert state.score_parts()["CP left (1 VP per 3 CP)"] == copper_vp


def test_every_part_of_the_score():
    court = {"A": "Sun Poet Laureate", "B": "Moon Courtesan", "E": "Earth Captain"}  # 4 + 2 + 0
    state = make_state(
        court=court,
        cp=7,
        defeated=["Prince of Wildfire", "Prince of Embers"],  # 5 + 1
        daemon_court=["Sun Court Poet", "Moon Tax Clerk"],  # -(2 + 1)
    )
    state.verse_vp = 3
    parts = state.score_parts()
    assert parts == {
        "Royal Court cards": 6,
        "Poets' verses": 3,
        "Daemon Princes defeated": 6,
        "CP left (1 VP per 3 CP)": 2,
        "Daemon court": -3,
    }
    assert state.scores() == [14.0]
    breakdown = state.score_breakdown()[0]
    assert breakdown["Total"] == 14.0
    assert sum(v for k, v in breakdown.items() if k != "Total") == 14.0


def test_score_can_be_negative():
    state = make_state(cp=0, daemon_court=["Sun Poet Laureate"])
    assert state.scores() == [-4.0]
