"""Replay and logs show only what the viewer may see.

"Replay so far" used to print each move's label as written for the deciding seat, e.g.
"Move 7: bot — Discard the yellow Damsel", "bot — Spend the red Lair as red sheep" (payment
cards are discarded sheep side up). ``Table.visible_move`` is the one place that decides what
a seat reads of the history; the replay screen and the table server both use it.
"""

from __future__ import annotations

import random

from dragon_tui.games.hoard.data import CARDS, kind
from dragon_tui.session import Seat, Table
from dragon_tui.session.table import HIDDEN_MOVE


def hoard_game_with_bot_discards_and_payments() -> Table:
    """A real Hoard game, Ana (seat 0) against a bot seat, both choosing at random from a seed,
    stopped before the end once the bot has both discarded and paid for a treasure."""
    for seed in range(40):
        table = Table("hoard", [Seat("Ana"), Seat("Bot", "bot", "greedy")], seed)
        pick = random.Random(seed)
        while not table.state.is_over and len(table.moves) < 3000:
            state = table.state
            action = pick.choice(state.legal_actions())
            nxt = state.clone()
            nxt.apply(action)
            if nxt.is_over:
                break  # stop one move short: at the end nothing is secret any more
            table.apply(action, seat=state.current_player)
            bot_kinds = {m.action.kind for m in table.moves if m.seat == 1}
            ana_kinds = {m.action.kind for m in table.moves if m.seat == 0}
            if {"discard", "pay"} <= bot_kinds and {"discard", "pay"} <= ana_kinds:
                return table
    raise AssertionError("no seed gave the wanted game")


def secret_faces(move) -> list[str]:
    """The card faces a discard or a payment names (a Wild Sheep shows its face when spent)."""
    if move.action.kind not in ("discard", "pay"):
        return []
    return [CARDS[c].title for c in move.action.args if kind(c) != "wild"]


def test_seat_zero_never_reads_a_bots_discarded_or_paid_card_face():
    table = hoard_game_with_bot_discards_and_payments()
    assert not table.state.is_over
    checked = 0
    for k, move in enumerate(table.moves):
        if move.seat != 1:
            continue
        seen = table.visible_move(k, 0)
        assert seen.action.kind == HIDDEN_MOVE and seen.action.args == ()
        assert seen.seat == 1 and seen.revealed == move.revealed
        line = table.move_line(k, 0)
        assert line.startswith("Bot — ")
        assert move.action.describe() not in line
        for face in secret_faces(move):
            assert face not in line, f"move {k + 1} shows {face}: {line}"
            checked += 1
    assert checked >= 2


def test_what_seat_zero_reads_of_a_bot_move_is_the_public_log():
    """The bot's discard reads as everyone saw it: its sheep colour, from the game's log."""
    table = hoard_game_with_bot_discards_and_payments()
    k = next(k for k, m in enumerate(table.moves) if m.seat == 1 and m.action.kind == "discard")
    card = table.moves[k].action.args[0]
    colour = CARDS[card].colour_name
    assert f"Bot discards a {colour} sheep." in table.move_line(k, 0)


def test_the_deciding_seat_still_reads_its_own_moves():
    table = hoard_game_with_bot_discards_and_payments()
    own = [k for k, m in enumerate(table.moves) if m.seat == 0]
    for k in own:
        assert table.visible_move(k, 0) is table.moves[k]
    pay = next(k for k in own if table.moves[k].action.kind == "pay")
    assert table.move_line(pay, 0) == f"Ana — {table.text(table.moves[pay].action.describe())}"
    assert table.move_line(pay, 0).startswith("Ana — Spend the ")
    # ... and the bot reads Ana's as public text, a spectator reads nobody's.
    assert table.visible_move(pay, 1).action.kind == HIDDEN_MOVE
    assert all(table.visible_move(k, None).action.kind == HIDDEN_MOVE for k in range(len(table.moves)))


def test_once_the_game_is_over_every_move_reads_in_full():
    table = hoard_game_with_bot_discards_and_payments()
    pick = random.Random(1)
    while not table.state.is_over:
        table.apply(pick.choice(table.state.legal_actions()), seat=table.state.current_player)
    assert all(table.visible_move(k, 0) is m for k, m in enumerate(table.moves))


def test_perfect_information_games_hide_nothing():
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "greedy")], seed=5)
    pick = random.Random(5)
    while not any(m.seat == 1 for m in table.moves):
        table.apply(pick.choice(table.state.legal_actions()), seat=table.state.current_player)
    k = next(k for k, m in enumerate(table.moves) if m.seat == 1)
    assert table.visible_move(k, 0) is table.moves[k]
    assert table.visible_move(k, None) is table.moves[k]
