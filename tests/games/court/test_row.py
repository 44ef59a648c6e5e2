"""The Society Row: prices by slot, gaps closing from the left, phase 1B discards and income."""

from __future__ import annotations

import pytest

from .helpers import cid, find, make_state

ROW = ["Sun Captain", "Moon Captain", "Earth Captain", "Sun Tax Clerk"]
DRAWS = ["Moon Wandering Poet", "Earth Wandering Poet", "Sun Wandering Poet", "Moon Tax Clerk"]


@pytest.mark.parametrize("slot", range(4))
def test_a_gap_at_any_slot_closes_from_the_left_and_a_new_card_enters_slot_1(slot):
    state = make_state(row=ROW, draws=DRAWS, cp=20)
    state.apply(find(state, "buy", slot))
    state.apply(find(state, "place", 0))
    left = [cid(n) for n in ROW[:slot]]
    right = [cid(n) for n in ROW[slot + 1:]]
    assert state.row == [cid(DRAWS[0])] + left + right
    assert state.court[0] == cid(ROW[slot])


@pytest.mark.parametrize("slot,surcharge", [(0, 3), (1, 2), (2, 1), (3, 0)])
def test_dutch_auction_price_falls_one_cp_per_step_right(slot, surcharge):
    row = [None, None, None, None]
    row[slot] = "Sun Poet Laureate"  # printed cost 5
    state = make_state(row=row, cp=20)
    assert state.price(slot) == 5 + surcharge
    assert f"for {5 + surcharge} CP" in find(state, "buy", slot).label
    state.apply(find(state, "buy", slot))
    assert state.cp == 20 - 5 - surcharge


def test_printed_price_option_charges_the_printed_cost_in_every_slot():
    state = make_state(row=["Sun Poet Laureate", None, None, "Moon Poet Laureate"], options={"auction": "printed"})
    assert state.price(0) == state.price(3) == 5


def test_a_card_you_cannot_afford_is_not_offered():
    state = make_state(row=ROW[:3] + ["Sun Poet Laureate"], cp=4)
    # Captains cost 2+3, 2+2, 2+1 by slot; the Laureate 5 in slot 4.
    assert [a.args[0] for a in state.legal_actions() if a.kind == "buy"] == [1, 2]


def test_several_gaps_close_and_refill_one_draw_at_a_time():
    state = make_state(row=[None, "Sun Captain", None, "Moon Captain"], draws=DRAWS)
    before = state.info_epoch
    state._refill()
    assert state.row == [cid(DRAWS[1]), cid(DRAWS[0]), cid("Sun Captain"), cid("Moon Captain")]
    assert state.info_epoch == before + 2, "each draw is a reveal: undo cannot cross it"


def test_an_empty_pile_leaves_the_gap_open():
    state = make_state(row=ROW, rest="discard", cp=20)
    assert state.pile == []
    state.apply(find(state, "buy", 1))
    state.apply(find(state, "place", 0))
    assert state.row == [None, cid(ROW[0]), cid(ROW[2]), cid(ROW[3])]
    assert any("draw pile is empty" in line for line in state.log)


def test_pass_discards_the_rightmost_card_and_pays_one_cp_plus_one_per_tax_collector():
    court = {"A": "Sun Tax Clerk", "F": "Moon Tax Collector", "C": "Earth General"}
    state = make_state(row=ROW[:3] + ["Moon Salt Commissioner"], court=court, draws=DRAWS, cp=5)
    action = find(state, "pass")
    assert "discard the Moon Salt Commissioner and collect 3 CP" in action.label
    state.apply(action)
    assert state.cp == 5 + 1 + 2
    assert state.discard[-1] == cid("Moon Salt Commissioner")
    assert state.row == [cid(DRAWS[0])] + [cid(n) for n in ROW[:3]]


def test_pass_skips_daemon_princes_when_discarding():
    row = ["Sun Captain", "Moon Captain", "Prince of Inferno".replace("Inferno", "the Inferno"), "Prince of Ash"]
    state = make_state(row=row, draws=DRAWS, cp=0)
    state.apply(find(state, "pass"))
    assert cid("Moon Captain") in state.discard
    # The gap at slot 2 closed from the left; the Princes kept their places.
    assert state.row[2:] == [cid("Prince of the Inferno"), cid("Prince of Ash")]


def test_pass_with_only_princes_left_in_the_row_still_pays():
    state = make_state(row=[None, "Prince of Ash", "Prince of Smoke", "Prince of Sparks"], cp=0, rest="discard")
    state.apply(find(state, "pass"))
    assert state.cp == 1


def test_row_prices_for_the_display():
    state = make_state(row=["Sun Captain", "Prince of Ash", None, "Sun Poet Laureate"])
    assert state.row_prices() == [5, None, None, 5]
