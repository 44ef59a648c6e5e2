"""What the score charts plot: every seat's score after every move of a game.

One chart per measure, each with one series per seat, the x axis being the move number
(0 = the start):

* Princes of the Dragon Throne: the Lo'en (prestige) track during play — the end scoring's
  bonuses are not on the track, so the last point is the track, not the final total;
* Batalla de Coronas: gems taken, and the castle — shields left (the rival's swords must
  break through them);
* the others: their points (Hoard's laid treasures and Lairs, Carcassonne's points, the
  Court's running victory points).

Only public counts are read (tracks, laid cards, gems, shields), never a hand. No Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import State


@dataclass(frozen=True)
class Chart:
    title: str
    #: series[seat][k]: the seat's value after k moves.
    series: tuple[tuple[float, ...], ...]
    #: Every measure here is a count (gems, shields, points): its axis wants whole numbers.
    whole: bool = True


def _measures(game_id: str) -> list[tuple[str, Callable[[State], Sequence[float]]]]:
    if game_id == "throne":
        return [("Lo'en track", lambda s: s.score)]
    if game_id == "crowns":
        return [("Gems taken", lambda s: s.gems_won), ("Castle: shields", lambda s: s.shields)]
    return [("Points", lambda s: s.scores())]


def score_charts(game_id: str, states: Sequence[State]) -> list[Chart]:
    """The charts of a game from its positions (``Table.states``: the start, then one per move)."""
    charts = []
    for title, measure in _measures(game_id):
        rows = [list(measure(state)) for state in states]
        seats = len(rows[0]) if rows else 0
        charts.append(Chart(title, tuple(tuple(float(r[s]) for r in rows) for s in range(seats))))
    return charts
