"""The score charts' data (session/charts.py): one series per seat, one point per position."""

import pytest

from dragon_tui.ai import make_agent
from dragon_tui.session import Seat, Table
from dragon_tui.session.charts import score_charts


def played(game_id, players, moves, seed=3):
    table = Table(game_id, [Seat(f"P{i}", "bot", "greedy") for i in range(players)], seed)
    agents = [make_agent("greedy", table.game, i) for i in range(players)]
    while not table.state.is_over and len(table.moves) < moves:
        seat = table.state.current_player
        table.apply(agents[seat].choose(table.state, seat))
    return table


def test_princes_charts_the_loen_track():
    table = played("throne", 3, 120)
    (chart,) = score_charts("throne", table.states)
    assert chart.title == "Lo'en track" and len(chart.series) == 3
    for seat in range(3):
        assert chart.series[seat] == tuple(float(s.score[seat]) for s in table.states)
    assert any(max(series) > 0 for series in chart.series), "someone moved up the track"


def test_crowns_charts_gems_and_the_castle():
    table = played("crowns", 2, 200)
    gems, castle = score_charts("crowns", table.states)
    assert gems.title == "Gems taken" and castle.title == "Castle: shields"
    assert gems.series[1][-1] == table.state.gems_won[1]
    assert castle.series[0] == tuple(float(s.shields[0]) for s in table.states)
    assert len(castle.series[0]) == len(table.moves) + 1


@pytest.mark.parametrize("game_id,players", [("hoard", 3), ("carcassonne", 2), ("court", 1)])
def test_the_others_chart_their_points(game_id, players):
    table = played(game_id, players, 60)
    (chart,) = score_charts(game_id, table.states)
    assert chart.title == "Points" and len(chart.series) == players
    assert [s[-1] for s in chart.series] == table.state.scores()
