"""Phase 2: one fight with the Generals' total, the clan bonus, and copper paid 1:1."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Action, IllegalAction

from .helpers import cid, find, make_state, offered, snapshot

DRAWS = ["Moon Wandering Poet", "Earth Wandering Poet", "Sun Wandering Poet", "Sun Courtesan"]


def fight_state(court, prince="Prince of Ash", cp=0, row=None):
    row = row or ["Sun Tax Clerk", "Moon Tax Clerk", prince, "Earth Tax Clerk"]
    state = make_state(row=row, court=court, draws=DRAWS, cp=cp)
    state._phase2()  # as after phase 1
    return state


def test_exactly_enough_strength_defeats_a_prince_for_free():
    # Ash has strength 7: Grand Marshal 3 + General 2 + General 2 (two clans: no bonus).
    court = {"A": "Sun Grand Marshal", "B": "Moon General", "C": "Sun General"}
    state = fight_state(court)
    assert state.phase == "fight"
    action = find(state, "fight", 2)
    assert "Generals 7" in action.label and "CP" not in action.label.split(":")[-1]
    state.apply(action)
    assert state.cp == 0
    assert state.defeated == [cid("Prince of Ash")]
    assert state.score_parts()["Daemon Princes defeated"] == 3


def test_one_short_is_paid_with_one_cp():
    court = {"A": "Sun Grand Marshal", "B": "Moon General", "C": "Sun Captain"}  # 6
    state = fight_state(court, cp=1)
    action = find(state, "fight", 2)
    assert "Generals 6 + 1 CP" in action.label
    state.apply(action)
    assert state.cp == 0


def test_too_weak_even_with_all_copper_skips_phase_two_by_itself():
    court = {"A": "Sun Captain"}
    state = fight_state(court, cp=0)
    assert state.phase == "buy"  # phase 2 passed, phase 3 raided, next turn began
    assert any("can be beaten" in line for line in state.log)
    assert state.daemon_court  # the Prince raided


def test_clan_bonus_with_three_generals_of_three_clans():
    court = {"A": "Sun Captain", "B": "Moon Captain", "C": "Earth General"}  # 1+1+2 = 4, +2 = 6
    state = fight_state(court, prince="Prince of Smoke")
    assert state.general_total() == 6
    assert "Generals 6" in find(state, "fight", 2).label


def test_no_clan_bonus_when_a_clan_is_missing():
    court = {"A": "Sun Captain", "B": "Moon Captain", "C": "Moon General", "D": "Sun General"}  # 6, Earth missing
    state = fight_state(court, prince="Prince of Smoke")
    assert state.general_total() == 6
    court = {"A": "Sun Captain", "B": "Earth General"}  # two Generals, two clans: no bonus
    assert fight_state(court, prince="Prince of Embers").general_total() == 3


def test_clan_bonus_counts_once_with_more_generals():
    court = {"A": "Sun Captain", "B": "Moon Captain", "C": "Earth Captain", "D": "Earth General"}
    state = fight_state(court, prince="Prince of Embers")
    assert state.general_total() == 1 + 1 + 1 + 2 + 2


def test_only_one_prince_per_turn():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal", "C": "Earth Grand Marshal"}  # 11
    row = ["Sun Tax Clerk", "Prince of Embers", "Prince of Cinders", "Earth Tax Clerk"]
    state = fight_state(court, row=row)
    assert {a.args for a in state.legal_actions() if a.kind == "fight"} == {(1,), (2,)}
    state.apply(find(state, "fight", 2))
    assert state.phase == "buy"
    assert state.defeated == [cid("Prince of Cinders")]
    # The other Prince stayed and raided in phase 3.
    assert cid("Prince of Embers") in state.row
    assert len(state.daemon_court) == 1


def test_a_defeated_prince_leaves_a_gap_that_closes_from_the_left():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal"}
    state = fight_state(court, prince="Prince of Embers")
    row_before = list(state.row)
    state.apply(find(state, "fight", 2))
    assert state.row[1:3] == row_before[0:2]
    assert state.row[3] == row_before[3]


def test_declining_to_fight_lets_the_prince_raid():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal"}
    state = fight_state(court, prince="Prince of Embers")
    state.apply(find(state, "no_fight"))
    assert state.daemon_court == [cid("Earth Tax Clerk")]
    assert state.defeated == []


def test_fighting_without_enough_strength_is_refused_with_the_shortfall():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal"}  # 6
    row = ["Sun Tax Clerk", "Prince of Embers", "Prince of the Inferno", "Earth Tax Clerk"]
    state = fight_state(court, row=row, cp=0)
    assert not offered(state, "fight", 2)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="strength 13.*Generals give 6.*0 CP: 7 short"):
        state.apply(Action("fight", (2,)))
    assert snapshot(state) == before
    with pytest.raises(IllegalAction, match="no Daemon Prince in slot 1"):
        state.apply(Action("fight", (0,)))


def test_general_parts_split_printed_strength_and_bonus():
    state = make_state(court={"A": "Sun Captain", "B": "Moon Captain", "C": "Earth General"})
    assert state.general_parts() == (4, 2)
