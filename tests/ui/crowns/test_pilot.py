"""Pilot tests of the Batalla de Coronas screen: real key presses on the running app."""

import pytest

from dragon_tui.app import DragonApp
from dragon_tui.ui.screens.game_over import GameOverScreen

from ..apps import app_with, duel_table, settle, workers_done


@pytest.mark.slow
async def test_whole_duel_person_against_bot_with_keys_only():
    # The random bot takes the same way through the app as any other (its turn in a worker,
    # then the person's); against it, Enter on the first choice wins seed 29 in 27 presses
    # (the greedy bot's shortest game so far took 268 presses and half a minute).
    table = duel_table(seed=29, level="random")
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        presses = 0
        while not table.state.is_over:
            assert table.state.current_player == 0  # the bot has always finished
            await pilot.press("enter")
            await settle(pilot)
            presses += 1
            assert presses < 3000
        assert isinstance(app.screen, GameOverScreen)
        assert table.state.winners()
        assert any(m.seat == 0 for m in table.moves) and any(m.seat == 1 for m in table.moves)


async def test_number_keys_pick_dice_and_letters_seat_advisors():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        state = table.state
        assert state.phase == "choose_die"  # seed 7 rolls 4 and 1
        die = state.dice[1]
        await pilot.press(str(die))
        assert table.state.chair_die == 1 and table.state.phase == "seat"
        await pilot.press("t")
        assert table.state.chairs[0][die - 1] == "treasurer"


async def test_undo_key_takes_back_a_choice_and_refuses_past_the_roll():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.press("1")
        assert table.state.phase == "seat"
        await pilot.press("u")
        assert table.state.phase == "choose_die"
        await pilot.press("u")
        await pilot.pause()
        assert table.state.phase == "choose_die"  # the roll stands
        assert any("revealed" in n.message for n in app._notifications)


@pytest.mark.slow
async def test_hint_highlights_a_legal_action_without_playing_it():
    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        moves = len(table.moves)
        await pilot.press("f3")
        await workers_done(pilot)
        await pilot.pause()
        assert len(table.moves) == moves  # nothing was played
        hints = [n.message for n in app._notifications if n.message.startswith("Hint: ")]
        assert hints
        actions = app.screen.query_one("#actions")
        chosen = actions.actions[actions.highlighted]
        assert hints[-1] == "Hint: " + table.text(chosen.describe())


async def test_hint_shows_its_progress_in_the_status_line_while_it_thinks(monkeypatch):
    import threading

    table = duel_table(seed=7, bot=False)
    app = app_with(table)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        controller = app.screen.controller
        release, real = threading.Event(), controller.hint

        def slow_hint(seat, cancel):  # a hint that has got to 5 of 10 and waits there
            controller.hint_progress = (5, 10)
            release.wait(10)
            return real(seat, cancel)

        monkeypatch.setattr(controller, "hint", slow_hint)
        await pilot.press("f3")
        await pilot.pause(0.5)
        status = app.screen.query_one("#status")
        assert "hint: thinking 5/10" in str(status.render())
        release.set()
        await workers_done(pilot)
        await pilot.pause()
        assert "hint:" not in str(status.render())
        assert any(n.message.startswith("Hint: ") for n in app._notifications)


async def test_search_bot_shows_progress_and_can_be_hurried():
    from dragon_tui.session import Seat, Table

    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "hard")], 7)
    app = DragonApp(table=table, bot_delay=60, autosave=False)  # the bot waits until hurried
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("r")
        while table.state.current_player == 0:
            await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert screen.thinking
        assert "thinking" in str(screen.query_one("#status").render())
        # Forced moves (rolling the dice) were played at once; the real decision waits.
        bot_moves = sum(1 for m in table.moves if m.seat == 1)
        assert len(table.state.legal_actions()) > 1
        await pilot.press("space")  # hurry: think now, and stop at the best move so far
        await workers_done(pilot)
        await pilot.pause()
        assert sum(1 for m in table.moves if m.seat == 1) > bot_moves
