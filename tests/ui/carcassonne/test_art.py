"""The tile art: every edge shows what the tile's edge is, and every feature has a spot."""

import pytest

from dragon_tui.games.carcassonne.data import ROT, TILES
from dragon_tui.ui.games.carcassonne.art import tile_art
from dragon_tui.ui.games.carcassonne.grid import MAP_SIZES, ZOOMS


def midpoint(side, w, h):
    return ((w // 2, 0), (w - 1, h // 2), (w // 2, h - 1), (0, h // 2))[side]


@pytest.mark.parametrize("zoom", list(ZOOMS))
def test_edges_match_the_tile_data_in_every_rotation(zoom):
    w, h = ZOOMS[zoom]
    for tile in TILES:
        for rot in range(4):
            art = tile_art(tile.index, rot, w, h)
            for side, kind in enumerate(ROT[tile.index][rot].edges):
                c, r = midpoint(side, w, h)
                layer, base = art.layer[r][c], art.base[r][c]
                if kind == "R":
                    assert layer == "road", (tile.id, rot, side)
                elif kind == "C":
                    assert base == "city", (tile.id, rot, side)
                else:
                    assert layer != "road" and base != "city", (tile.id, rot, side)


@pytest.mark.parametrize("zoom", list(ZOOMS))
def test_every_feature_has_its_own_spot(zoom):
    w, h = ZOOMS[zoom]
    for tile in TILES:
        for rot in range(4):
            anchors = tile_art(tile.index, rot, w, h).anchors
            assert all(a is not None for a in anchors), (tile.id, rot, anchors)
            assert len(set(anchors)) == len(anchors)


@pytest.mark.parametrize("size", MAP_SIZES)
def test_every_tile_draws_at_every_size_of_the_whole_map_zoom(size):
    w, h = size
    for tile in TILES:
        for rot in range(4):
            art = tile_art(tile.index, rot, w, h)
            assert len(art.chars) == h and all(len(row) == w for row in art.chars), (tile.id, rot)
