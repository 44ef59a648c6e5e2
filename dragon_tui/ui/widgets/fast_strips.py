"""A panel's lines of styled text drawn straight into Textual strips: the one painter of the
boards whose panels show many short styled spans (Princes' five panels; the tile game's hand,
scores and legend).

Textual shows a Rich ``Text`` by converting it to its ``Content`` (every span's style anew)
and drawing that one segment at a time through its general machinery: it splits the content
into line objects, re-sorts the spans of each line, combines a new style for every segment
(its cache is keyed by span number, so two spans of one style are two combinations) and
passes every strip through its link styling. For Princes' panels, which hold about four times
the spans of another game's board, that was about 37 million instructions before the first
frame.

``text_strips`` makes the very strips Textual makes for the Text (the same segments: text,
style and the offsets text selection reads) for the one kind of text the panels show — lines
that are not blank and do not wrap (a line too long is cut with an ellipsis where the
stylesheet says so; where it would wrap, Textual draws it), no links — straight from the
Text's spans: each distinct set of styles over a segment is drawn once per theme, from Rich's
styles where that gives Textual's very style, else through Textual's conversion. Anything else
(a selection, a blank line, a line that wraps) is left to Textual, which is then given the text
as Content (``as_content``, each distinct style converted once). The tests
(``tests/ui/test_fast_strips.py``) compare both ways on every such panel of both games,
segment for segment.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import count

from rich.cells import cached_cell_len as cell_len, set_cell_size
from rich.color import ColorType
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.content import Content, Span
from textual.strip import Strip
from textual.style import Style

from ..textual_private import style_with_meta
from .panel import Panel


class StripPanel:
    """Mixin for a Static shown Rich ``Text``: the text is drawn by ``text_strips`` and
    measured by ``text_height`` when they can, and by Textual otherwise (text being selected,
    a blank line, a line that wraps), which is then given it as Content — made only then, so
    a panel drawn here never converts its text. A mixin, not a widget class: every Textual
    widget class costs about 1.8 million instructions to create as its module loads, and each
    game has its own panel class."""

    #: The Rich Text shown (None when Static shows something else).
    _text: Text | None = None
    #: ``_text`` as Textual's Content, once Textual needed it.
    _text_visual: Content | None = None
    #: What the panel shows, as given to ``show_content``.
    _shown: object = None

    #: Show a Text (or anything else) unless it is what the panel shows already: a Panel's
    #: way, without Panel among the widget's classes (each class between the widget and
    #: Static costs at every look-up of an attribute Textual's classes define).
    show_content = Panel.show_content

    def update(self, content="", *, layout: bool = True) -> None:
        if isinstance(content, Text) and not content.style:
            self._text, self._text_visual = content, None
            self.refresh(layout=layout)  # what Static.update does, but for converting the text
            return
        self._text = self._text_visual = None
        super().update(content, layout=layout)

    @property
    def visual(self):
        """What Textual draws and measures (Static's ``visual``): the text as Content, made
        the first time Textual asks for it."""
        text = self._text
        if text is None:
            return super().visual
        if self._text_visual is None:
            self._text_visual = as_content(text, self.app)
        return self._text_visual

    #: The lines ``text_strips`` drew (None: Textual draws them), and for what: the widget's
    #: size and its style when they were drawn (None: to be drawn again).
    _strips: list[Strip] | None = None
    _strips_for: tuple | None = None

    def refresh(self, *regions, **kwargs):
        self._strips_for = None  # (a new text, a selection, a scroll: drawn again)
        return super().refresh(*regions, **kwargs)

    def notify_style_update(self) -> None:
        self._strips_for = None
        super().notify_style_update()

    def render_line(self, y: int) -> Strip:
        """Textual's line ``y`` of the content, drawn by ``text_strips`` when it can: all the
        lines are drawn at the first line Textual asks for after a change, as Textual draws
        them into its own cache."""
        size, base = self.size, self.visual_style
        drawn_for = self._strips_for
        if drawn_for is None or drawn_for[0] != size or drawn_for[1] is not base:
            strips = None
            text = self._text
            if text is not None and self.text_selection is None and self.styles.content_align == ("left", "top"):
                strips = text_strips(text, size.width, size.height, base, self.styles, self.app)
            self._strips, self._strips_for = strips, (size, base)
        strips = self._strips
        if strips is None:
            return super().render_line(y)
        if 0 <= y < len(strips):
            return strips[y]
        return Strip.blank(size.width, base.rich_style)

    def get_content_height(self, container, viewport, width: int) -> int:
        """Textual's height for the text (its number of lines), without converting it and
        formatting every line to count them (see ``text_height``)."""
        if width and self._text is not None and (lines := text_height(self._text, self.styles, width)) is not None:
            return lines
        return super().get_content_height(container, viewport, width)


def _fast_rules(rules) -> bool | None:
    """Whether lines too long are cut with an ellipsis (True) or wrapped (False) under the
    style ``rules``; None for rules this does not draw (another alignment, line padding)."""
    get_rule = rules.get
    if get_rule("text_align", "left") not in ("start", "left") or get_rule("line_pad", 0):
        return None
    if get_rule("text_wrap", "wrap") == "nowrap":
        return True if get_rule("text_overflow", "fold") == "ellipsis" else None
    return False


def text_strips(text: Text, width: int, height: int | None, base: Style, rules, app) -> list[Strip] | None:
    """What ``Visual.to_strips(widget, Content.from_rich_text(text), width, height, base)``
    returns for a widget whose style ``rules`` are ``rules`` and that has no selection and no
    content alignment — or None when ``text`` is not the simple kind this draws (the caller
    then asks Textual).

    Textual's path: each line (``Content.split``, which cuts the spans at the line breaks) is
    wrapped or cut to ``width``, then ``Content.render`` yields a segment between every two
    span edges (an empty span's too), styled ``base`` + the spans over it in span order, and
    ``_FormattedLine.to_strip`` makes it ``(base + style)`` with the segment's offset in its
    meta (``rich_style_with_offset``)."""
    if not width or text.style:
        return None
    cut = _fast_rules(rules)
    if cut is None:
        return None
    plain = text.plain  # (without control codes: Rich's Text drops them as Textual's Content does)
    if "\t" in plain:
        return None  # Textual expands tabs
    lines = plain.split("\n")
    if height is not None:
        lines = lines[:height]
    starts = []
    at = 0
    for line in lines:
        if not line:
            return None  # a blank line: Textual's own path
        starts.append(at)
        at += len(line) + 1
    # Each line's spans, as (start, end, style) within the line, in the text's span order.
    per_line: list[list[tuple[int, int, object]]] = [[] for _ in lines]
    shown_end = at - 1
    for start, end, style in text.spans:
        if start >= shown_end:
            continue  # below the lines shown (cut by ``height``)
        if start > end:
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
    drawn = _drawn_styles(base, app)
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
        over: list[list] = [[] for _ in edges]  # the spans' styles over each segment, in order
        for start, end, style in spans:
            if style is not None:
                for i in range(index[start], index[end]):
                    over[i].append(style)
        segments = []
        for i, left in enumerate(edges[:-1]):
            key = tuple(over[i])
            style = drawn.get(key)
            if style is None:
                if len(drawn) > _DRAWN_LIMIT:
                    drawn.clear()
                    drawn[()] = _OffsetStyles(base + base)
                style = drawn[key] = _drawn_style(key, base, drawn[()], app)
            if style is _LINKED:
                return None  # Textual styles links itself (``Strip._apply_link_style``)
            segments.append(Segment(line[left:edges[i + 1]], style.at(left, y)))
        strips.append(Strip(segments, cells))
    return strips


def text_height(text: Text, rules, width: int) -> int | None:
    """What Textual's ``Content.get_height(rules, width)`` of the text is when no line wraps
    (lines cut with an ellipsis, or all within ``width``): the number of lines — or None when
    it takes Textual to tell. Textual formats every line to count them (twice at start: at a
    guessed width, then at the real one)."""
    cut = _fast_rules(rules)
    if cut is None:
        return None
    plain = text.plain
    if not cut and ("\t" in plain or any(cell_len(line) > width for line in plain.split("\n"))):
        return None
    return plain.count("\n") + 1


class _OffsetStyles:
    """A segment's style as Rich styles at given offsets, what Textual's
    ``style.rich_style_with_offset(x, y)`` returns: made once (``template``, at offset 0, 0)
    and copied for each offset with only the meta changed — making it for every segment was
    the dearest part."""

    __slots__ = ("template", "meta")

    def __init__(self, style: Style | None = None, template: RichStyle | None = None, meta=None) -> None:
        if style is not None:
            template, meta = style.rich_style_with_offset(0, 0), style.meta
        self.template = template
        self.meta = meta

    def at(self, x: int, y: int) -> RichStyle:
        """What ``rich_style_with_offset(x, y)`` returns (an equal Style, made as Rich's
        ``Style.__init__`` makes one with meta: its own pickled meta, link id and hash)."""
        return style_with_meta(self.template, {**self.meta, "offset": (x, y)}, str(next(_LINK_IDS)))


#: What ``_drawn_style`` gives for spans with a link or meta: left to Textual.
_LINKED = _OffsetStyles(template=None, meta=None)

#: Rich numbers the styles that carry meta (``Style.link_id``): the copies are numbered too.
_LINK_IDS = count(1_000_000_000)


def _drawn_style(styles: tuple, base: Style, plain: _OffsetStyles, app) -> _OffsetStyles:
    """A segment under the spans' ``styles`` (Rich styles or their names, in span order)
    over ``base`` (whose own segment is ``plain``), as Textual draws it: Textual converts
    each to its Style, combines them over the base and converts the result back to Rich's.
    Where Rich's own sum gives that very style — colours as Textual writes them (``#rrggbb``),
    no background without a colour over it (Textual would blend the base's colour into it),
    only the attributes Textual keeps — the sum is taken, for a fraction of the work. (Spans
    with a link or meta: ``_LINKED``, left to Textual.)"""
    rich = [_rich_style(style, app) for style in styles]
    if any(style.link_id for style in rich):  # (Rich numbers a style with a link or meta)
        return _LINKED
    if all(_ALIKE.get(style) for style in rich) and (
            all(style.bgcolor is None for style in rich) or any(style.color is not None for style in rich)):
        template = plain.template
        for style in rich:
            template = template + style
        return _OffsetStyles(template=template, meta=plain.meta)
    textual = [_textual_style(style, app) for style in rich]
    return _OffsetStyles(base + Style.combine((base, *textual)))


#: The attributes of Rich's styles that Textual's Style does not keep (it keeps bold, dim,
#: italic, underline, blink, reverse, strike and underline2).
_DROPPED_ATTRIBUTES = ("blink2", "conceal", "frame", "encircle", "overline")


def _alike(style: RichStyle) -> bool:
    """Whether Textual draws ``style`` as Rich has it (see ``_drawn_style``)."""
    return (all(getattr(style, name) is None for name in _DROPPED_ATTRIBUTES)
            and all(colour is None or (colour.type == ColorType.TRUECOLOR
                                       and colour.name == "#%02x%02x%02x" % colour.triplet)
                    for colour in (style.color, style.bgcolor)))


# The one cache of converted styles, for the console and ANSI theme of ``_CACHE_FOR``: emptied
# with a new one (Textual's conversion depends on them).
#: Rich style names, as the console's styles.
_RICH: dict[str, RichStyle] = {}
#: Whether Textual draws each Rich style as Rich has it (``_alike``).
_ALIKE: dict[RichStyle, bool] = {}
#: Textual's style for each Rich style (``Style.from_rich_style``).
_STYLES: dict[RichStyle, Style] = {}
#: Per base style (a panel's own), per tuple of span styles over a segment: the segment's
#: drawn style.
_DRAWN: dict[Style, dict[tuple, _OffsetStyles]] = {}
#: Tuples kept per base at most (a painter making new styles at every paint fills it).
_DRAWN_LIMIT = 4096
_CACHE_FOR: list[object] = [None, None]


def _check_cache(app) -> None:
    console, ansi_theme = app.console, app.ansi_theme
    if _CACHE_FOR[0] is not console or _CACHE_FOR[1] is not ansi_theme:
        for cache in (_RICH, _ALIKE, _STYLES, _DRAWN):
            cache.clear()
        _CACHE_FOR[:] = [console, ansi_theme]


def _rich_style(style, app) -> RichStyle:
    """A span's style (a Rich style or its name) as a Rich style, noting whether it is alike."""
    if isinstance(style, str):
        rich = _RICH.get(style)
        if rich is None:
            rich = _RICH[style] = app.console.get_style(style)
        style = rich
    if style not in _ALIKE:
        _ALIKE[style] = _alike(style)
    return style


def _textual_style(style: RichStyle, app) -> Style:
    converted = _STYLES.get(style)
    if converted is None:
        converted = _STYLES[style] = Style.from_rich_style(style, app.ansi_theme)
    return converted


def _drawn_styles(base: Style, app) -> dict[tuple, _OffsetStyles]:
    _check_cache(app)
    drawn = _DRAWN.get(base)
    if drawn is None:
        if len(_DRAWN) > 64:
            _DRAWN.clear()
        drawn = _DRAWN[base] = {(): _OffsetStyles(base + base)}
    return drawn


def as_content(text: Text, app) -> Content:
    """``text`` as Textual's Content, for Textual to draw or measure: what
    ``Content.from_rich_text(text, app.console)`` makes of a Text without a style of its own,
    span for span, each distinct style converted once."""
    _check_cache(app)
    return Content(text.plain, [Span(start, end, _textual_style(_rich_style(style, app), app))
                                for start, end, style in text.spans])
