import pytest

from dragon_tui.devtools.arena import main, run_arena, wilson_interval


def test_wilson_interval():
    lo, hi = wilson_interval(7, 10)
    assert 0.39 < lo < 0.40 and 0.89 < hi < 0.90
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_tiny_two_player_arena_rotates_seats():
    report = run_arena("crowns", ["greedy", "random"], 2, seed=1, processes=1)
    assert len(report.records) == 2
    assert [r.entries for r in report.records] == [[0, 1], [1, 0]]
    assert report.records[0].seed == report.records[1].seed  # same deal, seats swapped
    assert sum(e.games for e in report.entries) == 4
    text = report.format()
    assert "95% CI" in text and "greedy" in text and "random" in text


@pytest.mark.slow
def test_solitaire_arena_gives_distribution_per_level():
    report = run_arena("court", ["random", "easy"], 2, seed=2, processes=2)
    assert [e.games for e in report.entries] == [2, 2]
    text = report.format()
    assert "random scores:" in text and "easy scores:" in text
    (upper, lower, diffs), = report.paired_differences()
    assert (upper, lower) == ("easy", "random")
    by_level = {0: {}, 1: {}}
    for rec in report.records:
        by_level[rec.entries[0]][rec.seed] = rec.scores[0]
    assert diffs == [by_level[1][s] - by_level[0][s] for s in sorted(by_level[0])]
    assert "easy − random, same seeds:" in text


def test_main_prints_a_report(capsys):
    assert main(["crowns", "--seats", "random,random", "--games", "2", "--seed", "3", "--processes", "1", "--quiet"]) == 0
    assert "win %" in capsys.readouterr().out
    assert main(["crowns", "--seats", "random,nobody", "--games", "1", "--quiet"]) == 2


def test_stopping_a_run_reports_the_games_already_played():
    """Ctrl+C during a long run keeps the finished games: the report covers them and says so."""
    seen = []

    def stop_after_first(done, total, records):
        seen.append((done, total, len(records)))
        raise KeyboardInterrupt

    report = run_arena("crowns", ["greedy", "random"], 4, seed=1, processes=1, progress=stop_after_first)
    assert seen == [(1, 4, 1)]
    assert report.stopped_early and len(report.records) == 1
    assert sum(e.games for e in report.entries) == 2
    assert report.format().startswith("Stopped early: 1 of the games finished")
    finished = run_arena("crowns", ["greedy", "random"], 2, seed=1, processes=1)
    assert not finished.stopped_early and "Stopped early" not in finished.format()


def test_progress_line_tallies_wins(capsys):
    assert main(["crowns", "--seats", "greedy,random", "--games", "2", "--seed", "3", "--processes", "1"]) == 0
    err = capsys.readouterr().err
    assert "2/2 games · wins greedy " in err and ", random " in err


@pytest.mark.slow
def test_hard_old_is_an_arena_level_with_the_earlier_caps_and_settings():
    """hard-old is the hard level as it was before the engines were sped up: its caps and its search
    settings, so the arena shows what the new hard gained in all."""
    from dragon_tui.ai.agents import LEVELS, level_config
    from dragon_tui.games import GAMES, game_part

    assert "hard-old" not in LEVELS  # the setup screen does not offer it
    for game_id in GAMES:
        cap = game_part(game_id, "bots").HARD_OLD_CAP
        old, new = level_config("hard-old", game_id), level_config("hard", game_id)
        assert old.iterations == cap < new.iterations
        # hard-old keeps the clock limit hard had then; today's hard decides within its budget.
        assert old.trees == new.trees
        assert old.time_limit == level_config("hard-2.7", game_id).time_limit == 2.7 > new.time_limit
        # Carcassonne's hard expands its own follow-up choices best-first since then.
        assert old.order_continuations == (game_id == "throne")
        assert new.order_continuations == (game_id in ("throne", "carcassonne"))
        # Princes' and Carcassonne's hard share their root iterations out by sequential halving
        # (candidates compared in the same sampled worlds); hard-old never did.
        assert not old.root_halving
        assert new.root_halving == (game_id in ("throne", "carcassonne"))
    report = run_arena("crowns", ["hard-old", "random"], games=2, processes=1)
    assert [e.level for e in report.entries] == ["hard-old", "random"]


def test_arena_games_run_through_the_turn_controller_forced_moves_are_no_decisions():
    """Crowns starts every turn with the only choice "roll the dice": the controller plays it
    at once, so the arena counts fewer decisions than moves."""
    report = run_arena("crowns", ["random", "random"], 2, seed=3, processes=1)
    for rec in report.records:
        decisions = sum(count for count, _total, _longest in rec.times.values())
        assert 0 < decisions < rec.moves


def test_a_failing_bot_stops_the_arena_loudly(monkeypatch):
    import pytest

    import dragon_tui.devtools.arena as arena

    class Broken:
        def choose(self, *args, **kwargs):
            raise RuntimeError("boom")

    monkeypatch.setattr(arena, "make_agent", lambda *args, **kwargs: Broken())
    with pytest.raises(RuntimeError, match="boom"):
        run_arena("crowns", ["random", "random"], 1, seed=3, processes=1)


def test_a_record_file_keeps_finished_games_and_a_second_run_plays_only_the_missing_ones(tmp_path):
    """A long run stopped part-way continues from its record: the games already in the file
    are not played again, and the report covers all of them."""
    path = str(tmp_path / "crowns.jsonl")

    def stop_after_first(done, total, records):
        raise KeyboardInterrupt

    first = run_arena("crowns", ["greedy", "random"], 4, seed=1, processes=1, progress=stop_after_first, record=path)
    assert first.stopped_early and len(first.records) == 1
    assert len(open(path).read().splitlines()) == 2  # the header and the finished game
    played = []
    second = run_arena("crowns", ["greedy", "random"], 4, seed=1, processes=1, record=path,
                       progress=lambda done, total, records: played.append((done, total)))
    assert played[0] == (1, 4)  # the game from the file, reported before any is played
    assert played[-1] == (4, 4) and len(played) == 4
    assert not second.stopped_early
    whole = run_arena("crowns", ["greedy", "random"], 4, seed=1, processes=1)
    assert [(r.seed, r.entries, r.scores, r.winners, r.moves) for r in second.records] == \
        [(r.seed, r.entries, r.scores, r.winners, r.moves) for r in whole.records]
    again = []
    run_arena("crowns", ["greedy", "random"], 4, seed=1, processes=1, record=path,
              progress=lambda done, total, records: again.append(done))
    assert again == [4]  # everything was in the file: nothing played


def test_a_record_of_another_run_or_a_damaged_one_is_refused_with_a_message(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    args = ["crowns", "--seats", "random,random", "--games", "2", "--seed", "3", "--processes", "1", "--quiet",
            "--record", str(path)]
    assert main(args) == 0
    lines = path.read_text().splitlines()
    assert len(lines) == 3
    capsys.readouterr()
    assert main([*args[:6], "4", *args[7:]]) == 2  # another seed: another run's games
    assert "records another run" in capsys.readouterr().err
    path.write_text("\n".join([lines[0], '{"seed": "x"}', lines[2]]) + "\n")
    assert main(args) == 2
    assert "line 2: not a game record" in capsys.readouterr().err
    # Numbers JSON allows but no game records, and nesting too deep to parse: a message too.
    infinite = lines[1].replace('"moves": ', '"moves": 1, "x": Infinity, "y": ')
    for bad in (infinite, "[" * 100_000 + "]" * 100_000):
        path.write_text("\n".join([lines[0], bad, lines[2]]) + "\n")
        assert main(args) == 2
        assert "line 2: not a game record" in capsys.readouterr().err
    # A last line cut short (a crash while writing) is dropped and that game played again.
    path.write_text("\n".join([lines[0], lines[1], lines[2][:20]]))
    assert main(args) == 0
    import json

    now = path.read_text().splitlines()
    assert len(now) == 3 and now[:2] == lines[:2]
    assert json.loads(now[2])["entries"] == json.loads(lines[2])["entries"]


@pytest.mark.slow
def test_kill_stops_a_background_run_and_reports_the_finished_games(tmp_path):
    """A run started in the background ignores Ctrl+C (the shell sets SIGINT to be ignored), so
    SIGTERM must stop it the same way: the finished games reported and kept in the record."""
    import json
    import signal
    import subprocess
    import sys
    import time

    record = tmp_path / "run.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "dragon_tui", "arena", "crowns", "--seats", "random,random", "--games", "100000",
         "--processes", "2", "--quiet", "--record", str(record)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if record.exists() and len(record.read_text().splitlines()) > 3:
                break
            time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "Stopped early" in out
    games = len(record.read_text().splitlines()) - 1
    assert games >= 3
    assert f"{games} of the games finished" in out
    assert all(json.loads(line) for line in record.read_text().splitlines())


def test_a_game_reaching_the_move_cap_is_stopped_unfinished_and_won_by_nobody(tmp_path, capsys):
    """Princes can deadlock by its own rules (docs/bots.md, seed 1014): the arena must end such a
    game rather than play for ever. A game stopped at the cap keeps its scores, has no winner,
    counts as a game for every entry, survives the record file, and the report names it."""
    import json

    path = tmp_path / "capped.jsonl"
    args = ["crowns", "--seats", "random,random", "--games", "2", "--seed", "3", "--processes", "1", "--quiet",
            "--record", str(path), "--max-moves", "5"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "2 game(s) stopped unfinished at the move cap" in out
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["max_moves"] == 5  # a capped run is another run's record
    games = [json.loads(line) for line in lines[1:]]
    assert [g["moves"] for g in games] == [5, 5]
    assert all(g["unfinished"] is True and g["winners"] == [] for g in games)
    report = run_arena("crowns", ["random", "random"], 2, seed=3, processes=1, record=str(path), max_moves=5)
    assert all(r.unfinished for r in report.records)
    assert [e.games for e in report.entries] == [2, 2] and [e.wins for e in report.entries] == [0, 0]
    # A finished game is not flagged, and the default run's header stays the one older records have.
    whole = run_arena("crowns", ["random", "random"], 2, seed=3, processes=1, record=str(tmp_path / "whole.jsonl"))
    assert not any(r.unfinished for r in whole.records) and all(r.winners for r in whole.records)
    assert "max_moves" not in json.loads((tmp_path / "whole.jsonl").read_text().splitlines()[0])
    # A line claiming both a winner and an unfinished game is damaged, not trusted.
    bad = json.loads(lines[1]) | {"winners": [0]}
    path.write_text("\n".join([lines[0], json.dumps(bad), lines[2]]) + "\n")
    assert main(args) == 2
    assert "line 2: not a game record" in capsys.readouterr().err
    assert main([*args[:-2], "--max-moves", "0"]) == 2
