"""The host dialog of the shared-tables lobby: the game, how many seats, who plays each (a
remote player, a player invited by name, a bot with its rating on the club's scale) and the
time control; or, as a seek, only the game, the seats and the time."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ...ai import LEVELS
from ...ai.levels import level_label
from ...engine.wording import a_or_an
from ...games import GAMES, is_playable
from ...net.table_rules import TIME_CONTROLS  # the table server applies the same


def _seat_kinds(game_id: str) -> list[tuple[str, str]]:
    """What the host may put in a seat: a remote player, or a bot of each level with its rating
    for the game ("Bot: hard ≈ 31") where the game's levels were rated."""
    return [("Remote player (someone joins)", "remote"), ("Invite a player by name", "invite")] + [
        (f"Bot: {level_label(lvl, game_id) if game_id in GAMES else lvl}", f"bot:{lvl}") for lvl in LEVELS]


class HostScreen(ModalScreen[dict | None]):
    """Host a table: the game, how many seats, and who plays each (you sit at seat 1)."""

    DEFAULT_CSS = """
    HostScreen { align: center middle; }
    HostScreen #host-box { width: 72; height: auto; max-height: 90%; border: round $primary;
                           background: $surface; padding: 1 2; }
    HostScreen .field { height: auto; margin-bottom: 1; }
    HostScreen .field-label { width: 12; padding: 0 1 0 0; }
    HostScreen Select { width: 1fr; }
    HostScreen Input { width: 20; }
    HostScreen .hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                Binding("f9,ctrl+n", "start", "Open the table", key_display="F9")]

    def __init__(self, seek: bool = False) -> None:
        super().__init__()
        #: a seek: any player for every other seat (no seat choices), paired by the server
        self.seek = seek
        self.games = [g for gid, g in GAMES.items() if is_playable(gid) and g.max_players >= 2]

    def compose(self) -> ComposeResult:
        first = self.games[0] if self.games else None
        with VerticalScroll(id="host-box"):
            yield Static("[b]Seek a game[/b] — any player, this game, this time: paired with a matching seek, "
                         "or your table waits for one" if self.seek else "[b]Host a shared table[/b] — you take seat 1")
            with Horizontal(classes="field"):
                yield Label("Game", classes="field-label")
                yield Select([(g.title, g.id) for g in self.games], value=first.id if first else Select.BLANK,
                             allow_blank=first is None, id="game", compact=True)
            with Horizontal(classes="field"):
                yield Label("Players", classes="field-label")
                yield Select([(f"{n} players", n) for n in range(2, 6)], value=2, allow_blank=False,
                             id="players", compact=True)
            kinds = _seat_kinds(first.id if first else "")
            for seat in range(1, 5):
                with Horizontal(classes="field", id=f"hseat-{seat}"):
                    yield Label(f"Seat {seat + 1}", classes="field-label")
                    yield Select(kinds, value="remote", allow_blank=False, id=f"hkind-{seat}", compact=True)
                    yield Input(placeholder="their name", id=f"hinvite-{seat}", max_length=24, compact=True)
            with Horizontal(classes="field"):
                yield Label("Time", classes="field-label")
                yield Select([(tc.label, tc.label) for tc in TIME_CONTROLS], value=TIME_CONTROLS[0].label,
                             allow_blank=False, id="limit", compact=True)
            with Horizontal(classes="field", id="limit-bot-field"):
                yield Label("Then", classes="field-label")
                yield Select([(f"{a_or_an(lvl)} bot plays the turn", lvl) for lvl in LEVELS], value="greedy",
                             allow_blank=False, id="limit-level", compact=True)
            yield Static("With a time limit the game can go on over days: take your turn and leave. A seat's "
                         "clock runs in its own turn; a longer turn spends its bank, a quicker one puts time "
                         "back. When both run out, a bot plays the rest of that turn (the log says so).",
                         classes="hint")
            yield Static("Tab moves between fields; Open (F9 or ctrl+n) starts the table.", classes="hint")
            yield Button("Seek" if self.seek else "Open the table", variant="primary", id="open", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self._fit()
        self.query_one("#open", Button).focus()

    def _game(self):
        value = self.query_one("#game", Select).value
        return GAMES.get(value) if isinstance(value, str) else None

    def _fit(self) -> None:
        game = self._game()
        players = self.query_one("#players", Select)
        if game is not None and getattr(self, "_fitted_for", None) != game.id:
            self._fitted_for = game.id
            options = [(f"{n} players", n) for n in range(max(2, game.min_players), game.max_players + 1)]
            current = players.value if isinstance(players.value, int) else 2
            players.set_options(options)
            players.value = min(max(current, options[0][1]), options[-1][1])
            for seat in range(1, 5):  # the bot levels' ratings are the chosen game's
                kind = self.query_one(f"#hkind-{seat}", Select)
                chosen = kind.value
                kind.set_options(_seat_kinds(game.id))
                kind.value = chosen
        count = players.value if isinstance(players.value, int) else 2
        for seat in range(1, 5):
            self.query_one(f"#hseat-{seat}").display = seat < count and not self.seek
            self.query_one(f"#hinvite-{seat}").display = self.query_one(f"#hkind-{seat}", Select).value == "invite"
        self.query_one("#limit-bot-field").display = self._time_control() is not None

    def _time_control(self):
        """The chosen preset (None: no limit)."""
        value = self.query_one("#limit", Select).value
        return next((tc for tc in TIME_CONTROLS if tc.label == value and tc.per_turn), None)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._fit()
        elif event.select.id in ("players", "limit") or (event.select.id or "").startswith("hkind-"):
            self._fit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "open":
            self.action_start()

    def action_start(self) -> None:
        game = self._game()
        if game is None:
            self.notify("Choose a game.", severity="warning")
            return
        count = self.query_one("#players", Select).value
        seats = [{"kind": "remote"}]
        for seat in range(1, int(count)):
            kind = "remote" if self.seek else str(self.query_one(f"#hkind-{seat}", Select).value)
            if kind == "invite":
                name = self.query_one(f"#hinvite-{seat}", Input).value.strip()
                if not name:
                    self.notify(f"Whom do you invite to seat {seat + 1}? Type their name.", severity="warning")
                    return
                seats.append({"kind": "remote", "invite": name})
            elif kind.startswith("bot:"):
                seats.append({"kind": "bot", "level": kind.split(":", 1)[1], "name": f"Bot {seat + 1}"})
            else:
                seats.append({"kind": "remote"})
        control = self._time_control()
        spec = {"game": game.id, "seats": seats}
        if control is not None:
            spec["move_limit"] = control.per_turn
            spec["bank"] = control.bank
            spec["vacation_days"] = control.vacation_days
            spec["limit_level"] = str(self.query_one("#limit-level", Select).value)
        self.dismiss(spec)

    def action_cancel(self) -> None:
        self.dismiss(None)
