"""Tile edges show in every theme: neighbouring tiles are drawn differently."""

import pytest
from rich.color import Color

from dragon_tui.ui.themes import THEMES
from dragon_tui.ui.games.carcassonne.art import CITY, FIELD, tile_art
from dragon_tui.ui.games.carcassonne.ink import CarcInk


def luminance(colour: str) -> float:
    r, g, b = (c / 255 for c in Color.parse(colour).get_truecolor())
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("theme", THEMES, ids=lambda t: t.name)
def test_checkerboard_squares_differ_enough_to_show_the_tile_edges(theme):
    ink = CarcInk(theme.variables)
    if ink.mono:
        # No colours: the city is dim on one square and not the other, the field the other way.
        for kind in (CITY, FIELD):
            assert bool(ink.art[kind].dim) != bool(ink.art_shaded[kind].dim)
        # And each tile's bottom row is underlined: a seam between rows of tiles.
        art = tile_art(0, 0, 5, 3)
        assert all(ink.cell(art, c, 2).underline for c in range(5))
        assert not any(ink.cell(art, c, 0).underline for c in range(5))
    else:
        for kind in (CITY, FIELD):
            plain, shaded = ink.art[kind].bgcolor.name, ink.art_shaded[kind].bgcolor.name
            # The old shades (#2F5A2A / #284E24) were 1.1 apart and could not be told apart.
            assert contrast(plain, shaded) >= 1.5, (kind, plain, shaded)
        assert ink.seam is None
