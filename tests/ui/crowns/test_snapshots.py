"""Snapshots of the Batalla de Coronas screen (plain def tests: snap_compare runs its own event
loop)."""

from ..apps import app_with, duel_table, settle
from .positions import played


def test_duel_at_80x24(snap_compare):
    assert snap_compare(app_with(played(duel_table())), terminal_size=(80, 24), run_before=settle)


def test_duel_at_120x40(snap_compare):
    assert snap_compare(app_with(played(duel_table())), terminal_size=(120, 40), run_before=settle)


def test_duel_start_in_light_theme(snap_compare):
    assert snap_compare(app_with(duel_table(), theme="dragon-light"), terminal_size=(80, 24), run_before=settle)


def test_duel_in_monochrome_theme(snap_compare):
    assert snap_compare(app_with(played(duel_table()), theme="dragon-mono"), terminal_size=(80, 24), run_before=settle)


def test_game_over(snap_compare):
    table = duel_table(seed=3)
    from dragon_tui.session import TurnController

    controller = TurnController(table)
    while not table.state.is_over:
        if table.state.current_player == 0:
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)


def test_replay_viewer(snap_compare):
    table = played(duel_table())

    async def open_replay(pilot):
        await settle(pilot)
        pilot.app.screen.action_replay()
        await pilot.pause()

    assert snap_compare(app_with(table), press=["left", "left"], terminal_size=(80, 24), run_before=open_replay)
