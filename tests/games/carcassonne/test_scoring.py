"""Base-game rules on small hand-built boards: placement, meeples, scoring during play and at the end."""

from dragon_tui.engine import Action
from dragon_tui.games.carcassonne.data import TILE_BY_ID

from .helpers import fresh, hand, idx, meeple, put


def place(s, x, y, rot):
    s.apply(Action("place", (x, y, rot)))


def pass_if_asked(s):
    if s.phase == "figure":
        s.apply(Action("pass"))


def test_road_between_two_junctions_scores_one_per_tile():
    s = fresh()
    put(s, "BA-W", 0, 0)
    put(s, "BA-U", 1, 0)
    meeple(s, 0, 1, 0, idx("BA-U", "road"))
    hand(s, "BA-W", seat=1)
    place(s, 2, 0, 0)
    pass_if_asked(s)
    assert s.points[0]["Roads"] == 3 and s.scores() == [3, 0]
    assert s.meeples == [] and s.supply == [7, 7]


def test_road_loop_is_complete():
    s = fresh()
    put(s, "BA-V", 0, 0, 3)
    put(s, "BA-V", 1, 0, 0)
    put(s, "BA-V", 1, 1, 1)
    meeple(s, 1, 0, 0, 0)
    hand(s, "BA-V", seat=0)
    place(s, 0, 1, 2)
    pass_if_asked(s)
    assert s.points[1]["Roads"] == 4


def test_city_with_pennants_and_majority():
    s = fresh()
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    put(s, "BA-F", 1, 0)
    meeple(s, 0, -1, 0, 0)
    meeple(s, 0, 1, 0, 0)
    meeple(s, 1, 0, 0, 0)
    hand(s, "BA-E", seat=1)
    place(s, 2, 0, 3)
    pass_if_asked(s)
    # 4 tiles, 2 pennants: 2*4 + 2*2 = 12, only to the majority.
    assert s.points[0]["Cities"] == 12 and s.points[1]["Cities"] == 0
    assert s.supply == [7, 7]


def test_tied_majority_both_score_full():
    s = fresh()
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    meeple(s, 0, -1, 0, 0)
    meeple(s, 1, 0, 0, 0)
    hand(s, "BA-E", seat=0)
    place(s, 1, 0, 3)
    pass_if_asked(s)
    assert s.points[0]["Cities"] == 8 and s.points[1]["Cities"] == 8


def test_two_tile_city_new_and_first_edition():
    for option, value in (("new-edition", 4), ("first-edition", 2)):
        s = fresh(tiny_city=option)
        put(s, "BA-E", 0, 0)
        meeple(s, 0, 0, 0, 0)
        hand(s, "BA-E", seat=1)
        place(s, 0, -1, 2)
        pass_if_asked(s)
        assert s.points[0]["Cities"] == value


def test_meeple_on_a_feature_the_tile_completes_scores_at_once():
    s = fresh()
    put(s, "BA-E", 0, 0)
    hand(s, "BA-E", seat=0)
    place(s, 0, -1, 2)
    assert s.phase == "figure"
    s.apply(Action("meeple", (0, -1, 0)))
    assert s.points[0]["Cities"] == 4 and s.supply[0] == 7


def test_farmers_offered_and_road_blocked():
    s = fresh()
    put(s, "BA-U", 0, 0)
    meeple(s, 1, 0, 0, idx("BA-U", "road"))
    hand(s, "BA-U", seat=0)
    place(s, 1, 0, 0)
    kinds = sorted(s.feats[s.seg["1,0"][a.args[2]]]["k"] for a in s.legal_actions() if a.kind == "meeple")
    assert kinds == ["field", "field"]


def test_monastery_complete_scores_nine():
    s = fresh()
    put(s, "BA-B", 0, 0)
    meeple(s, 0, 0, 0, 0)
    ring = [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1) if (x, y) != (0, 0)]
    for x, y in ring[:-1]:
        put(s, "BA-B", x, y)
    hand(s, "BA-B", seat=1)
    x, y = ring[-1]
    place(s, x, y, 0)
    pass_if_asked(s)
    assert s.points[0]["Monasteries"] == 9 and s.supply[0] == 7


def test_final_scoring_unfinished_features():
    s = fresh()
    put(s, "BA-B", 0, 0)          # monastery with 2 neighbours at the edge of the board
    put(s, "BA-B", 1, 0)
    put(s, "BA-U", 0, 1, 0)       # a one-tile road below it
    meeple(s, 0, 0, 0, 0)
    meeple(s, 1, 0, 1, idx("BA-U", "road"))
    s.final_scoring()
    assert s.points[0]["Monasteries"] == 3      # 1 + 2 neighbours
    assert s.points[1]["Roads"] == 1
    s = fresh()
    put(s, "BA-M", 0, 0, 1)        # city N+E with pennant
    put(s, "BA-F", 1, 0)           # city E+W with pennant
    meeple(s, 1, 0, 0, 0)
    s.final_scoring()
    assert s.points[1]["Cities"] == 2 + 2  # 2 tiles + 2 pennants, one point each


def _two_city_farm(s):
    put(s, "BA-H", 0, 0)           # caps N and S, one field E+W touching both
    put(s, "BA-E", 0, -1, 2)       # closes the north city
    put(s, "BA-E", 0, 1, 0)        # closes the south city
    put(s, "BA-B", 1, 0)
    put(s, "BA-B", 1, 1)           # joins the H field to the south E tile's field
    put(s, "BA-E", -1, 0, 0)       # an unfinished city touching the field too
    return s


def test_farm_touching_several_cities_shared_majority():
    s = _two_city_farm(fresh())
    meeple(s, 0, 0, 0, idx("BA-H", "field"))
    meeple(s, 1, 0, 1, idx("BA-E", "field"))
    s.final_scoring()
    # Two completed cities touch the field (the west one is unfinished): 2 * 3 each.
    assert s.points[0]["Farms"] == 6 and s.points[1]["Farms"] == 6


def test_farm_majority_wins_alone():
    s = _two_city_farm(fresh(3))
    meeple(s, 0, 0, 0, idx("BA-H", "field"))
    meeple(s, 0, 1, 0, idx("BA-B", "field"))
    meeple(s, 1, 0, 1, idx("BA-E", "field"))
    s.final_scoring()
    assert s.points[0]["Farms"] == 6 and s.points[1]["Farms"] == 0


def test_first_edition_farms_pay_each_city_once():
    s = _two_city_farm(fresh(farm_scoring="first-edition"))
    meeple(s, 0, 0, 0, idx("BA-H", "field"))
    s.final_scoring()
    assert s.points[0]["Farms"] == 8


def test_monastery_in_a_city_and_tunnel():
    s = fresh()
    put(s, "PD-10", 0, 0)
    meeple(s, 0, 0, 0, idx("PD-10", "city"))
    kinds = {f["k"] for f in s.feats.values()}
    assert {"city", "cloister", "field"} <= kinds
    hand(s, "BA-E", seat=1)
    # A knight does not stop a monk on the same tile: the monastery is its own feature.
    assert s.seg["0,0"][idx("PD-10", "cloister")] != s.seg["0,0"][idx("PD-10", "city")]
    t = fresh()
    put(t, "PD-15", 0, 0)
    put(t, "BA-U", 0, -1, 1)
    put(t, "BA-U", 0, 1, 1)
    road = idx("PD-15", "road")
    assert t.seg["0,-1"][0] == t.seg["0,0"][road] == t.seg["0,1"][0]
    north, south = t.seg["0,0"][idx("PD-15", "field", 0)], t.seg["0,0"][idx("PD-15", "field", 1)]
    assert north != south


def test_unplaceable_tile_is_discarded_and_another_drawn():
    s = fresh()
    put(s, "BA-C", 0, 0)
    hand(s, "BA-C", seat=0, bag=["BA-E", "BA-B"])
    place(s, 1, 0, 0)
    pass_if_asked(s)
    assert s.discarded == [TILE_BY_ID["BA-B"].index]
    assert s.tile == TILE_BY_ID["BA-E"].index and s.active == 1


def test_game_ends_after_the_last_tile():
    s = fresh()
    put(s, "BA-U", 0, 0)
    meeple(s, 0, 0, 0, idx("BA-U", "road"))
    hand(s, "BA-U", seat=1, bag=[])
    place(s, 1, 0, 0)
    pass_if_asked(s)
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert s.points[0]["Roads"] == 2 and s.winners() == [0]


def test_start_of_game():
    from dragon_tui.games.carcassonne import GAME

    s = GAME.new_state(3, 7)
    assert s.board["0,0"] == [TILE_BY_ID["BA-D"].index, 0]
    assert len(s.bag) + 1 == 101 and s.supply == [7, 7, 7]
    base = GAME.new_state(2, 7, expansion=False)
    assert len(base.bag) + 1 == 71


def test_fields_are_split_by_roads_and_joined_across_tiles():
    s = fresh()
    put(s, "BA-U", 0, 0)
    put(s, "BA-U", 1, 0)
    north, south = idx("BA-U", "field", 0), idx("BA-U", "field", 1)
    assert s.seg["0,0"][north] != s.seg["0,0"][south]
    assert s.seg["0,0"][north] == s.seg["1,0"][north]
    assert s.seg["0,0"][south] == s.seg["1,0"][south]
    assert s.seg["0,0"][idx("BA-U", "road")] == s.seg["1,0"][idx("BA-U", "road")]


def test_farmers_stay_when_a_city_beside_them_is_completed():
    s = fresh()
    put(s, "BA-E", 0, 0)
    meeple(s, 0, 0, 0, idx("BA-E", "field"))
    hand(s, "BA-E", seat=1)
    place(s, 0, -1, 2)
    pass_if_asked(s)
    assert s.meeples == [[0, "0,0", idx("BA-E", "field")]] and s.supply[0] == 6


def test_no_farmers_option():
    s = fresh(farmers=False)
    put(s, "BA-E", 0, 0)
    hand(s, "BA-U", seat=0)
    place(s, 1, 0, 1)
    spots = [a for a in s.legal_actions() if a.kind == "meeple"]
    assert [s.feats[s.seg["1,0"][a.args[2]]]["k"] for a in spots] == ["road"]


def test_monk_and_knight_share_the_monastery_in_a_city():
    s = fresh()
    put(s, "BA-E", 0, 1, 0)                # city cap facing north
    meeple(s, 1, 0, 1, 0)
    hand(s, "PD-10", seat=0)
    s.dragon = "9,9"
    place(s, 0, 0, 2)                      # city N+E+W turned: its S edge joins Blue's city
    spots = {s.feats[s.seg["0,0"][a.args[2]]]["k"] for a in s.legal_actions() if a.kind == "meeple"}
    assert "cloister" in spots and "city" not in spots


def _city_with_three_fields(**options):
    s = fresh(**options)
    put(s, "BA-E", -1, 0, 1)
    put(s, "BA-F", 0, 0)
    put(s, "BA-E", 1, 0, 3)                # the city E-W is complete; three fields touch it
    meeple(s, 0, 0, 0, idx("BA-F", "field", 0))
    meeple(s, 1, 0, 0, idx("BA-F", "field", 1))
    meeple(s, 1, 1, 0, idx("BA-E", "field"))
    return s


def test_farms_by_field_versus_by_city():
    s = _city_with_three_fields()
    s.final_scoring()
    assert [p["Farms"] for p in s.points] == [3, 6]      # each field pays for the city
    s = _city_with_three_fields(farm_scoring="first-edition")
    s.final_scoring()
    assert [p["Farms"] for p in s.points] == [0, 4]      # the city pays once, to the most farmers
