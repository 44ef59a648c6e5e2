"""The review of a game: where the hard bot would have chosen otherwise, and the charts.

The review (``ai/review.py``) runs in a thread worker: a progress bar follows it, ``x`` stops
it (the decisions reviewed so far stay), leaving the screen stops it too. ``s`` reviews the
next seat. Enter on a listed decision opens the replay at that position (the decision still
to be made). The charts need no review: every seat's score over the game is there at once;
the win chances (expected points in the solitaire) appear when the review has run.
"""

from __future__ import annotations

import threading

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.coordinate import Coordinate
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, ProgressBar, Static, TabbedContent, TabPane

from ...ai.ismcts import SearchConfig
from ...ai.review import Review, ReviewedDecision, decision_indexes, review_config, review_table, reviewable_seats
from ...session import Table
from ...session.charts import score_charts
from ..styles import REVIEW_SCREEN_STYLESHEETS
from ..widgets.charts import SeatChart

#: Labels in the decision list are cut to this many characters (the line below the list
#: shows the highlighted decision in full).
LABEL_WIDTH = {"wide": 34, "narrow": 22}


class ReviewProgress(Message):
    def __init__(self, generation: int, done: float, planned: int) -> None:
        super().__init__()
        self.generation, self.done, self.planned = generation, done, planned


class ReviewDecided(Message):
    def __init__(self, generation: int, decision: ReviewedDecision) -> None:
        super().__init__()
        self.generation, self.decision = generation, decision


class ReviewDone(Message):
    def __init__(self, generation: int, review: Review) -> None:
        super().__init__()
        self.generation, self.review = generation, review


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


class ReviewScreen(Screen):
    STYLESHEETS = REVIEW_SCREEN_STYLESHEETS
    BINDINGS = [
        Binding("x", "stop", "Stop"),
        Binding("s", "next_seat", "Seat"),
        Binding("g", "sort", "Sort"),
        Binding("d", "tab('decisions')", "Decisions", show=False),
        Binding("c", "tab('scores')", "Scores"),
        Binding("w", "tab('chances')", "Estimates"),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(self, table: Table, seat: int | None = None, config: SearchConfig | None = None,
                 seed: int = 0) -> None:
        super().__init__()
        self.table = table
        #: Whose decisions may be reviewed (before the end of a game with hidden hands, only
        #: the people's own: see ``ai/review.reviewable_seats``).
        self.seats = reviewable_seats(table)
        if seat is not None and seat not in self.seats:
            raise ValueError("Only your own decisions can be reviewed before the game is over.")
        self.seat = self._default_seat() if seat is None else seat
        self.config = config or review_config(table.game)
        self.seed = seed
        self.review: Review | None = None
        self._cancel = threading.Event()
        self._generation = 0
        self._reviewing = False
        #: Decisions reviewed so far (the list fills while the review runs).
        self._decided: list[ReviewedDecision] = []
        #: The list's order: the game's ("move") or the biggest gap first ("gap").
        self.order = "move"

    def _default_seat(self) -> int:
        """The person at this keyboard (the first one), else the first seat that may be reviewed."""
        people = [s for s in self.table.person_seats() if s in self.seats]
        return people[0] if people else (self.seats[0] if self.seats else 0)

    @property
    def solitaire(self) -> bool:
        return self.table.game.max_players == 1

    # ---------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="review-title")
        with Horizontal(id="review-progress"):
            yield ProgressBar(id="review-bar", show_eta=False)
            yield Static(id="review-state")
        with TabbedContent(initial="decisions", id="review-tabs"):
            with TabPane("Decisions", id="decisions"):
                yield DataTable(id="review-table", cursor_type="row", zebra_stripes=True)
                yield Static(id="review-detail")
            with TabPane("Scores", id="scores"):
                for i, _chart in enumerate(score_charts(self.table.game.id, self.table.states[:1])):
                    yield SeatChart(id=f"score-chart-{i}", classes="score-chart")
            with TabPane("Expected points" if self.solitaire else "Win chance", id="chances"):
                yield SeatChart(id="chance-chart")
        yield Footer()

    def on_mount(self) -> None:
        self._show_scores()
        self.start()

    def on_unmount(self) -> None:
        self._cancel.set()

    # ---------------------------------------------------------------- the worker
    def start(self) -> None:
        """(Re)start the review of ``self.seat``; a review still running is stopped first."""
        self._cancel.set()
        self._cancel = threading.Event()
        self._generation += 1
        self.review = None
        self._decided = []
        self._reviewing = True
        self.refresh_bindings()
        name = self.table.names[self.seat]
        planned = len(decision_indexes(self.table.states, self.table.moves, self.seat))
        self.query_one("#review-title", Static).update(
            f"Review for {name}: {planned} decisions, each searched with only what {name} knew then")
        bar = self.query_one("#review-bar", ProgressBar)
        bar.update(total=max(1, planned), progress=0)
        self._planned = planned
        self.query_one("#review-state", Static).update(f"Reviewing 1 of {planned}… (x: stop)")
        self._fill_table()
        self.query_one("#review-detail", Static).update("")
        self._show_chances()
        self._review(self.seat, self._generation, self._cancel)

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def _review(self, seat: int, generation: int, cancel: threading.Event) -> None:
        last = [-1.0]

        def progress(done: float, planned: int) -> None:
            if done - last[0] >= 0.05 or done == planned:  # a few messages per decision
                last[0] = done
                self.post_message(ReviewProgress(generation, done, planned))

        review = review_table(self.table, seat, config=self.config, seed=self.seed, cancel=cancel,
                              on_progress=progress,
                              on_decision=lambda d: self.post_message(ReviewDecided(generation, d)))
        self.post_message(ReviewDone(generation, review))

    @on(ReviewProgress)
    def _progress(self, message: ReviewProgress) -> None:
        if message.generation == self._generation:
            self.query_one("#review-bar", ProgressBar).update(total=max(1, message.planned), progress=message.done)

    @on(ReviewDecided)
    def _decided_one(self, message: ReviewDecided) -> None:
        if message.generation != self._generation or not self._reviewing:
            return
        self._decided.append(message.decision)
        if len(self._decided) < self._planned:
            self.query_one("#review-state", Static).update(
                f"Reviewing {len(self._decided) + 1} of {self._planned}… (x: stop)")
        if message.decision.differs:
            self._add_row(message.decision, self.review_unit)
            if len(self.differing()) == 1:
                self._describe(0)

    @property
    def review_unit(self) -> str:
        return "points" if self.solitaire else "win"

    def differing(self) -> list[ReviewedDecision]:
        """The listed decisions, in the list's order."""
        rows = [d for d in self._decided if d.differs]
        return sorted(rows, key=lambda d: -d.loss) if self.order == "gap" else rows

    @on(ReviewDone)
    def _done(self, message: ReviewDone) -> None:
        if message.generation != self._generation:
            return  # a review of another seat, stopped
        self._reviewing = False
        self.refresh_bindings()
        review = self.review = message.review
        self._decided = list(review.decisions)
        self.query_one("#review-bar", ProgressBar).update(total=max(1, review.planned), progress=len(review.decisions))
        differing = review.differing()
        state = (f"The bot differs at {len(differing)} of {review.planned}." if review.complete else
                 f"Stopped at {len(review.decisions)} of {review.planned}: {len(differing)} differ.")
        self.query_one("#review-state", Static).update(state)
        self._fill_table()
        self._show_chances()

    # ---------------------------------------------------------------- the decision list
    def _fill_table(self) -> None:
        grid = self.query_one("#review-table", DataTable)
        grid.clear(columns=True)
        value = "Points" if self.solitaire else "Win"
        # Fixed widths (the labels are cut to fit): the list looks the same while it fills.
        width = self._label_width()
        for label, cells in (("Move", 4), ("Played", width), (value, 6), ("The bot would play", width),
                             (value, 6), ("Gap", 4)):
            grid.add_column(label, width=cells)
        for d in self.differing():
            self._add_row(d, self.review_unit)
        if self.review is not None and not self.differing():
            self.query_one("#review-detail", Static).update("The bot agrees with every decision reviewed.")
        elif self.differing():
            self._describe(grid.cursor_row if 0 <= grid.cursor_row < grid.row_count else 0)
        if self.query_one(TabbedContent).active == "decisions":
            grid.focus()

    def _label_width(self) -> int:
        return LABEL_WIDTH["wide" if self.app.size.width >= 100 else "narrow"]

    def _add_row(self, d: ReviewedDecision, unit: str) -> None:
        width = self._label_width()
        fmt = self._format
        gap = f"{d.loss * 100:+.0f}" if unit == "win" else f"{d.loss:+.1f}"
        self.query_one("#review-table", DataTable).add_row(
            str(d.move + 1), _cut(self.table.text(d.played.describe()), width), fmt(d.played_value),
            _cut(self.table.text(d.choice.describe()), width), fmt(d.choice_value), gap, key=str(d.move))

    def _format(self, value: float) -> str:
        return f"{value * 100:.0f}%" if not self.solitaire else f"{value:.1f}"

    @on(DataTable.RowHighlighted, "#review-table")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe(event.cursor_row)

    def _describe(self, row: int) -> None:
        grid = self.query_one("#review-table", DataTable)
        if not 0 <= row < grid.row_count:
            return
        move = int(grid.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value)
        d = next((d for d in self._decided if d.move == move), None)
        if d is None:
            return
        fmt = (lambda v: f"{v * 100:.0f}%") if not self.solitaire else (lambda v: f"{v:.1f} points")
        name = self.table.names[self.seat]
        self.query_one("#review-detail", Static).update(
            f"Move {d.move + 1}: {name} played {self.table.text(d.played.describe())} ({fmt(d.played_value)}); "
            f"the bot would play {self.table.text(d.choice.describe())} ({fmt(d.choice_value)}). "
            "Enter: see it in the replay.")

    @on(DataTable.RowSelected, "#review-table")
    def _selected(self, event: DataTable.RowSelected) -> None:
        from .replay import ReplayScreen

        self.app.push_screen(ReplayScreen(self.table, position=int(event.row_key.value)))

    # ---------------------------------------------------------------- charts
    def _show_scores(self) -> None:
        names = self.table.names
        for i, chart in enumerate(score_charts(self.table.game.id, self.table.states)):
            xs = [list(range(len(s))) for s in chart.series]
            self.query_one(f"#score-chart-{i}", SeatChart).show(chart.title, names, xs, chart.series)

    def _show_chances(self) -> None:
        chart = self.query_one("#chance-chart", SeatChart)
        names = self.table.names
        decisions = self._decided
        xs = [[d.move + 1 for d in decisions]]
        if self.solitaire:
            chart.show("Expected points of the bot's choice, at each decision", names, xs,
                       [[d.choice_value for d in decisions]])
            return
        who = names[self.seat]
        title = (f"Win chance as the bot saw it at {who}'s decisions" if decisions
                 else "Win chance: appears when the review has run")
        series = [[100 * d.chances[s] for d in decisions] for s in range(len(names))]
        chart.show(title, names, xs * len(names), series, ylabel="%", ylim=(0, 100))

    # ---------------------------------------------------------------- keys
    def action_stop(self) -> None:
        if self._reviewing:
            self._cancel.set()
            self.query_one("#review-state", Static).update("Stopping…")

    def action_next_seat(self) -> None:
        if len(self.seats) < 2:
            self.notify("There is no other seat to review" + (
                "" if self.solitaire or self.table.state.is_over else " until the game is over") + ".")
            return
        self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)] if self.seat in self.seats \
            else self.seats[0]
        self.start()

    def action_sort(self) -> None:
        """The game's order, or the biggest gap first (where the game was won or lost)."""
        self.order = "gap" if self.order == "move" else "move"
        self._fill_table()
        self.notify("Biggest gap first." if self.order == "gap" else "In the game's order.")

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab
        if tab == "decisions":
            self.query_one("#review-table", DataTable).focus()

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        if event.pane.id == "chances":  # the decisions reviewed so far, while the review runs too
            self._show_chances()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``x`` is offered only while a review runs: once it is done there is nothing to stop."""
        if action == "stop":
            return self._reviewing
        return True

    def action_close(self) -> None:
        """Back to where the review was opened from; a review the command line opened
        (``dragon-tui review FILE``) is the whole errand, so closing it ends the program."""
        self._cancel.set()
        if len(self.app.screen_stack) == 1:
            self.app.exit()
        else:
            self.app.pop_screen()
