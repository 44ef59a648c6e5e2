"""Pilot tests: Carcassonne played with real key presses on the running app."""

import pytest

from dragon_tui.games.carcassonne.data import CANON
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.games.carcassonne.grid import TileGrid

from ..apps import app_with, settle
from .positions import carc_table


def keys_to(cursor, target):
    (cx, cy), (tx, ty) = cursor, target
    keys = ["right" if tx > cx else "left"] * abs(tx - cx)
    keys += ["down" if ty > cy else "up"] * abs(ty - cy)
    return keys


async def test_place_tiles_with_cursor_keys_rotate_and_enter():
    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(TileGrid)
        assert grid.has_focus
        for turn in range(4):
            state = table.state
            assert state.phase == "place"
            # Aim for the last legal position in the list (rarely where the cursor starts).
            target = state.legal_actions()[-1]
            x, y, rot = target.args
            await pilot.press(*keys_to(grid.cursor, (x, y)))
            assert grid.cursor == (x, y)
            for _ in range(4):
                if CANON[state.tile][grid.rot] == rot:
                    break
                await pilot.press("r")
            assert grid.fits_here()
            tile = state.tile
            await pilot.press("enter")
            await settle(pilot)
            assert table.state.board[f"{x},{y}"][0] == tile
            if table.state.phase == "figure":
                await pilot.press("0")  # no meeple
                await settle(pilot)
            while table.state.phase == "dragon":
                await pilot.press("1")
                await settle(pilot)
        assert len(table.state.board) == 5


async def test_vim_keys_tab_zoom_and_tiles_window():
    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(TileGrid)
        start = grid.cursor
        await pilot.press("l", "j", "h", "k")
        assert grid.cursor == start
        spots = sorted({(a.args[0], a.args[1]) for a in table.state.legal_actions()}, key=lambda p: (p[1], p[0]))
        seen = set()
        for _ in range(len(spots)):
            await pilot.press("tab")
            seen.add(grid.cursor)
            assert grid.fits_here()  # tab picks a rotation that fits
        assert seen == set(spots)
        here = grid.cursor
        await pilot.press("p")
        before = grid.cursor
        assert before != here or len(spots) == 1
        await pilot.press("tab")
        assert grid.cursor == here
        await pilot.press("N")
        assert grid.cursor == before
        await pilot.press("z")  # compact → the whole map → detailed → compact
        assert grid.zoom == "map"
        await pilot.press("z")
        assert grid.zoom == "detailed"
        await pilot.press("z")
        assert grid.zoom == "compact"
        await pilot.press("t")
        assert not grid.display and app.screen.query_one("#carc-remaining").display
        await pilot.press("escape")  # closes the window, stays in the game
        assert grid.display and grid.has_focus
        await pilot.press("n", "enter")
        await settle(pilot)
        assert len(table.state.board) == 2


async def test_meeple_spot_by_number_key():
    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        state = table.state
        assert state.phase == "figure"
        spot = next(a for a in state.legal_actions() if a.kind == "meeple")
        await pilot.press(str(spot.args[2] + 1))
        await settle(pilot)
        assert table.state.meeples == [[0, f"{spot.args[0]},{spot.args[1]}", spot.args[2]]]
        assert table.state.meeples_left(0) == 6


@pytest.mark.slow
async def test_whole_two_player_game_against_a_bot_with_keys_only():
    table = carc_table(seed=5, bot=True, level="random")
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = 0
        while not table.state.is_over:
            state = table.state
            assert state.current_player == 0  # the bot has always finished
            if state.phase == "place":
                await pilot.press("enter")  # the cursor starts on a place where the tile fits
            elif state.phase == "figure":
                meeples = [a for a in state.legal_actions() if a.kind == "meeple" and a.args[:2] == tuple(map(int, state.placed.split(",")))]
                await pilot.press(str(meeples[0].args[2] + 1) if meeples and presses % 3 == 0 else "0")
            else:
                await pilot.press("1")
            await settle(pilot)
            presses += 1
            assert presses < 1000
        assert isinstance(app.screen, GameOverScreen)
        assert any(m.seat == 0 for m in table.moves) and any(m.seat == 1 for m in table.moves)
        assert sum(1 for m in table.moves if m.action.kind == "place") > 60


async def test_click_a_position_then_click_again_to_place():
    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(TileGrid)
        x, y, _ = table.state.legal_actions()[-1].args
        # Find the screen offset of that position from the grid's own geometry.
        tw, th = 5, 3
        cols, rows, px, py, _, _ = grid._window()
        ox, oy = grid.origin
        offset = (px + (x - ox) * tw + 2, py + (y - oy) * th + 1)
        await pilot.click(TileGrid, offset=offset)
        assert grid.cursor == (x, y) and grid.fits_here()
        await pilot.click(TileGrid, offset=offset)
        await settle(pilot)
        assert f"{x},{y}" in table.state.board


async def test_replay_steps_with_arrows_and_follows_the_last_tile():
    from .positions import advance, after_turns

    table = advance(carc_table(seed=3), after_turns(12), seed=4)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_replay()
        await pilot.pause()
        replay = app.screen
        end = replay.position
        await pilot.press("left", "left")
        await pilot.pause()
        assert replay.position == end - 2
        grid = replay.query_one(TileGrid)
        placed = table.states[end - 2].placed
        assert grid.cursor == tuple(int(v) for v in placed.split(","))
        await pilot.press("home")
        await pilot.pause()
        assert replay.position == 0 and grid.cursor == (0, 0)


def screen_rows(app, widget):
    """The widget's rows of text as painted on the screen."""
    region = widget.region
    strips = app.screen._compositor.render_strips()
    return [strips[y].text[region.x:region.right] for y in range(region.y, region.bottom)]


async def test_rulers_name_the_columns_and_rows_and_follow_the_cursor():
    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    for size, zoom in (((80, 24), "compact"), ((120, 40), "detailed")):
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            grid = app.screen.query_one(TileGrid)
            assert grid.zoom == zoom
            tw, th = grid.tile_size()
            cols, rows, px, py, left, top = grid._window()
            assert left and top
            ox, oy = grid.origin
            lines = screen_rows(app, grid)
            x0 = grid.cursor[0]
            at = px + (x0 - ox) * tw + (tw - len(str(x0))) // 2
            assert lines[py - 1][at:at + len(str(x0))] == str(x0)  # the cursor's column
            y_line = lines[py + (grid.cursor[1] - oy) * th + th // 2]
            assert y_line[:px].strip() == str(grid.cursor[1])  # and its row
            await pilot.press("down")
            await pilot.pause()
            lines = screen_rows(app, grid)
            y_line = lines[py + (grid.cursor[1] - grid.origin[1]) * th + th // 2]
            assert y_line[:px].strip() == str(grid.cursor[1])
        app = app_with(carc_table(seed=3, bot=False))


@pytest.mark.slow
async def test_f3_moves_the_cursor_to_the_hinted_place():
    from dragon_tui.ui.widgets.action_list import ActionList

    table = carc_table(seed=3, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        grid = app.screen.query_one(TileGrid)
        await pilot.press(*["up"] * 6)  # away from every place the tile can go
        assert not grid.legal_here()
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await settle(pilot)
        hinted = app.screen.query_one(ActionList).highlighted_action()
        assert hinted.kind == "place"
        assert grid.cursor == hinted.args[:2]
        assert grid.fits_here() and grid.chosen_action() == hinted  # turned as the hint turns it
        await pilot.press("enter")
        await settle(pilot)
        assert table.moves[-1].action == hinted


@pytest.mark.slow
async def test_the_final_board_opens_with_the_whole_map_in_sight():
    from dragon_tui.games.carcassonne.board import xy

    from .positions import advance

    from dragon_tui.ui.games.carcassonne.grid import MAP_SIZES

    table = advance(carc_table(seed=3), lambda s: False, seed=4)
    cells = [xy(pos) for pos in table.state.board]
    left, right = min(x for x, _ in cells), max(x for x, _ in cells)
    top, bottom = min(y for _, y in cells), max(y for _, y in cells)
    assert (right - left + 1, bottom - top + 1) == (17, 16)
    for size in ((120, 40), (80, 24)):
        app = app_with(table)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("b")  # see the board
            await settle(pilot)
            grid = app.screen.query_one(TileGrid)
            assert grid.zoom == "map"
            cols, rows, _, _, _, _ = grid._window()
            ox, oy = grid.origin
            if size == (120, 40):  # every tile in sight, 3×1 characters each
                assert grid.tile_size() == (3, 1)
                assert ox <= left and right < ox + cols and oy <= top and bottom < oy + rows
            else:  # 16 rows of tiles cannot fit in 15 lines: the smallest tiles, the middle in sight
                assert grid.tile_size() == MAP_SIZES[-1]
                assert ox <= left and right < ox + cols
                assert oy <= (top + bottom) // 2 < oy + rows
            await pilot.press("z")  # and z zooms back in
            assert grid.zoom == "detailed"


def test_meeple_letters_are_distinct_for_bots_named_alike():
    from dragon_tui.session import Seat, Table
    from dragon_tui.ui.games.carcassonne.board import SEAT_COLOURS, seat_letters

    seats = [Seat(f"Bot {n}", "bot", "random") for n in range(1, 5)] + [Seat("Ana")]
    table = Table("carcassonne", seats, 3)
    letters = seat_letters(table.names)
    assert letters == ["R", "B", "Y", "P", "W"]
    assert [colour[0].upper() for colour in SEAT_COLOURS] == letters
    assert len(set(letters)) == 5


async def test_five_seats_named_bot_show_their_colour_letters_on_the_board():
    from dragon_tui.session import Seat, Table

    from .positions import advance

    seats = [Seat("Ana")] + [Seat(f"Bot {n}", "bot", "random") for n in range(1, 5)]
    table = advance(Table("carcassonne", seats, 8), lambda s: s.turn >= 20 and s.current_player == 0
                    and s.phase == "place", seed=2)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scores = screen_rows(app, app.screen.query_one("#carc-scores"))
        for seat, letter in enumerate("RBYPW"):
            assert any(line.strip().lstrip("▶").startswith(f"{letter} {table.names[seat]}") for line in scores), scores
