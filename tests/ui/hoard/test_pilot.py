"""Dragon's Hoard with real key presses: a whole game against a bot, paying with number
keys, and the hot-seat pass screen that keeps each person's hand from the others."""

import pytest

from dragon_tui.ui.games.hoard.board import Board, Palette, PayLine
from dragon_tui.ui.screens.dialogs import PassScreen
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.themes import DARK

from ..apps import app_with, settle, workers_done
from .positions import hoard_table, play_until


async def bots_done(pilot) -> None:
    """Wait only while a bot thinks (the key press itself already let the screen catch up)."""
    while any(getattr(s, "thinking", False) for s in pilot.app.screen_stack):
        await workers_done(pilot)
        await pilot.pause()


def board_text(app, board=None) -> str:
    """Everything the board's widgets draw, as plain text."""
    board = board or app.screen.query_one(Board)
    parts = []
    for widget in board.query("TableTop, TurnLine, PayLine, HandPanel, PlayerPanel"):
        parts.append(str(widget.border_title or ""))
        parts += [line.plain for line in widget.lines(widget.content_size.width or 78)]
    return "\n".join(parts)


@pytest.mark.slow
async def test_whole_game_against_bots_with_keys_only():
    table = hoard_table(4, seed=9)  # Ana against three bots: a short game when Enter takes the first choice
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = 0
        while not table.state.is_over:
            assert table.state.current_player == 0  # the bots have always finished
            await pilot.press("enter")
            await bots_done(pilot)
            presses += 1
            assert presses < 200
        assert isinstance(app.screen, GameOverScreen)
        assert table.state.winners()
        assert {m.seat for m in table.moves} == {0, 1, 2, 3}
        await pilot.press("b")  # back to the board: it shows the end and the winner
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "WINNER" in board_text(app)


async def test_paying_with_number_keys_shows_what_is_still_owed():
    table = play_until(hoard_table(2, seed=3), _may_lay_a_treasure)
    treasure = next(a for a in table.state.legal_actions() if a.kind == "treasure" and _costly(a.args[0]))
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        actions = app.screen.query_one("#actions")
        key = next(c.key for c in app.screen.snapshot.choices if c.action == treasure)
        await pilot.press(key)
        await pilot.pause()
        pay_line = app.screen.query_one(PayLine)
        steps = 0
        while table.state.phase == "pay":
            assert pay_line.display
            text = " ".join(line.plain for line in pay_line.lines(78))
            owed = table.state.pay["own"] + table.state.pay["any"]
            assert "still owed" in text and table.state.owed_text().split(" ")[0] in text
            await pilot.press("1")
            await pilot.pause()
            steps += 1
            assert table.state.phase != "pay" or table.state.pay["own"] + table.state.pay["any"] == owed - 1
        assert steps >= 2
        assert treasure.args[0] in table.state.treasures[0]
        assert not pay_line.display


def _may_lay_a_treasure(state) -> bool:
    from dragon_tui.games.hoard.data import CARDS

    return state.phase == "act" and state.current_player == 0 and any(
        a.kind == "treasure" and CARDS[a.args[0]].own + CARDS[a.args[0]].any >= 2 for a in state.legal_actions())


def _costly(card: int) -> bool:
    from dragon_tui.games.hoard.data import CARDS

    return CARDS[card].kind != "lair"


@pytest.mark.slow
async def test_hot_seat_passes_the_keyboard_and_never_shows_the_other_hand():
    table = hoard_table(2, seed=4, hotseat=True)
    app = app_with(table)
    names = table.names
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = None  # hands are hidden from the very first turn: it opens on the pass screen
        passes = 0
        for _ in range(45):
            state = table.state
            current = state.current_player
            if isinstance(app.screen, PassScreen):
                passes += 1
                assert current != shown  # the keyboard goes to somebody else
                under = app.screen_stack[-2].query_one(Board)
                assert all(c < 0 for hand in under.view.hands for c in hand)  # nothing face up underneath
                for face in _secret_faces(state.hands[shown] if shown is not None else [], under.view):
                    assert face not in board_text(app, under), f"{names[shown]}'s {face} left on the screen"
                await pilot.press("enter")
                await pilot.pause()
                shown = current
                continue
            assert isinstance(app.screen, GameScreen) and current == shown
            board = app.screen.query_one(Board)
            for seat, hand in enumerate(board.view.hands):
                if seat != current:
                    assert all(c < 0 for c in hand), f"{names[seat]}'s faces reach {names[current]}'s screen"
            other = 1 - current
            shown_text = board_text(app)
            assert f"{names[current]}'s hand · {len(state.hands[current])} card" in shown_text
            for face in _secret_faces(state.hands[other], board.view):
                assert face not in shown_text, f"{names[other]}'s {face} shows on {names[current]}'s screen"
            await pilot.press("enter")
            await pilot.pause()
        assert passes >= 5


def _face(card: int) -> str:
    """A card's face as the board writes it ("♠ Jewel"), without its points."""
    text = Palette(DARK.variables).face(card).plain
    return text.rsplit(" ", 1)[0] if text[-1].isdigit() else text


def _secret_faces(hidden_hand: list[int], view) -> set[str]:
    """Faces in another person's hand that nothing in the viewer's view accounts for."""
    visible = {_face(c) for c in view.all_cards() if c >= 0}
    return {_face(c) for c in hidden_hand} - visible


@pytest.mark.slow
async def test_board_switches_layout_with_the_terminal_and_follows_the_theme():
    table = hoard_table(4, seed=5)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        board = app.screen.query_one(Board)
        assert not board.has_class("-roomy")
        assert app.screen.query_one("#lower").region.height >= 6
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert board.has_class("-roomy")
        assert "Lairs" in board_text(app)
        await pilot.press("ctrl+t", "ctrl+t")  # light, then monochrome
        await pilot.pause()
        assert app.theme == "dragon-mono"
        assert "North" in board_text(app)  # repainted, nothing lost
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not board.has_class("-roomy")


@pytest.mark.slow
async def test_replay_mid_game_shows_no_faces():
    table = play_until(hoard_table(2, seed=3), lambda s: s.round >= 3 and s.current_player == 0)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_replay()
        await pilot.pause()
        await pilot.press("left", "left")
        board = app.screen.query_one(Board)
        assert all(c < 0 for hand in board.view.hands for c in hand)
        secret = _secret_faces(table.state.hands[0] + table.state.hands[1], board.view)
        text = board_text(app, board)
        assert secret and not any(face in text for face in secret)
