"""Every row of a long action list has its own key: 1–9, then a–z, then
A–Z, skipping the keys the game screen binds; pressing a row's key plays that row."""

from __future__ import annotations

from dragon_tui.engine import Rng
from dragon_tui.session import Seat, Table, TableModel, assign_keys
from dragon_tui.ui.screens.game import GameScreen

from .apps import app_with, settle


def test_keys_go_past_nine_skipping_the_game_keys_and_the_reserved_ones():
    keys = assign_keys([None] * 12 + ["a"] + [None] * 30, frozenset("bu"))
    assert keys[:9] == list("123456789")
    assert keys[9:13] == ["c", "d", "e", "a"]  # 'a' is the game's own, 'b' is reserved
    assert "u" not in keys and len(set(keys)) == len(keys) == 43
    assert keys[-1] == "J"  # after z come the capitals: 9 digits + 23 letters + A–J
    assert assign_keys([None] * 70)[-9:] == [None] * 9  # only when all 61 keys are used up


def random_position(game_id: str, seed: int, moves: int) -> Table:
    """Ana (a person) and two bots, after ``moves`` random moves from the seed; Ana decides."""
    table = Table(game_id, [Seat("Ana"), Seat("Bo", "bot", "random"), Seat("Cy", "bot", "random")], seed)
    chooser = Rng(seed * 3)
    for _ in range(moves):
        table.apply(chooser.choice(table.state.legal_actions()))
    assert table.state.current_player == 0
    return table


def hoard_13_rows() -> Table:
    table = random_position("hoard", 1, 91)
    assert len(table.state.legal_actions()) == 13  # discarding down to ten: 13 cards in hand
    return table


def cleric_favor() -> Table:
    table = random_position("throne", 14, 964)
    assert table.state.phase == "cleric" and len(table.state.legal_actions()) >= 30
    return table


async def _every_row_has_a_key_and_the_last_row_plays(table: Table, size=(80, 24)) -> None:
    app = app_with(table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        choices = screen.snapshot.choices
        keys = [c.key for c in choices]
        assert all(keys) and len(set(keys)) == len(keys)
        bound = screen._keys_in_use()
        assert "u" in bound  # undo: never a choice's key
        assert not set(keys) & bound
        # The list shows each row's key in front of its label.
        rows = screen.query_one("#actions")
        shown = [str(rows.get_option_at_index(i).prompt) for i in range(rows.option_count)]
        assert [row.split(" ", 1)[0] if row[0] != " " else row[1] for row in shown] == keys
        last = choices[-1]
        moves = len(table.moves)
        await pilot.press(last.key)
        await pilot.pause()
        assert table.moves[moves].action == last.action


async def test_hoard_thirteen_rows_all_have_keys():
    await _every_row_has_a_key_and_the_last_row_plays(hoard_13_rows())


async def test_princes_cleric_favor_rows_all_have_keys():
    await _every_row_has_a_key_and_the_last_row_plays(cleric_favor(), size=(120, 40))


def test_the_model_alone_gives_every_row_a_key():
    model = TableModel(cleric_favor(), reserved_keys=frozenset("uv"))
    keys = [c.key for c in model.snapshot.choices]
    assert all(keys) and len(set(keys)) == len(keys) and not {"u", "v"} & set(keys)
