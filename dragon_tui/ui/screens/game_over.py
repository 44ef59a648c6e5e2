"""The end of a game: who won, and the score broken down into its parts per seat."""

from __future__ import annotations

from rich.cells import cell_len as cell_length
from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, Static

from ...session import Table, highscores


class GameOverScreen(ModalScreen):
    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("n", "rematch(False)", "Rematch: new deal"),
        Binding("d", "rematch(True)", "Same deal"),
        Binding("b", "back", "See board"),
        Binding("v", "review", "Review"),
        Binding("escape,m", "menu", "Menu"),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        state = self.table.state
        names = self.table.names
        ending = getattr(self.table, "ending", None)  # a shared table's, when it ended off the rules
        winners = [names[w] for w in state.winners()]
        if ending and ending.get("ended") and not state.is_over:
            headline = _ended_headline(ending, list(names))
        elif self.table.game.max_players == 1:
            headline = f"{names[0]} scores {_fmt(state.scores()[0])}"
        elif len(winners) == 1:
            headline = f"{winners[0]} wins!"
        else:
            headline = "Shared victory: " + " and ".join(winners)
        with Vertical(id="over-box"):
            yield Static(f"[b]{escape(headline)}[/b]", id="over-title")  # names: text, not markup
            yield Static(f"{self.table.game.title} · {len(self.table.moves)} moves · seed {self.table.seed}",
                         id="over-sub")
            with Center():
                yield self._breakdown()
            if self.table.game.max_players == 1:
                with Center():
                    yield Static(self._record_highscore(), id="highscores")
        yield Footer()

    def _breakdown(self) -> DataTable:
        """Filled before mounting, so the screen is whole however soon the app closes after pushing it."""
        state = self.table.state
        breakdown = state.score_breakdown()
        grid = DataTable(id="breakdown", show_cursor=False, zebra_stripes=True)
        header = ["", *self.table.names]
        rows = [[part, *[_fmt(row.get(part, "")) for row in breakdown]] for part in breakdown[0]]
        if not any(part.lower() in ("total", "final score") for part in breakdown[0]):
            rows.append(["Final score", *[_fmt(s) for s in state.scores()]])
        grid.add_columns(*header)
        grid.add_rows(rows)
        # As wide as its columns (the box centres it): each column its widest cell and the
        # cells' padding on both sides.
        widths = [max(cell_length(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
        grid.styles.width = sum(widths) + 2 * grid.cell_padding * len(widths)
        return grid

    def _record_highscore(self) -> str:
        """Solitaire: record this score for its seed and show the seed's table."""
        score = self.table.state.scores()[0]
        try:
            place = highscores.record(self.table.game.id, self.table.seed, self.table.names[0], score,
                                      len(self.table.moves))
        except OSError as exc:  # a full or read-only disk: show the table without this game
            self.notify(f"The high score could not be recorded: {exc}", severity="warning")
            place = None
        lines = [f"[b]High scores for seed {self.table.seed}[/b]"
                 + (f" — this game is #{place}" if place else "")]
        for rank, entry in enumerate(highscores.scores_for(self.table.game.id, self.table.seed)[:5], start=1):
            lines.append(f"{rank:>2}. {entry['name']:<16} {_fmt(entry['score']):>5}")
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A shared table offers a rematch, never the same deal (its deal is public now)."""
        if action == "rematch" and parameters and parameters[0] and getattr(self.table, "is_remote", False):
            return False
        return True

    def action_menu(self) -> None:
        self.app.pop_screen()
        self.app.pop_screen()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_replay(self) -> None:
        from .replay import ReplayScreen

        self.app.pop_screen()
        self.app.push_screen(ReplayScreen(self.table))

    def action_review(self) -> None:
        """The bot's review of the game and the score charts."""
        from .review import ReviewScreen

        self.app.push_screen(ReviewScreen(self.table))

    def action_rematch(self, same_deal: bool = False) -> None:
        self.app.pop_screen()
        self.app.rematch(self.table, same_deal)


def _ended_headline(ending: dict, names: list[str]) -> str:
    """A game that ended by a resignation, a forfeit or an abort: how, and who won by it (every
    seat that did not give up shares first place; an abort has no winner)."""
    from ...net.table_rules import ending_text

    told = ending_text(ending, names)
    gone = {int(s) for s in ending.get("seats", []) if isinstance(s, int)}
    if ending.get("how") in ("abort", "declined") or not gone:
        return told
    winners = [name for i, name in enumerate(names) if i not in gone]
    won = f"{winners[0]} wins!" if len(winners) == 1 else "Shared victory: " + " and ".join(winners)
    return f"{told} {won}"


def _fmt(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
