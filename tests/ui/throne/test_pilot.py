"""Pilot tests for Princes of the Dragon Throne: real key presses on the running app."""

import pytest

from dragon_tui.session import Table, TurnController
from dragon_tui.ui.games.throne.board import Board
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.widgets.action_list import ActionList
from dragon_tui.ui.games.throne.guilds import by_guild, guild_of

from ..apps import app_with, settle
from .positions import throne_table

OPENING = 30


def until(table, ready):
    """Play greedy moves for every seat until ``ready(state)`` holds for the person (seat 0)."""
    controller = TurnController(table)
    for _ in range(2000):
        s = table.state
        if s.current_player == 0 and ready(s):
            return table
        seat = s.current_player
        table.apply(controller.think(seat), seat)
    raise AssertionError("position not reached")


def can_deploy(s):
    return s.phase == "main" and s.main is None and any(a.kind == "deploy" for a in s.legal_actions())


async def focus(pilot, widget):
    """Tab until ``widget`` has the focus (keys only)."""
    for _ in range(4):
        if pilot.app.focused is widget:
            return
        await pilot.press("tab")
    assert pilot.app.focused is widget


async def walk_to(pilot, board, gi):
    """Arrow keys from the cursor to guild ``gi``."""
    k, g = divmod(board.cursor, 6)
    tk, tg = divmod(gi, 6)
    for _ in range(abs(tk - k)):
        await pilot.press("down" if tk > k else "up")
    for _ in range(abs(tg - g)):
        await pilot.press("right" if tg > g else "left")
    assert board.cursor == gi


async def press_for(pilot, action):
    """Take ``action`` with keys only: a guild by arrows + Enter, else its key in the list,
    else by walking the list's highlight."""
    screen = pilot.app.screen
    board = screen.query_one(Board)
    actions = screen.query_one(ActionList)
    gi = guild_of(action)
    if gi is not None and by_guild(actions.actions)[gi] == [action]:
        await focus(pilot, board)
        await walk_to(pilot, board, gi)
        await pilot.press("enter")
        return "board"
    key = next((c.key for c in screen.snapshot.choices if c.action == action and c.key), None)
    if key is not None:
        assert actions.action_for_key(key) == action
        await pilot.press(key)
        return "key"
    await focus(pilot, actions)
    await pilot.press("home")
    for _ in range(actions.actions.index(action)):
        await pilot.press("down")
    await pilot.press("enter")
    return "list"


@pytest.mark.slow
async def test_keys_go_where_the_decision_is_list_then_board():
    """docs/playing.md, Keys: ↑/↓/Enter pick from the list; when the decision is a place on the board
    the arrows move the board's cursor and Enter takes the choice under it."""
    table = until(throne_table(2, seed=3), can_deploy)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        actions = app.screen.query_one(ActionList)
        assert app.focused is actions  # gather, recruit, deploy...: the list has the keys
        grid = app.screen.query_one("#throne-guilds")
        assert not grid.painter.focused and "▷" in grid._shown.plain  # the board's cursor shows it is idle
        cursor = board.cursor
        await pilot.press("down")
        assert actions.highlighted == 1 and board.cursor == cursor
        await pilot.press("up")
        assert actions.highlighted == 0
        deploy = next(a for a in table.state.legal_actions() if a.kind == "deploy")
        assert await press_for(pilot, deploy) == "key"
        await pilot.pause()
        state = table.state
        assert state.phase == "deploy_to"
        assert app.focused is board  # where to deploy is a guild: the board has the keys
        assert grid.painter.focused and "▶" in grid._shown.plain
        targets = sorted(guild_of(a) for a in state.legal_actions() if a.kind == "deploy_to")
        k, g = divmod(cursor, 6)
        nearest = min(targets, key=lambda gi: (abs(gi // 6 - k) + abs(gi % 6 - g), gi))
        assert board.cursor == (cursor if cursor in targets else nearest)
        target = targets[-1]
        before = state.supporters[target][0]
        await walk_to(pilot, board, target)
        assert "Enter: Deploy" in str(app.screen.query_one("#throne-guilds").border_subtitle)
        await pilot.press("enter")
        await settle(pilot)
        assert table.moves[-1].action.kind == "deploy_to" or table.state.supporters[target][0] == before + 1
        assert any(m.action == type(deploy)("deploy_to", (target,)) and m.seat == 0 for m in table.moves)


@pytest.mark.slow
async def test_the_cursor_stops_at_the_edges_and_stays_on_a_choice():
    table = until(throne_table(2, seed=3), lambda s: s.phase == "deploy_to")
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        assert app.focused is board
        await walk_to(pilot, board, 0)
        await pilot.press("up", "left")  # no wrapping round to the far side
        assert board.cursor == 0
        await walk_to(pilot, board, 35)
        await pilot.press("down", "right")
        assert board.cursor == 35
        targets = sorted(guild_of(a) for a in table.state.legal_actions())
        await walk_to(pilot, board, targets[-1])
        board.offered = list(board.offered)  # the same decision offered again (a redraw)
        await pilot.pause()
        assert board.cursor == targets[-1]  # not back to the first target


async def test_enter_on_a_guild_without_a_choice_says_why():
    from dragon_tui.engine import Action

    table = until(throne_table(2, seed=3), lambda s: s.phase == "deploy_to")
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        targets = {guild_of(a) for a in table.state.legal_actions()}
        elsewhere = min(set(range(36)) - targets)
        await walk_to(pilot, board, elsewhere)
        moves = len(table.moves)
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.moves) == moves
        reason = table.state.why_illegal(Action("deploy_to", (elsewhere,)))
        assert reason and "guild" in reason  # the rules' own words, naming the guild
        assert any(n.message == reason for n in app._notifications)


@pytest.mark.slow
async def test_f3_moves_the_cursor_to_the_hinted_guild():
    table = until(throne_table(2, seed=3), lambda s: s.phase == "deploy_to")
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        targets = sorted(guild_of(a) for a in table.state.legal_actions())
        away = next(gi for gi in range(36) if gi not in targets)
        await walk_to(pilot, board, away)
        await pilot.press("f3")
        await app.workers.wait_for_complete()
        await settle(pilot)
        hinted = app.screen.query_one(ActionList).highlighted_action()
        assert guild_of(hinted) in targets
        assert board.cursor == guild_of(hinted)


async def test_enter_without_any_guild_choice_takes_the_highlighted_one():
    table = throne_table(2, seed=3)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = app.screen.query_one(ActionList).actions[0]
        assert not by_guild(app.screen.query_one(ActionList).actions)
        await pilot.press("enter")
        await settle(pilot)
        assert any(m.action == first and m.seat == 0 for m in table.moves)


async def test_v_switches_the_views_at_80x24():
    app = app_with(throne_table(2, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        assert board.has_class("-compact") and board.has_class("-show-guilds")
        shown = []
        for _ in range(3):
            await pilot.press("v")
            await pilot.pause()
            shown.append([w.id for w in board.query(".throne-panel") if w.display and w.parent.display])
        assert shown == [["throne-players", "throne-hand"], ["throne-houses", "throne-track"], ["throne-guilds"]]
        await pilot.press("v")
        await focus(pilot, board)
        await pilot.press("down")  # an arrow on the board brings the guilds back
        assert board.shown == "guilds"


async def play_with_keys(pilot, table, limit):
    """The person plays what the greedy bot would, but only through key presses: guilds by
    arrows and Enter on the board, other choices by their keys or by walking the list."""
    helper = TurnController(table)
    ways = {"board": 0, "key": 0, "list": 0}
    for _ in range(limit):
        if table.state.is_over:
            break
        assert table.state.current_player == 0  # the bot has always finished
        ways[await press_for(pilot, helper.think(0))] += 1
        await settle(pilot)
    return ways


@pytest.mark.slow
async def test_opening_turns_against_the_bot_with_keys_only():
    """A whole game takes ~200 decisions of the person and ~90 s under the pilot, too slow for
    the suite: the opening is played here, the last turns to game over in the next test."""
    table = throne_table(2, seed=2)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        ways = await play_with_keys(pilot, table, OPENING)
        # Which ways the opening needs depends on the bots' play: go on (bounded) until the
        # person has used both. (Walking the list is never needed: every row has a key.)
        for _ in range(6):
            if ways["board"] and ways["key"]:
                break
            for way, count in (await play_with_keys(pilot, table, 10)).items():
                ways[way] += count
    assert ways["board"] and ways["key"] and not ways["list"], ways
    assert {m.seat for m in table.moves} == {0, 1}
    assert table.state.turn >= 8


def last_decisions(table, left: int):
    """``table`` at the person's ``left``-th decision before the end of the game the greedy bot
    plays for every seat (as ``until`` plays it): played to the end on a copy, then the moves
    up to there applied to ``table`` (thinking each move once)."""
    scratch = Table.from_json(table.to_json())
    controller = TurnController(scratch)
    moves, decisions = [], []
    while not scratch.state.is_over:
        seat = scratch.state.current_player
        if seat == 0:
            decisions.append(len(moves))
        moves.append((controller.think(seat), seat))
        scratch.apply(*moves[-1])
    for action, seat in moves[:decisions[-left]]:
        table.apply(action, seat)
    return table


@pytest.mark.slow
async def test_last_turns_to_game_over_against_the_bot_with_keys_only():
    """The end of the game with keys only: the person's last decisions (the bots' moves in the
    app may differ from the copy's, so the game is given room to run longer), then game over.
    Each decision under the pilot costs a second or more, so the game is entered near its end."""
    table = last_decisions(throne_table(2, seed=2), 6)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await play_with_keys(pilot, table, 40)
        assert table.state.is_over
        assert isinstance(app.screen, GameOverScreen)
    assert table.state.winners()


@pytest.mark.slow
async def test_hot_seat_shows_only_the_deciding_players_hand():
    from dragon_tui.ui.screens.dialogs import PassScreen

    table = throne_table(2, seed=3, people=2)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # Hands are hidden from the very first turn: the game opens on the pass screen.
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await pilot.pause()
        board = app.screen.query_one(Board)
        hand = app.screen.query_one("#throne-hand")
        first = table.state.current_player
        assert board.viewer(board.view) == first
        assert hand.border_title.startswith(table.names[first])
        await pilot.press("1", "e")  # gather once, end the turn: the other person decides
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        assert all(c == -1 for h in board.view.hand for c in h)
        assert board.viewer(board.view) is None and hand.border_title == "Hands hidden"
        await pilot.press("enter")
        await pilot.pause()
        second = table.state.current_player
        assert second != first
        assert board.viewer(board.view) == second
        assert hand.border_title.startswith(table.names[second])
        assert all(c == -1 for c in board.view.hand[first])


@pytest.mark.slow
async def test_resizing_switches_layouts_and_themes_repaint():
    app = app_with(throne_table(2, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        assert not board.has_class("-compact")
        assert all(w.display for w in board.query(".throne-panel"))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert board.has_class("-compact")
        assert "v: players & hand" in str(app.screen.query_one("#throne-guilds").border_subtitle)
        for _ in range(3):  # every theme, the monochrome one included
            await pilot.press("ctrl+t")
            await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not board.has_class("-compact")
        assert "v:" not in str(app.screen.query_one("#throne-guilds").border_subtitle)


def holds_soldier_favor(s):
    from dragon_tui.games.throne.data import SOLDIER, card

    return s.phase == "main" and any(a.kind == "favor" and card(a.args[0]).guild == SOLDIER
                                     for a in s.legal_actions())


@pytest.mark.slow
async def test_two_choices_in_one_guild_are_picked_in_the_list_then_the_board_has_the_keys():
    table = until(throne_table(2, seed=4), holds_soldier_favor)
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        actions = app.screen.query_one(ActionList)
        favor = next(a for a in table.state.legal_actions() if a.kind == "favor" and "Soldier" in a.describe())
        await press_for(pilot, favor)
        await pilot.pause()
        assert table.state.phase == "soldier"
        source = board.cursor  # jumped to the first guild with a King's Guard
        assert {a.kind for a in board.cell_actions()} == {"kg_from", "kg_take"}
        await focus(pilot, board)
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is actions  # the list holds the two choices of this guild
        assert actions.actions[actions.highlighted] == board.cell_actions()[0]
        await pilot.press("enter")  # the highlighted one: move a King's Guard out of it
        await pilot.pause()
        assert table.moves[-1].action.kind == "kg_from"
        assert table.state.phase == "soldier_to"
        assert app.focused is board  # where it goes is a guild: the board has the keys again
        target = next(gi for gi in range(36) if gi != source and table.state.has_space(gi))
        await walk_to(pilot, board, target)
        kg = table.state.guards[target]
        await pilot.press("enter")
        await pilot.pause()
        assert table.state.guards[target] == kg + 1


@pytest.mark.slow
async def test_replay_after_the_game_keeps_the_arrows_for_stepping():
    from dragon_tui.ui.screens.replay import ReplayScreen

    from .test_snapshots import over

    table = over()
    app = app_with(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")  # see the board: the final scores are the real ones, not the view's
        await pilot.pause()
        players = app.screen.query_one("#throne-players")
        final = ", ".join(f"{n} {int(x)}" for n, x in zip(table.names, table.state.scores()))
        assert players.border_title.endswith(final)
        app.screen.action_replay()
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        end = replay.position
        await pilot.press("left", "left")
        await pilot.pause()
        assert replay.position == end - 2
        await pilot.press("home")
        await pilot.pause()
        assert replay.position == 0


async def test_the_five_panels_are_laid_out_guilds_over_the_width_then_side_by_side():
    """At 120×40 the guilds span the board's width, the players sit beside the hand and the
    houses beside the track, below them (the compact view at 80×24: ``test_v_switches_the_views_at_80x24``)."""
    app = app_with(throne_table(2, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        region = {name: board.query_one(f"#throne-{name}").region
                  for name in ("guilds", "players", "hand", "houses", "track")}
        assert region["guilds"].width == board.content_region.width
        for left, right in (("players", "hand"), ("houses", "track")):
            assert region[left].y == region[right].y and region[left].right == region[right].x
            assert region[left].right + region[right].width == board.content_region.right
        assert region["players"].y >= region["guilds"].bottom
        assert region["houses"].y >= region["players"].bottom
