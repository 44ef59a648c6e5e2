"""Dragon's Hoard: the table (field, deck, discards, whose turn), the treasure being paid
for, the viewing player's hand face up, and one panel per player with their hand as sheep
backs, their lairs with the treasures stored in them, the treasures laid and the score.

Everything is drawn from ``view`` — the state as the viewing seat may see it — so another
player's faces never reach this screen. Each sheep colour has a symbol too (♦ ● ★ ♠ ▲), so
the board reads the same in the monochrome theme.

Two layouts: compact rows (80×24, four players) and, when the terminal has room
(``-roomy``), bordered panels side by side.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.widget import Widget

from ....engine import Action, State
from ....engine.wording import count_of
from ....games.hoard import data
from ...board_base import BoardBase
from ...layout import has_room
from .cards import LEGEND, SHORT_NAMES, FlowBox, Palette

__all__ = ["Board", "Palette"]



class TableTop(FlowBox):
    """The field's four sheep, the deck with its top back, the discards, the round."""

    def show(self, v: State, pal: Palette, names: list[str]) -> None:
        field = Text("Field ", style="dim")
        for i, c in enumerate(v.field):
            if i:
                field.append(" ")
            field.append_text(Text("·", style="dim") if c is None else pal.sheep(data.back(c), "bold"))
        deck = Text("Deck ", style="dim")
        deck.append(str(len(v.deck)), style="bold")
        if v.deck:
            deck.append(" top ", style="dim")
            deck.append_text(pal.sheep(data.back(v.deck[-1]), "bold"))
        discard = Text.assemble(("Discards ", "dim"), (str(len(v.discard)), "bold"))
        goal = Text.assemble(("Round ", "dim"), (str(v.round), "bold"), (f" · {v.goal} treasures end it", "dim"))
        if v.last_round and not v.over:
            goal = Text.assemble(("Round ", "dim"), (str(v.round), "bold"), (" · LAST ROUND", "bold reverse"))
        self.set_rows([(None, [field, deck, discard, goal])])


class TurnLine(FlowBox):
    """Whose turn, what is left to do this turn, and the action card being answered."""

    def show(self, v: State, pal: Palette, names: list[str], offered: list[Action] | None = None) -> None:
        if v.over:
            scores = v.scores()
            winners = v.winners()
            who = " and ".join(names[w] for w in winners)
            verb = "wins" if len(winners) == 1 else "share the win"
            points = int(scores[winners[0]]) if winners else 0
            self.set_rows([(None, [Text(f"Game over · {who} {verb} with {count_of(points, 'point')}", style="bold")])])
            return
        items = [Text.assemble(("▶ ", "bold"), (f"{names[v.active]}'s turn", "bold"))]
        if v.phase in ("draw", "act"):
            left = v.actions_left()
            items.append(Text.assemble(("still to play: ", "dim"), ", ".join(left) or "nothing — end the turn"))
        pend = v.pending
        if pend:
            what = Text.assemble((f"{names[pend['actor']]} plays ", "dim"))
            for c in pend["cards"][: 2 if pend["wizard"] else 1]:
                what.append_text(pal.face(c))
                what.append(" ")
            if pend["target"] is not None:
                what.append(f"on {names[pend['target']]}", style="dim")
            if v.phase in ("react", "mob") and v.current_player is not None:
                verb = "answers?" if v.phase == "react" else "discards"
                what.append(f" — {names[v.current_player]} {verb}", style="bold")
            items.append(what)
            if v.phase == "react" and [a.kind for a in offered or ()] == ["no_battle"]:
                # The rule option "Ask for Battles: every affected player" pauses for everyone,
                # holding a Battle or not: say why, and that one key answers.
                items.append(Text("No Battle in your hand: n (or Enter) lets it happen.", style="bold"))
                items.append(Text("Everyone affected is asked, so nobody learns who holds a Battle.", style="italic"))
        if v.phase == "limit":
            items.append(Text(f"discard down to {data.HAND_LIMIT}", style="bold"))
        self.set_rows([(None, items)])


class PayLine(FlowBox):
    """The treasure being paid for: what is still owed, and what was spent so far."""

    def show(self, v: State, pal: Palette, names: list[str]) -> None:
        pay = v.pay
        self.display = pay is not None
        if pay is None:
            self.set_rows([])
            return
        card = data.CARDS[pay["card"]]
        lead = Text.assemble(("Paying for ", "bold"))
        lead.append_text(pal.sheep(card.colour, "bold"))
        lead.append(f" {card.name}", style=pal.style(card.colour, "bold"))
        lead.append(f" ({card.vp} VP)", style="bold")
        owed = Text("still owed ", style="bold")
        if pay["own"]:
            owed.append_text(pal.cost(card.colour, pay["own"], 0))
            owed.append(f" {pay['own']} {card.colour_name}")
        if pay["own"] and pay["any"]:
            owed.append(" + ")
        if pay["any"]:
            owed.append(f"{pay['any']} any colour")
        spent = Text("spent ", style="dim")
        if pay["paid"]:
            for i, c in enumerate(pay["paid"]):
                if i:
                    spent.append(" ")
                spent.append_text(pal.face(c))
        else:
            spent.append("nothing yet", style="dim")
        self.set_rows([(None, [lead, owed, spent])])


class HandPanel(FlowBox):
    """The viewing player's hand, face up; cards that a choice on offer uses are underlined."""

    def show(self, v: State, pal: Palette, names: list[str], seat: int | None, offered: list[Action],
             roomy: bool) -> None:
        if seat is None:
            self.border_subtitle = ""
            self.border_title = "Hands"
            note = "Hidden: each hand shows only its sheep backs, in the player rows."
            self.set_rows([(None, [Text(note, style="dim")])])
            return
        hand = v.hands[seat]
        self.border_subtitle = LEGEND if roomy else ""
        self.border_title = f"{names[seat]}'s hand · {len(hand)} card{'s' if len(hand) != 1 else ''}"
        in_play = {(data.kind(a.args[0]), data.back(a.args[0])) for a in offered
                   if a.args and isinstance(a.args[0], int) and a.kind in ("pay", "discard", "treasure", "play", "battle")}
        order = sorted(hand, key=lambda c: (data.CARDS[c].is_treasure if c >= 0 else 2, data.back(c) or 0,
                                            data.kind(c)))
        # Costs show at every size: what a treasure costs decides whether it can be laid.
        items = [pal.face(c, long=roomy, cost=True, extra="underline" if (data.kind(c), data.back(c)) in in_play else "")
                 for c in order]
        if not items:
            items = [Text("empty", style="dim")]
        self.set_rows([(None, items)])


class PlayerPanel(FlowBox):
    """One player: hand as sheep backs, treasures laid, score, lairs with their treasures."""

    def __init__(self, seat: int, name: str, label: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.player_name = name
        self.label = label

    @staticmethod
    def marks(v: State, seat: int) -> dict[str, bool]:
        """The classes that mark ``seat``'s panel, each on or off: whose decision it is, whose turn."""
        return {"-active": not v.over and v.current_player == seat, "-turn": not v.over and v.active == seat}

    @staticmethod
    def _lair(holding: dict, pal: Palette, roomy: bool) -> Text:
        """'♠ Lair: Jewel 3, Ring 2 (+3)'; compact: '♠Lair 3 2'."""
        colour = data.COLOURS.index(holding["colour"])
        held = holding["treasures"]
        t = pal.sheep(colour, "bold")
        t.append(" Lair" if roomy else "Lair", style=pal.style(colour, "bold"))
        if not held:
            t.append(" empty" if roomy else " –", style="dim")
        for i, c in enumerate(held):
            card = data.CARDS[c]
            if roomy:
                t.append(", " if i else ": ", style="dim")
                t.append(SHORT_NAMES.get(card.name, card.name), style=pal.style(colour))
            t.append(f" {card.vp}", style=pal.style(colour, "bold"))
        if held and roomy:
            t.append(f" (+{data.LAIR_BONUS[len(held)]})", style="dim")
        return t

    def show(self, v: State, pal: Palette, roomy: bool) -> None:
        s = self.seat
        marks = self.marks(v, s)
        for name, on in marks.items():
            self.set_class(on, name)
        active = marks["-active"]
        hand = v.hands[s]
        scores = v.scores()
        lair_pts = v.lair_points(s)
        score = Text.assemble((f"{int(scores[s])}", "bold"), (" pts", "dim"))
        if lair_pts and roomy:
            score.append(f" ({v.treasure_points(s)}+{lair_pts} lair)", style="dim")
        laid = Text.assemble(("laid ", "dim"), (f"{len(v.treasures[s])}/{v.goal}", "bold"))
        backs = Text.assemble(("hand ", "dim"), (f"{len(hand)} ", "bold"))
        backs.append_text(pal.backs(hand))
        marks = []
        if v.skip_next[s]:
            marks.append(Text("skips next turn", style="bold reverse"))
        pend = v.pending
        if pend and pend["target"] == s:
            marks.append(Text(f"◀ {data.ACTION_NAMES[pend['kind']]}", style="bold"))
        if v.over and s in v.winners():
            marks.append(Text("WINNER", style="bold reverse"))
        lairs = [self._lair(holding, pal, roomy) for holding in v.lair_holdings(s)]
        if roomy:
            self.border_title = f"{self.player_name} · {self.label}"
            loose = [pal.face(c) for c in v.loose_treasures(s)]
            rows: list[tuple[Text | None, list[Text]]] = [
                (None, [backs]),
                (None, [laid, score, *marks]),
                (Text("Lairs ", style="dim"), lairs or [Text("none", style="dim")]),
                (Text("Loose ", style="dim"), loose or [Text("none", style="dim")]),
            ]
        else:
            marker = Text("▶ " if active else "  ", style="bold")
            name = Text.assemble(marker, (self.player_name, "bold"), (f" {self.label}", "dim"))
            rows = [(None, [name, backs, laid, score, *marks])]
            loose = [pal.token(c) for c in v.loose_treasures(s)]
            if loose:
                loose[0] = Text("loose ", style="dim") + loose[0]
            treasures = [*lairs, *loose]
            rows.append((Text("    "), treasures or [Text("no lairs or treasures yet", style="dim")]))
        self.set_rows(rows)


class Board(BoardBase):
    def compose(self) -> ComposeResult:
        # Its room class before its panels mount (a class set later restyles every panel).
        self.set_class(has_room(self.screen, "-wide", "-tall"), "-roomy")
        labels = self.table.game.seat_labels
        state = self.table.state  # whose turn it is is public: the panels are marked from the start
        yield TableTop(id="hoard-table")
        yield TurnLine(id="hoard-turn")
        yield PayLine(id="hoard-pay")
        yield HandPanel(id="hoard-hand")
        with Widget(id="hoard-players", classes=f"players-{len(self.table.seats)}"):
            for seat, who in enumerate(self.table.seats):
                yield PlayerPanel(seat, who.name, labels[seat], classes=" ".join(["hoard-player", *(name for name, on in PlayerPanel.marks(state, seat).items() if on)]))

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.paint_now())
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._check_room())
        self._check_room()
        self.paint_now()

    def _check_room(self) -> None:
        roomy = has_room(self.screen, "-wide", "-tall")
        if roomy != self.has_class("-roomy"):
            self.set_class(roomy, "-roomy")
            self.paint_now()

    def viewer(self, v: State) -> int | None:
        """Whose hand to show face up: the one seat whose faces the view holds."""
        with_faces = [s for s in range(v.num_players) if any(c >= 0 for c in v.hands[s])]
        if len(with_faces) == 1:
            return with_faces[0]
        people = self.table.person_seats()
        if len(people) == 1 and (with_faces or not v.hands[people[0]]):
            return people[0]  # faces everywhere (a finished game), or the person's hand is empty
        current = v.current_player
        if with_faces and current in with_faces:
            return current
        if current in people and not v.hands[current]:
            return current  # an empty hand: nothing to hide, and it is theirs to see
        return None

    def paint(self, v: State) -> None:
        pal = Palette(self.app.current_theme.variables)
        names = self.table.names
        roomy = self.has_class("-roomy")
        self.query_one(TableTop).show(v, pal, names)
        self.query_one(TurnLine).show(v, pal, names, list(self.offered))
        self.query_one(PayLine).show(v, pal, names)
        self.query_one(HandPanel).show(v, pal, names, self.viewer(v), list(self.offered), roomy)
        for panel in self.query(PlayerPanel):
            panel.player_name = names[panel.seat]  # a shared table's seat takes its player's name
            panel.show(v, pal, roomy)
