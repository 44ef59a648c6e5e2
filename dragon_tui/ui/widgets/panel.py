"""The one panel base the boards draw with: a panel shows a renderable, and showing the
same one again does nothing (no update, no layout, no repaint), so a move repaints only the
panels whose data changed.

``refresh_content`` is how every pane says "my content changed": the pane is repainted, and
the screen is laid out again only when the new content changes the pane's size. A layout
reflows the whole screen — with five boards' worth of widgets, the dearest part of answering
a key — while a repaint touches the pane alone.
"""

from __future__ import annotations

from fractions import Fraction

from textual.containers import Horizontal, Vertical
from textual.css.scalar import Unit
from textual.geometry import Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import Static

from ..textual_private import follow_layout_size, made_scrollbars, own_vertical_scrollbar, skip_repaint


@follow_layout_size
class SizedByLayout:
    """Mixin for the game screen's panes and containers: a new size from a layout asks for
    no second layout.

    Textual keeps a widget's ``virtual_size`` in a reactive that lays the whole screen out
    again when it changes, and a layout gives every widget whose box changed a new one: so a
    pane that grows (a hand of cards) costs two layouts of the screen, and two frames, where
    one does. The second layout is for scroll bars that may appear; these widgets do not
    scroll (the scrolling ones, the log and the action list, update their scroll bars
    themselves), so theirs is skipped.
    """

    virtual_size = Reactive(Size(0, 0), layout=False, repaint=False)

    def layout_sized(self, resized: bool, new_box: bool) -> None:
        """Called by the layout that sized the widget (``follow_layout_size``), before its frame."""
        if resized:
            self.fit_to_size()
        if new_box:
            # The layout that gave the new box draws the whole widget in its own frame: a
            # repaint asked for meanwhile (by ``fit_to_size``, a scroll) would draw it again
            # in a second frame, for nothing. Its scroll bars are moved or resized with it:
            # drawn by the layout too.
            skip_repaint(self)
            for bar in made_scrollbars(self):
                skip_repaint(bar)

    def fit_to_size(self) -> None:
        """Called by the layout that gives the widget a new size, before that layout's frame
        is drawn: what depends on the size (wrapped lines, the scroll position) is redone
        here rather than on the Resize event, which comes after the frame and would draw
        a second one."""


class Row(SizedByLayout, Horizontal):
    """A Horizontal of the game screen (see ``SizedByLayout``)."""


class Column(SizedByLayout, Vertical):
    """A Vertical of the game screen (see ``SizedByLayout``)."""


class PaneScrollBar(SizedByLayout, ScrollBar):
    """The scroll bar of a pane that scrolls: it is sized by the layout that sizes its pane,
    and needs no second one (Textual's own scroll bar asks for it)."""


def pane_scrollbar(widget: Widget) -> ScrollBar:
    """``widget``'s vertical scroll bar, created as a ``PaneScrollBar`` (what Textual's
    ``Widget.vertical_scrollbar`` does, with that class)."""
    return own_vertical_scrollbar(widget, lambda: _hidden(
        PaneScrollBar(vertical=True, name="vertical", thickness=widget.scrollbar_size_vertical)))


def _hidden(bar: ScrollBar) -> ScrollBar:
    bar.display = False
    return bar


def refresh_content(widget: Widget) -> None:
    """Repaint ``widget``; lay the screen out again only if its size may have changed."""
    widget.refresh()
    if not widget.display:
        return  # takes no room: showing it again lays the screen out anyway
    if not widget.is_mounted or not widget.size:
        widget.refresh(layout=True)  # not laid out yet
        return
    width, height = widget.styles.width, widget.styles.height
    if width is not None and width.is_auto:
        widget.refresh(layout=True)  # as wide as its content
        return
    if height is not None and not height.is_auto:
        return  # the stylesheet decides its size, not the content
    content = widget.content_size
    wanted = widget.get_content_height(widget.size, widget.size, content.width)
    if wanted != content.height and _box_height(widget, wanted) != widget.outer_size.height:
        widget.refresh(layout=True)


def _box_height(widget: Widget, content_height: int) -> int | None:
    """The height the layout would give ``widget`` for content this tall, within its
    min-height and max-height (in cells, or a percentage that comes out whole); None when
    that takes Textual's own layout to tell."""
    styles = widget.styles
    gutter = styles.gutter.height
    border_box = styles.box_sizing == "border-box"
    parent = widget.parent
    container = (parent.content_size if isinstance(parent, Widget) else widget.app.size) - styles.margin.totals
    height = Fraction(content_height)
    for limit, pick in ((styles.min_height, max), (styles.max_height, min)):
        if limit is None:
            continue
        if limit.unit not in (Unit.CELLS, Unit.PERCENT):
            return None
        value = limit.resolve(container, widget.app.size) - (gutter if border_box else 0)
        if value.denominator != 1:
            return None
        height = pick(height, value)
    return int(max(height, 0)) + gutter


class Panel(SizedByLayout, Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._shown: object = None

    def show_content(self, content) -> bool:
        """Show ``content`` unless it is what the panel shows already; returns whether it changed."""
        if self._shown is not None and content == self._shown:
            return False
        self._shown = content
        self.update(content, layout=False)
        refresh_content(self)
        return True
