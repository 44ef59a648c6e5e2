"""What the score charts plot: every seat's score after every move of a game.

One chart per measure, each with one series per seat, the x axis being the move number
(0 = the start). A game names its measures in its own ``games/<id>/charts.py``
(``MEASURES``: title and a function from a state to one value per seat), found through the
registry; a game without one is charted by its points (``State.scores()``).

Only public counts are read (tracks, laid cards, gems, shields), never a hand. No Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import State
from ..games import game_part


@dataclass(frozen=True)
class Chart:
    title: str
    #: series[seat][k]: the seat's value after k moves.
    series: tuple[tuple[float, ...], ...]
    #: Every measure here is a count (gems, shields, points): its axis wants whole numbers.
    whole: bool = True


#: What a game without its own measures is charted by.
POINTS: tuple[tuple[str, Callable[[State], Sequence[float]]], ...] = (("Points", lambda s: s.scores()),)


def _measures(game_id: str) -> tuple[tuple[str, Callable[[State], Sequence[float]]], ...]:
    return getattr(game_part(game_id, "charts"), "MEASURES", POINTS)


def score_charts(game_id: str, states: Sequence[State]) -> list[Chart]:
    """The charts of a game from its positions (``Table.states``: the start, then one per move)."""
    charts = []
    for title, measure in _measures(game_id):
        rows = [list(measure(state)) for state in states]
        seats = len(rows[0]) if rows else 0
        charts.append(Chart(title, tuple(tuple(float(r[s]) for r in rows) for s in range(seats))))
    return charts
