"""JSON-native values: their exact types and their copies, shared by the protocol (state.py)
and its speed-ups (hooks.py)."""

from __future__ import annotations

import pickle
from typing import Any

#: The fields the engine itself keeps on every state (not the game's own position).
_BASE_FIELDS = ("num_players", "options", "rng", "log", "reveals", "_offered")
#: Values that are never changed in place: a clone may share them.
_ATOMS = frozenset((int, str, bool, float, type(None)))


def arg_types(args: tuple) -> tuple:
    """The exact type of every argument, nested tuples included (``bool`` is not ``int``)."""
    return tuple(arg_types(a) if type(a) is tuple else type(a) for a in args)


def deep_copy(value: Any) -> Any:
    """A copy of JSON-native data (lists and dicts nested to any depth) sharing nothing
    mutable with the original: what ``pickle`` round trips did for clones, a few times faster
    because it knows there is nothing but lists, dicts and immutable atoms."""
    kind = type(value)
    if kind is list:
        return [v if type(v) in _ATOMS else deep_copy(v) for v in value]
    if kind is dict:
        return {k: (v if type(v) in _ATOMS else deep_copy(v)) for k, v in value.items()}
    if kind in _ATOMS:
        return value
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))
