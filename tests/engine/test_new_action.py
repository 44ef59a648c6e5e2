"""new_action builds the same frozen Action as the constructor, only faster."""

from __future__ import annotations

import pickle
from dataclasses import FrozenInstanceError

import pytest

from dragon_tui.engine import Action
from dragon_tui.engine.action import new_action


def test_new_action_is_an_ordinary_action():
    made = new_action("place", (1, -2, 3), "Place BA-D at 1,-2, turned 270°")
    plain = Action("place", (1, -2, 3), "Place BA-D at 1,-2, turned 270°")
    assert type(made) is Action
    assert made == plain and hash(made) == hash(plain)
    assert (made.kind, made.args, made.label) == (plain.kind, plain.args, plain.label)
    assert repr(made) == repr(plain)
    assert made.to_json() == plain.to_json()
    again = pickle.loads(pickle.dumps(made))
    assert type(again) is Action and again == made and again.label == made.label


def test_new_action_is_frozen():
    made = new_action("pass", (), "No meeple")
    with pytest.raises(FrozenInstanceError):
        made.kind = "meeple"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del made.label
    assert made.kind == "pass"


def test_a_label_worded_on_first_read_is_an_ordinary_label():
    """``_label`` may hold a wording of the arguments instead of the text (Carcassonne's
    placements): the first read words it once and keeps it; nothing else can tell."""
    calls = []

    def wording(args):
        calls.append(args)
        return f"Place BA-D at {args[0]},{args[1]}, turned {args[2] * 90}°"

    lazy = new_action("place", (1, -2, 3), wording)
    plain = Action("place", (1, -2, 3), "Place BA-D at 1,-2, turned 270°")
    assert lazy == plain and hash(lazy) == hash(plain) and lazy.to_json() == plain.to_json()
    assert not calls  # nothing above read the label
    assert lazy.label == plain.label and lazy.describe() == plain.describe()
    assert repr(lazy) == repr(plain) and lazy.label == plain.label
    assert calls == [(1, -2, 3)]  # worded once, then kept
    again = pickle.loads(pickle.dumps(lazy))
    assert type(again) is Action and again.label == plain.label
    with pytest.raises(FrozenInstanceError):
        lazy.label = "other"  # type: ignore[misc]


def test_no_module_builds_an_object_by_swapping_its_class():
    """Actions are built by ``Action(...)`` or ``new_action``: assigning ``__class__`` would
    make an object whose construction no reader can find."""
    from pathlib import Path

    import dragon_tui

    root = Path(dragon_tui.__file__).parent
    swaps = [str(p.relative_to(root)) for p in root.rglob("*.py") if ".__class__ =" in p.read_text(encoding="utf-8")]
    assert swaps == []
