"""Actions are frozen values: equal (and hashing alike) on kind and args, whatever the label."""

from __future__ import annotations

import copy
import pickle

import pytest

from dragon_tui.engine import Action


def test_equality_and_hash_ignore_the_label():
    offered = Action("buy", (3, "red"), "Buy the red card for 3")
    from_file = Action.from_json({"kind": "buy", "args": [3, "red"]})
    assert offered == from_file and hash(offered) == hash(from_file)
    assert {offered: 1}[from_file] == 1
    assert offered != Action("buy", (4, "red")) and offered != Action("sell", (3, "red"))
    assert offered != ("buy", (3, "red"))


def test_actions_cannot_change():
    action = Action("roll")
    with pytest.raises(AttributeError):
        action.kind = "pass"
    with pytest.raises(AttributeError):
        del action.args
    assert action.kind == "roll" and action.args == () and action.label == ""


def test_copies_and_pickles_keep_every_field():
    action = Action("place", (1, -2, 3), "Place it")
    for again in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert (again.kind, again.args, again.label) == ("place", (1, -2, 3), "Place it")
    assert "place" in repr(action) and "Place it" in repr(action)
