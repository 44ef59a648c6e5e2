"""The panels drawn straight into strips (``ui/widgets/fast_strips.py``): Princes' five board
panels and Carcassonne's hand, scores and legend draw the very strips Textual draws for their
text, without its per-segment machinery, and leave to Textual what they do not draw."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

from dragon_tui.session import Seat, Table
from dragon_tui.ui.themes import LIGHT

from .apps import app_with, settle


def _positions():
    from .carcassonne.positions import advance, after_turns, carc_table, person_to
    from .throne.positions import advanced, throne_table

    return {
        "throne start": lambda: throne_table(2, 3),
        "throne mid-4p": lambda: advanced(throne_table(4, 5), 200),
        "throne mid-2p": lambda: advanced(throne_table(2, 3), 240),
        "carcassonne start": lambda: carc_table(seed=3),
        "carcassonne mid": lambda: advance(carc_table(seed=3, bot=False), after_turns(31), seed=4),
        "carcassonne figure 5p": lambda: advance(carc_table(seed=5, bot=False, players=5), person_to("figure"), seed=2),
    }


def _strip_panels(app):
    from dragon_tui.ui.widgets.fast_strips import StripPanel

    return [panel for panel in app.screen.query("*") if isinstance(panel, StripPanel)]


def _segments(strips):
    return [(list(strip), strip.cell_length) for strip in strips]


#: Each position is drawn at these sizes and themes in turn, in one app: the comparison holds
#: for whatever the panels were last given, so the app need not be started again for each.
LOOKS = [((120, 40), "dragon-dark"), ((80, 24), "dragon-dark"), ((120, 40), "dragon-mono"), ((120, 40), LIGHT.name)]


@pytest.mark.slow
@pytest.mark.parametrize("position", list(_positions()))
async def test_the_panels_draw_the_very_strips_textual_draws(position):
    """Segment for segment (text, style and the offset text selection reads) and cell length,
    at the panel's width and at narrower ones — where Princes' lines are cut with an ellipsis
    and Carcassonne's would wrap (left to Textual) — and their height is Textual's; at two
    sizes and in the three themes."""
    from textual.content import Content
    from textual.visual import Visual

    from dragon_tui.ui.widgets.fast_strips import text_height, text_strips

    app = app_with(_positions()[position]())
    async with app.run_test(size=LOOKS[0][0]) as pilot:
        for size, theme in LOOKS:
            if app.size != size:
                await pilot.resize_terminal(*size)
            app.theme = theme
            await settle(pilot)
            assert app.size == size
            drawn = 0
            for panel in _strip_panels(app):
                width, height = panel.size
                if not width or not panel.display:
                    continue  # hidden on a small terminal
                text, visual = panel._text, panel.visual  # the text, and Textual's Content for it
                assert visual.plain == text.plain and visual.spans == Content.from_rich_text(text, app.console).spans
                for cut in (width, 40, 21, 1):
                    mine = text_strips(text, cut, height, panel.visual_style, panel.styles, app)
                    theirs = Visual.to_strips(panel, visual, cut, height, panel.visual_style)
                    wraps = panel.styles.text_wrap != "nowrap" and any(
                        cell_len(line) > cut for line in visual.plain.split("\n")[:height])
                    assert (mine is None) == wraps, (size, theme, panel.id, cut)
                    if mine is not None:
                        assert _segments(mine) == _segments(theirs), (size, theme, panel.id, cut)
                        drawn += 1
                    lines = text_height(text, panel.styles, cut)
                    assert lines is None if wraps else lines == visual.get_height(panel.styles, cut)
                # What the panel shows on screen is what it drew.
                theirs = Visual.to_strips(panel, visual, width, height, panel.visual_style)
                assert _segments(panel.render_line(y) for y in range(len(theirs))) == _segments(theirs)
            assert drawn >= 3, (size, theme)


@pytest.mark.parametrize("game", ["throne", "carcassonne"])
async def test_the_panels_draw_their_first_frame_without_textuals_text_rendering(monkeypatch, game):
    """No such panel goes through ``Visual.to_strips`` (Textual's way) at start, nor has its
    Rich Text converted to Content at all: Princes' five board panels (the guild board's line
    cut with an ellipsis) and Carcassonne's three side panels all draw through ``text_strips``."""
    from textual.visual import Visual
    from textual.widgets import _static

    through_textual = []
    real = Visual.to_strips.__func__
    monkeypatch.setattr(Visual, "to_strips", classmethod(
        lambda cls, widget, *args, **kwargs: through_textual.append(type(widget).__name__)
        or real(cls, widget, *args, **kwargs)))
    given = []  # (panel class, what Static was given to show)
    real_visualize = _static.visualize
    monkeypatch.setattr(_static, "visualize", lambda widget, content, **kwargs: given.append(
        (type(widget).__name__, type(content).__name__)) or real_visualize(widget, content, **kwargs))
    app = app_with(Table(game, [Seat("Player"), Seat("Bot", "bot", "greedy")], 7))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panels = _strip_panels(app)
        assert len(panels) == (5 if game == "throne" else 3)
        assert all(panel._text is not None and panel._text.plain and panel._text_visual is None for panel in panels)
        assert {type(panel).__name__ for panel in panels} == {"ThronePanel" if game == "throne" else "TextPanel"}
        assert through_textual and not set(through_textual) & {"ThronePanel", "TextPanel"}
        assert not [kind for panel, kind in given if panel in ("ThronePanel", "TextPanel")]


async def test_a_carcassonne_panel_leaves_text_that_wraps_and_text_being_selected_to_textual():
    """Text wider than the panel is wrapped by Textual; while text is selected Textual draws
    it (with the selection's highlight); either way the panel shows what Static shows."""
    from textual.geometry import Offset
    from textual.selection import Selection
    from textual.visual import Visual

    from dragon_tui.ui.widgets import fast_strips

    app = app_with(Table("carcassonne", [Seat("Ana"), Seat("Bot", "bot", "random")], 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#carc-hand")
        assert hand.get_selection(Selection(Offset(0, 0), None)) == (hand.visual.plain, "\n")
        width = hand.content_size.width
        scores = app.screen.query_one("#carc-scores")
        scores.show_content(Text("x" * (width + 3) + "\nshort"))
        await settle(pilot)
        assert scores.size.height == 3
        assert fast_strips.text_strips(scores._text, width, 3, scores.visual_style, scores.styles, app) is None
        assert [strip.text for strip in (scores.render_line(y) for y in range(3))] == \
               ["x" * width, "xxx", "short"]

        hand.show_content(Text("selected text"))
        await settle(pilot)
        plain = [list(hand.render_line(0))]
        drawn = []
        real = fast_strips.text_strips
        fast_strips.text_strips = lambda *args: drawn.append(args) or real(*args)
        try:
            app.screen.selections = {hand: Selection(Offset(0, 0), Offset(8, 0))}
            await settle(pilot)
            selected = [list(hand.render_line(0))]
            theirs = [list(strip) for strip in Visual.to_strips(hand, hand.visual, width, 1, hand.visual_style)]
        finally:
            fast_strips.text_strips = real
        assert not drawn
        assert selected == theirs and selected != plain


def _app():
    """What the painter reads of the app: its console and ANSI theme."""
    from types import SimpleNamespace

    from rich.console import Console

    return SimpleNamespace(console=Console(), ansi_theme=None)


def test_text_with_a_blank_line_a_tab_a_link_or_a_line_that_wraps_is_left_to_textual():
    """What ``text_strips`` does not draw it says so (None), and the panel asks Textual."""
    from textual.content import Content
    from textual.style import Style

    from dragon_tui.ui.widgets.fast_strips import text_height, text_strips

    app = _app()
    cut = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}
    wrap: dict = {}
    for text in ("one\n\nthree", "", "one\n", "a\tb\nc"):
        assert text_height(Text(text), cut, 2) == Content(text).get_height(cut, 2)
    assert text_height(Text("wraps"), wrap, 3) is None
    assert text_height(Text("fits\nhere"), wrap, 4) == 2
    assert text_height(Text("a\tb"), wrap, 20) is None
    assert text_strips(Text("one\n\nthree"), 20, 3, Style(), cut, app) is None
    assert text_strips(Text("a\tb"), 20, 1, Style(), cut, app) is None
    assert text_strips(Text("wraps"), 3, 1, Style(), wrap, app) is None
    assert text_strips(Text("linked", style="link https://example.org"), 20, 1, Style(), wrap, app) is None
    assert text_strips(Text.assemble(("linked", "link https://example.org")), 20, 1, Style(), wrap, app) is None
    assert text_strips(Text("fits"), 20, 1, Style(), wrap, app) is not None
    assert text_strips(Text("one\ntwo"), 20, 2, Style(), cut, app) is not None
    assert text_strips(Text("centred"), 20, 1, Style(), {"text_align": "center"}, app) is None


async def test_styles_textual_draws_otherwise_than_rich_are_drawn_as_textual_draws_them():
    """Rich's own sum of the spans' styles is taken only where it is Textual's: a named or
    upper-case colour, a background under the panel's colour, an attribute Textual drops,
    overlapping spans and spans over line breaks are drawn as Textual draws them."""
    from textual.visual import Visual

    from dragon_tui.ui.widgets.fast_strips import text_strips

    text = Text("named upper\nbackground dropped\nover lap and on")
    for start, end, style in ((0, 5, "red"), (6, 11, "#AABBCC bold"), (12, 22, "on #223344"),
                              (23, 30, "overline #aabbcc"), (31, 40, "#112233"), (35, 44, "italic on #445566"),
                              (41, 48, "dim")):
        text.stylize(style, start, end)
    app = app_with(Table("carcassonne", [Seat("Ana"), Seat("Bot", "bot", "random")], 3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        legend = app.screen.query_one("#carc-legend")
        for theme, colour in (("dragon-dark", None), (LIGHT.name, None), ("dragon-mono", None),
                              ("dragon-dark", "rgba(200,100,50,0.5)")):  # a colour the background shows through
            app.theme = theme
            legend.styles.color = colour
            await settle(pilot)
            legend.show_content(text)
            await settle(pilot)
            assert legend._text is text
            mine = text_strips(text, legend.size.width, legend.size.height, legend.visual_style, legend.styles, app)
            theirs = Visual.to_strips(legend, legend.visual, legend.size.width, legend.size.height, legend.visual_style)
            assert mine is not None and _segments(mine) == _segments(theirs), (theme, colour)
            assert _segments(legend.render_line(y) for y in range(3)) == _segments(theirs)


def test_an_empty_span_ends_a_segment_as_in_textual():
    from rich.text import Span
    from textual.content import Content
    from textual.style import Style

    from dragon_tui.ui.widgets.fast_strips import text_strips

    text = Text("abcdef", spans=[Span(1, 3, "bold"), Span(4, 4, "bold")])
    mine = text_strips(text, 20, 1, Style(), {}, _app())
    assert [segment.text for segment in mine[0]] == ["a", "bc", "d", "ef"]
    assert [segment.text for segment in Content.from_rich_text(text).render_segments()] == ["a", "bc", "d", "ef"]
