"""Snapshots of the Carcassonne screen at 80×24 and 120×40 (plain def tests: snap_compare
runs its own event loop). Positions come from fixed seeds and seeded random play."""

from ..apps import app_with, settle
from .positions import advance, after_turns, carc_table, person_to


def mid_game():
    return advance(carc_table(seed=3), after_turns(31), seed=4)


async def zoom_to(pilot, zoom):
    from dragon_tui.ui.games.carcassonne.grid import TileGrid

    await settle(pilot)
    for _ in range(3):
        if pilot.app.screen.query_one(TileGrid).zoom == zoom:
            break
        await pilot.press("z")
        await pilot.pause()


async def zoom_in(pilot):
    await zoom_to(pilot, "detailed")


async def zoom_out(pilot):
    await zoom_to(pilot, "compact")


def test_start_80x24(snap_compare):
    assert snap_compare(app_with(carc_table(seed=3)), terminal_size=(80, 24), run_before=settle)


def test_start_120x40(snap_compare):
    assert snap_compare(app_with(carc_table(seed=3)), terminal_size=(120, 40), run_before=settle)


def test_mid_game_compact_80x24(snap_compare):
    assert snap_compare(app_with(mid_game()), terminal_size=(80, 24), run_before=settle)


def test_mid_game_detailed_80x24(snap_compare):
    assert snap_compare(app_with(mid_game()), terminal_size=(80, 24), run_before=zoom_in)


def test_mid_game_compact_120x40(snap_compare):
    assert snap_compare(app_with(mid_game()), terminal_size=(120, 40), run_before=zoom_out)


def test_mid_game_detailed_120x40(snap_compare):
    assert snap_compare(app_with(mid_game()), terminal_size=(120, 40), run_before=zoom_in)


def test_mid_game_monochrome(snap_compare):
    assert snap_compare(app_with(mid_game(), theme="dragon-mono"), terminal_size=(80, 24), run_before=zoom_in)


def test_meeple_choice_80x24(snap_compare):
    table = advance(carc_table(seed=3), lambda s: s.turn >= 12 and person_to("figure")(s)
                    and sum(1 for a in s.legal_actions() if a.kind == "meeple") >= 3, seed=4)
    assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)


def test_meeple_choice_detailed_120x40(snap_compare):
    table = advance(carc_table(seed=3), lambda s: s.turn >= 12 and person_to("figure")(s)
                    and sum(1 for a in s.legal_actions() if a.kind == "meeple") >= 3, seed=4)
    assert snap_compare(app_with(table), terminal_size=(120, 40), run_before=zoom_in)


def dragon_step():
    return advance(carc_table(seed=3), lambda s: person_to("dragon")(s) and len(s.legal_actions()) >= 2, seed=4)


def test_dragon_step_80x24(snap_compare):
    assert snap_compare(app_with(dragon_step()), terminal_size=(80, 24), run_before=settle)


def test_dragon_step_detailed_120x40(snap_compare):
    assert snap_compare(app_with(dragon_step()), terminal_size=(120, 40), run_before=zoom_in)


def test_remaining_tiles_window(snap_compare):
    async def tiles(pilot):
        await settle(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(app_with(mid_game()), terminal_size=(80, 24), run_before=tiles)


def test_game_over_80x24(snap_compare):
    table = advance(carc_table(seed=3), lambda s: False, seed=4)
    assert table.state.is_over
    assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)


def test_game_over_board_120x40(snap_compare):
    async def close_dialog(pilot):
        await settle(pilot)
        await pilot.press("b")
        await pilot.pause()  # the final board opens on the whole map

    table = advance(carc_table(seed=3), lambda s: False, seed=4)
    assert snap_compare(app_with(table), terminal_size=(120, 40), run_before=close_dialog)


def test_five_players_80x24(snap_compare):
    table = advance(carc_table(seed=8, players=5), after_turns(26), seed=2)
    assert snap_compare(app_with(table), terminal_size=(80, 24), run_before=settle)


def test_five_players_meeple_choice_120x40(snap_compare):
    table = advance(carc_table(seed=8, players=5), lambda s: s.turn >= 20 and person_to("figure")(s), seed=2)
    assert snap_compare(app_with(table), terminal_size=(120, 40), run_before=settle)


def test_mid_game_light_theme(snap_compare):
    assert snap_compare(app_with(mid_game(), theme="dragon-light"), terminal_size=(80, 24), run_before=settle)


def test_replay_viewer_80x24(snap_compare):
    async def replay(pilot):
        await settle(pilot)
        pilot.app.screen.action_replay()
        await pilot.pause()
        await pilot.press("left", "left", "left")
        await pilot.pause()

    assert snap_compare(app_with(mid_game()), terminal_size=(80, 24), run_before=replay)


def five_seats_named_bot():
    """Four bots called "Bot 1".."Bot 4" and a person: the meeples read R B Y P W."""
    from dragon_tui.session import Seat, Table

    seats = [Seat("Ana")] + [Seat(f"Bot {n}", "bot", "random") for n in range(1, 5)]
    return advance(Table("carcassonne", seats, 8), after_turns(26), seed=2)


def test_five_seats_named_bot_80x24(snap_compare):
    assert snap_compare(app_with(five_seats_named_bot()), terminal_size=(80, 24), run_before=settle)


def test_five_seats_named_bot_whole_map_120x40(snap_compare):
    async def whole_map(pilot):
        await zoom_to(pilot, "map")

    assert snap_compare(app_with(five_seats_named_bot()), terminal_size=(120, 40), run_before=whole_map)
