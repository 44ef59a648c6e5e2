"""The list of legal actions: the one place a person's decision becomes an Action.

It shows exactly ``legal_actions()``, each with the key that picks it, and posts
``ActionList.Chosen`` upwards; it never decides anything itself.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ...engine import Action


def assign_keys(game_keys: list[str | None]) -> list[str | None]:
    """The key each action gets: the game's own, else the next digit no action claims.

    One rule for the list and for boards that draw the keys on the board itself."""
    free = [d for d in "123456789" if d not in game_keys]
    return [key if key is not None else (free.pop(0) if free else None) for key in game_keys]


class ActionList(OptionList):
    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._actions: list[Action] = []
        self._keys: dict[str, Action] = {}

    def show(self, actions: list[Action], keys: list[str | None], describe) -> None:
        """Fill the list; ``keys`` holds the game's key for each action, None for 'any free digit'."""
        self._actions = list(actions)
        self._keys = {}
        final_keys = [key or "" for key in assign_keys(list(keys))]
        for action, key in zip(actions, final_keys):
            if key:
                self._keys.setdefault(key, action)
        self.clear_options()
        self.add_options(
            Option(Text.assemble((f"{key:>2} ", "bold"), describe(action)), id=str(i))
            for i, (action, key) in enumerate(zip(actions, final_keys))
        )
        if actions:
            self.highlighted = 0

    def action_for_key(self, key: str) -> Action | None:
        return self._keys.get(key)

    @property
    def actions(self) -> list[Action]:
        return self._actions

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(self._actions[int(event.option.id)]))
