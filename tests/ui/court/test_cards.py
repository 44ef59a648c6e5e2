"""The card formatter: every line fits its cell at every width, and cells of a kind match."""

from dragon_tui.games.court.data import CARDS
from dragon_tui.ui.themes import MONO, THEMES
from dragon_tui.ui.games.court.cards import Ink, face, hjoin


def test_every_card_fits_every_width():
    for theme in THEMES:
        ink = Ink(theme.variables)
        for w in range(4, 41):
            for card in CARDS:
                title, detail = face(card, w, ink)
                assert title.cell_len <= w and detail.cell_len <= w, (card.name, w)


def test_cells_of_a_kind_share_one_format():
    """At a given width every court card shows a name or every one a role word, never a mix."""
    ink = Ink()
    for w in range(8, 41):
        names = {face(c, w, ink)[0].plain == c.name for c in CARDS if not c.is_prince}
        assert len(names) == 1, w
        dots = {"·" in face(c, w, ink)[1].plain for c in CARDS if not c.is_prince and c.strength}
        assert len(dots) == 1, w


def test_monochrome_has_no_colour_and_princes_stay_marked():
    ink = Ink(MONO.variables)
    for card in CARDS:
        title, detail = face(card, 20, ink)
        assert "#" not in str(title.style) and "#" not in str(detail.style)
        assert ("reverse" in str(title.style)) == card.is_prince


def test_hjoin_pads_and_cuts_to_the_cell():
    ink = Ink()
    cells = [list(face(c, 30, ink)) for c in CARDS[:4]]
    for line in hjoin(cells, 12):
        assert line.cell_len == 48
