"""The legend's text: what the grid's glyphs mean (shown when the side panel has room)."""

from __future__ import annotations

from rich.text import Text

from .art import DRAGON_TEXT, GLYPH_FAIRY, GLYPH_LAST, GLYPH_JUNCTION, GLYPH_MONASTERY, GLYPH_PENNANT, SYMBOL_GLYPH
from .ink import CarcInk

ROWS = (
    (("▒", "city", "city"), (GLYPH_PENNANT, "pennant", "mark")),
    (("─", "road", "road"), ("·", "field", "field")),
    ((GLYPH_MONASTERY, "monastery", "monastery"), (SYMBOL_GLYPH["princess"], "princess", "mark")),
    ((SYMBOL_GLYPH["portal"], "portal", "mark"), (SYMBOL_GLYPH["volcano"], "volcano", "mark")),
    ((GLYPH_JUNCTION, "crossing", "mark"), (GLYPH_FAIRY, "fairy", "fairy")),
    ((DRAGON_TEXT, "dragon", "dragon"), ("+", "fits now", "fits")),
    ((GLYPH_LAST, "last tile", "last"), ("┏", "cursor", "cursor")),
)


def legend_text(ink: CarcInk) -> Text:
    """Two glyphs a row, each in the style the grid draws it with."""
    styles = dict(ink.art, fairy=ink.fairy, dragon=ink.dragon, last=ink.last, cursor=ink.cursor, fits=ink.fits)
    t = Text()
    for i, row in enumerate(ROWS):
        for j, (glyph, word, key) in enumerate(row):
            t.append(glyph, styles[key])
            t.append(f" {word}".ljust(12 - len(glyph)) if j == 0 else f" {word}", "dim")
        if i < len(ROWS) - 1:
            t.append("\n")
    return t
