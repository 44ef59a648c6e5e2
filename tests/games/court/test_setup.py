"""Setup: four cards face up, three into the court without powers, Princes set aside, 10 CP."""

from __future__ import annotations

import pytest

from dragon_tui.games.court import GAME
from dragon_tui.games.court.data import CARDS, MINISTER

from .helpers import find


def seeds_with_princes_in_the_opening_deal(limit=200):
    return [s for s in range(limit) if GAME.new_state(1, s).set_aside]


def test_a_new_game_deals_four_court_cards_and_10_cp():
    state = GAME.new_state(1, 1)
    assert state.phase == "setup_take"
    assert state.cp == 10
    assert len([c for c in state.row if c is not None]) == 4
    assert not any(CARDS[c].is_prince for c in state.row)
    assert state.court == [None] * 8
    assert sorted(state.all_cards()) == list(range(54))
    assert state.current_player == 0
    assert "starting card 1 of 3" in state.phase_label()


def test_setup_offers_each_row_card_then_any_free_space():
    state = GAME.new_state(1, 2)
    assert [a.kind for a in state.legal_actions()] == ["take"] * 4
    state.apply(find(state, "take", 2))
    assert state.phase == "setup_place"
    assert [a.args[0] for a in state.legal_actions()] == list(range(8))
    state.apply(find(state, "place", 6))
    assert state.court[6] is not None
    assert state.phase == "setup_take"
    # The space just used is no longer offered.
    state.apply(state.legal_actions()[0])
    assert 6 not in [a.args[0] for a in state.legal_actions()]


def test_three_starting_cards_then_turn_one():
    state = GAME.new_state(1, 3)
    for space in (0, 1, 2):
        state.apply(state.legal_actions()[0])
        state.apply(find(state, "place", space))
    assert state.phase == "buy"
    assert state.turn == 1
    assert len([c for c in state.court if c is not None]) == 3
    assert len([c for c in state.row if c is not None]) == 4
    assert state.cp == 10
    assert sorted(state.all_cards()) == list(range(54))


def test_starting_cards_do_not_fire_their_powers():
    # Find a deal with a Minister in it: as a starting card she brings no copper.
    for seed in range(200):
        state = GAME.new_state(1, seed)
        slots = [i for i, c in enumerate(state.row) if CARDS[c].role == MINISTER]
        if slots:
            break
    state.apply(find(state, "take", slots[0]))
    state.apply(find(state, "place", 0))
    assert state.cp == 10
    assert state.verse_vp == 0


def test_princes_met_during_setup_are_set_aside_replaced_and_shuffled_back():
    seeds = seeds_with_princes_in_the_opening_deal()
    assert seeds, "some seed deals a Prince into the opening row"
    state = GAME.new_state(1, seeds[0])
    aside = list(state.set_aside)
    assert all(CARDS[c].is_prince for c in aside)
    assert not any(CARDS[c].is_prince for c in state.row)
    assert len([c for c in state.row if c is not None]) == 4
    assert any("set aside" in line for line in state.log)
    for space in range(3):
        state.apply(state.legal_actions()[0])
        state.apply(find(state, "place", space))
    assert state.set_aside == []
    for c in aside:
        assert c in state.pile or c in state.row
    assert sorted(state.all_cards()) == list(range(54))


@pytest.mark.parametrize("seed", range(40))
def test_setup_always_reaches_turn_one_with_every_card_accounted_for(seed):
    state = GAME.new_state(1, seed)
    for space in (7, 0, 3):
        state.apply(state.legal_actions()[-1])
        state.apply(find(state, "place", space))
    assert state.turn == 1 and state.phase in ("buy",)
    assert sorted(state.all_cards()) == list(range(54))
