"""The list of choices on offer: the one place a person's decision becomes an Action.

It shows the snapshot's choices, each with the key that picks it, and posts
``ActionList.Chosen`` upwards; it never decides anything itself. A snapshot with the same
choices (a bot's thinking progress, say) leaves the list alone.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.geometry import Size
from textual.reactive import Reactive, reactive
from textual.scrollbar import ScrollBar
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine import Action
from .panel import SizedByLayout, pane_scrollbar
from ..textual_private import clear_option_caches, option_lines, repaint_pending, skip_repaint
from ...session import Choice, Snapshot, assign_keys

__all__ = ["ActionList", "assign_keys"]


class ActionList(SizedByLayout, OptionList):
    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)
    #: How much there is to scroll through. The list's box is set by the stylesheet, so new
    #: choices need no layout of the screen (OptionList updates its scroll bars itself; a scroll
    #: bar that appears or goes still lays the screen out).
    virtual_size = Reactive(Size(0, 0), layout=False)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return pane_scrollbar(self)

    @property
    def allow_vertical_scroll(self) -> bool:
        """The list draws no scroll bar (``overflow-y: hidden``): a bar that comes or goes with
        new choices makes Textual lay the whole screen out again, a second frame on the key
        that brought them. The keys and the wheel still scroll it, and the border says how
        many choices are out of sight (``_note_hidden``), as the log's border does."""
        if self.disabled or self.loading:
            return False
        return self.max_scroll_y > 0

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._note_hidden()

    def _note_hidden(self) -> None:
        """"↑ 2 more · ↓ 5 more" on the bottom border: the choices above and below the view."""
        note = ""
        height = self.scrollable_content_region.height
        if self._choices and height:
            lines = option_lines(self)
            top = round(self.scroll_y)
            above = below = 0
            if 0 < top < len(lines):
                index, offset = lines[top]
                above = index + (1 if offset else 0)
            bottom = top + height
            if bottom < len(lines):
                index, offset = lines[bottom]
                below = len(self._choices) - index
            note = " · ".join(part for part in (above and f"↑ {above} more", below and f"↓ {below} more") if part)
        if note != (self.border_subtitle or ""):  # setting it repaints, even to the same text
            self.border_subtitle = note

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._choices: tuple[Choice, ...] = ()
        #: The width the options' lines were wrapped for.
        self._lines_width = 0

    def watch_snapshot(self, snapshot: Snapshot | None) -> None:
        if snapshot is not None and snapshot.choices is not self._choices:
            self.show(snapshot.choices)

    def show(self, choices: tuple[Choice, ...]) -> None:
        self._choices = choices
        self.clear_options()
        self.add_options(
            Option(Text.assemble((f"{c.key:>2} ", "bold"), c.label), id=str(i)) for i, c in enumerate(choices)
        )
        if choices:
            self.highlighted = 0
        self._note_hidden()

    def layout_sized(self, resized: bool, new_box: bool) -> None:
        super().layout_sized(resized, new_box)
        self._fit_lines()  # also when a scroll bar came or went in the same box

    def _fit_lines(self) -> None:
        """The options are wrapped for the width they have: what OptionList does on Resize,
        done when the width changes, before the layout's frame is drawn."""
        width = self.scrollable_content_region.width
        self._note_hidden()
        if width != self._lines_width:
            self._lines_width = width
            clear_option_caches(self)
            if self.is_attached and repaint_pending(self):
                # New choices (which repaint the whole list) brought or took the scroll bar:
                # the frame being drawn repaints the list anyway, with these lines.
                skip_repaint(self)

    def on_resize(self, event) -> None:
        event.prevent_default()  # OptionList's own handler would redraw it once more
        self._fit_lines()

    def action_for_key(self, key: str) -> Action | None:
        return next((c.action for c in self._choices if c.key == key), None)

    @property
    def actions(self) -> list[Action]:
        return [c.action for c in self._choices]

    def highlight_action(self, action: Action) -> bool:
        actions = self.actions
        if action in actions:
            self.highlighted = actions.index(action)
            return True
        return False

    def highlighted_action(self) -> Action | None:
        if self.highlighted is None or not self._choices:
            return None
        return self._choices[self.highlighted].action

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(self._choices[int(event.option.id)].action))
