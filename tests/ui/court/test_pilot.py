"""Pilot tests of the Court screen: real keys (and a click) on the running app."""

import pytest

from dragon_tui.ui.games.court.board import Board, CourtLedger, CourtLosses, RoyalCourt, SocietyRow
from dragon_tui.ui.screens.game import GameScreen
from dragon_tui.ui.screens.game_over import GameOverScreen
from dragon_tui.ui.widgets.action_list import ActionList
from ..apps import app_with, settle

from .positions import court_table, played, policy


def board_text(app) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query_one(Board).query("*") if hasattr(w, "lines"))


@pytest.mark.slow
async def test_whole_game_with_the_offered_keys_only():
    """Every decision by the key the action list shows for it, from the first pick to the score."""
    table = court_table(seed=3)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = 0
        while not table.state.is_over:
            state = table.state
            action = policy(state)
            key = state.action_key(action)
            assert app.screen.query_one(ActionList).action_for_key(key) == action
            before = len(table.moves)
            await pilot.press(key)
            await pilot.pause()
            assert len(table.moves) == before + 1 and table.moves[-1].action == action
            presses += 1
            assert presses < 200
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("b")  # back to the final board
        assert isinstance(app.screen, GameScreen)
        assert "Game over" in str(app.screen.query_one(CourtLedger).render())


@pytest.mark.slow
async def test_enter_alone_plays_a_game_to_the_end():
    """Enter takes the highlighted (first) choice every time; seed 10 ends in 12 presses."""
    table = court_table(seed=10)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(100):
            if table.state.is_over:
                break
            await pilot.press("enter")
            await pilot.pause()
        await settle(pilot)
        assert table.state.is_over
        assert isinstance(app.screen, GameOverScreen)


async def test_board_follows_the_game():
    """Row slots show the cards and prices of the state; the court shows its letters; the
    ledger the copper; a bought card waiting for a space names itself on the court."""
    table = court_table(seed=3)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        row = str(app.screen.query_one(SocietyRow).render())
        assert "1 " in row and "4 " in row and "free" in row  # setup picks are free
        for key in ["1", "a", "2", "b", "3", "c"]:
            await pilot.press(key)
        await pilot.pause()
        state = table.state
        assert state.phase == "buy"
        row = str(app.screen.query_one(SocietyRow).render())
        for slot, price in enumerate(state.row_prices()):
            if price is not None:
                assert f"{price} CP" in row
        court = str(app.screen.query_one(RoyalCourt).render())
        assert all(f"{letter} " in court for letter in "abcdefgh")
        assert f"CP {state.cp}" in str(app.screen.query_one(CourtLedger).render())
        buy = next(a for a in state.legal_actions() if a.kind == "buy")
        await pilot.press(state.action_key(buy))
        await pilot.pause()
        assert table.state.phase == "place"
        assert "Royal Court: place the" in str(app.screen.query_one(RoyalCourt).border_title)


async def test_clicking_a_free_space_places_the_card():
    table = court_table(seed=3)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        court = app.screen.query_one(RoyalCourt)
        # Space g: third column, bottom row (content rows 2-3); border and padding come first.
        width = court.content_size.width
        await pilot.click(RoyalCourt, offset=(2 + width // 4 * 2 + 1, 1 + 2))
        await pilot.pause()
        assert table.state.court[6] is not None
        slot2 = app.screen.query_one(SocietyRow).content_size.width // 4
        await pilot.click(SocietyRow, offset=(2 + slot2 + 1, 1))  # take slot 2 (slot 1 is taken)
        await pilot.pause()
        assert table.state.phase == "setup_place"


async def test_monochrome_and_losses_line_keep_their_words():
    table = played(court_table(seed=3), 23)
    app = app_with(table, theme="dragon-mono")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        losses = str(app.screen.query_one(CourtLosses).render())
        assert "Daemon court" in losses and "Defeated" in losses
        row = app.screen.query_one(SocietyRow).render()
        assert "Prince" in str(row)
        assert all("#" not in str(span.style) for span in row.spans)  # no colour in mono
        app.theme = "dragon-dark"
        await pilot.pause()
        row = app.screen.query_one(SocietyRow).render()
        assert any("#" in str(span.style) for span in row.spans)


async def test_resizing_redraws_the_board_for_the_new_width():
    table = played(court_table(seed=3), 23)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        court = app.screen.query_one(RoyalCourt)
        assert "Moon Minister of Works" not in str(court.render())
        await pilot.resize_terminal(140, 45)
        await pilot.pause()
        assert "Moon Minister of Works" in str(court.render())
        assert court.outer_size.height == 8  # a third line per space for lasting powers
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Moon Minister of Works" not in str(court.render())
        assert court.outer_size.height == 6
