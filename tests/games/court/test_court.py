"""The Royal Court: placement, a full court, and the designed entry powers."""

from __future__ import annotations

import pytest

from dragon_tui.engine import IllegalAction

from .helpers import cid, find, make_state, offered, snapshot

DRAWS = ["Moon Wandering Poet", "Earth Wandering Poet", "Sun Wandering Poet", "Sun Tea-House Courtesan"]
FULL = {
    "A": "Sun Captain", "B": "Moon Captain", "C": "Earth Captain", "D": "Sun Tax Clerk",
    "E": "Moon Tax Clerk", "F": "Earth Tax Clerk", "G": "Sun General", "H": "Moon General",
}


def test_a_bought_card_goes_to_a_free_space_only():
    state = make_state(row=[None, None, None, "Sun Court Poet"], court={"A": "Sun Captain"}, draws=DRAWS)
    state.apply(find(state, "buy", 3))
    assert state.phase == "place"
    assert [a.args[0] for a in state.legal_actions()] == list(range(1, 8))
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="already holds the Sun Captain"):
        state.apply(find_any_place(0))
    assert snapshot(state) == before


def find_any_place(space):
    from dragon_tui.engine import Action

    return Action("place", (space,))


def test_full_court_replace_dismisses_the_chosen_card():
    state = make_state(row=[None, None, None, "Sun Poet Laureate"], court=FULL, draws=DRAWS, cp=10)
    state.apply(find(state, "buy", 3))
    assert len(state.legal_actions()) == 8
    action = find(state, "place", 4)
    assert "dismissing the Moon Tax Clerk" in action.label
    assert "court full" in state.phase_label()
    state.apply(action)
    assert state.court[4] == cid("Sun Poet Laureate")
    assert cid("Moon Tax Clerk") in state.discard
    assert sorted(state.all_cards()) == list(range(54))


def test_closed_court_option_forbids_buying_into_a_full_court():
    state = make_state(row=[None, None, None, "Sun Poet Laureate"], court=FULL, options={"full_court": "closed"})
    assert [a.kind for a in state.legal_actions()] == ["pass"]
    before = snapshot(state)
    from dragon_tui.engine import Action

    with pytest.raises(IllegalAction, match="full"):
        state.apply(Action("buy", (3,)))
    assert snapshot(state) == before


def test_minister_brings_two_cp_plus_one_per_other_card_of_her_clan_in_her_row():
    court = {"A": "Moon Captain", "B": "Moon Tax Clerk", "C": "Sun Captain", "E": "Moon General"}
    state = make_state(row=[None, None, None, "Moon Minister of Rites"], court=court, draws=DRAWS, cp=3)
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 3))  # top row: two Moon cards there; the Moon General is below
    assert state.cp == 3 - 3 + 2 + 2


def test_minister_in_an_empty_row_brings_two_cp():
    state = make_state(row=[None, None, None, "Sun Minister of Rites"], court={"A": "Sun Captain"}, draws=DRAWS, cp=3)
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 4))
    assert state.cp == 2


def test_poet_scores_one_vp_per_orthogonal_neighbour_of_her_clan():
    # Space F (bottom row, 2nd column): neighbours E, G and B. D is not a neighbour; A is diagonal.
    court = {"E": "Earth Captain", "G": "Earth Tax Clerk", "B": "Sun Captain", "A": "Earth General", "D": "Earth Courtesan"}
    state = make_state(row=[None, None, None, "Earth Court Poet"], court=court, draws=DRAWS, cp=9)
    before = state.scores()[0]
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 5))
    assert state.verse_vp == 2
    # verses + her listed VP; 9 CP -> 6 CP costs one copper VP; no Prince, so no raid.
    assert state.scores()[0] == before + 2 + 2 - 1


def test_courtesan_rescues_the_highest_vp_card_of_her_clan():
    daemon = ["Sun Poet Laureate", "Moon Poet Laureate", "Sun Court Poet"]
    state = make_state(row=[None, None, None, "Sun Courtesan"], court={"A": "Sun Captain"}, draws=DRAWS, daemon_court=daemon)
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 1))
    assert state.daemon_court == [cid("Moon Poet Laureate"), cid("Sun Court Poet")]
    assert cid("Sun Poet Laureate") in state.discard
    assert state.cp == 10 - 3


def test_courtesan_with_nobody_to_rescue_brings_two_cp():
    state = make_state(row=[None, None, None, "Sun Courtesan"], draws=DRAWS, daemon_court=["Moon Poet Laureate"])
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 1))
    assert state.daemon_court == [cid("Moon Poet Laureate")]
    assert state.cp == 10 - 3 + 2


def test_powers_fire_after_a_replaced_card_has_left():
    # The dismissed Moon card no longer counts for the Moon Minister's row bonus.
    court = dict(FULL)
    state = make_state(row=[None, None, None, "Moon Minister of Rites"], court=court, draws=DRAWS, cp=3)
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 1))  # replaces the Moon Captain in B; top row has no other Moon card
    assert state.cp == 2


def test_a_general_or_tax_collector_has_no_entry_power():
    state = make_state(row=[None, None, "Sun Tax Clerk", "Sun General"], draws=DRAWS, cp=10)
    state.apply(find(state, "buy", 3))
    state.apply(find(state, "place", 0))
    assert state.cp == 7 and state.verse_vp == 0
    assert not offered(state, "fight", 0)
