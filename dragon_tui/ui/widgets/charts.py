"""Line charts of a game (scores over the moves, the review's win chances), drawn by
textual-plotext. One line per seat. In the colour themes each line is drawn in braille dots,
in its own colour; only the monochrome theme, where every line has the text's colour, marks
each line's points with the seat's number (1, 2, …) so the lines stay apart. Counts (gems,
shields, points) get whole-number ticks: a measure that moves by ones is never 2.50."""

from __future__ import annotations

import math
from collections.abc import Sequence

from textual_plotext import PlotextPlot


class SeatChart(PlotextPlot):
    """A chart with one series per seat: ``show(title, names, xs, series)``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: tuple | None = None

    def show(self, title: str, names: Sequence[str], xs: Sequence[Sequence[float]],
             series: Sequence[Sequence[float]], ylabel: str = "", ylim: tuple[float, float] | None = None,
             whole: bool = False) -> None:
        """Plot ``series[seat]`` against ``xs[seat]`` (move numbers); ``whole``: the values are
        counts, so the y axis is ticked at whole numbers."""
        self._data = (title, tuple(names), [list(x) for x in xs], [list(y) for y in series], ylabel, ylim, whole)
        self.replot()

    def on_mount(self) -> None:
        super().on_mount()
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.replot())
        self.replot()

    def replot(self) -> None:
        if self._data is None or not self.is_mounted:
            return
        title, names, xs, series, ylabel, ylim, whole = self._data
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(title)
        plt.xlabel("move")
        if ylabel:
            plt.ylabel(ylabel)
        mono = self.app.theme_variables.get("board-ink") == "mono"
        for seat, (x, y) in enumerate(zip(xs, series)):
            if not x:
                continue
            if mono:
                plt.plot(x, y, marker=str(seat + 1), label=f"{seat + 1} {names[seat]}", color="default")
            else:
                plt.plot(x, y, marker="braille", label=names[seat])
        every = [v for x in xs for v in x]
        if every:  # whole move numbers on the axis (plotext would write 181.5)
            lo, hi = min(every), max(every)
            ticks = sorted({round(lo + (hi - lo) * i / 4) for i in range(5)})
            plt.xticks(ticks, [str(t) for t in ticks])
        if ylim is not None:
            plt.ylim(*ylim)
        values = [v for y in series for v in y]
        if whole and values:
            ticks = whole_ticks(min(values), max(values))
            plt.ylim(ticks[0], ticks[-1])
            plt.yticks(ticks, [str(t) for t in ticks])
        self.refresh()


def whole_ticks(low: float, high: float, most: int = 5) -> list[int]:
    """At most ``most`` whole-number ticks from ``low`` to ``high`` (rounded outwards), evenly
    spaced: 0 1 2 3 for shields, 0 20 40 … for a long game's points."""
    lo, hi = math.floor(low), math.ceil(high)
    if hi == lo:
        hi = lo + 1
    step = max(1, math.ceil((hi - lo) / (most - 1)))
    hi = lo + step * math.ceil((hi - lo) / step)
    return list(range(lo, hi + 1, step))
