"""A screen whose first resume does not restyle it (start-up)."""

from __future__ import annotations

from textual import events


class StyledAtMount:
    """Mixin for a Screen: its first ``ScreenResume`` leaves the styles alone.

    Textual restyles every widget of a screen each time the screen resumes, the first time
    too — right after the screen was pushed and each of its widgets was styled as it mounted,
    with the same classes (the app sets the screen's breakpoint classes before it composes;
    a focus change restyles what it touches itself; Textual restyles siblings whose order
    matters to the CSS after a mount). On the game screen that second pass over some 25
    widgets comes before the first paint. Later resumes (back from a screen above) restyle
    as Textual does.

    Textual calls a message's handlers down the class hierarchy from the subclass (one per
    class: a screen's own ``on_screen_resume`` runs too), so this one runs before Screen's
    own handler reads ``refresh_styles``.
    """

    _resumed_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_once:
            self._resumed_once = True
            event.refresh_styles = False
