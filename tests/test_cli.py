"""The command line: help, version, refusing to run without a terminal, bad files."""

import subprocess
import sys

import pytest

from dragon_tui import __version__
from dragon_tui.cli import build_parser, main


def run(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "dragon_tui", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, **kwargs)


def test_help_lists_the_games_and_options():
    out = run("--help")
    assert out.returncode == 0
    for word in ("crowns", "--seed", "--load", "bench"):
        assert word in out.stdout


def test_version():
    out = run("--version")
    assert out.returncode == 0 and __version__ in out.stdout


def test_without_a_terminal_it_exits_with_a_clear_message():
    out = run("crowns", "--seed", "7")
    assert out.returncode == 2
    assert "needs a terminal" in out.stderr
    assert "Traceback" not in out.stderr


def test_parser_takes_game_seed_and_load():
    args = build_parser().parse_args(["crowns", "--seed", "7"])
    assert (args.game, args.seed) == ("crowns", 7)
    assert build_parser().parse_args(["--load", "x.json"]).load == "x.json"


def test_corrupt_file_given_to_load_is_a_message_not_a_traceback(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{{{")
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(["--load", str(bad)]) == 2
    assert "cannot load" in capsys.readouterr().err


def test_unknown_game_is_a_message(monkeypatch, capsys):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert main(["chess"]) == 2
    assert "No game 'chess'" in capsys.readouterr().err


@pytest.mark.slow
def test_bench_prints_the_figures(capsys, monkeypatch):
    """The real bench, every measurement taken, each cut to its smallest round (``--quick``
    alone takes half a minute and more): one bot decision per level, one repeat of each
    key and start-up figure, one new process, one SSH session. What the figures are is the
    bench's own business (docs/performance.md); here, that each is measured and printed."""
    from dragon_tui.devtools import bench, bench_ui
    from dragon_tui.devtools import net_bench

    decision_times, measure, net_figures = bench._decision_times, bench_ui.measure, net_bench.net_figures
    monkeypatch.setattr(bench, "_decision_times", lambda game, players, level, decisions: decision_times(
        game, players, level, 1))
    monkeypatch.setattr(bench_ui, "measure", lambda game_ids, repeats, **kw: measure(game_ids, 1, **kw))
    monkeypatch.setattr(bench_ui, "COLD_ROUNDS", 1)
    monkeypatch.setattr(net_bench, "net_figures", lambda: net_figures(sessions=1, moves=5))
    assert main(["bench", "--quick", "--games", "crowns"]) == 0
    out = capsys.readouterr().out
    assert "games/s" in out and "actions/game" in out and "first paint" in out
    assert "tic-tac-toe" in out and "ratio" in out
    assert "whole legal_actions() list" in out  # the same games, each step drawn from the list


@pytest.mark.parametrize("level", ["foo", "Hardest", ""])
def test_an_unknown_bot_level_is_refused_in_one_line_before_the_game_starts(level):
    # Before: the game started, autosaved, and died with a traceback on the bot's first turn.
    out = run("crowns", "--bots", level)
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0
    assert "unknown bot level" in out.stderr and "Traceback" not in out.stderr


def test_bot_levels_are_listed_in_help_and_case_does_not_matter():
    out = run("--help")
    for level in ("random", "greedy", "easy", "normal", "hard"):
        assert level in out.stdout
    assert build_parser().parse_args(["crowns", "--bots", "Hard"]).bots == "hard"


@pytest.mark.parametrize("players", ["0", "1", "5"])
def test_a_player_count_the_game_does_not_take_is_refused(players):
    out = run("hoard", "--players", players)
    assert out.returncode == 2
    assert "takes 2 to 4 players" in out.stderr


def test_a_two_player_game_says_so():
    out = run("crowns", "--players", "3")
    assert out.returncode == 2 and "takes 2 players" in out.stderr


def test_arena_help_explains_seed_and_the_default_of_games():
    out = run("arena", "--help")
    assert out.returncode == 0
    assert "default: 20" in out.stdout and "same deals" in out.stdout


def test_tictactoe_yardstick_plays_whole_games():
    from dragon_tui.devtools.bench import tictactoe_playouts

    games, seconds = tictactoe_playouts(0.05)
    assert games >= 64 and games % 64 == 0 and seconds >= 0.05


def test_the_yardstick_draws_like_the_engine_but_with_its_own_code():
    """Same SplitMix64 numbers as the engine's Rng, from a generator the engine's speed work
    never touches; dragon_tui/devtools/compare_trees.py's copy (run beside both checkouts) draws the same."""
    import pathlib
    import re

    from dragon_tui.devtools.bench import YardstickRng
    from dragon_tui.engine import Rng

    for seed in (0, 5, 2**63 + 11):
        ours, engine = YardstickRng(seed), Rng(seed)
        assert [ours.randint(0, k % 9) for k in range(200)] == [engine.randint(0, k % 9) for k in range(200)]
    assert YardstickRng.randint is not Rng.randint
    source = pathlib.Path(__file__).parents[1].joinpath("dragon_tui", "devtools", "compare_trees.py").read_text()
    copy = re.search(r"^M = .*?(?=^def ttt)", source, re.S | re.M).group(0)
    namespace: dict = {}
    exec(copy, namespace)
    theirs, ours = namespace["YardstickRng"](5), YardstickRng(5)
    assert [theirs.randint(0, 8) for _ in range(100)] == [ours.randint(0, 8) for _ in range(100)]


def test_the_bench_strength_line_stops_a_game_that_never_ends(monkeypatch):
    """Greedy against random Princes, seed 3, never ends (the Clan Houses never fill): the
    bench stops such a game at its move cap, counts it won by nobody and says so."""
    from dragon_tui.devtools import bench
    from dragon_tui.games import GAMES

    state = bench._play(GAMES["throne"], 2, ["random", "greedy"], 3, max_moves=40)
    assert not state.is_over
    monkeypatch.setattr(bench, "BENCH_MAX_MOVES", 25)
    line = bench._strength(GAMES["throne"], quick=True)
    assert "greedy wins 0%" in line and "stopped unfinished after 25 moves, won by nobody" in line
    assert "seed 0, 1, 2, 3" in line
