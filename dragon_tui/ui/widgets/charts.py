"""Line charts of a game (scores over the moves, the review's win chances), drawn by
textual-plotext. One line per seat; each line's points are the seat's number (1, 2, …), so
the lines stay apart in the monochrome theme, where every line has the text's colour."""

from __future__ import annotations

from collections.abc import Sequence

from textual_plotext import PlotextPlot


class SeatChart(PlotextPlot):
    """A chart with one series per seat: ``show(title, names, xs, series)``."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._data: tuple | None = None

    def show(self, title: str, names: Sequence[str], xs: Sequence[Sequence[float]],
             series: Sequence[Sequence[float]], ylabel: str = "", ylim: tuple[float, float] | None = None) -> None:
        """Plot ``series[seat]`` against ``xs[seat]`` (move numbers)."""
        self._data = (title, tuple(names), [list(x) for x in xs], [list(y) for y in series], ylabel, ylim)
        self.replot()

    def on_mount(self) -> None:
        super().on_mount()
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.replot())
        self.replot()

    def replot(self) -> None:
        if self._data is None or not self.is_mounted:
            return
        title, names, xs, series, ylabel, ylim = self._data
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
            extra = {"color": "default"} if mono else {}
            plt.plot(x, y, marker=str(seat + 1), label=f"{seat + 1} {names[seat]}", **extra)
        every = [v for x in xs for v in x]
        if every:  # whole move numbers on the axis (plotext would write 181.5)
            lo, hi = min(every), max(every)
            ticks = sorted({round(lo + (hi - lo) * i / 4) for i in range(5)})
            plt.xticks(ticks, [str(t) for t in ticks])
        if ylim is not None:
            plt.ylim(*ylim)
        self.refresh()
