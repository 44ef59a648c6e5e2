"""Saves written before the engines were sped up still load and replay to the same
positions. The files in data/saves were written with tests/engine/make_replay_saves.py by the engines
as they were before the speed-up: main at 4cf908a, except the Court, Crowns and Princes files,
written at 2bea09a (after the rule decisions for those games changed their default play,
still before the speed-up; the Crowns file again when the Treasurer stopped asking, rules
revision 3); loading replays every move from the seed through ``apply`` (the
fast legality path included) and compares the result with the position the file recorded.

The log is compared without its words (``without_log``): it is text about the moves, and
rewording it changes no position.

A deliberate rule change may make an old save stop replaying; then regenerate the files with
that script from the commit before the change, and say so in the commit message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragon_tui.engine import Action
from dragon_tui.games import GAMES
from dragon_tui.session import Table
from dragon_tui.session.table import recorded_position, without_log

SAVES = sorted((Path(__file__).parent / "data" / "saves").glob("*.json"))


def test_the_old_saves_are_there():
    assert {p.name.split("-")[0] for p in SAVES} == set(GAMES)


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_old_save_loads_and_replays_to_the_recorded_position(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    table = Table.load(path)  # replays the moves and checks the recorded position itself
    # A save predating a rule option replays under the reading it was played by
    # (RuleOption.earlier), and its recorded position is read with it.
    assert without_log(table.state.to_json()) == recorded_position(table.game, doc["state"])
    assert len(table.moves) == len(doc["moves"]) > 0
    # The engine alone, step by step: every move is legal where it was made, the position
    # after it equals the one the table rebuilt, and the last one is the recorded position.
    game = GAMES[doc["game"]]
    state = game.new_state(len(doc["seats"]), doc["seed"], **game.recorded_options(doc["options"]))
    for i, entry in enumerate(doc["moves"]):
        action = Action.from_json(entry)
        assert state.quick_legal(action) <= (action in state.legal_actions()), f"move {i}"
        state.apply(action)
        assert state.to_json() == table.states[i + 1].to_json(), f"position after move {i}"
    assert without_log(state.to_json()) == recorded_position(game, doc["state"])
    assert state.is_over == doc["over"]
