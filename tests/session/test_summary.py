""""Since your last turn" (session/summary.py, in the table model's snapshot): what the other
seats did, what they scored and what came to light, from what the person may read only."""

from dragon_tui.session import Seat, Table
from dragon_tui.session.model import TableModel
from dragon_tui.session.summary import since_last_turn


def table_after_bots(game_id, players, turns, seed=7):
    table = Table(game_id, [Seat("Ana")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, players)], seed)
    model = TableModel(table)
    for _ in range(turns):
        while table.state.current_player == 0:
            model.play(table.state.legal_actions()[0])
        model.controller.play_bots()
    return table, model


def test_the_duel_summary_lists_the_bots_moves_and_its_roll():
    table, model = table_after_bots("crowns", 2, 1)
    snap = model.publish()
    assert snap.current == 0 and snap.choices
    lines = snap.since_last_turn
    last = max(i for i, m in enumerate(table.moves) if m.seat == 0)
    bot_moves = [m for m in table.moves[last + 1:]]
    assert bot_moves and all(m.seat == 1 for m in bot_moves)
    assert any(line.startswith(f"Bot 1: {bot_moves[-1].action.describe()}") for line in lines)
    # A move that revealed something (the bot's roll) is kept and told with what came to light.
    revealed = [i for i in range(last + 1, len(table.moves)) if table.moves[i].revealed]
    assert revealed
    for i in revealed:
        new = table.states[i + 1].log[len(table.states[i].log):]
        label = table.moves[i].action.describe()
        assert any(line.startswith(f"Bot 1: {label} → {table.text(new[0])}"[:80]) for line in lines)
    assert len(lines) <= 8


def test_nothing_to_tell_when_the_person_decided_last():
    table, model = table_after_bots("crowns", 2, 0)
    assert table.state.current_player == 0
    model.play(table.state.legal_actions()[0])  # roll: Ana decides again at once
    assert table.state.current_player == 0 and table.moves[-1].seat == 0
    assert model.snapshot.since_last_turn == ()


def test_scores_changed_since_then_are_told():
    table, model = table_after_bots("throne", 3, 6, seed=3)
    lines = since_last_turn(table, 0)
    last = max(i for i, m in enumerate(table.moves) if m.seat == 0)
    before, now = table.states[last + 1].scores(), table.state.scores()
    scored = [line for line in lines if line.startswith("Scored: ")]
    if before != now:
        assert scored and all(f"{table.names[s]} " in scored[0] for s in range(3) if before[s] != now[s])
    else:
        assert not scored


def test_other_seats_secret_choices_stay_secret():
    """In Hoard a bot's choice names its cards: the summary says only what everybody saw."""
    table, model = table_after_bots("hoard", 3, 5, seed=11)
    lines = "\n".join(model.publish().since_last_turn)
    last = max(i for i, m in enumerate(table.moves) if m.seat == 0)
    secret = [m for m in table.moves[last + 1:] if m.seat != 0]
    assert secret
    for i in range(last + 1, len(table.moves)):
        move = table.moves[i]
        seen = table.visible_move(i, 0)
        assert seen.action.kind == "hidden"
        assert table.text(seen.action.describe()) in lines
        if move.action.label not in seen.action.describe():
            assert table.text(move.action.describe()) not in lines


def test_no_summary_while_a_bot_decides():
    table, model = table_after_bots("crowns", 2, 0)
    while table.state.current_player == 0:
        model.play(table.state.legal_actions()[0])
    assert table.state.current_player == 1
    assert model.publish().since_last_turn == ()
