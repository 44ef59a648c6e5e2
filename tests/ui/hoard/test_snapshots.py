"""Dragon's Hoard screens as pictures (plain def tests: snap_compare runs its own loop)."""

import pytest

from dragon_tui.ui.screens.dialogs import PassScreen

from ..apps import app_with, settle
from .positions import after_person_moves, hoard_table, play_until

SMALL, LARGE = (80, 24), (120, 40)


def test_two_players_start_80x24(snap_compare):
    assert snap_compare(app_with(hoard_table(2)), terminal_size=SMALL, run_before=settle)


def test_four_players_start_80x24(snap_compare):
    assert snap_compare(app_with(hoard_table(4)), terminal_size=SMALL, run_before=settle)


def test_four_players_mid_game_80x24(snap_compare):
    table = after_person_moves(hoard_table(4, seed=5), 40)
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


def test_two_players_mid_game_80x24(snap_compare):
    table = after_person_moves(hoard_table(2, seed=1), 60)
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


def test_two_players_start_120x40(snap_compare):
    assert snap_compare(app_with(hoard_table(2)), terminal_size=LARGE, run_before=settle)


def test_four_players_start_120x40(snap_compare):
    assert snap_compare(app_with(hoard_table(4)), terminal_size=LARGE, run_before=settle)


def test_two_players_mid_game_120x40(snap_compare):
    table = after_person_moves(hoard_table(2, seed=1), 60)
    assert snap_compare(app_with(table), terminal_size=LARGE, run_before=settle)


def test_four_players_mid_game_120x40(snap_compare):
    table = after_person_moves(hoard_table(4, seed=5), 40)
    assert snap_compare(app_with(table), terminal_size=LARGE, run_before=settle)


def _paying(state) -> bool:
    return state.phase == "pay" and state.current_player == 0 and len(state.pay["paid"]) >= 1 and state.round >= 4


def test_paying_for_a_treasure_80x24(snap_compare):
    table = play_until(hoard_table(4, seed=1), _paying)
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


def test_paying_for_a_treasure_120x40(snap_compare):
    table = play_until(hoard_table(2, seed=3), _paying)
    assert snap_compare(app_with(table), terminal_size=LARGE, run_before=settle)


def test_four_players_in_monochrome_80x24(snap_compare):
    table = after_person_moves(hoard_table(4, seed=5), 40)
    assert snap_compare(app_with(table, theme="dragon-mono"), terminal_size=SMALL, run_before=settle)


def test_three_players_in_light_theme_120x40(snap_compare):
    table = after_person_moves(hoard_table(3, seed=2), 40)
    assert snap_compare(app_with(table, theme="dragon-light"), terminal_size=LARGE, run_before=settle)


async def _until_pass_screen(pilot):
    """Ana takes the keyboard (the game opens on the pass screen) and plays with Enter until
    the keyboard must pass to Ben."""
    assert isinstance(pilot.app.screen, PassScreen)
    await pilot.press("enter")
    await pilot.pause()
    for _ in range(200):
        if isinstance(pilot.app.screen, PassScreen):
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the pass screen never came")


def test_pass_screen_in_hot_seat_80x24(snap_compare):
    assert snap_compare(app_with(hoard_table(2, hotseat=True)), terminal_size=SMALL, run_before=_until_pass_screen)


def test_after_the_pass_screen_ben_sees_his_hand_80x24(snap_compare):
    async def pass_on(pilot):
        await _until_pass_screen(pilot)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app_with(hoard_table(2, hotseat=True)), terminal_size=SMALL, run_before=pass_on)


@pytest.mark.slow
def test_game_over_80x24(snap_compare):
    table = play_until(hoard_table(4, seed=3), lambda s: False)
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


@pytest.mark.slow
def test_board_after_game_over_120x40(snap_compare):
    table = play_until(hoard_table(2, seed=3), lambda s: False)

    async def see_board(pilot):
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()

    assert snap_compare(app_with(table), terminal_size=LARGE, run_before=see_board)


def test_answering_an_action_card_with_a_battle_80x24(snap_compare):
    table = play_until(hoard_table(4, seed=1), _knight_on_ana)
    assert table.state.pending["kind"] == "knight"
    assert snap_compare(app_with(table), terminal_size=SMALL, run_before=settle)


def _knight_on_ana(state) -> bool:
    return state.phase == "react" and state.current_player == 0 and state.pending["target"] == 0
