import json

import pytest

from dragon_tui.engine import Action, IllegalAction, SaveFileError
from dragon_tui.session import Seat, Table, TurnController
from dragon_tui.session import storage


def people():
    return Table("crowns", [Seat("Ana"), Seat("Ben")], seed=5)


def vs_bot():
    return Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], seed=5)


def first(table, kind):
    return next(a for a in table.state.legal_actions() if a.kind == kind)


def roll_and_choose(table):
    table.apply(first(table, "roll"))
    if table.state.phase == "choose_die":
        table.apply(first(table, "die"))


def test_undo_takes_back_own_decisions_but_not_the_roll():
    t = people()
    t.apply(first(t, "roll"))
    assert t.undo_block() is not None  # the dice are out
    with pytest.raises(IllegalAction, match="revealed"):
        t.undo()
    while t.state.phase != "arm":
        t.apply(t.state.legal_actions()[0])
    phase_before = t.state.to_json()
    t.apply(first(t, "done"))
    assert t.undo_block(by_seat=0) is None
    t.undo(by_seat=0)
    assert t.state.to_json() == phase_before
    t.redo()
    assert t.state.active == 1


def test_new_action_clears_redo():
    t = people()
    roll_and_choose(t)
    while t.state.phase != "arm":
        t.apply(t.state.legal_actions()[0])
    t.apply(first(t, "done"))
    t.undo(by_seat=0)
    assert t.can_redo()
    t.apply(first(t, "done"))
    assert not t.can_redo()


def test_undo_is_refused_to_another_seat_when_the_asker_is_known():
    t = people()
    roll_and_choose(t)
    while t.state.phase != "arm":
        t.apply(t.state.legal_actions()[0])
    t.apply(first(t, "done"))  # now it is Ben's roll
    assert "Only the player" in t.undo_block(by_seat=1)
    assert t.undo_block(by_seat=0) is None
    t.apply(first(t, "roll"))
    assert "revealed" in t.undo_block()


def test_undo_never_crosses_a_bots_roll():
    t = vs_bot()
    c = TurnController(t)
    roll_and_choose(t)
    while t.state.phase != "arm":
        t.apply(t.state.legal_actions()[0])
    t.apply(first(t, "done"))
    c.play_bots()
    assert "another seat" in t.undo_block()


def test_action_for_the_wrong_seat_is_refused():
    t = people()
    with pytest.raises(IllegalAction, match="not your decision"):
        t.apply(first(t, "roll"), seat=1)
    assert t.moves == []


def test_illegal_action_leaves_table_unchanged():
    t = people()
    before = json.dumps(t.to_json())
    with pytest.raises(IllegalAction):
        t.apply(Action("attack"))
    assert json.dumps(t.to_json()) == before


def test_save_and_load_restore_the_exact_state(tmp_path):
    t = vs_bot()
    c = TurnController(t)
    for _ in range(3):
        roll_and_choose(t)
        while t.state.current_player == 0:
            t.apply(t.state.legal_actions()[-1])
        c.play_bots()
    path = tmp_path / "g.json"
    t.save(path)
    back = Table.load(path)
    assert back.state.to_json() == t.state.to_json()
    assert [m.action for m in back.moves] == [m.action for m in t.moves]
    assert back.seats == t.seats


def test_autosave_is_written_after_every_action():
    t = people()
    t.autosave_to = (storage.autosaves_dir() / "game.json")
    t.apply(first(t, "roll"))
    saved = Table.load((storage.autosaves_dir() / "game.json"))
    assert saved.state.to_json() == t.state.to_json()


@pytest.mark.parametrize(
    "content, message",
    [
        ("{not json", "damaged JSON"),
        ("[1, 2]", "not a Dragon TUI save"),
        ('{"format": "other"}', "not a Dragon TUI save"),
        ('{"format": "dragon-tui-save", "version": 99}', "version 99"),
        ('{"format": "dragon-tui-save", "version": 1, "game": "crowns"}', "damaged"),
        ('{"format": "dragon-tui-save", "version": 1, "game": "chess", "seed": 1, "options": {}, "seats": [], "moves": []}', "does not have"),
    ],
)
def test_corrupt_save_files_give_a_message(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(SaveFileError, match=message):
        Table.load(path)


def test_tampered_moves_or_state_are_caught(tmp_path):
    t = people()
    roll_and_choose(t)
    doc = t.to_json()
    doc["moves"].append({"kind": "attack", "args": []})
    with pytest.raises(SaveFileError, match="do not replay"):
        Table.from_json(doc)
    doc = t.to_json()
    doc["state"]["data"]["gold"] = [7, 7]
    with pytest.raises(SaveFileError, match="does not match"):
        Table.from_json(doc)


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "x.json"
    storage.write_json(target, {"a": 1})
    storage.write_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_missing_file_gives_a_message(tmp_path):
    with pytest.raises(SaveFileError, match="no save file"):
        Table.load(tmp_path / "nope.json")
