"""New-game setup: how many players, who sits where (person or bot and its level), names,
the seed, and the game's rule options. Tab moves between fields, and the focused field's
explanation stays on screen below the form; Enter on Start (or F9, or ctrl+n outside a
browser, which keeps ctrl+n for a new window) begins.

Options that mean nothing at the chosen player count (``RuleOption.players``) are hidden.
The seed: open games get a fresh random one filled in (shown, and typeable); games that hide
cards leave it empty, which draws a fresh secret one (shown when the game ends).
"""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...ai import LEVELS
from ...ai.levels import level_label
from ...games import get_game
from ...session import Seat, Table, fresh_seed, highscores
from ...session.seating import default_name, is_default_name
from . import routes

SETUP_KEYS = """
## Keys on the setup screen

| key | does |
|---|---|
| Tab / shift+Tab | next / previous field (the field's explanation shows below the form) |
| Enter | open a choice, pick in it; on Start: begin |
| F9 (or ctrl+n) | begin the game from anywhere on the form (in a browser only F9: ctrl+n opens a new window) |
| F1 (or ? outside a text box) | this help |
| Esc | back to the menu |
"""


def seat_kinds(game_id: str) -> list[tuple[str, str]]:
    """The choices for a seat: a person, or a bot of each level with its rating for this game
    ("Bot: hard ≈ 31", on the club's scale) where the levels were rated."""
    return [("Person", "person")] + [(f"Bot: {level_label(level, game_id)}", f"bot:{level}") for level in LEVELS]


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("f9,ctrl+n", "start", "Start", key_display="F9"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
    ]

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        super().__init__()
        self.game = get_game(game_id)
        # An open game shows its seed before it starts; a game with hidden cards keeps it secret.
        if seed is None and not self.game.hidden_information:
            seed = fresh_seed(self.game.id)
        self.seed = seed
        #: Each field's name and explanation, by the field's id.
        self.explanations: dict[str, tuple[str, str]] = {}

    def _field(self, field_id: str, name: str, explanation: str, *classes: str) -> Horizontal:
        self.explanations[field_id] = (name, explanation)
        return Horizontal(classes=" ".join(("field", *classes)), id=field_id)

    def compose(self) -> ComposeResult:
        g = self.game
        with VerticalScroll(id="setup"):
            yield Static(f"[b]{g.title}[/b] — new game", id="setup-title")
            if g.min_players != g.max_players:
                counts = [(f"{n} players", n) for n in range(g.min_players, g.max_players + 1)]
                with self._field("field-players", "Players", f"How many seats: {g.min_players} to {g.max_players}. "
                                 "Options that mean nothing at the chosen count are hidden."):
                    yield Label("Players", classes="field-label")
                    yield Select(counts, value=g.min_players, allow_blank=False, id="players", compact=True)
            for seat in range(g.max_players):
                default_kind = "person" if seat == 0 else "bot:greedy"
                with self._field(f"seat-{seat}", f"Seat {seat + 1}", "The seat's name, and who plays it: a person at this keyboard "
                                 "(several people pass the keyboard) or a bot — random, greedy, or the search "
                                 "bots easy, normal and hard.", "seat"):
                    yield Label(f"Seat {seat + 1}", classes="field-label")
                    yield Input(default_name(seat, default_kind.split(":")[0]), id=f"name-{seat}", classes="name",
                                compact=True)
                    yield Select(seat_kinds(self.game.id), value=default_kind, allow_blank=False, id=f"kind-{seat}", compact=True)
            if g.hidden_information:
                seed_help = ("Empty: a fresh secret seed (this game hides cards, so its seed is shown when the "
                             "game ends). Type a seed to play that deal again.")
            else:
                seed_help = ("The seed deals the game: the same seed gives the same deal. A fresh random one "
                             "is filled in; type another to replay a deal, or empty it for a new one.")
            with self._field("field-seed", "Seed", seed_help):
                yield Label("Seed", classes="field-label")
                yield Input("" if self.seed is None else str(self.seed),
                            placeholder="random, secret until the end" if g.hidden_information else "random",
                            id="seed", type="integer", compact=True)
                if g.max_players == 1:
                    yield Button("Today's seed", id="daily", compact=True)
            for opt in g.options:
                with self._field(f"field-opt-{opt.key}", opt.label, opt.help, "option"):
                    yield Label(opt.label, classes="field-label")
                    yield Select([(label, value) for value, label in opt.choices], value=opt.default,
                                 allow_blank=False, id=f"opt-{opt.key}", compact=True)
            with self._field("field-start", "Start", "Begin the game with these seats and rules "
                             "(F9 or ctrl+n does it from any field)."):
                yield Button("Start", variant="primary", id="start", compact=True)
        yield Static(id="field-help")
        yield Footer()

    def on_mount(self) -> None:
        self._show_for_players(self.game.min_players)
        # The first field has the focus, so a first Enter chooses rather than starts.
        first = next(w for w in self.query("#setup Select, #setup Input, #setup Button") if w.focusable)
        first.focus(scroll_visible=False)
        self.query_one("#setup").scroll_home(animate=False)
        self._explain(first)

    def _players(self) -> int:
        if self.game.min_players == self.game.max_players:
            return self.game.min_players
        return int(self.query_one("#players", Select).value)

    def _show_for_players(self, count: int) -> None:
        """Seats past the count, and options that do not apply to it, are hidden."""
        for seat in range(self.game.max_players):
            self.query_one(f"#seat-{seat}").display = seat < count
        for opt in self.game.options:
            self.query_one(f"#field-opt-{opt.key}").display = opt.applies_to(count)

    def on_descendant_focus(self, event) -> None:
        self._explain(event.widget)

    def _explain(self, widget: Widget) -> None:
        """Show the explanation of the field holding ``widget`` below the form."""
        node = widget
        while node is not None and not (isinstance(node, Horizontal) and node.has_class("field")):
            node = node.parent
        if node is None or node.id not in self.explanations:
            return
        name, explanation = self.explanations[node.id]
        self.query_one("#field-help", Static).update(f"[b]{escape(name)}[/b]: {escape(explanation)}")

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players":
            self._show_for_players(self._players())
        elif (event.select.id or "").startswith("kind-"):
            # A seat still called what the rule named it follows its kind ("Bot 1" when it
            # becomes a person is Ben); a typed name stays.
            seat = int(event.select.id.split("-", 1)[1])
            name = self.query_one(f"#name-{seat}", Input)
            if is_default_name(name.value, seat):
                name.value = default_name(seat, str(event.value).split(":")[0])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "daily":
            self.query_one("#seed", Input).value = str(highscores.daily_seed())

    def build_table(self) -> Table:
        seats = []
        for seat in range(self._players()):
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            name = self.query_one(f"#name-{seat}", Input).value.strip() or default_name(seat, kind.split(":")[0])
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

    def action_help(self) -> None:
        routes.open_screen(self.app, "help", None, self.game.help_markdown() + SETUP_KEYS)
