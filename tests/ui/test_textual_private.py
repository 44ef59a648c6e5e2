"""Every private name of Textual and Rich the app uses (``dragon_tui/ui/textual_private.py``)
is still there, with the shape used, and still does what the app relies on.

A new Textual or Rich release that renames, removes or changes one of them fails here, by
name — not as a slower app or a wrong frame found later. Each name has a shape check (it
exists, with the signature called) and a behaviour check (a small app or object doing the
one thing the app relies on). Also checked: the public behaviours the app leans on instead
of private names (one handler per class for a message, ``ScreenResume.refresh_styles``,
Rich's ``Style.link_id`` for a style with a link or meta).

See docs/ARCHITECTURE.md, "Textual's private names", for trying a new release.
"""

from __future__ import annotations

import inspect
from pickle import loads

import pytest
from rich.style import Style as RichStyle
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widget import Widget
from textual.widgets import OptionList, Static

from dragon_tui.ui import textual_private as tp

pytestmark = pytest.mark.ui


def params(function) -> list[str]:
    return list(inspect.signature(function).parameters)


# ------------------------------------------------------------------ shapes


def test_widget_private_shapes():
    assert params(Widget._size_updated) == ["self", "size", "virtual_size", "container_size", "layout"]
    assert inspect.signature(Widget._size_updated).parameters["layout"].default is True
    assert params(Widget._scroll_update) == ["self", "virtual_size"]
    widget = Widget()
    for name in ("_size", "_repaint_required", "_vertical_scrollbar", "_horizontal_scrollbar"):
        assert hasattr(widget, name), name
    assert widget._vertical_scrollbar is None and widget._horizontal_scrollbar is None
    assert widget._repaint_required is False
    assert isinstance(widget._size, Size)


def test_app_and_screen_private_shapes():
    assert params(App._start_widget) == ["self", "parent", "widget"]
    assert params(App._refresh_truecolor_filter) == ["self", "theme"]
    assert params(App._fatal_error) == ["self"]
    assert params(App._display) == ["self", "screen", "renderable"]
    assert params(Screen._push_result_callback)[:3] == ["self", "requester", "callback"]
    app = App()
    assert isinstance(app._registered_themes, dict) and "textual-dark" in app._registered_themes
    assert app._driver is None and app._batch_count == 0
    assert isinstance(app._css_update_count, int)
    screen = Screen()
    assert isinstance(screen._css_update_count, int)
    assert hasattr(screen, "_dirty_widgets")


def test_option_list_private_shapes():
    assert params(OptionList._clear_caches) == ["self"]
    assert isinstance(OptionList("a", "b")._lines, list)


def test_compositor_update_shape():
    update = tp.compositor_update_class()
    assert update.__module__ == "textual._compositor"
    assert params(update.render_segments) == ["self", "console"]


def test_rich_style_private_shapes():
    style = RichStyle(bold=True, meta={"a": 1})
    assert loads(style._meta) == {"a": 1} and style._link_id and style.link_id == style._link_id
    assert hasattr(style, "_hash")


# ------------------------------------------------------------------ behaviours


@tp.follow_layout_size
class Hooked(Static):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.calls: list[tuple[bool, bool]] = []

    def layout_sized(self, resized: bool, new_box: bool) -> None:
        self.calls.append((resized, new_box, self.outer_size))


class ScrollApp(App):
    CSS = "#box { height: 5; } #hooked { width: 10; height: 3; }"

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield Static("\n".join(map(str, range(20))), id="text")
        yield Hooked("hooked", id="hooked")
        yield OptionList(*[f"choice {i} " + "with words enough to wrap " * 3 for i in range(5)], id="options")


async def test_layout_size_hook_runs_with_the_layout_and_a_new_box():
    app = ScrollApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        hooked = app.query_one(Hooked)
        assert (True, True, Size(10, 3)) in hooked.calls  # called with the size already set
        hooked.calls.clear()
        hooked.styles.width = 12
        await pilot.pause()
        assert hooked.calls[0] == (True, True, Size(12, 3))
        assert all(call[:2] == (False, False) for call in hooked.calls[1:])  # a layout that changed nothing


async def test_repaint_and_scrollbars():
    app = ScrollApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        box = app.query_one("#box")
        assert box.vertical_scrollbar in tp.made_scrollbars(box)
        text = app.query_one("#text")
        assert tp.made_scrollbars(text) == ()
        text.refresh()
        assert text._repaint_required is True
        assert tp.repaint_pending(text) is False  # asked for, not yet in the screen's list
        tp.skip_repaint(text)
        assert text._repaint_required is False
        # A scroll bar of one's own class, started as Textual starts its own.

        class MyBar(ScrollBar):
            pass

        hooked = app.query_one(Hooked)
        bar = tp.own_vertical_scrollbar(hooked, lambda: MyBar(vertical=True, name="vertical"))
        assert isinstance(bar, MyBar) and hooked.vertical_scrollbar is bar
        assert tp.own_vertical_scrollbar(hooked, lambda: pytest.fail("made twice")) is bar
        await pilot.pause()
        assert bar.is_mounted and bar.parent is hooked
        # Scroll bars updated for a new virtual size at once.
        tp.update_scrollbars(box, Size(10, 99))
        assert box.vertical_scrollbar.window_virtual_size == 99


async def test_dirty_widgets_holds_a_widget_repainted_in_the_next_frame():
    seen = []

    class Probe(App):
        def compose(self) -> ComposeResult:
            yield Static("x", id="s")

    app = Probe()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        static = app.query_one("#s")
        original = tp.wrap_display(app, lambda screen, update: (
            seen.append((tp.repaint_pending(static), tp.only_scrollbars_dirty(screen), tp.frame_is_batched(app))),
            original(screen, update)))
        static.update("y")
        await pilot.pause()
        await pilot.pause()
        tp.unwrap_display(app, original)
        assert (True, False, False) in seen
        assert app._display == original


async def test_option_list_lines_and_caches():
    app = ScrollApp()
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        options = app.query_one(OptionList)
        lines = tp.option_lines(options)
        assert lines and lines[0] == (0, 0)
        assert {index for index, _offset in lines} == set(range(5))
        assert any(offset for _index, offset in lines)  # wrapped options have second lines
        options.render_line(0)
        assert options._line_cache.lines and options._option_render_cache
        tp.clear_option_caches(options)
        assert not options._line_cache.lines and not options._option_render_cache  # wrapped again when next drawn


def test_bound_keys_include_the_classes_bindings():
    class Base(Widget):
        BINDINGS = [Binding("a", "x")]

    class Child(Base):
        BINDINGS = [Binding("b,c", "y")]

    assert {"a", "b", "c"} <= set(tp.bound_keys(Child()))


async def test_app_private_behaviours():
    class Plain(App):
        pass

    app = Plain()
    assert tp.registered_theme(app, "textual-dark") is app.available_themes["textual-dark"]
    assert tp.registered_theme(app, "no such theme") is None
    assert tp.has_driver(app) is False
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        assert tp.has_driver(app) is True
        tp.refresh_truecolor_filter(app)  # runs with the app's ANSI theme
        screen = Screen()
        tp.adopt_app_styles(screen, app)
        assert screen._css_update_count == app._css_update_count
        tp.give_result_callback(screen)
        assert len(screen._result_callbacks) == 1


async def test_fatal_error_is_routed():
    seen = []

    @tp.route_fatal_error
    class Failing(App):
        def handle_fatal_error(self, default) -> None:
            seen.append(default)
            self.exit()

        def on_mount(self) -> None:
            raise ValueError("boom")

    app = Failing()
    with pytest.raises(ValueError, match="boom"):  # (the pilot raises what the app hit)
        async with app.run_test(size=(20, 5)) as pilot:
            await pilot.pause()
    assert len(seen) == 1 and seen[0].__func__ is App._fatal_error


async def test_send_as_terminal_delivers_a_key():
    keys = []

    class Keys(App):
        def on_key(self, event: events.Key) -> None:
            keys.append(event.key)

    app = Keys()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        event = events.Key("x", "x")
        event.set_sender(app)
        tp.send_as_terminal(app, event)
        await pilot.pause()
    assert keys == ["x"]


def test_first_frame_source_defines_the_probe_hook():
    namespace: dict = {}
    exec(tp.FIRST_FRAME_SOURCE, namespace)
    frames = []

    class FakeApp:
        def _display(self, screen, renderable):
            frames.append(renderable)

    app = FakeApp()
    seen = []
    namespace["first_frame"](app, lambda screen: seen.append(screen) or True)
    app._display("screen", "frame")
    app._display("screen", "second")
    assert frames == ["frame", "second"] and seen == ["screen"]  # drawn, then unwrapped


def test_style_with_meta_equals_rich_own_style():
    template = RichStyle(bold=True, color="#102030") + RichStyle.from_meta({"k": 1, "offset": (0, 0)})
    copy = tp.style_with_meta(template, {"k": 1, "offset": (3, 4)}, "77")
    made = RichStyle(bold=True, color="#102030") + RichStyle.from_meta({"k": 1, "offset": (3, 4)})
    assert copy == made and hash(copy) == hash(made)
    assert copy.meta == {"k": 1, "offset": (3, 4)} and copy.link_id.startswith("77")
    assert template.meta["offset"] == (0, 0)  # the template is left alone


# ------------------------------------------------------------------ public behaviours relied on


async def test_one_handler_per_class_and_prevent_default_stops_the_base():
    """ActionList's ``on_resize`` replaces OptionList's ``_on_resize``; StyledAtMount's
    ``on_screen_resume`` runs beside a screen's own; the app's ``on_compose`` precedes App's."""
    calls = []

    class Base(Static):
        def _on_resize(self, event) -> None:
            calls.append("base")

    class Mixin:
        def on_resize(self, event) -> None:
            calls.append("mixin")

    class Child(Mixin, Base):
        def on_resize(self, event) -> None:
            calls.append("child")
            if len(calls) > 2:
                event.prevent_default()

    class Host(App):
        def compose(self) -> ComposeResult:
            yield Child("x")

    app = Host()
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        assert calls[:3] == ["child", "mixin", "base"]
        calls[:] = ["earlier", "earlier"]
        app.query_one(Child).styles.width = 5
        await pilot.pause()
        assert calls[2:] == ["child"]  # prevent_default: the base classes' handlers skipped


def test_screen_resume_carries_refresh_styles():
    event = events.ScreenResume()
    assert event.refresh_styles is True
    event.refresh_styles = False
    assert "refresh_styles" in inspect.signature(events.ScreenResume).parameters


def test_rich_link_id_marks_a_style_with_link_or_meta():
    assert RichStyle(bold=True).link_id == ""
    assert RichStyle(link="https://example.org").link_id
    assert RichStyle.from_meta({"a": 1}).link_id
    assert (RichStyle(bold=True) + RichStyle.from_meta({"a": 1})).link_id
    assert RichStyle(blink2=True).blink2 is True and RichStyle(bold=True).blink2 is None
    text = Text("ab")
    text.stylize("bold", 0, 1)
    assert text.spans is text._spans


# ------------------------------------------------------------------ nowhere else


def test_no_other_module_names_them():
    """The private names used in ``textual_private`` appear nowhere else in the UI, the app or
    the bench; nor does any module import a private module of Textual or Rich."""
    import re
    from pathlib import Path

    import dragon_tui

    root = Path(dragon_tui.__file__).parent
    module = root / "ui" / "textual_private.py"
    # (Names the app's own classes use for their own attributes too — a widget's ``_lines``
    # cache, a size — are left out: ``self._size`` is checked below.)
    names = set(re.findall(r"\._([a-z]\w*)", module.read_text())) - {"size", "lines", "hash"}
    assert {"size_updated", "repaint_required", "start_widget", "dirty_widgets", "clear_caches"} <= names
    pattern = re.compile(r"\._(%s)\b|_RenderCache|\b(textual|rich)(\.\w+)*\._\w" % "|".join(sorted(names)))
    others = [path for path in sorted(root.rglob("*.py"))
              if path != module and path.parts[len(root.parts)] not in ("engine", "games", "ai", "session", "net")]
    found = [f"{path.relative_to(root)}:{number}: {line.strip()}"
             for path in others for number, line in enumerate(path.read_text().splitlines(), 1)
             if pattern.search(line.split("#")[0]) and '"""' not in line and "``" not in line]
    assert found == []
    assert not [path for path in others if re.search(r"\bself\._size\b(?!_)", path.read_text())]
