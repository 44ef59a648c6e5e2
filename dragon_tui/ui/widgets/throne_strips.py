"""Princes of the Dragon Throne: a panel's lines drawn straight into Textual strips.

The board's panels hold hundreds of short styled spans (a digit per supporter, a mark per
guild), about four times what another game's board shows. Textual draws a ``Content`` one
segment at a time through its general machinery: it splits the content into line objects,
re-sorts the spans of each line, combines a new style for every segment (its cache is keyed
by span number, so two spans of one style are two combinations) and passes every strip
through its link styling. For these panels that was about 37 million instructions before the
first frame, the largest part of what Princes' start-up cost over another game's.

``content_strips`` makes the very strips Textual makes (the same segments: text, style and
the offsets text selection reads), for the one kind of content the panels show — lines that
do not wrap (cut with an ellipsis when too long), spans inside one line, no links — combining each distinct set
of styles once. Anything else (a blank line, a selection, another layout rule) returns None
and the panel draws through Textual as before. A test compares both ways
on every panel of many positions, segment for segment.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import count
from pickle import dumps

from rich.cells import cached_cell_len as cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.strip import Strip
from textual.style import Style

#: The style rules under which the fast path draws what Textual would (see ``content_strips``):
#: (rule, Textual's default, the values drawn here).
_FAST_RULES = (("text_wrap", "wrap", ("nowrap",)), ("text_overflow", "fold", ("ellipsis",)),
               ("text_align", "left", ("start", "left")), ("line_pad", 0, (0,)))


def content_strips(content: Content, width: int, height: int, base: Style, rules) -> list[Strip] | None:
    """What ``Visual.to_strips(widget, content, width, height, base)`` returns for a widget
    whose style ``rules`` are ``rules`` and that has no selection and no content alignment —
    or None when ``content`` is not the simple kind this draws (the caller then asks Textual).

    Textual's path: each line (``Content.split``) is cut to ``width``, then ``Content.render``
    yields a segment between every two span edges, styled ``base`` + the spans over it in
    span order, and ``_FormattedLine.to_strip`` makes it ``(base + style)`` with the segment's
    offset in its meta (``rich_style_with_offset``)."""
    if not width:
        return None
    get_rule = rules.get
    for name, default, wanted in _FAST_RULES:
        if get_rule(name, default) not in wanted:
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
    per_line: list[list[tuple[int, int, Style]]] = [[] for _ in lines]
    shown_end = at - 1
    for start, end, style in content.spans:
        if start >= shown_end:
            continue  # below the lines shown (cut by ``height``)
        if not isinstance(style, Style) or style.link or style._meta is not None or start >= end:
            return None
        y = bisect_right(starts, start) - 1
        offset = starts[y]
        if end > offset + len(lines[y]):
            return None  # a span over a line break
        per_line[y].append((start - offset, end - offset, style))
    # Per set of spans over a segment (their ids, in span order): its style as Rich draws it.
    styles: dict[tuple[int, ...], _OffsetStyles] = {(): _OffsetStyles(base + base)}
    strips = []
    for y, (line, spans) in enumerate(zip(lines, per_line)):
        cells = cell_len(line)
        if cells > width:
            # Cut as ``Content.truncate(width, ellipsis=True)`` cuts: the text to one cell
            # short, then "…"; the spans past the cut dropped, the others ending there at most.
            line = set_cell_size(line, width - 1) + "…"
            cells = width
            spans = [(start, min(end, len(line)), style) for start, end, style in spans if start < len(line)]
        if not spans:
            strips.append(Strip([Segment(line, styles[()].at(0, y))], cells))
            continue
        edges = sorted({0, len(line), *(s for s, _, _ in spans), *(e for _, e, _ in spans)})
        index = {edge: i for i, edge in enumerate(edges)}
        over: list[list[Style]] = [[] for _ in edges]  # the spans over each segment, in order
        for start, end, style in spans:
            for i in range(index[start], index[end]):
                over[i].append(style)
        segments = []
        for i, left in enumerate(edges[:-1]):
            here = over[i]
            key = tuple(map(id, here))
            style = styles.get(key)
            if style is None:
                style = styles[key] = _OffsetStyles(base + Style.combine((base, *here)))
            segments.append(Segment(line[left:edges[i + 1]], style.at(left, y)))
        strips.append(Strip(segments, cells))
    return strips


def content_height(content: Content, rules) -> int | None:
    """What ``content.get_height(rules, width)`` returns for any width, when its lines do not
    wrap (one line each, cut with an ellipsis): the number of lines — or None for other rules.
    Textual formats every line to count them (twice at start: at a guessed width, then at the
    real one)."""
    if any(rules.get(name, default) not in wanted for name, default, wanted in _FAST_RULES):
        return None
    return content.plain.count("\n") + 1


class _OffsetStyles:
    """One Textual style as Rich styles at given offsets: ``style.rich_style_with_offset(x, y)``,
    converted once (its colours blended and converted to Rich's) and copied for each offset
    with only the meta changed — the conversion for every segment was the dearest part."""

    __slots__ = ("template", "meta")

    def __init__(self, style: Style) -> None:
        self.template = style.rich_style_with_offset(0, 0)
        self.meta = style.meta

    def at(self, x: int, y: int) -> RichStyle:
        """What ``rich_style_with_offset(x, y)`` returns (an equal Style, made as Rich's
        ``Style.__init__`` makes one with meta: its own pickled meta, link id and hash)."""
        copy = self.template.copy()
        copy._meta = meta = dumps({**self.meta, "offset": (x, y)})
        copy._link_id = f"{next(_LINK_IDS)}{hash(meta)}"
        copy._hash = None
        return copy


#: Rich numbers the styles that carry meta (``Style._link_id``): the copies are numbered too.
_LINK_IDS = count(1_000_000_000)
