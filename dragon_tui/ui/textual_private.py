"""Every private name of Textual and Rich the app still uses, in this one module.

The rest of the app uses Textual's and Rich's public API. What is here has no public
equivalent: each use saves a second layout, a second frame or a conversion on the paths the
bench measures (``docs/performance.md``). Textual is pinned exactly (``pyproject.toml``)
because these names may change in any release; ``tests/ui/test_textual_private.py`` checks
each of them — that it still exists with the shape used here, and a small behaviour — so a
new release that changes one fails there, by name, rather than as a slower app or a wrong
frame. How to try a new release: ``docs/ARCHITECTURE.md`` ("Textual's private names").

Nothing here decides anything: each function does the one private thing its name says.
"""

from __future__ import annotations

from pickle import dumps
from typing import Callable

from rich.style import Style as RichStyle

# ------------------------------------------------------------------ a widget's size and repaints


def follow_layout_size(cls: type) -> type:
    """Class decorator: the layout that gives a widget of ``cls`` a new size calls
    ``self.layout_sized(resized, new_box)`` before that layout's frame is drawn — ``resized``
    whether Textual will send a Resize (the size, virtual size or container size changed),
    ``new_box`` whether the widget's outer size changed. (Textual's ``_size_updated`` of a Widget;
    the Resize event comes after the frame, too late to keep a second one from being drawn.)"""

    def _size_updated(self, size, virtual_size, container_size, layout: bool = True) -> bool:
        new_box = self._size != size
        resized = super(cls, self)._size_updated(size, virtual_size, container_size, layout)
        self.layout_sized(resized, new_box)
        return resized

    cls._size_updated = _size_updated
    return cls


def skip_repaint(widget) -> None:
    """Drop the repaint ``widget`` asked for since the last frame (Textual's
    ``_repaint_required``): for when the frame being drawn paints it anyway."""
    widget._repaint_required = False


def made_scrollbars(widget) -> tuple:
    """The scroll bars ``widget`` has made so far (the public properties make them)."""
    return tuple(bar for bar in (widget._vertical_scrollbar, widget._horizontal_scrollbar) if bar is not None)


def own_vertical_scrollbar(widget, make: Callable[[], object]):
    """``widget``'s vertical scroll bar, made by ``make`` the first time: what Textual's
    ``Widget.vertical_scrollbar`` does, with a scroll bar class of one's own."""
    bar = widget._vertical_scrollbar
    if bar is None:
        bar = widget._vertical_scrollbar = make()
        widget.app._start_widget(widget, bar)
    return bar


def repaint_pending(widget) -> bool:
    """Whether ``widget``'s screen will repaint it in the frame it draws next."""
    return widget in widget.screen._dirty_widgets


def update_scrollbars(widget, virtual_size) -> None:
    """Show, hide and size ``widget``'s scroll bars for ``virtual_size`` now, not at the next
    layout (Textual's ``Widget._scroll_update``)."""
    widget._scroll_update(virtual_size)


# ------------------------------------------------------------------ OptionList


def clear_option_caches(option_list) -> None:
    """Forget the OptionList's wrapped lines and rendered options, and repaint it: what it
    does itself on Resize."""
    option_list._clear_caches()


def option_lines(option_list) -> list:
    """The OptionList's lines as it laid them out: (option index, line within the option)."""
    return option_list._lines


# ------------------------------------------------------------------ bindings


def bound_keys(node):
    """The keys ``node`` binds (its own and its classes' BINDINGS): an iterable of key names."""
    return node._bindings.key_to_bindings


# ------------------------------------------------------------------ the app and its screens


def registered_theme(app, name: str):
    """The theme registered as ``name``, or None, without copying every theme into a new dict
    (``App.available_themes`` does, and Textual asks for the current theme for every line)."""
    return app._registered_themes.get(name)


def refresh_truecolor_filter(app) -> None:
    """Point the app's ANSI-to-truecolour filter at its ANSI theme (what a theme change does)."""
    app._refresh_truecolor_filter(app.ansi_theme)


def has_driver(app) -> bool:
    """Whether the app has its driver (and so knows the terminal's size)."""
    return app._driver is not None


def adopt_app_styles(screen, app) -> None:
    """Tell Textual that ``screen`` has seen the app's stylesheets as they are now, so that
    pushing it does not restyle the app with every source parsed again."""
    screen._css_update_count = app._css_update_count


def give_result_callback(screen) -> None:
    """Give ``screen`` the empty result callback a pushed screen gets (Textual gives a mode's
    first screen none, and a screen without one cannot be switched away from)."""
    screen._push_result_callback(screen, None)


def route_fatal_error(cls: type) -> type:
    """Class decorator for an App: an unhandled exception calls ``self.handle_fatal_error(default)``,
    where ``default()`` is what Textual does (its traceback). (Textual's ``App._fatal_error``.)"""

    def _fatal_error(self) -> None:
        self.handle_fatal_error(super(cls, self)._fatal_error)

    cls._fatal_error = _fatal_error
    return cls


# ------------------------------------------------------------------ Rich styles


def style_with_meta(template: RichStyle, meta: dict, link_id: str) -> RichStyle:
    """A copy of ``template`` with ``meta`` as its meta: equal to what
    ``template + Style.from_meta(meta)`` makes when ``template`` has meta already, for a
    fraction of the work (no combination, no second pickling of the template's meta).
    ``link_id`` numbers it, as Rich numbers every style with meta."""
    copy = template.copy()
    copy._meta = meta_bytes = dumps(meta)
    copy._link_id = f"{link_id}{hash(meta_bytes)}"
    copy._hash = None
    return copy


# ------------------------------------------------------------------ the bench's frame clock


def wrap_display(app, display: Callable) -> Callable:
    """Have every frame ``app`` draws go through ``display(screen, update)`` (which calls the
    returned original to draw it): Textual's ``App._display``, where a frame reaches the
    terminal. Undo with ``unwrap_display(app, original)``."""
    original = app._display
    app._display = display
    return original


def unwrap_display(app, original: Callable) -> None:
    app._display = original


def frame_is_batched(app) -> bool:
    """Whether ``app`` is inside ``batch_update`` (a frame drawn now is not shown yet)."""
    return bool(app._batch_count)


def only_scrollbars_dirty(screen) -> bool:
    """Whether what ``screen`` repaints in the frame being drawn is scroll bars alone."""
    from textual.scrollbar import ScrollBar

    dirty = screen._dirty_widgets
    return bool(dirty) and all(isinstance(widget, ScrollBar) for widget in dirty)


def compositor_update_class() -> type:
    """The class of a frame's update that Textual turns into the terminal's escape codes."""
    from textual._compositor import CompositorUpdate

    return CompositorUpdate


def send_as_terminal(app, event) -> None:
    """Give ``event`` to ``app`` as its terminal driver does (not through the pilot)."""
    app._driver.send_message(event)


#: Source for the start-up probe, which runs in a new process without importing the app
#: first: ``first_frame(app, on_frame)`` calls ``on_frame(screen)`` at every frame ``app``
#: draws until it returns True (through ``App._display``, as ``wrap_display``).
FIRST_FRAME_SOURCE = r'''
def first_frame(app, on_frame):
    original = app._display
    def display(screen, renderable):
        original(screen, renderable)
        if renderable is not None and on_frame(screen):
            app._display = original
    app._display = display
'''
