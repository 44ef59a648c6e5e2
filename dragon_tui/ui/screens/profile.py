"""A player's profile on a club server: their rating in each game (the leaderboard's number),
how it went game after game, and their recent finished games. Read from the table server."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Sparkline, Static

from ...engine import IllegalAction
from ...games import GAMES
from ...net.client import TablesError
from ...net.club import player_profile


def _title(game_id: str) -> str:
    return GAMES[game_id].title if game_id in GAMES else game_id


def _when(at: float | None, now: float) -> str:
    if not at:
        return ""
    days = int((now - at) // 86400)
    return "today" if days <= 0 else "yesterday" if days == 1 else f"{days} days ago"


def _place(game: dict, player: str) -> str:
    """Where the player finished ("1st of 2"), and how a game that did not end by its rules ended."""
    seats = game.get("seats") or []
    mine = [i for i, s in enumerate(seats) if s.get("player") == player]
    ranks = game.get("result") or []
    place = ""
    if mine and mine[0] < len(ranks):
        rank = ranks[mine[0]]
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
        place = f"{rank}{suffix} of {len(seats)}"
    how = (game.get("ending") or {}).get("how")
    return f"{place} ({how})" if how and place else place or (how or "")


class ProfileScreen(Screen):
    DEFAULT_CSS = """
    ProfileScreen #profile { margin: 0 2; height: 1fr; }
    ProfileScreen .profile-title { color: $primary; text-style: bold; margin: 1 0 0 0; }
    ProfileScreen DataTable { height: auto; max-height: 12; }
    ProfileScreen Sparkline { height: 3; margin: 0 0 0 0; }
    ProfileScreen .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("r", "refresh", "Refresh")]

    def __init__(self, path: str | None, player: str, of: str | None = None) -> None:
        super().__init__()
        self.path = path
        self.player = player
        #: whose page this is (the asker's own by default)
        self.of = of or player
        self.history: dict[str, list[list[float]]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="profile"):
            yield Static(f"{self.of}" + (" (you)" if self.of == self.player else ""), classes="profile-title")
            yield DataTable(id="ratings", cursor_type="row", zebra_stripes=True)
            yield Static("", id="history-label", classes="hint")
            yield Sparkline([], id="history")
            yield Static("Recent games", classes="profile-title")
            yield DataTable(id="recent", show_cursor=False, zebra_stripes=True)
            yield Static("Rating = skill − 3 × uncertainty (OpenSkill), as on the boards (b in the lobby).",
                         classes="hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ratings", DataTable).add_columns("Game", "Rating", "Skill", "±", "Games")
        self.query_one("#recent", DataTable).add_columns("Finished", "Game", "Place", "Players", "Moves")
        self.action_refresh()

    def action_refresh(self) -> None:
        rated = self.query_one("#ratings", DataTable)
        recent = self.query_one("#recent", DataTable)
        rated.clear()
        recent.clear()
        if not self.path:
            return
        try:
            page = player_profile(self.path, self.player, of=self.of)
        except (TablesError, IllegalAction) as exc:
            self.notify(f"The profile is not available: {exc}", severity="warning")
            return
        self.history = page.get("history") or {}
        for entry in page["ratings"]:
            rated.add_row(_title(entry["game"]), f"{entry['rating']:.1f}", f"{entry['mu']:.1f}",
                          f"{3 * entry['sigma']:.1f}", str(entry["games"]), key=entry["game"])
        if not page["ratings"]:
            rated.add_row("no rated games yet", "", "", "", "")
        self._show_history(page["ratings"][0]["game"] if page["ratings"] else None)
        now = time.time()
        for game in page.get("games", []):
            others = ", ".join(s.get("player") or f"{s.get('name')} (bot)" for s in game.get("seats", []))
            # names are text, never markup: a bot's name is whatever its table's host typed
            recent.add_row(_when(game.get("finished"), now), _title(game["game"]), _place(game, self.of),
                           Text(others), str(game.get("moves", "")))
        if not page.get("games"):
            recent.add_row("", "no finished games yet", "", "", "")

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "ratings" and event.row_key.value:
            self._show_history(event.row_key.value)

    def _show_history(self, game_id: str | None) -> None:
        points = self.history.get(game_id or "", [])
        label = self.query_one("#history-label", Static)
        spark = self.query_one("#history", Sparkline)
        if not points:
            label.update("")
            spark.data = []
            return
        values = [rating for _, rating in points]
        label.update(f"{_title(game_id or '')}: the rating after each of the last {len(values)} rated games, "
                     f"{values[0]:.1f} → {values[-1]:.1f}")
        spark.data = values

    def action_back(self) -> None:
        self.app.pop_screen()
