"""The table every screen, bot and server plays on: undo and redo, save -> load -> replay,
and a damaged save refused in one line."""

from __future__ import annotations

import json

import pytest

from dragon_tui.engine import IllegalAction, Rng, SaveFileError
from dragon_tui.session import Seat, Table

from .conftest import is_example, kit_players


def people_table(game, seed: int = 4) -> Table:
    """A hot-seat table: every seat a person at this keyboard."""
    return Table(game.id, [Seat(f"P{i + 1}") for i in range(kit_players(game))], seed)


def play(table: Table, moves: int, seed: int = 9) -> None:
    chooser = Rng(seed)
    while not table.state.is_over and len(table.moves) < moves:
        table.apply(chooser.choice(table.state.legal_actions()))


def test_undo_takes_a_decision_back_and_redo_plays_it_again(game):
    table = people_table(game)
    chooser = Rng(2)
    for _ in range(300):
        assert not table.state.is_over, "no decision in the game could be taken back"
        before = table.state.to_json()
        table.apply(chooser.choice(table.state.legal_actions()))
        seat = table.moves[-1].seat
        if table.undo_block(by_seat=seat) is None:
            break
    after = table.state.to_json()
    count = len(table.moves)
    table.undo(by_seat=seat)
    assert table.state.to_json() == before and len(table.moves) == count - 1 and table.can_redo()
    table.redo()
    assert table.state.to_json() == after and len(table.moves) == count and not table.can_redo()


def test_a_decision_that_revealed_something_cannot_be_undone(game):
    for seed in range(5):  # a few games, until one reveals something (most do at once)
        table = people_table(game, seed)
        chooser = Rng(6 + seed)
        while not table.state.is_over and not (table.moves and table.moves[-1].revealed):
            table.apply(chooser.choice(table.state.legal_actions()))
        if not table.state.is_over:
            break
    else:
        pytest.skip(f"{game.title} revealed nothing in five games")
    before = table.state.to_json()
    with pytest.raises(IllegalAction):
        table.undo(by_seat=table.moves[-1].seat)
    assert table.state.to_json() == before


def test_save_load_and_replay_give_the_same_game(game, tmp_path):
    table = people_table(game)
    play(table, 10**6 if is_example(game) else 40)
    path = tmp_path / "game.json"
    table.save(path)
    again = Table.load(path)  # replays every move from the seed
    assert again.state.to_json() == table.state.to_json()
    assert [m.action for m in again.moves] == [m.action for m in table.moves]
    assert [s.to_json() for s in again.states] == [s.to_json() for s in table.states]
    if is_example(game):
        assert again.state.is_over and again.state.winners() == table.state.winners()


def test_a_damaged_save_is_refused_in_one_line(game, tmp_path):
    table = people_table(game)
    play(table, 6)
    doc = table.to_json()
    doc["moves"][-1]["args"] = ["no such argument"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveFileError) as info:
        Table.load(path)
    assert "\n" not in str(info.value) and str(info.value)
    path.write_text(json.dumps(table.to_json())[:-40])
    with pytest.raises(SaveFileError):
        Table.load(path)


def test_the_score_charts_and_the_help_read_the_game(game):
    """The review's charts plot a series per seat over the whole game (a game without its own
    measures gets its points); the help screen has the game's rules."""
    from dragon_tui.session.charts import score_charts

    table = people_table(game)
    play(table, 20)
    charts = score_charts(game.id, table.states)
    assert charts
    for chart in charts:
        assert len(chart.series) == kit_players(game)
        assert all(len(series) == len(table.moves) + 1 for series in chart.series)
    text = game.help_markdown()
    assert text.startswith("# ") and len(text.splitlines()) > 3
