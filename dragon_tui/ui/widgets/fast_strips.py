"""A panel's lines of styled text drawn straight into Textual strips: the one painter of the
boards whose panels show many short styled spans (Princes' five panels; Carcassonne's hand,
scores and legend).

A panel's text is Textual's ``Content``; a painter's Rich ``Text`` becomes one through
``as_content``, each distinct style converted once. Textual draws a Content one segment at a
time through its general machinery: it splits the content into line objects, re-sorts the
spans of each line, combines a new style for every segment (its cache is keyed by span
number, so two spans of one style are two combinations) and passes every strip through its
link styling. For Princes' panels, which hold about four times the spans of another game's
board, that was about 37 million instructions before the first frame.

``content_strips`` makes the very strips Textual makes (the same segments: text, style and
the offsets text selection reads) for the one kind of content the panels show — lines that
are not blank and do not wrap (a line too long is cut with an ellipsis where the stylesheet
says so; where it would wrap, Textual draws it), no links — each distinct set of styles
converted once. Anything else (a selection, a blank line, a line that wraps) is left to
Textual. The tests (``tests/ui/test_fast_strips.py``) compare both ways on every such panel
of both games, segment for segment.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import count
from pickle import dumps

from rich.cells import cached_cell_len as cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.content import Content, Span
from textual.strip import Strip
from textual.style import Style
from textual.widget import _RenderCache


class StripPanel:
    """Mixin for a Static given Rich ``Text`` (or Content) to show: the text is kept as
    Content (``as_content``), drawn by ``content_strips`` and measured by ``content_height``
    when they can, and by Textual otherwise (text being selected, a blank line, a line that
    wraps). A mixin, not a widget class: every Textual widget class costs about 1.8 million
    instructions to create as its module loads, and each game has its own panel class."""

    def update(self, content="", *, layout: bool = True) -> None:
        if isinstance(content, Text) and not content.style:
            content = as_content(content, self.app)
        super().update(content, layout=layout)

    def _render_content(self) -> None:
        """Textual's ``Widget._render_content`` (draw every line into the render cache), with
        the lines drawn by ``content_strips`` when it can."""
        strips = None
        if self.text_selection is None and self.styles.content_align == ("left", "top"):
            visual = self.visual
            if isinstance(visual, Content):
                width, height = self.size
                strips = content_strips(visual, width, height, self.visual_style, self.styles)
        if strips is None:
            super()._render_content()
            return
        self._render_cache = _RenderCache(self.size, strips)
        self._dirty_regions.clear()

    def get_content_height(self, container, viewport, width: int) -> int:
        """Textual's height for the content (its number of lines), without formatting every
        line to count them (see ``content_height``)."""
        if width:
            visual = self.visual
            if isinstance(visual, Content) and (lines := content_height(visual, self.styles, width)) is not None:
                return lines
        return super().get_content_height(container, viewport, width)


#: Textual's style for each Rich style the panels use, per console and ANSI theme: a panel's
#: lines hold a few dozen styles in hundreds of spans, and Textual converts every span's
#: style anew (``Content.from_rich_text``), the dearest part of showing a panel.
_STYLES: dict[object, Style] = {}
_STYLES_FOR: list[object] = [None, None]


def as_content(text: Text, app) -> Content:
    """``text`` as Textual's Content: what ``Content.from_rich_text(text, app.console)`` makes
    of a Text without a style of its own, span for span, each distinct style converted once."""
    console, ansi_theme = app.console, app.ansi_theme
    if _STYLES_FOR[0] is not console or _STYLES_FOR[1] is not ansi_theme:
        _STYLES.clear()
        _DRAWN.clear()
        _STYLES_FOR[:] = [console, ansi_theme]
    styles = _STYLES
    spans = []
    for start, end, style in text._spans:
        converted = styles.get(style)
        if converted is None:
            rich_style = console.get_style(style) if isinstance(style, str) else style
            converted = styles[style] = Style.from_rich_style(rich_style, ansi_theme)
        spans.append(Span(start, end, converted))
    return Content(text.plain, spans)


def _fast_rules(rules) -> bool | None:
    """Whether lines too long are cut with an ellipsis (True) or wrapped (False) under the
    style ``rules``; None for rules this does not draw (another alignment, line padding)."""
    get_rule = rules.get
    if get_rule("text_align", "left") not in ("start", "left") or get_rule("line_pad", 0):
        return None
    if get_rule("text_wrap", "wrap") == "nowrap":
        return True if get_rule("text_overflow", "fold") == "ellipsis" else None
    return False


def content_strips(content: Content, width: int, height: int | None, base: Style, rules) -> list[Strip] | None:
    """What ``Visual.to_strips(widget, content, width, height, base)`` returns for a widget
    whose style ``rules`` are ``rules`` and that has no selection and no content alignment —
    or None when ``content`` is not the simple kind this draws (the caller then asks Textual).

    Textual's path: each line (``Content.split``, which cuts the spans at the line breaks) is
    wrapped or cut to ``width``, then
    ``Content.render`` yields a segment between every two span edges (an empty span's too),
    styled ``base`` + the spans over it in span order, and ``_FormattedLine.to_strip`` makes
    it ``(base + style)`` with the segment's offset in its meta (``rich_style_with_offset``)."""
    if not width:
        return None
    cut = _fast_rules(rules)
    if cut is None:
        return None
    text = content.plain
    if "\t" in text:
        return None
    lines = text.split("\n")
    if height is not None:
        lines = lines[:height]
    starts = []
    at = 0
    for line in lines:
        if not line:
            return None  # a blank line: Textual's own path
        starts.append(at)
        at += len(line) + 1
    # Each line's spans, as (start, end, style) within the line, in the content's span order.
    per_line: list[list[tuple[int, int, Style | None]]] = [[] for _ in lines]
    shown_end = at - 1
    for start, end, style in content.spans:
        if start >= shown_end:
            continue  # below the lines shown (cut by ``height``)
        if not isinstance(style, Style) or style.link or style._meta is not None or start > end:
            return None
        y = bisect_right(starts, start) - 1
        while True:
            # The span's part on line y (one over a line break is cut there, as Textual cuts
            # it). An empty one styles nothing, but its place still ends a segment.
            offset = starts[y]
            right = min(end, offset + len(lines[y])) - offset
            left = start - offset
            per_line[y].append((left, right, style if right > left else None))
            y += 1
            if y == len(lines) or end <= starts[y]:
                break
            start = starts[y]
    drawn = _drawn_styles(base)
    strips = []
    for y, (line, spans) in enumerate(zip(lines, per_line)):
        cells = cell_len(line)
        if cells > width:
            if not cut:
                return None  # it would wrap: Textual's own path
            # Cut as ``Content.truncate(width, ellipsis=True)`` cuts: the text to one cell
            # short, then "…"; the spans past the cut dropped, the others ending there at most.
            line = set_cell_size(line, width - 1) + "…"
            cells = width
            spans = [(start, min(end, len(line)), style) for start, end, style in spans if start < len(line)]
        if not spans:
            strips.append(Strip([Segment(line, drawn[()].at(0, y))], cells))
            continue
        edges = sorted({0, len(line), *(s for s, _, _ in spans), *(e for _, e, _ in spans)})
        index = {edge: i for i, edge in enumerate(edges)}
        over: list[list[Style]] = [[] for _ in edges]  # the spans over each segment, in order
        for start, end, style in spans:
            if style is not None:
                for i in range(index[start], index[end]):
                    over[i].append(style)
        segments = []
        for i, left in enumerate(edges[:-1]):
            here = over[i]
            key = tuple(map(id, here))
            style = drawn.get(key)
            if style is None:
                if len(drawn) > _DRAWN_LIMIT:
                    drawn.clear()
                    drawn[()] = _OffsetStyles(base + base, ())
                style = drawn[key] = _OffsetStyles(base + Style.combine((base, *here)), here)
            segments.append(Segment(line[left:edges[i + 1]], style.at(left, y)))
        strips.append(Strip(segments, cells))
    return strips


def content_height(content: Content, rules, width: int) -> int | None:
    """What ``content.get_height(rules, width)`` returns when no line wraps (lines cut with an
    ellipsis, or all within ``width``): the number of lines — or None when it takes Textual
    to tell. Textual formats every line to count them (twice at start: at a guessed width,
    then at the real one)."""
    cut = _fast_rules(rules)
    if cut is None:
        return None
    text = content.plain
    if not cut and ("\t" in text or any(cell_len(line) > width for line in text.split("\n"))):
        return None
    return text.count("\n") + 1


class _OffsetStyles:
    """One Textual style as Rich styles at given offsets: ``style.rich_style_with_offset(x, y)``,
    converted once (its colours blended and converted to Rich's) and copied for each offset
    with only the meta changed — the conversion for every segment was the dearest part."""

    __slots__ = ("template", "meta", "spans")

    def __init__(self, style: Style, spans: list[Style] | tuple) -> None:
        self.template = style.rich_style_with_offset(0, 0)
        self.meta = style.meta
        #: The span styles it was combined from, kept alive so that their ids, its key in
        #: ``_DRAWN``, stay theirs.
        self.spans = spans

    def at(self, x: int, y: int) -> RichStyle:
        """What ``rich_style_with_offset(x, y)`` returns (an equal Style, made as Rich's
        ``Style.__init__`` makes one with meta: its own pickled meta, link id and hash)."""
        copy = self.template.copy()
        copy._meta = meta = dumps({**self.meta, "offset": (x, y)})
        copy._link_id = f"{next(_LINK_IDS)}{hash(meta)}"
        copy._hash = None
        return copy


#: The one cache of drawn styles: per base style (a panel's own), per set of span styles over
#: a segment (their ids, in span order), that segment's style as Rich draws it. The spans'
#: styles are ``as_content``'s, the same objects from paint to paint and panel to panel, so a
#: set is converted once per theme (emptied with ``_STYLES``), not once per paint.
_DRAWN: dict[Style, dict[tuple[int, ...], _OffsetStyles]] = {}
#: Sets kept per base at most (content made elsewhere would bring new style objects each time).
_DRAWN_LIMIT = 4096


def _drawn_styles(base: Style) -> dict[tuple[int, ...], _OffsetStyles]:
    drawn = _DRAWN.get(base)
    if drawn is None:
        if len(_DRAWN) > 64:
            _DRAWN.clear()
        drawn = _DRAWN[base] = {(): _OffsetStyles(base + base, ())}
    return drawn


#: Rich numbers the styles that carry meta (``Style._link_id``): the copies are numbered too.
_LINK_IDS = count(1_000_000_000)
