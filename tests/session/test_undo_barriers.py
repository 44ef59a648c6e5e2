"""Undo never crosses another seat's hidden decision, and nobody undoes another person's move.

The case that made the rule: "play the Thief on a bot that holds a Battle: the bot answers, both cards are
discarded, and `u` takes it all back — the person now knows the bot holds a Battle and can
play Thief + Wizard instead." In a game where seats hold secrets every decision by another
seat is an undo barrier; in hot seat nobody takes back another person's decision.
"""

from __future__ import annotations

import json

import pytest

from dragon_tui.engine import Action, IllegalAction
from dragon_tui.games.hoard.data import kind
from dragon_tui.session import Seat, Table, TurnController


def hoard_table_where(wanted, people=1, seeds=range(300)) -> Table:
    """A real two-seat Hoard table (Ana, then a bot or Ben) played from its seed: Ana draws from
    the deck until she may act; the first seed whose position satisfies ``wanted`` is returned."""
    second = Seat("Ben") if people == 2 else Seat("Bot", "bot", "greedy")
    for seed in seeds:
        table = Table("hoard", [Seat("Ana"), second], seed)
        while table.state.phase == "draw":
            table.apply(Action("draw_deck"), seat=0)
        if table.state.phase == "act" and table.state.current_player == 0 and wanted(table.state):
            return table
    raise AssertionError("no seed gives the wanted position")


def holds(state, seat, card_kind):
    return next((c for c in state.hands[seat] if kind(c) == card_kind), None)


def frozen(table) -> str:
    return json.dumps(table.to_json(), sort_keys=True)


def play_thief(table):
    thief = holds(table.state, 0, "thief")
    table.apply(Action("play", (thief, 1)), seat=0)
    assert table.state.phase == "react" and table.state.current_player == 1


def test_a_bots_battle_against_the_thief_cannot_be_undone():
    table = hoard_table_where(lambda s: holds(s, 0, "thief") is not None and holds(s, 1, "battle") is not None)
    play_thief(table)
    # Nobody else has decided yet: taking back the Thief tells nothing.
    assert table.undo_block() is None
    # The bot answers with its Battle: both cards are discarded.
    table.apply(Action("battle", (holds(table.state, 1, "battle"),)), seat=1)
    assert table.state.phase == "act" and table.state.current_player == 0
    reason = table.undo_block()
    assert reason is not None and "Bot" in reason and "stands" in reason
    before = frozen(table)
    with pytest.raises(IllegalAction):
        table.undo()
    assert frozen(table) == before  # the Thief stays spent: no second try with a Wizard


def test_a_bot_declining_to_battle_is_a_barrier_too():
    table = hoard_table_where(lambda s: holds(s, 0, "thief") is not None)
    play_thief(table)
    table.apply(Action("no_battle"), seat=1)
    assert table.state.phase == "steal" and table.state.current_player == 0
    assert "Bot" in table.undo_block()
    with pytest.raises(IllegalAction):
        table.undo()


def test_the_bots_mob_discards_are_a_barrier():
    def ready(state):
        return holds(state, 0, "mob") is not None and len(state.hands[1]) >= 2

    table = hoard_table_where(ready)
    mob = holds(table.state, 0, "mob")
    table.apply(Action("play", (mob,)), seat=0)
    if table.state.phase == "react":
        table.apply(Action("no_battle"), seat=1)
    assert table.state.phase == "mob" and table.state.current_player == 1
    # The bot chooses which hidden card to give up: which one tells what it kept.
    table.apply(table.state.legal_actions()[0], seat=1)
    assert table.moves[-1].seat == 1 and table.moves[-1].action.kind == "discard"
    assert "Bot" in table.undo_block()


def test_a_bots_decision_counts_even_when_the_bot_plays_it_through_the_controller():
    table = hoard_table_where(lambda s: holds(s, 0, "thief") is not None)
    play_thief(table)
    assert TurnController(table, budget=0.05).play_bots() >= 1
    assert table.undo_block() is not None


def test_in_hot_seat_the_next_person_cannot_undo_the_previous_ones_decision():
    table = hoard_table_where(lambda s: holds(s, 0, "thief") is not None, people=2)
    play_thief(table)  # now Ben must answer: Ben is at the keyboard
    assert table.asking_seat() == 1
    assert "Only the player who made that decision (Ana)" in table.undo_block()
    with pytest.raises(IllegalAction):
        table.undo()
    # Ana herself could (the table server names who asks): nobody else has decided yet.
    assert table.undo_block(by_seat=0) is None


def test_hot_seat_in_a_perfect_information_game_too():
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], seed=5)
    table.apply(next(a for a in table.state.legal_actions() if a.kind == "roll"))
    while table.state.current_player == 0:
        table.apply(table.state.legal_actions()[0])
    # Ben's turn: Ana's last decision was hers to take back, not Ben's.
    assert table.asking_seat() == 1
    block = table.undo_block()
    assert block is not None and "Ana" in block


def test_perfect_information_bot_moves_are_undone_with_your_decision():
    """Without secrets the old rule stays: your decision and the bot moves after it that
    revealed nothing. Found by playing random Batalla de Coronas games (seeded) until a bot
    decision that drew no dice follows one of Ana's."""
    import random

    for seed in range(20):
        table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], seed)
        pick = random.Random(seed)
        for _ in range(400):
            if table.state.is_over:
                break
            table.apply(pick.choice(table.state.legal_actions()), seat=table.state.current_player)
            ana, bot = table.moves[-2:] if len(table.moves) >= 2 else (None, None)
            if (bot is not None and bot.seat == 1 and ana.seat == 0 and not bot.revealed and not ana.revealed
                    and table.state.current_player == 0):
                break
        else:
            continue
        if table.state.is_over:
            continue
        before_ana, count = table.states[-3].to_json(), len(table.moves)
        assert table.undo_block() is None
        table.undo()
        assert table.state.to_json() == before_ana and len(table.moves) == count - 2
        return
    raise AssertionError("no seed gave the wanted position")
