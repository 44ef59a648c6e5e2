"""The table model and the one turn controller, headless."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading

from dragon_tui.engine import IllegalAction
from dragon_tui.session import Seat, Table, TableModel, TurnController, storage


class Exploding:
    """A bot whose every decision raises."""

    def choose(self, *args, **kwargs):
        raise RuntimeError("boom")


def duel(bot="greedy"):
    return Table("crowns", [Seat("Ana"), Seat("Bot", "bot", bot)], 7)


def test_a_bot_that_raises_gets_a_notice_and_a_legal_fallback_then_the_game_goes_on():
    table = duel()
    model = TableModel(table)
    seen = []
    model.subscribe(seen.append)
    model.controller._agents[1] = Exploding()
    while table.state.current_player == 0:
        model.play(table.state.legal_actions()[0])
    turn = model.begin_bot()
    assert turn is not None and model.snapshot.thinking == 1
    before = len(table.moves)
    assert model.finish_bot(model.controller.decide(turn))
    assert len(table.moves) == before + 1 and table.moves[-1].seat == 1
    # ... and the game goes on: the failing bot falls back every time it must decide
    bot_moves = sum(1 for m in table.moves if m.seat == 1)
    for _ in range(40):
        if table.state.is_over:
            break
        if table.state.current_player == 0:
            model.play(table.state.legal_actions()[0])
        model.controller.play_bots(max_moves=5)
    assert sum(1 for m in table.moves if m.seat == 1) > bot_moves
    assert model.controller.turn is None  # never left "thinking"
    assert any("Bot's bot failed (RuntimeError: boom)" in n for snap in seen for n in snap.notices)


def test_a_forced_move_is_played_at_once_without_a_search():
    table = duel()
    controller = TurnController(table, delay=5.0)
    controller._agents[1] = Exploding()  # any search would raise
    table.apply(table.state.legal_actions()[0])
    while table.state.current_player == 0:
        table.apply(table.state.legal_actions()[0])
    assert len(table.state.legal_actions()) == 1  # the bot must roll the dice
    turn = controller.begin()
    assert turn.forced == table.state.legal_actions()[0] and turn.delay == 0
    result = controller.decide(turn)
    assert result.notice is None and result.action == turn.forced
    assert controller.finish(result) and table.moves[-1].seat == 1


def test_a_result_for_an_old_position_is_stale_and_dropped():
    table = Table("crowns", [Seat("Ana"), Seat("Bot", "bot", "random")], 7)
    model = TableModel(table)
    while table.state.current_player == 0:
        model.play(table.state.legal_actions()[0])
    turn = model.begin_bot()
    result = model.controller.decide(turn)
    model.cancel_bot()  # undo, leaving, a new game: anything that cancels
    assert model.snapshot.thinking is None
    moves = len(table.moves)
    assert not model.finish_bot(result) and len(table.moves) == moves


def _past_the_forced_roll(table):
    """Crowns starts with the only choice "roll the dice": get to a real decision of seat 0."""
    while len(table.state.legal_actions()) == 1 and table.state.current_player == 0:
        table.apply(table.state.legal_actions()[0])
    assert table.state.current_player == 0 and len(table.state.legal_actions()) > 1


def test_a_stand_in_plays_one_move_for_a_person_whose_time_ran_out():
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    controller = TurnController(table)
    _past_the_forced_roll(table)
    assert controller.begin() is None  # nobody's bot: a person decides
    turn = controller.begin_stand_in("greedy")
    assert turn.seat == 0 and turn.delay == 0 and turn.stand_in is not None
    result = controller.decide(turn)
    assert result.notice is None and result.action in table.state.legal_actions()
    assert controller.finish(result) and table.moves[-1].seat == 0 and table.moves[-1].action == result.action


def test_a_stand_in_result_is_dropped_when_the_person_moved_meanwhile():
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    controller = TurnController(table)
    _past_the_forced_roll(table)
    turn = controller.begin_stand_in("random")
    result = controller.decide(turn)
    table.apply(table.state.legal_actions()[-1], 0)  # the person beat the clock
    moves = len(table.moves)
    assert not controller.finish(result) and len(table.moves) == moves


def test_a_stand_in_that_raises_falls_back_to_a_legal_move_with_a_notice():
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    controller = TurnController(table)
    _past_the_forced_roll(table)
    turn = controller.begin_stand_in("random")
    turn.stand_in = Exploding()
    result = controller.decide(turn)
    assert result.action == table.state.legal_actions()[0] and "failed (RuntimeError: boom)" in result.notice
    assert controller.finish(result) and table.moves[-1].seat == 0


def test_the_agents_can_come_from_the_caller():
    """The arena seeds its own bots and scales their clocks: the controller takes a factory."""
    table = Table("crowns", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], 7)
    asked = []

    def agent_for(seat):
        asked.append(seat)
        return Exploding()

    controller = TurnController(table, delay=0, agent_for_seat=agent_for)
    controller.play_bots(max_moves=200)
    assert sorted(asked) == [0, 1]  # once per seat, then kept
    assert controller.notices and all("failed (RuntimeError: boom)" in n for n in controller.notices)


def test_snapshots_carry_only_the_new_log_lines_and_undo_cuts_back():
    table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
    model = TableModel(table)
    first = model.snapshot
    model.play(table.state.legal_actions()[0])  # the roll
    rolled = model.snapshot
    assert rolled.log_from == len(first.log_lines) and rolled.log_lines
    model.play(table.state.legal_actions()[0])
    chosen = model.snapshot
    model.undo()
    undone = model.snapshot
    assert undone.log_from < chosen.log_from + len(chosen.log_lines) and undone.log_lines == ()
    assert model.full_log() == [table.text(line) for line in table.state.log]


def test_choices_have_keys_and_labels_and_only_the_person_deciding_gets_them():
    table = duel()
    snap = TableModel(table).snapshot
    assert snap.viewer == 0 and snap.choices
    assert [c.key for c in snap.choices][0] == table.state.action_key(snap.choices[0].action)
    assert all(c.label == table.text(c.action.describe()) for c in snap.choices)
    with_bot_to_move = Table("crowns", [Seat("Bot", "bot"), Seat("Ana")], 7)
    snap = TableModel(with_bot_to_move).snapshot
    assert snap.choices == () and snap.viewer == 1
    try:
        TableModel(with_bot_to_move).play(with_bot_to_move.state.legal_actions()[0])
    except IllegalAction as exc:
        assert "not your decision" in str(exc)
    else:
        raise AssertionError("a person played the bot's decision")


def test_hidden_hands_at_one_keyboard_start_with_passing_the_keyboard():
    table = Table("hoard", [Seat("Ana"), Seat("Ben")], 4)
    model = TableModel(table)
    snap = model.snapshot
    assert snap.pass_to == table.state.current_player and snap.choices == () and snap.viewer is None
    model.passed()
    assert model.snapshot.pass_to is None and model.snapshot.viewer == table.state.current_player
    assert model.snapshot.choices
    # Continue: a fresh model on the loaded table asks for the pass again.
    assert TableModel(Table.from_json(table.to_json())).snapshot.pass_to is not None


def test_autosave_in_a_writer_thread_survives_kill_9(tmp_path):
    """A process that autosaves through the writer thread is killed -9 after its moves: the
    file on disk is a whole save with every move but at most the one in flight."""
    script = textwrap.dedent(f"""
        import os, sys, time
        os.environ["DRAGON_TUI_HOME"] = {str(tmp_path)!r}
        from dragon_tui.session import Autosaver, Seat, Table, storage
        table = Table("crowns", [Seat("Ana"), Seat("Ben")], 7)
        table.autosave_to = (storage.autosaves_dir() / "game.json")
        table.autosaver = Autosaver()
        for _ in range(30):
            table.apply(table.state.legal_actions()[0])
        table.autosaver.flush()
        print(len(table.moves), flush=True)
        for _ in range(1000):  # keeps writing until killed
            table.apply(table.state.legal_actions()[0])
            print(len(table.moves), flush=True)
    """)
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=env)
    flushed = int(proc.stdout.readline())
    played = flushed
    for _ in range(20):
        played = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    os.environ["DRAGON_TUI_HOME"] = str(tmp_path)
    saved = Table.load((storage.autosaves_dir() / "game.json"))  # whole, and its moves replay
    assert flushed <= len(saved.moves) <= played + 1
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= 1  # at most the write in flight


def test_autosave_deferred_by_the_ui_waits_for_its_word(tmp_path, monkeypatch):
    """The game screen defers each write until it has drawn the move (the writer holds the
    GIL while it builds the JSON); the write then happens, and never waits past MAX_HOLD."""
    from dragon_tui.session import autosave

    monkeypatch.setattr(autosave, "MAX_HOLD", 0.3)
    saver = autosave.Autosaver()
    starts: list = []
    saver.defer = starts.append
    written = threading.Event()
    path = tmp_path / "game.json"
    saver.submit(path, lambda: {"moves": 1}, lambda error: written.set())
    assert len(starts) == 1
    assert not written.wait(0.1) and not path.exists()  # held: the screen has not drawn it yet
    starts.pop()()  # the screen has drawn it
    assert written.wait(2.0) and json.loads(path.read_text()) == {"moves": 1}

    written.clear()
    saver.submit(path, lambda: {"moves": 2}, lambda error: written.set())  # never released
    assert written.wait(2.0) and json.loads(path.read_text()) == {"moves": 2}

    saver.submit(path, lambda: {"moves": 3})
    assert saver.flush(timeout=0.2)  # flush writes at once, held or not
    assert json.loads(path.read_text()) == {"moves": 3}
