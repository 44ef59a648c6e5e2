"""The tile set against the totals in shared/reference/carcassonne_tiles.md."""

import pytest

from dragon_tui.games.carcassonne.data import (
    DISTINCT,
    HALVES,
    ROT,
    TILES,
    TILE_BY_ID,
    opposite_half,
    tile_set,
)


def _totals(expansion: bool) -> dict:
    tiles = [t for t in TILES if t.expansion == expansion]
    out = {"tiles": 0, "types": len(tiles), "C": 0, "R": 0, "F": 0, "pennants": 0, "monastery": 0,
           "road_tiles": 0, "road_segs": 0, "city_tiles": 0, "city_segs": 0, "field_segs": 0}
    for t in tiles:
        n = t.count
        out["tiles"] += n
        for k in "CRF":
            out[k] += n * t.edges.count(k)
        kinds = [f.kind for f in t.features]
        out["pennants"] += n * sum(f.pennant for f in t.features)
        out["monastery"] += n * ("cloister" in kinds)
        out["road_tiles"] += n * ("R" in t.edges)
        out["city_tiles"] += n * ("C" in t.edges)
        out["road_segs"] += n * kinds.count("road")
        out["city_segs"] += n * kinds.count("city")
        out["field_segs"] += n * kinds.count("field")
    return out


def test_base_game_totals():
    assert _totals(False) == {"tiles": 72, "types": 24, "C": 79, "R": 94, "F": 115, "pennants": 10,
                              "monastery": 6, "road_tiles": 45, "road_segs": 62, "city_tiles": 44,
                              "city_segs": 49, "field_segs": 126}


def test_expansion_totals():
    assert _totals(True) == {"tiles": 30, "types": 29, "C": 35, "R": 41, "F": 44, "pennants": 3,
                             "monastery": 2, "road_tiles": 18, "road_segs": 27, "city_tiles": 19,
                             "city_segs": 21, "field_segs": 55}


def test_symbols_and_box():
    symbols = {}
    for t in TILES:
        if t.expansion:
            symbols[t.symbol] = symbols.get(t.symbol, 0) + t.count
        else:
            assert t.symbol is None
    assert symbols == {"volcano": 6, "dragon": 12, "princess": 6, "portal": 6}
    assert len(tile_set(True)) == 102 and len(tile_set(False)) == 72
    princess = [t for t in TILES if t.symbol == "princess"]
    assert all(sum(f.princess for f in t.features) == 1 for t in princess)


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.id)
def test_every_edge_is_owned_exactly_once(tile):
    for r in range(4):
        rot = ROT[tile.index][r]
        for side, kind in enumerate(rot.edges):
            halves = [rot.half_owner[2 * side], rot.half_owner[2 * side + 1]]
            if kind == "C":
                assert tile.features[rot.side_owner[side]].kind == "city"
                assert halves == [None, None]
            elif kind == "R":
                assert tile.features[rot.side_owner[side]].kind == "road"
                assert None not in halves
            else:
                assert rot.side_owner[side] is None and None not in halves


def test_geometry():
    assert [HALVES[opposite_half(HALVES.index(h))] for h in ("Nw", "Ne", "En", "Es")] == ["Sw", "Se", "Wn", "Ws"]
    # Rotating clockwise: Nw -> En, Es -> Sw, Wn -> Ne (reference notation).
    assert ROT[TILE_BY_ID["BA-D"].index][1].edges == "RCRF"
    assert DISTINCT[TILE_BY_ID["BA-C"].index] == (0,)
    assert DISTINCT[TILE_BY_ID["BA-U"].index] == (0, 1)
    assert DISTINCT[TILE_BY_ID["BA-V"].index] == (0, 1, 2, 3)


def test_special_tiles():
    tunnel = TILE_BY_ID["PD-15"]
    roads = [f for f in tunnel.features if f.kind == "road"]
    assert len(roads) == 1 and roads[0].sides == (0, 2)
    assert len([f for f in tunnel.features if f.kind == "field"]) == 2
    abbey = TILE_BY_ID["PD-10"]
    assert sorted(f.kind for f in abbey.features) == ["city", "cloister", "field"]
    inner = [f for f in TILE_BY_ID["PD-19"].features if f.kind == "field" and not f.halves]
    assert len(inner) == 1 and len(inner[0].cities) == 2


def test_the_generated_tables_are_what_the_rules_compute():
    """tables.py (literal data, for start-up) holds exactly what data.py computes; if this
    fails, run ``python -m dragon_tui.games.carcassonne.make_tables``."""
    from dragon_tui.games.carcassonne import data as tiles, make_tables

    assert tiles.TILES == tiles.compute_tiles()  # TILE_LINES, parsed
    set_edge = tiles.compute_set_edge()
    rot = tiles.compute_rot(set_edge)
    assert tiles._SET_EDGE == set_edge
    assert tiles.ROT == rot
    assert tiles.CANON == tiles.compute_canon(rot)
    # Every rotation's joins share the 12 pattern tables (no copies).
    for rotations in tiles.ROT:
        for r in rotations:
            for side, join in enumerate(r.joins):
                assert join[3] is tiles._SET_EDGE[(side + 2) % 4][r.edges[side]]
    # And the file is exactly what the generator writes now.
    assert make_tables.TARGET.read_text(encoding="utf-8") == make_tables.source()


def test_tile_records_are_frozen_values():
    """Feature, TileType and Rotated are frozen dataclasses with slots: set once, equal field by
    field, hashable, no other attributes, copied and pickled whole."""
    import copy
    import pickle
    from dataclasses import FrozenInstanceError

    from dragon_tui.games.carcassonne.data import Feature, Rotated

    tile = TILE_BY_ID["BA-D"]
    with pytest.raises(FrozenInstanceError):
        tile.count = 3
    with pytest.raises(FrozenInstanceError):
        del tile.features[0].kind
    with pytest.raises(AttributeError):
        tile.colour  # no other attributes: no __dict__
    assert Feature("road", sides=(1, 3)) == tile.features[1] and hash(Feature("road", sides=(1, 3))) == hash(tile.features[1])
    assert Feature("road", sides=(1, 3)) != Feature("road", sides=(1, 2))
    assert Feature("road") != ("road", (), (), False, False, ())
    assert repr(Feature("city", sides=(0,))) == (
        "Feature(kind='city', sides=(0,), halves=(), pennant=False, princess=False, cities=())")
    assert pickle.loads(pickle.dumps(tile)) == tile and copy.deepcopy(tile) == tile
    rot = ROT[tile.index][1]
    assert copy.copy(rot) == rot and isinstance(rot, Rotated)
    with pytest.raises(TypeError):
        Feature("city", (0,), (), False, False, (), "extra")
