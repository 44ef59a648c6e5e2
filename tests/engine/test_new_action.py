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
