"""Messages boards and their panels post up to the game screen, which alone touches the
action list and the table model."""

from __future__ import annotations

from textual.message import Message

from ...engine import Action


class Picked(Message):
    """The player picked one of the choices on offer on the board itself."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class ShowInList(Message):
    """Several choices sit where the player pointed: let the list pick among them."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action


class TakeHighlighted(Message):
    """Play the choice highlighted in the list (the board had nothing under its cursor)."""
