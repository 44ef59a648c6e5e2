"""New-game setup: how many players, who sits where (person or bot and its level), names,
the seed, and the game's rule options. Tab moves between fields; Enter on Start begins."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...ai import LEVELS
from ...games import get_game
from ...session import Seat, Table, fresh_seed, highscores

DEFAULT_NAMES = ("Ana", "Ben", "Cai", "Dara", "Eli")


def seat_kinds() -> list[tuple[str, str]]:
    return [("Person", "person")] + [(f"Bot: {level}", f"bot:{level}") for level in LEVELS]


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+n", "start", "Start"),
    ]

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        super().__init__()
        self.game = get_game(game_id)
        self.seed = seed

    def compose(self) -> ComposeResult:
        g = self.game
        with VerticalScroll(id="setup"):
            yield Static(f"[b]{g.title}[/b] — new game", id="setup-title")
            if g.min_players != g.max_players:
                counts = [(f"{n} players", n) for n in range(g.min_players, g.max_players + 1)]
                with Horizontal(classes="field"):
                    yield Label("Players", classes="field-label")
                    yield Select(counts, value=g.min_players, allow_blank=False, id="players", compact=True)
            for seat in range(g.max_players):
                default_kind = "person" if seat == 0 else "bot:greedy"
                with Horizontal(classes="field seat", id=f"seat-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-label")
                    yield Input(DEFAULT_NAMES[seat], id=f"name-{seat}", classes="name", compact=True)
                    yield Select(seat_kinds(), value=default_kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input("" if self.seed is None else str(self.seed), placeholder="random",
                            id="seed", type="integer", compact=True)
                if g.max_players == 1:
                    yield Button("Today's seed", id="daily", compact=True)
            for opt in g.options:
                with Horizontal(classes="field"):
                    yield Label(opt.label, classes="field-label")
                    yield Select([(label, value) for value, label in opt.choices], value=opt.default,
                                 allow_blank=False, id=f"opt-{opt.key}", tooltip=opt.help, compact=True)
            yield Static("Tab moves between fields, Enter opens a choice; Start (or ctrl+n) begins.", classes="hint")
            yield Button("Start", variant="primary", id="start", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.game.min_players)
        self.query_one("#start", Button).focus(scroll_visible=False)
        self.query_one("#setup").scroll_home(animate=False)

    def _players(self) -> int:
        if self.game.min_players == self.game.max_players:
            return self.game.min_players
        return int(self.query_one("#players", Select).value)

    def _show_seats(self, count: int) -> None:
        for seat in range(self.game.max_players):
            self.query_one(f"#seat-{seat}").display = seat < count

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_seats(self._players())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "daily":
            self.query_one("#seed", Input).value = str(highscores.daily_seed())

    def build_table(self) -> Table:
        seats = []
        for seat in range(self._players()):
            name = self.query_one(f"#name-{seat}", Input).value.strip() or DEFAULT_NAMES[seat]
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            if kind.startswith("bot:"):
                seats.append(Seat(name, "bot", kind.split(":", 1)[1]))
            else:
                seats.append(Seat(name))
        seed_text = self.query_one("#seed", Input).value.strip()
        # No seed typed: a fresh one (a secret 128-bit one when the game hides cards).
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else fresh_seed(self.game.id)
        options = {opt.key: self.query_one(f"#opt-{opt.key}", Select).value for opt in self.game.options}
        return Table(self.game.id, seats, seed, options)

    def action_start(self) -> None:
        try:
            table = self.build_table()
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.app.begin_new_game(table, before=self.app.pop_screen)
