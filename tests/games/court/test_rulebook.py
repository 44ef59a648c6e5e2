"""The rulebook's own statements, played through as sample turns.

The rulebook gives no numbered worked example, so each test quotes the sentence it checks and
plays it out on a position built for it (card numbers are our designed ones).
"""

from __future__ import annotations

from .helpers import cid, find, make_state

DRAWS = ["Moon Wandering Poet", "Earth Wandering Poet", "Sun Wandering Poet", "Sun Courtesan", "Moon Courtesan"]


def test_sample_turn_buy_fight_with_the_clan_bonus_and_copper_then_no_raid():
    # Court: three Generals, one per clan (1 + 2 + 3) -> 6, +2 clan bonus = 8.
    court = {"A": "Sun Captain", "B": "Moon General", "E": "Earth Grand Marshal"}
    row = ["Sun Tax Clerk", "Moon Tax Collector", "Earth Tax Collector", "Prince of Blazes"]
    state = make_state(row=row, court=court, draws=DRAWS, cp=6)
    # "Phase 1A. The player may purchase 1 card from Society Row and place in the Royal Court."
    state.apply(find(state, "buy", 2))  # Earth Tax Collector, printed 3, slot 3 (+1) = 4 CP
    assert state.cp == 2
    state.apply(find(state, "place", 5))
    # "any cards to the left of the gap slide to the right and a new card is drawn"
    assert state.row == [cid("Moon Wandering Poet"), cid("Sun Tax Clerk"), cid("Moon Tax Collector"), cid("Prince of Blazes")]
    # "Phase 2 ... 3 or more Generals ... representing each of the three clan icons ... +2"
    # Blazes has strength 10: Generals 8 + 2 CP ("1CP/1 Strength").
    assert state.phase == "fight"
    state.apply(find(state, "fight", 3))
    assert state.cp == 0
    # "The defeated Daemon Prince is placed to the left of the draw deck ... gains VP as listed"
    assert state.defeated == [cid("Prince of Blazes")]
    assert state.score_parts()["Daemon Princes defeated"] == 4
    # "Phase 3. If Daemon Princes remain in Society Row ..." - none remain: no raid.
    assert state.daemon_court == []
    assert state.phase == "buy" and state.turn == 2


def test_sample_turn_pass_collect_then_the_prince_raids():
    court = {"A": "Sun Tax Clerk", "B": "Moon Tax Clerk", "C": "Sun Captain"}
    row = ["Sun Poet Laureate", "Prince of the Inferno", "Moon Court Poet", "Earth Favoured Consort"]
    state = make_state(row=row, court=court, draws=DRAWS, cp=1)
    # "Phase 1B ... the rightmost, non-Daemon Prince card is discarded ... receives 1CP and an
    # additional 1CP for each Tax Collector in the Royal Court."
    state.apply(find(state, "pass"))
    assert state.discard == [cid("Earth Favoured Consort")]
    assert state.cp == 1 + 1 + 2
    # Phase 2: strength 1 + 4 CP cannot reach 13, so it passes by itself.
    # "Phase 3 ... the rightmost non-Daemon Prince card is removed ... placed in the Court of the
    # Daemon Princes. All remaining cards slide to the right and a new card is drawn"
    assert state.daemon_court == [cid("Moon Court Poet")]
    assert state.row == [cid("Earth Wandering Poet"), cid("Moon Wandering Poet"), cid("Sun Poet Laureate"), cid("Prince of the Inferno")]
    # "Each card in the Daemon Prince pile subtracts its listed VP"
    assert state.score_parts()["Daemon court"] == -2


def test_game_end_score_adds_vp_copper_and_subtracts_the_daemon_court():
    # "The player then adds up the total VP gained during the game and additionally gains 1VP
    # for every 3CP they have left. Each card in the Daemon Prince pile subtracts its listed VP"
    defeated = ["Prince of Embers", "Prince of Cinders", "Prince of Smoke", "Prince of Ash",
                "Prince of Sparks", "Prince of Flames", "Prince of Blazes", "Prince of Wildfire"]
    court = {"A": "Sun Poet Laureate", "B": "Sun Court Poet"}
    row = ["Sun Tax Clerk", "Moon Tax Clerk", "Earth Tax Clerk", "Sun Captain"]
    state = make_state(row=row, court=court, draws=["Prince of the Inferno"], defeated=defeated,
                       daemon_court=["Moon Poet Laureate"], cp=10)
    state.apply(find(state, "pass"))  # +1 CP -> 11; the ninth Prince arrives; raid; game over
    assert state.is_over
    assert state.daemon_court == [cid("Moon Poet Laureate"), cid("Earth Tax Clerk")]
    expected = (4 + 2) + (1 + 2 + 2 + 3 + 3 + 4 + 4 + 5) + 11 // 3 - (4 + 1)
    assert state.scores() == [float(expected)]


def _fight_then_a_prince_is_drawn(options=None):
    """Phase 2: the only Prince in the row is beaten, and the refill draws another Prince."""
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal"}  # strength 6
    row = ["Sun Tax Clerk", "Moon Tax Clerk", "Prince of Embers", "Earth Tax Clerk"]
    state = make_state(row=row, court=court, draws=["Prince of Smoke", *DRAWS], cp=0, options=options)
    state._phase2()  # as after phase 1
    # "The defeated Daemon Prince is placed to the left of the draw deck, any cards to the left
    # of the gap slide to the right and a new card is drawn and placed in Society Row."
    state.apply(find(state, "fight", 2))
    assert state.defeated == [cid("Prince of Embers")]
    assert cid("Prince of Smoke") in state.row
    entered = next(i for i, line in enumerate(state.log) if "Daemon Prince enters" in line)
    assert entered > next(i for i, line in enumerate(state.log) if "defeats the Prince of Embers" in line)
    return state


def test_a_prince_drawn_right_after_the_fight_raids_in_the_same_turn():
    # "Phase 3. If Daemon Princes remain in Society Row, the rightmost non-Daemon Prince card is
    # removed from the Society Row and placed in the Court of the Daemon Princes." Phase 3 looks
    # at the row as phase 2 left it: the Prince just drawn is in it, so it raids at once.
    state = _fight_then_a_prince_is_drawn()
    assert state.daemon_court == [cid("Earth Tax Clerk")]
    assert state.phase == "buy" and state.turn == 2


def test_option_lets_a_freshly_drawn_prince_wait_a_turn():
    # The other reading of "remain": only Princes already in the row in phase 2 raid.
    state = _fight_then_a_prince_is_drawn({"fresh_prince": "waits"})
    assert state.daemon_court == []
    assert cid("Prince of Smoke") in state.row and state.phase == "buy" and state.turn == 2
    # Next turn it raids like any other: pass, do not fight, and it carries a card off.
    state.apply(find(state, "pass"))
    state.apply(find(state, "no_fight"))
    assert len(state.daemon_court) == 1


def test_option_waits_still_lets_an_older_prince_raid():
    court = {"A": "Sun Grand Marshal", "B": "Moon Grand Marshal", "C": "Earth Grand Marshal"}
    row = ["Sun Tax Clerk", "Prince of Embers", "Prince of Cinders", "Earth Tax Clerk"]
    state = make_state(row=row, court=court, draws=["Prince of Smoke", *DRAWS], cp=0,
                       options={"fresh_prince": "waits"})
    state._phase2()
    state.apply(find(state, "fight", 2))  # Cinders beaten; Embers was there all along
    assert state.daemon_court == [cid("Earth Tax Clerk")]
