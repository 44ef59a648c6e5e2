"""The Princess & The Dragon: the rulebook's examples and one test per rule."""

import pytest

from dragon_tui.engine import Action
from dragon_tui.games.carcassonne.data import TILE_BY_ID

from .helpers import fresh, hand, idx, meeple, put


def place(s, x, y, rot):
    s.apply(Action("place", (x, y, rot)))


def kinds(s):
    return sorted({a.kind for a in s.legal_actions()})


def dragon_grid(players=4, **options):
    """3x3 monasteries with a volcano at the bottom right carrying the dragon."""
    s = fresh(players, **options)
    for y in range(3):
        for x in range(3):
            put(s, "PD-01" if (x, y) == (2, 2) else "BA-B", x, y)
    s.dragon = "2,2"
    return s


def test_rulebook_dragon_walk_with_four_players():
    s = dragon_grid(4)
    red, blue, yellow = 0, 1, 2
    meeple(s, blue, 1, 1, 0)
    meeple(s, red, 0, 1, 0)
    meeple(s, yellow, 2, 0, 0)
    hand(s, "PD-07", seat=0)
    place(s, 1, -1, 0)           # a dragon tile: the dragon moves before the meeple (New Edition)
    assert s.phase == "dragon"
    walk = [("N", 0, 2), ("W", 1, 2), ("S", 2, 3), ("W", 3, 1), ("N", 0, 1), ("N", 1, 1)]
    for step, (side, seat, choices) in enumerate(walk, 1):
        assert s.current_player == seat, f"step {step}"
        assert len(s.legal_actions()) == choices, f"step {step}: {s.legal_actions()}"
        s.apply(Action("dragon", (side,)))
    assert s.dragon == "0,0" and s.dragon_steps == 6
    # Blue's and Red's meeples were eaten and went home; Yellow's was not on the path.
    assert s.supply[blue] == 7 and s.supply[red] == 7 and s.supply[yellow] == 6
    assert s.phase == "figure" and s.current_player == 0


def test_dragon_stops_at_a_dead_end():
    s = fresh(2)
    put(s, "PD-01", 0, 0)
    s.dragon = "0,0"
    hand(s, "PD-12", seat=1)
    place(s, 1, 0, 1)
    assert s.current_player == 1 and len(s.legal_actions()) == 1
    s.apply(Action("dragon", ("E",)))
    # From 1,0 the only neighbour was visited: the flight ends after one step.
    assert s.dragon == "1,0" and s.dragon_steps == 1
    # No meeple may join the dragon on its tile, so with nothing to choose the turn moved on.
    assert s.phase == "place" and s.active == 0


def test_fairy_tile_is_closed_to_the_dragon():
    s = dragon_grid(2)
    meeple(s, 1, 1, 2, 0)
    s.fairy = {"pos": "1,2", "seat": 1, "idx": 0}
    hand(s, "PD-07", seat=0)
    place(s, 1, -1, 0)
    # Left is the fairy's tile, so the dragon must go up.
    assert [a.args for a in s.legal_actions()] == [("N",)]
    s.apply(Action("dragon", ("N",)))
    assert ("S",) not in [a.args for a in s.legal_actions()]


def test_rulebook_fairy_scoring_example():
    s = fresh(2)
    you, blue = 0, 1
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    meeple(s, blue, -1, 0, 0)
    meeple(s, you, 0, 0, 0)
    s.fairy = {"pos": "0,0", "seat": you, "idx": 0}
    hand(s, "BA-E", seat=blue)
    place(s, 1, 0, 3)
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.points[blue]["Cities"] == 8
    assert s.points[you]["Cities"] == 8 and s.points[you]["Fairy"] == 3 and s.scores()[you] == 11
    # The meeple goes home; the fairy stays on its tile, now beside nobody.
    assert s.fairy["pos"] == "0,0" and s.fairy["seat"] is None
    assert s.supply == [7, 7]


def test_fairy_point_at_start_of_turn_and_move():
    s = fresh(2)
    put(s, "BA-U", 0, 0)
    meeple(s, 0, 0, 0, 0)
    hand(s, "BA-U", seat=1, bag=["BA-B", "BA-B"])
    s.fairy = {"pos": "0,0", "seat": 0, "idx": 0}
    place(s, 0, 1, 0)
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.active == 0 and s.points[0]["Fairy"] == 1


def test_fairy_moves_only_instead_of_a_meeple():
    s = fresh(2)
    put(s, "BA-U", 0, 0)
    meeple(s, 0, 0, 0, 0)
    hand(s, "BA-U", seat=0)
    place(s, 1, 0, 0)
    fairy = [a for a in s.legal_actions() if a.kind == "fairy"]
    assert [a.args for a in fairy] == [(0, 0, 0)]
    s.apply(fairy[0])
    assert s.fairy == {"pos": "0,0", "seat": 0, "idx": 0}
    assert s.active == 1 and s.supply[0] == 6  # no meeple placed as well


def test_fairy_on_tile_option():
    s = fresh(2, fairy="on-tile")
    put(s, "BA-U", 0, 0)
    meeple(s, 0, 0, 0, 0)
    hand(s, "BA-U", seat=0)
    place(s, 1, 0, 0)
    assert [a.args for a in s.legal_actions() if a.kind == "fairy"] == [(0, 0)]


def test_rulebook_princess_removes_the_blue_knight():
    s = fresh(2)
    you, blue = 0, 1
    put(s, "BA-E", 0, 0)
    meeple(s, blue, 0, 0, 0)
    hand(s, "PD-22", seat=you)
    place(s, 0, -1, 2)
    princess = [a for a in s.legal_actions() if a.kind == "princess"]
    assert [a.args for a in princess] == [(0, 0, 0)]
    assert "pass" in kinds(s) and "meeple" in kinds(s)   # "may": other choices stay
    s.apply(princess[0])
    assert s.supply[blue] == 7 and s.meeples == []
    # After the princess the player places no meeple: the turn passed on.
    assert s.active == blue and s.supply[you] == 7


def test_princess_must_option_and_no_meeple_after():
    s = fresh(2, princess="must")
    put(s, "BA-E", 0, 0)
    meeple(s, 1, 0, 0, 0)
    hand(s, "PD-22", seat=0)
    place(s, 0, -1, 2)
    assert kinds(s) == ["princess"]
    s.princess_used = True
    assert s.figure_reason(Action("meeple", (0, -1, 0))).startswith("The princess")


def test_rulebook_portal_onto_the_unoccupied_city():
    s = fresh(2)
    put(s, "BA-E", 0, 0)            # unoccupied city to the right
    hand(s, "PD-25", seat=0)
    place(s, -1, 0, 1)
    portal = [a.args for a in s.legal_actions() if a.kind == "meeple" and a.args[:2] != (-1, 0)]
    assert (0, 0, 0) in portal
    s.apply(Action("meeple", (0, 0, 0)))
    assert s.meeples == [[0, "0,0", 0]]


def test_portal_cannot_reach_occupied_or_completed_features():
    s = fresh(2)
    put(s, "BA-E", 0, 0)
    put(s, "BA-E", 1, 0, 0)
    meeple(s, 1, 1, 0, 0)
    hand(s, "PD-29", seat=0)      # portal tile, city N: closes the city at 0,0 from above
    place(s, 0, -1, 2)
    offered = {a.args for a in s.legal_actions() if a.kind == "meeple"}
    assert (0, 0, 0) not in offered        # completed by this very tile
    assert (1, 0, 0) not in offered        # occupied
    assert s.figure_reason(Action("meeple", (0, 0, 0))) == "That city is already complete, so the portal cannot reach it."
    assert s.figure_reason(Action("meeple", (1, 0, 0))) == "That city is already occupied."
    assert (0, -1, 0) in offered           # on the new tile itself the normal rules apply


def test_volcano_brings_the_dragon_and_forbids_meeples_there():
    s = fresh(2)
    put(s, "BA-U", 0, 0)
    meeple(s, 0, 0, 0, 0)
    hand(s, "PD-06", seat=0)
    place(s, 1, 0, 0)
    assert s.dragon == "1,0"
    assert kinds(s) == ["fairy", "pass"]   # no meeple on the volcano, the fairy may move


def test_dragon_tiles_before_the_first_volcano_are_set_aside():
    s = fresh(2)
    put(s, "BA-U", 0, 0)
    hand(s, "BA-U", seat=0, bag=["BA-B", "PD-06", "PD-11", "PD-07"])
    place(s, 1, 0, 0)
    if s.phase == "figure":
        s.apply(Action("pass"))
    ids = lambda ts: sorted(TILE_BY_ID_BY_INDEX[t] for t in ts)
    assert ids(s.aside) == ["PD-07", "PD-11"] and TILE_BY_ID_BY_INDEX[s.tile] == "PD-06"
    place(s, 2, 0, 0)               # the volcano: set-aside tiles go back into the bag
    assert s.aside == [] and s.dragon == "2,0"
    assert ids(s.bag + [s.tile]) == ["BA-B", "PD-07", "PD-11"]


TILE_BY_ID_BY_INDEX = {t.index: t.id for t in TILE_BY_ID.values()}


@pytest.mark.parametrize("timing", ["before-scoring", "after-scoring"])
def test_dragon_timing_options(timing):
    s = fresh(2, dragon_move=timing)
    put(s, "PD-01", 0, 0)
    s.dragon = "0,0"
    hand(s, "PD-12", seat=0)
    place(s, 1, 0, 1)
    assert s.phase == "figure"               # the meeple comes first in both 1st-edition orders
    s.apply(Action("meeple", (1, 0, idx("PD-12", "road"))))
    assert s.phase == "dragon" and s.current_player == 0
    s.apply(Action("dragon", ("E",)))
    assert s.supply[0] == 7                  # the dragon ate the new meeple
    assert s.active == 1


def test_dragon_after_scoring_lets_a_completed_feature_score_first():
    s = fresh(2, dragon_move="after-scoring")
    put(s, "PD-01", 0, 0)
    s.dragon = "0,0"
    put(s, "BA-E", 1, -1, 2)
    meeple(s, 1, 1, -1, 0)
    hand(s, "PD-07", seat=0)
    place(s, 1, 0, 0)                        # closes Blue's two-tile city
    s.apply(Action("pass"))
    assert s.points[1]["Cities"] == 4 and s.phase == "dragon"


def test_dragon_eats_before_scoring_in_the_new_edition():
    s = fresh(2)
    put(s, "PD-01", 0, 0)
    s.dragon = "0,0"
    put(s, "BA-E", 1, -1, 2)
    meeple(s, 1, 1, -1, 0)
    put(s, "BA-B", 0, -1, check=False)
    hand(s, "PD-07", seat=0)
    place(s, 1, 0, 0)                        # would close Blue's city, but the dragon flies first
    s.apply(Action("dragon", ("N",)))        # to 0,-1
    s.apply(Action("dragon", ("E",)))        # to 1,-1: Blue's knight is eaten
    assert s.supply[1] == 7
    while s.phase == "dragon":
        s.apply(s.legal_actions()[0])
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.points[1]["Cities"] == 0


def test_fairy_bonus_even_without_the_majority():
    s = fresh(2)
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    put(s, "BA-F", 1, 0)
    meeple(s, 1, -1, 0, 0)
    meeple(s, 1, 1, 0, 0)
    meeple(s, 0, 0, 0, 0)
    s.fairy = {"pos": "0,0", "seat": 0, "idx": 0}
    hand(s, "BA-E", seat=1)
    place(s, 2, 0, 3)
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.points[1]["Cities"] == 12 and s.points[0]["Cities"] == 0 and s.points[0]["Fairy"] == 3


def test_fairy_bonus_in_final_farm_scoring():
    s = fresh(2)
    put(s, "BA-E", 0, 0)
    put(s, "BA-E", 0, -1, 2)
    meeple(s, 0, 0, 0, idx("BA-E", "field"))
    s.fairy = {"pos": "0,0", "seat": 0, "idx": idx("BA-E", "field")}
    s.final_scoring()
    assert s.points[0]["Farms"] == 3 and s.points[0]["Fairy"] == 3


def test_princess_removing_the_fairys_knight_leaves_the_fairy():
    s = fresh(2)
    put(s, "BA-E", 0, 0)
    meeple(s, 1, 0, 0, 0)
    s.fairy = {"pos": "0,0", "seat": 1, "idx": 0}
    hand(s, "PD-22", seat=0)
    place(s, 0, -1, 2)
    s.apply(Action("princess", (0, 0, 0)))
    assert s.fairy == {"pos": "0,0", "seat": None, "idx": None}


def test_princess_must_refuses_pass_with_a_reason():
    from dragon_tui.engine import IllegalAction

    s = fresh(2, princess="must")
    put(s, "BA-E", 0, 0)
    meeple(s, 1, 0, 0, 0)
    hand(s, "PD-22", seat=0)
    place(s, 0, -1, 2)
    with pytest.raises(IllegalAction, match="princess must"):
        s.apply(Action("pass"))


def test_dragon_eats_every_meeple_on_a_tile():
    s = fresh(3)
    put(s, "PD-01", 0, 0)
    s.dragon = "0,0"
    put(s, "BA-D", 0, 1, 2)          # knight and highwayman on one tile
    meeple(s, 1, 0, 1, 0)
    meeple(s, 2, 0, 1, 1)
    hand(s, "PD-07", seat=0)
    place(s, 0, -1, 0)
    s.apply(Action("dragon", ("S",)))
    assert s.supply == [7, 7, 7] and s.meeples == []


def test_fairy_point_needs_the_meeple_still_there():
    s = fresh(2)
    put(s, "BA-U", 0, 0)
    s.fairy = {"pos": "0,0", "seat": 0, "idx": None}
    hand(s, "BA-U", seat=1, bag=["BA-B", "BA-B"])
    place(s, 0, 1, 0)
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.active == 0 and s.points[0]["Fairy"] == 0


def test_fairy_on_tile_point_and_bonus():
    s = fresh(2, fairy="on-tile")
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    meeple(s, 0, 0, 0, 0)
    meeple(s, 0, 0, 0, 1)                   # a farmer on the same tile
    s.fairy = {"pos": "0,0", "seat": 0, "idx": None}
    hand(s, "BA-E", seat=1, bag=["BA-B", "BA-B"])
    place(s, 1, 0, 3)                       # completes the city: +3 for the knight on the fairy's tile
    if s.phase == "figure":
        s.apply(Action("pass"))
    assert s.points[0]["Cities"] == 8 and s.points[0]["Fairy"] == 3 + 1   # the farmer keeps it: 1 at turn start
    assert s.fairy["seat"] == 0
