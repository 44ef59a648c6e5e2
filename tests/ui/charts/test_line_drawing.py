"""The score charts: braille lines in the colour themes (digits only in monochrome) and
whole-number ticks for counts."""

import asyncio

import pytest
from textual.app import App

from dragon_tui.ui.widgets.charts import SeatChart, whole_ticks

pytestmark = pytest.mark.ui


@pytest.mark.parametrize(("low", "high", "ticks"), [
    (2, 5, [2, 3, 4, 5]),          # shields
    (0, 1, [0, 1]),                # gems
    (0, 0, [0, 1]),                # a flat line still gets an axis
    (0, 168, [0, 42, 84, 126, 168]),
    (0, 170, [0, 43, 86, 129, 172]),
    (1.5, 3.2, [1, 2, 3, 4]),
])
def test_whole_ticks_are_whole_and_cover_the_values(low, high, ticks):
    assert whole_ticks(low, high) == ticks
    assert len(ticks) <= 5


class ChartApp(App):
    """Only the chart, with the theme variable the monochrome theme sets (``board-ink``)."""

    def __init__(self, ink):
        self.ink = ink
        super().__init__()

    def get_theme_variable_defaults(self):
        return {"board-ink": self.ink}

    def compose(self):
        yield SeatChart(id="c")


def drawn(ink):
    async def run():
        app = ChartApp(ink)
        async with app.run_test(size=(60, 16)) as pilot:
            chart = app.query_one(SeatChart)
            chart.show("Castle: shields", ["Ana", "Bot"], [[0, 1, 2, 3], [0, 1, 2, 3]],
                       [[2.0, 3.0, 3.0, 5.0], [2.0, 2.0, 4.0, 4.0]], whole=True)
            await pilot.pause()
            return chart.plt.uncolorize(chart.plt.build())
    return asyncio.run(run())


def test_colour_themes_draw_lines_not_digits():
    text = drawn("colour")
    plot_rows = [row for row in text.splitlines() if "│" in row and "┤" not in row[:3]]
    assert any(ch in "".join(plot_rows) for ch in "⠉⠒⣀⡇⢸")  # braille line drawing
    assert "1 Ana" not in text and "Ana" in text
    # The y axis reads 2 3 4 5, never 2.50 or 4.17.
    labels = [row.split("┤")[0].strip() for row in text.splitlines() if "┤" in row]
    assert [lab for lab in labels if lab] == ["5", "4", "3", "2"]


def test_monochrome_keeps_the_seat_digits():
    text = drawn("mono")
    assert "1 Ana" in text and "2 Bot" in text
