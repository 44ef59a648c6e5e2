"""The boards of a shared-tables server: each multiplayer game's ratings (OpenSkill, people
only: games with a bot are not rated), and today's solitaire deal. Read from the table server."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Select, Static

from ...engine import IllegalAction
from ...games import GAMES, is_playable
from ...net.client import TablesError
from ...net.club import daily_board, leaderboard


class LeaderboardScreen(Screen):
    DEFAULT_CSS = """
    LeaderboardScreen #boards { margin: 0 2; height: 1fr; }
    LeaderboardScreen .board-title { color: $primary; text-style: bold; margin: 1 0 0 0; }
    LeaderboardScreen DataTable { height: auto; max-height: 14; }
    LeaderboardScreen #board-game-row { height: auto; }
    LeaderboardScreen #board-game-row Label { padding: 0 1 0 0; }
    LeaderboardScreen Select { width: 40; }
    LeaderboardScreen .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("r", "refresh", "Refresh")]

    def __init__(self, path: str | None, player: str) -> None:
        super().__init__()
        self.path = path
        self.player = player
        self.games = [g for gid, g in GAMES.items() if is_playable(gid) and g.max_players >= 2]

    def compose(self) -> ComposeResult:
        with Vertical(id="boards"):
            yield Static("Ratings", classes="board-title")
            with Horizontal(id="board-game-row"):
                yield Label("Game")
                yield Select([(g.title, g.id) for g in self.games], value=self.games[0].id, allow_blank=False,
                             id="board-game", compact=True)
            yield DataTable(id="ratings", show_cursor=False, zebra_stripes=True)
            yield Static("Rating = skill − 3 × uncertainty (OpenSkill): it grows as you win and as the server "
                         "gets surer of you. Only games between people are rated.", classes="hint")
            yield Static("Today's deal", classes="board-title", id="daily-title")
            yield DataTable(id="daily", show_cursor=False, zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ratings", DataTable).add_columns("#", "Player", "Rating", "Games")
        self.query_one("#daily", DataTable).add_columns("#", "Player", "Score", "Moves")
        self.action_refresh()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.action_refresh()

    def action_refresh(self) -> None:
        game = self.query_one("#board-game", Select).value
        ratings = self.query_one("#ratings", DataTable)
        daily = self.query_one("#daily", DataTable)
        ratings.clear()
        daily.clear()
        if not self.path:
            return
        try:
            board = leaderboard(self.path, self.player, str(game))
            day = daily_board(self.path, self.player)
        except (TablesError, IllegalAction) as exc:
            self.notify(f"The boards are not available: {exc}", severity="warning")
            return
        for rank, entry in enumerate(board, start=1):
            ratings.add_row(str(rank), _you(entry["player"], self.player), f"{entry['rating']:.1f}", str(entry["games"]))
        if not board:
            ratings.add_row("", "no rated games yet", "", "")
        title = GAMES[day["game"]].title
        self.query_one("#daily-title", Static).update(f"Today's deal — {title}, {day['day']} (press d in the lobby)")
        for rank, entry in enumerate(day["board"], start=1):
            daily.add_row(str(rank), _you(entry["player"], self.player), f"{entry['score']:g}", str(entry["moves"]))
        if not day["board"]:
            daily.add_row("", "nobody has finished today's deal yet", "", "")

    def action_back(self) -> None:
        self.app.pop_screen()


def _you(name: str, me: str) -> str:
    return f"{name} (you)" if name == me else name
