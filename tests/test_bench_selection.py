"""``dragon-tui bench`` with any selection of games, none included, prints figures and never a
traceback; an unknown game is refused in one line before anything is measured. Each runs the
bench's own harness on a tiny budget, not the full bench."""

from __future__ import annotations

import pytest

from dragon_tui.devtools import bench_ui
from dragon_tui.cli import main


def test_no_game_has_no_overhead_to_summarise():
    assert bench_ui._summary({}, 0) is None
    assert bench_ui._summary({"crowns": {"20% 120x40": (0.004, 0.003), "80% 80x24": (0.002, 0.001)}}, 0) == (0.003, 0.004)


@pytest.mark.parametrize(("names", "ids"), [
    (None, ["throne", "hoard", "crowns", "court", "carcassonne"]),
    ([], ["throne", "hoard", "crowns", "court", "carcassonne"]),
    (["none"], []),
    (["court", " Crowns", "court"], ["court", "crowns"]),
    (["none", "hoard"], ["hoard"]),
])
def test_the_selection_of_games(names, ids):
    assert bench_ui.select_games(names) == ids


@pytest.mark.parametrize("games", ["chess", "crowns,chess"])
def test_an_unknown_game_is_refused_in_one_line_before_measuring(games, capsys):
    assert main(["bench", "--quick", "--games", games]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing was measured
    assert captured.err.strip().count("\n") == 0
    assert "no game 'chess'" in captured.err and "or none" in captured.err


@pytest.mark.ui
def test_the_app_figures_with_no_game_report_the_bare_app_alone():
    """The report that ended in ``StatisticsError: no median for empty data``: the real
    harness, one press per size, no game."""
    lines = bench_ui.report(bench_ui.measure([], repeats=1, startup=False))
    assert lines[1].startswith("  bare app: 120×40 ")
    assert lines[-1] == "  no game chosen: no overhead to show"


@pytest.mark.slow
@pytest.mark.ui
@pytest.mark.net
def test_bench_games_none_prints_the_app_and_network_figures(monkeypatch, capsys):
    """The whole ``dragon-tui bench --quick --games none``, as the project's notes run it, with
    the start-up's new processes and the SSH figures cut to the fewest that still measure."""
    from dragon_tui.devtools import net_bench

    monkeypatch.setattr(bench_ui, "COLD_ROUNDS", 1)
    monkeypatch.setattr(bench_ui, "ui_figures", lambda ids, quick: bench_ui.report(bench_ui.measure(ids, repeats=1)))
    real = net_bench.net_figures
    monkeypatch.setattr(net_bench, "net_figures", lambda: real(sessions=1, moves=3))
    assert main(["bench", "--quick", "--games", "none"]) == 0
    out = capsys.readouterr().out
    assert "random numbers:" in out and "games/s" not in out  # no game's figures
    assert "no game chosen" in out
    assert "  menu: " in out and "against a bare Textual app" in out
    assert "warm_ssh_first_paint_s_median" in out and "table_round_trip_ms_median" in out
