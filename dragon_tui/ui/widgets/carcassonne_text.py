"""A Static that skips repaints and layouts it does not need (the side panels redraw on
every cursor step, and a full screen layout per key press is what makes a game sluggish),
and draws text that needs no wrapping straight to strips."""

from __future__ import annotations

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.selection import Selection
from textual.strip import Strip
from textual.widgets import Static

from .panel import SizedByLayout

#: Lines of (text, style) runs (None: the panel's own style).
Lines = tuple[tuple[tuple[str, Style | None], ...], ...]


def text_lines(text: Text, width: int) -> Lines | None:
    """``text`` as lines of runs, cut where Static cuts them (at every span's ends), when no
    line is empty or wider than ``width`` cells and no two spans overlap (as ``Text.append``
    makes them); else None."""
    if text.style:
        return None
    plain = text.plain
    runs: list[tuple[str, Style | None]] = []
    pos = 0
    for span in sorted(text.spans, key=lambda span: span.start):
        if span.start < pos:
            return None
        if span.start > pos:
            runs.append((plain[pos:span.start], None))
        if span.end > span.start:
            style = span.style
            runs.append((plain[span.start:span.end], (Style.parse(style) if isinstance(style, str) else style) or None))
            pos = span.end
    if pos < len(plain):
        runs.append((plain[pos:], None))
    lines: list[list[tuple[str, Style | None]]] = [[]]
    for chunk, style in runs:
        for i, part in enumerate(chunk.split("\n")):
            if i:
                lines.append([])
            if part:
                lines[-1].append((part, style))
    if any(not line or sum(cell_len(part) for part, _ in line) > width for line in lines):
        return None
    return tuple(tuple(line) for line in lines)


class TextPanel(SizedByLayout, Static):
    """Text that fits the panel's width is drawn as strips of (text, style) runs over the
    panel's own style: what Static draws for it, without Textual's conversion of the Rich Text
    to its Content and the measuring and rendering of that (about a million instructions a
    line before the first frame). Text that would wrap goes to Static, which wraps it."""

    _shown: Text | None = None
    _lines: Lines | None = None
    _strips: list[Strip] | None = None
    _strips_base: Style | None = None
    #: Whether Static's own content is behind the text shown (given to it when text is selected).
    _content_due = False

    def show_text(self, text: Text) -> None:
        old = self._shown
        if old is not None and old.plain == text.plain and old.spans == text.spans:
            return
        same_height = old is not None and old.plain.count("\n") == text.plain.count("\n")
        self._shown = text
        width = self._text_width()
        lines = text_lines(text, width) if width is not None else None
        if lines is not None:
            self._lines, self._strips, self._content_due = lines, None, True
            self.refresh(layout=not same_height)
            return
        if self._lines is not None:
            self._lines, self._strips = None, None
            same_height = False
        self._content_due = False
        self.update(text, layout=not same_height)

    def _text_width(self) -> int | None:
        """The width the text has, in cells: the panel's, or before the first layout its
        column's (a fixed width, less the gutters); None when that is not known."""
        if self.size.width:
            return self.content_size.width
        column = self.parent
        width = column.styles.width if column is not None else None
        if width is None or width.unit != Unit.CELLS:
            return None
        return int(width.value) - column.styles.gutter.width - self.styles.gutter.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self._lines is not None:
            return len(self._lines)
        return super().get_content_height(container, viewport, width)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        if self._lines is not None and self._shown is not None:
            return selection.extract(self._shown.plain), "\n"
        return super().get_selection(selection)

    def render_line(self, y: int) -> Strip:
        if self._lines is None:
            return super().render_line(y)
        if self.text_selection is not None:
            # Text being selected is drawn by Static, which highlights the selection.
            if self._content_due:
                self._content_due = False
                self.update(self._shown, layout=False)
            return super().render_line(y)
        base = self.visual_style.rich_style
        if self._strips is None or base != self._strips_base:
            self._strips_base = base
            self._strips = [_strip(line, y, base) for y, line in enumerate(self._lines)]
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, base)


def _strip(line: tuple[tuple[str, Style | None], ...], y: int, base: Style) -> Strip:
    """One line's segments, each styled as Static styles it: over the panel's style, with its
    offset in the text (Textual's text selection reads it)."""
    segments = []
    x = 0
    for part, style in line:
        offset = Style.from_meta({"offset": (x, y)})
        segments.append(Segment(part, (base + style if style else base) + offset))
        x += len(part)
    return Strip(segments)
