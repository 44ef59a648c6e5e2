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
    from .carcassonne.apps import advance, after_turns, carc_table, person_to
    from .throne.apps import advanced, throne_table

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


@pytest.mark.parametrize("position", list(_positions()))
@pytest.mark.parametrize("size,theme", [((120, 40), "dragon-dark"), ((80, 24), "dragon-dark"),
                                        ((120, 40), "dragon-mono"), ((120, 40), LIGHT)])
async def test_the_panels_draw_the_very_strips_textual_draws(position, size, theme):
    """Segment for segment (text, style and the offset text selection reads) and cell length,
    at the panel's width and at narrower ones — where Princes' lines are cut with an ellipsis
    and Carcassonne's would wrap (left to Textual) — and their height is Textual's."""
    from textual.visual import Visual

    from dragon_tui.ui.widgets.fast_strips import content_height, content_strips

    app = app_with(_positions()[position](), theme=theme if isinstance(theme, str) else theme.name)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        drawn = 0
        for panel in _strip_panels(app):
            width, height = panel.size
            if not width or not panel.display:
                continue  # hidden on a small terminal
            visual = panel.visual
            for cut in (width, 40, 21, 1):
                mine = content_strips(visual, cut, height, panel.visual_style, panel.styles)
                theirs = Visual.to_strips(panel, visual, cut, height, panel.visual_style)
                wraps = panel.styles.text_wrap != "nowrap" and any(
                    cell_len(line) > cut for line in visual.plain.split("\n")[:height])
                assert (mine is None) == wraps, (panel.id, cut)
                if mine is not None:
                    assert _segments(mine) == _segments(theirs), (panel.id, cut)
                    drawn += 1
                lines = content_height(visual, panel.styles, cut)
                assert lines is None if wraps else lines == visual.get_height(panel.styles, cut)
            # What the panel shows on screen is what it drew.
            theirs = Visual.to_strips(panel, visual, width, height, panel.visual_style)
            assert _segments(panel.render_line(y) for y in range(len(theirs))) == _segments(theirs)
        assert drawn >= 3


@pytest.mark.parametrize("game", ["throne", "carcassonne"])
async def test_the_panels_draw_their_first_frame_without_textuals_text_rendering(monkeypatch, game):
    """No such panel goes through ``Visual.to_strips`` (Textual's way) at start, nor has its
    Rich Text converted by Textual (``visualize``: ``as_content`` does it): Princes' five board panels
    (the guild board's line cut with an ellipsis) and Carcassonne's three side panels all draw
    through ``content_strips``."""
    from textual.content import Content
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
        assert all(isinstance(panel.visual, Content) and panel.visual.plain for panel in panels)
        assert {type(panel).__name__ for panel in panels} == {"ThronePanel" if game == "throne" else "TextPanel"}
        assert through_textual and not set(through_textual) & {"ThronePanel", "TextPanel"}
        assert {kind for panel, kind in given if panel in ("ThronePanel", "TextPanel")} == {"Content"}


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
        assert fast_strips.content_strips(scores.visual, width, 3, scores.visual_style, scores.styles) is None
        assert [strip.text for strip in (scores.render_line(y) for y in range(3))] == \
               ["x" * width, "xxx", "short"]

        hand.show_content(Text("selected text"))
        await settle(pilot)
        plain = [list(hand.render_line(0))]
        drawn = []
        real = fast_strips.content_strips
        fast_strips.content_strips = lambda *args: drawn.append(args) or real(*args)
        try:
            app.screen.selections = {hand: Selection(Offset(0, 0), Offset(8, 0))}
            await settle(pilot)
            selected = [list(hand.render_line(0))]
            theirs = [list(strip) for strip in Visual.to_strips(hand, hand.visual, width, 1, hand.visual_style)]
        finally:
            fast_strips.content_strips = real
        assert not drawn
        assert selected == theirs and selected != plain


def test_content_with_a_blank_line_a_tab_or_a_line_that_wraps_is_left_to_textual():
    """What ``content_strips`` does not draw it says so (None), and the panel asks Textual."""
    from textual.content import Content
    from textual.style import Style

    from dragon_tui.ui.widgets.fast_strips import content_height, content_strips

    cut = {"text_wrap": "nowrap", "text_overflow": "ellipsis"}
    wrap: dict = {}
    for text in ("one\n\nthree", "", "one\n", "a\tb\nc"):
        assert content_height(Content(text), cut, 2) == Content(text).get_height(cut, 2)
    assert content_height(Content("wraps"), wrap, 3) is None
    assert content_height(Content("fits\nhere"), wrap, 4) == 2
    assert content_height(Content("a\tb"), wrap, 20) is None
    assert content_strips(Content("one\n\nthree"), 20, 3, Style(), cut) is None
    assert content_strips(Content("a\tb"), 20, 1, Style(), cut) is None
    assert content_strips(Content("wraps"), 3, 1, Style(), wrap) is None
    assert content_strips(Content("fits"), 20, 1, Style(), wrap) is not None
    assert content_strips(Content("one\ntwo"), 20, 2, Style(), cut) is not None
    assert content_strips(Content("centred"), 20, 1, Style(), {"text_align": "center"}) is None


def test_an_empty_span_ends_a_segment_as_in_textual():
    from textual.content import Content, Span
    from textual.strip import Strip
    from textual.style import Style

    from dragon_tui.ui.widgets.fast_strips import content_strips

    bold = Style(bold=True)
    content = Content("abcdef", [Span(1, 3, bold), Span(4, 4, bold)])
    base = Style()
    theirs = [Strip(content.render_segments(base))]
    mine = content_strips(content, 20, 1, base, {})
    assert [segment.text for segment in mine[0]] == ["a", "bc", "d", "ef"]
    assert [segment.text for segment in theirs[0]] == ["a", "bc", "d", "ef"]
