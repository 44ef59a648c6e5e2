"""Phase 3 raids and the two ways the game ends."""

from __future__ import annotations

from dragon_tui.games.court.data import PRINCE_IDS

from .helpers import cid, find, make_state

DRAWS = ["Moon Wandering Poet", "Earth Wandering Poet", "Sun Wandering Poet", "Sun Courtesan"]


def test_a_prince_in_the_row_carries_off_the_rightmost_court_card_once_per_turn():
    row = ["Sun Tax Clerk", "Prince of the Inferno", "Moon Court Poet", "Prince of Wildfire"]
    state = make_state(row=row, draws=DRAWS, cp=0)
    state.apply(find(state, "pass"))  # discards the Moon Court Poet; no fight possible
    # Phase 3 took the rightmost court card left: the Sun Tax Clerk had slid to slot 2.
    assert state.daemon_court == [cid("Sun Tax Clerk")]
    assert state.row == [cid(DRAWS[1]), cid(DRAWS[0]), cid("Prince of the Inferno"), cid("Prince of Wildfire")]
    assert state.phase == "buy" and state.turn == 2


def test_per_prince_raids_option_takes_one_card_per_prince():
    row = ["Sun Tax Clerk", "Prince of the Inferno", "Moon Court Poet", "Prince of Wildfire"]
    state = make_state(row=row, draws=DRAWS, cp=0, options={"raids": "per_prince"})
    state.apply(find(state, "pass"))
    assert state.daemon_court == [cid("Sun Tax Clerk"), cid(DRAWS[0])]


def test_no_prince_no_raid():
    state = make_state(row=["Sun Tax Clerk", "Moon Tax Clerk", "Earth Tax Clerk", "Sun Captain"], draws=DRAWS)
    state.apply(find(state, "pass"))
    assert state.daemon_court == []


def test_the_raided_card_costs_its_listed_vp_at_the_end():
    row = ["Moon Court Poet", "Prince of the Inferno", "Sun Captain", "Sun Poet Laureate"]
    state = make_state(row=row, draws=DRAWS, cp=0)
    before = state.score_parts()["Daemon court"]
    state.apply(find(state, "pass"))  # discards the Laureate; raid takes the Sun Captain (0 VP)
    assert state.daemon_court == [cid("Sun Captain")]
    assert state.score_parts()["Daemon court"] == before
    # Row now: Earth Wandering Poet, Moon Wandering Poet, Moon Court Poet, Inferno. A pass
    # discards the Moon Court Poet; the raid then takes the Moon Wandering Poet (1 VP).
    state.apply(find(state, "pass"))
    assert cid("Moon Court Poet") in state.discard
    assert state.daemon_court[-1] == cid("Moon Wandering Poet")
    assert state.score_parts()["Daemon court"] == -1


def test_four_princes_in_the_row_after_phase_3_end_the_game():
    row = ["Sun Tax Clerk", "Prince of the Inferno", "Prince of Wildfire", "Prince of Blazes"]
    state = make_state(row=row, draws=["Prince of Flames", "Sun Captain"], cp=0)
    state.apply(find(state, "pass"))  # discards the clerk, draws the Prince of Flames: four Princes
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []
    assert any("Four Daemon Princes" in line for line in state.log)
    assert state.winners() == [0]


def test_all_nine_princes_drawn_ends_the_game_after_phase_3():
    defeated = ["Prince of Embers", "Prince of Cinders", "Prince of Smoke", "Prince of Ash",
                "Prince of Sparks", "Prince of Flames", "Prince of Blazes"]
    row = ["Sun Tax Clerk", "Moon Tax Clerk", "Earth Tax Clerk", "Prince of Wildfire"]
    state = make_state(row=row, draws=["Prince of the Inferno", "Sun Captain"], defeated=defeated, cp=0)
    assert not state.is_over
    state.apply(find(state, "pass"))  # draws the ninth Prince; phase 3 raids, then the game ends
    assert state.is_over
    assert state.daemon_court == [cid("Moon Tax Clerk")]
    assert any("All nine" in line for line in state.log)
    assert not any(c in PRINCE_IDS for c in state.pile)


def test_the_game_goes_on_while_a_prince_is_still_in_the_pile():
    state = make_state(row=["Sun Tax Clerk", "Moon Tax Clerk", "Earth Tax Clerk", "Sun Captain"], draws=DRAWS)
    state.apply(find(state, "pass"))
    assert not state.is_over and state.phase == "buy"


def test_the_last_turn_can_empty_the_pile():
    defeated = ["Prince of Embers", "Prince of Cinders", "Prince of Smoke", "Prince of Ash",
                "Prince of Sparks", "Prince of Flames", "Prince of Blazes", "Prince of Wildfire"]
    row = ["Sun Tax Clerk", "Moon Tax Clerk", "Earth Tax Clerk", "Sun Captain"]
    state = make_state(row=row, draws=["Prince of the Inferno"], defeated=defeated, rest="discard", cp=0)
    state.apply(find(state, "pass"))  # the last card is the ninth Prince; the raid leaves a gap
    assert state.pile == []
    assert state.is_over
    assert state.row[0] is None
    assert sorted(state.all_cards()) == list(range(54))
