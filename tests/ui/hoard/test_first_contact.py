"""Dragon's Hoard at 80×24: the hand keeps every treasure's cost,
and with "Ask for Battles: every affected player" a person without a Battle is still asked
(the pause keeps Battles secret) but is told why, and one key answers."""

from __future__ import annotations

import pytest

from dragon_tui.games.hoard import data
from dragon_tui.session import Seat, Table
from dragon_tui.ui.games.hoard.board import Board, HandPanel, TurnLine

from ..apps import app_with, settle
from .positions import NAMES, after_person_moves, hoard_table, play_until

SMALL = (80, 24)


def asked_without_a_battle() -> Table:
    seats = [Seat(NAMES[0])] + [Seat(name, "bot", "greedy") for name in NAMES[1:4]]
    table = Table("hoard", seats, 1, {"reaction_prompt": "all"})
    return play_until(table, lambda s: s.phase == "react" and s.current_player == 0
                      and [a.kind for a in s.legal_actions()] == ["no_battle"])


def text_of(widget) -> str:
    return "\n".join(line.plain for line in widget.lines(widget.content_size.width))


async def test_the_hand_shows_every_treasure_cost_at_80x24():
    table = after_person_moves(hoard_table(4, seed=9), 6)
    app = app_with(table)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        hand = text_of(app.screen.query_one(Board).query_one(HandPanel))
        treasures = [data.CARDS[c] for c in table.state.hands[0] if data.CARDS[c].is_treasure and data.CARDS[c].kind != "lair"]
        assert treasures, "the test needs a treasure in Ana's hand"
        for card in treasures:
            symbol = data.SYMBOLS[data.COLOURS[card.colour]]
            cost = symbol * card.own + (f"+{card.any}" if card.any else "")
            assert f" {card.vp} {cost}" in hand, (card.name, hand)


@pytest.mark.slow
async def test_a_prompt_with_only_let_it_happen_says_why_and_one_key_answers():
    table = asked_without_a_battle()
    app = app_with(table)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        line = text_of(app.screen.query_one(TurnLine))
        assert "No Battle in your hand" in line and "Everyone affected is asked" in line
        moves = len(table.moves)
        await pilot.press("n")
        await pilot.pause()
        assert table.moves[moves].action.kind == "no_battle"


async def test_a_holder_of_a_battle_gets_no_such_note():
    table = play_until(hoard_table(4, seed=1), lambda s: s.phase == "react" and s.current_player == 0)
    assert any(a.kind == "battle" for a in table.state.legal_actions())
    app = app_with(table)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert "No Battle in your hand" not in text_of(app.screen.query_one(TurnLine))


def test_asked_without_a_battle_80x24(snap_compare):
    assert snap_compare(app_with(asked_without_a_battle()), terminal_size=SMALL, run_before=settle)
