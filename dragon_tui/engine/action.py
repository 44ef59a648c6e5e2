"""Actions: every decision a seat can make, as a small frozen value."""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any


class Action:
    """One decision.

    ``kind`` names the decision ("roll", "buy", "seat"), ``args`` holds its plain parameters
    (ints and strings only, so the JSON form is lossless). ``label`` is the sentence the state
    wrote when it offered the action; it does not take part in equality, so an action read
    back from a save file equals the one the state offers.

    Immutable (actions are dictionary keys in the search tree) and hashable like a frozen
    dataclass, but written out by hand: every game builds thousands of actions a second for
    bots, and a frozen dataclass takes about twice as long to construct.

    The label may be worded on first read: a game's hottest list (Carcassonne's placements,
    some 35 a turn, which random playouts and the search never read) can pass
    :func:`new_action`, instead of the text, a shared callable that words it from ``args``;
    ``label`` then calls it once and keeps the text. Equality, hashing and the JSON form never
    look at it.
    """

    __slots__ = ("kind", "args", "_label")
    kind: str
    args: tuple

    def __init__(self, kind: str, args: tuple = (), label: str = "") -> None:
        _set_kind(self, kind)
        _set_args(self, args)
        _set_label(self, label)

    @property
    def label(self) -> str:
        label = self._label
        if label.__class__ is not str:  # a wording to call: see the class docstring
            label = label(self.args)
            _set_label(self, label)
        return label

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field '{name}'")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.kind == other.kind and self.args == other.args  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, args={self.args!r}, label={self.label!r})"

    def __reduce__(self) -> tuple:
        return (Action, (self.kind, self.args, self.label))

    def describe(self) -> str:
        if self.label:
            return self.label
        if not self.args:
            return self.kind.replace("_", " ")
        return f"{self.kind.replace('_', ' ')} {' '.join(str(a) for a in self.args)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], tuple(_freeze(a) for a in data.get("args", ())))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# The slots' own setters: __init__ fills the fields past the frozen __setattr__ above.
_set_kind = Action.kind.__set__  # type: ignore[attr-defined]
_set_args = Action.args.__set__  # type: ignore[attr-defined]
_set_label = Action._label.__set__  # type: ignore[attr-defined]


_new = object.__new__


def new_action(kind: str, args: tuple, label: Any) -> Action:
    """``Action(kind, args, label)`` for a game's hottest loops: the one fast constructor.

    It skips the class call and ``__init__``'s frame, filling the slots straight through their
    setters, and the result is an ordinary Action in every way (same class, fields, equality,
    hashing, freeze). ``label`` may also be a wording to call with ``args`` on first read
    (see :class:`Action`): Carcassonne lists some 35 placements a turn and random playouts and
    the search read none of their labels. The caller passes ``args`` as a tuple already typed
    as the game offers it: nothing is checked here.
    """
    action = _new(Action)
    _set_kind(action, kind)
    _set_args(action, args)
    _set_label(action, label)
    return action
