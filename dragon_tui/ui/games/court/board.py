"""The Court of Xiang Chi: the Society Row on top (four slots, the price under each card,
Princes in reverse video), the Royal Court below it (2×4, spaces a–h), then a ledger line
(copper, VP, Generals, the pile, turn and phase) and a line for the Daemon court and the
defeated Princes. Card formatting lives in ``cards``.

Every panel draws itself for the width it gets (``lines(width)``), so the same widgets show
role names at 80 columns and full card names at 120. Clans have a colour *and* a word or
letter, roles a word, so the monochrome theme loses nothing. The keys printed on the board
(1–4 for the row, a–h for the court) are the keys the action list answers to; clicking a
slot or a space chooses the offered action there.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.widget import Widget

from ....engine import Action, State
from ....games.court.board import COURT_COLUMNS, ROW_SLOTS, SPACE_LETTERS, rightmost_court_card, tax_income
from ....games.court.data import CARDS, CLAN_BONUS, CLANS, GENERAL, TAX_COLLECTOR, Card
from ...board_base import BoardBase
from ...widgets.panel import SizedByLayout, refresh_content
from .cards import POWER_HINTS, PRINCE_HINT, Ink, face, fit, hjoin, prince_word, short_name


class CourtPanel(SizedByLayout, Widget):
    """A panel that renders itself for its width: ``get_content_height`` and ``render`` agree."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state: State | None = None
        self.offered: list[Action] = []
        self.ink = Ink()
        #: ``lines`` for one width, kept until the next ``show`` (layout and render both ask).
        self._lines: tuple[int, list[Text]] | None = None

    def show(self, state: State, offered: list[Action], ink: Ink) -> None:
        self.state, self.offered, self.ink = state, offered, ink
        self.titles(state)
        self._lines = None
        refresh_content(self)

    def titles(self, state: State) -> None:
        """Set the border title and subtitle (not from ``lines``: that runs during layout)."""

    def lines(self, width: int) -> list[Text]:
        raise NotImplementedError

    def lines_for(self, width: int) -> list[Text]:
        if self._lines is None or self._lines[0] != width:
            self._lines = (width, self.lines(width))
        return self._lines[1]

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self.lines_for(width)) if self.state is not None and width > 0 else 1

    def render(self) -> Text:
        if self.state is None or self.content_size.width <= 0:
            return Text()
        return Text("\n", no_wrap=True).join(self.lines_for(self.content_size.width))

    def offered_at(self, kinds: tuple[str, ...], index: int) -> Action | None:
        for action in self.offered:
            if action.kind in kinds and action.args and action.args[0] == index:
                return action
        return None

    def choose(self, action: Action | None) -> None:
        if action is not None:
            self.post_message(BoardBase.Picked(action))


class SocietyRow(CourtPanel):
    """The four slots of the Society Row; new cards enter at slot 1 and slide right."""

    KINDS = ("take", "buy", "fight")

    def titles(self, s: State) -> None:
        self.border_title = "Society Row"
        dutch = s.options.get("auction", "dutch") == "dutch"
        self.border_subtitle = "new cards enter at 1 and get cheaper as they slide right" if dutch else ""

    def lines(self, width: int) -> list[Text]:
        w = max(width // ROW_SLOTS, 6)
        return hjoin([self.slot(i, w - 1) for i in range(ROW_SLOTS)], w)

    def slot(self, i: int, w: int) -> list[Text]:
        s, ink = self.state, self.ink
        tall = w >= 25
        offer = self.offered_at(self.KINDS, i)
        key = Text.assemble((f"{i + 1}", "bold reverse" if offer else "bold"), " ")
        card_id = s.row[i]
        if card_id is None:
            return [key + Text("empty", "dim")]
        card = CARDS[card_id]
        title, detail = face(card, w - 2, ink)
        if card.is_prince:
            note, hint = self.fight_note(card, offer, w - 2), PRINCE_HINT
        else:
            note, hint = self.price_note(i, offer, w - 2), POWER_HINTS[card.role]
        lines = [key + title, Text("  ") + detail, Text("  ") + note]
        if tall:
            lines.append(Text("  " + fit(hint, w - 2), "dim italic"))
        return lines

    def price_note(self, i: int, offer: Action | None, w: int) -> Text:
        s = self.state
        if s.is_over:
            return Text()
        if s.phase.startswith("setup"):
            return Text("free" if w < 16 else "free to take", "dim")
        price = s.price(i)
        style = "bold" if offer or (s.phase == "buy" and price <= s.cp) else ("dim" if s.phase == "buy" else "")
        note = Text(f"{price} CP", style)
        if s.phase in ("buy", "fight", "place") and rightmost_court_card(s.row) == i:
            room = w - note.cell_len
            note.append(fit([" · next out", " ‹out", " ‹", ""], room), self.ink.warn())
        return note

    def fight_note(self, card: Card, offer: Action | None, w: int) -> Text:
        s = self.state
        if s.is_over:
            return Text()
        need = max(0, card.strength - s.general_total())
        if need > s.cp:
            short = need - s.cp
            return Text(fit([f"too strong: {short} CP short", f"short by {short} CP", "too strong"], w), "dim")
        text = "Generals win" if need == 0 else f"fight for {need} CP"
        return Text(fit([text, f"{need} CP"], w), "bold" if offer else "")

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.content_size.width:
            self.choose(self.offered_at(self.KINDS, offset.x * ROW_SLOTS // self.content_size.width))


class RoyalCourt(CourtPanel):
    """Two rows of four spaces, a–d on top and e–h below; offered spaces light their letter."""

    def titles(self, s: State) -> None:
        self.border_title = "Royal Court"
        if s.pending is not None:
            name = CARDS[s.pending].name
            if s.court_full():
                self.border_title = f"Royal Court full: the {name} replaces the card you pick"
            else:
                self.border_title = f"Royal Court: place the {name} in a free space"

    def lines(self, width: int) -> list[Text]:
        w = max(width // COURT_COLUMNS, 6)
        out = []
        for top in (0, COURT_COLUMNS):
            out += hjoin([self.space(top + c, w - 1) for c in range(COURT_COLUMNS)], w)
        return out

    def space(self, space: int, w: int) -> list[Text]:
        """Two lines a space, three (with a reminder of lasting powers) when there is room."""
        card_id = self.state.court[space]
        offer = self.offered_at(("place",), space)
        letter = Text.assemble((SPACE_LETTERS[space].lower(), "bold reverse" if offer else "bold"), " ")
        tall = w >= 25
        if card_id is None:
            return [letter + Text("free" if offer else "·", "dim"), Text()] + [Text()] * tall
        card = CARDS[card_id]
        title, detail = face(card, w - 2, self.ink)
        lines = [letter + title, Text("  ") + detail]
        if tall:  # entry powers have fired already; only the lasting ones are worth a reminder
            hint = POWER_HINTS[card.role] if card.role in (TAX_COLLECTOR, GENERAL) else ("",)
            lines.append(Text("  " + fit(hint, w - 2), "dim italic"))
        return lines

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is not None and self.content_size.width:
            column = offset.x * COURT_COLUMNS // self.content_size.width
            lower = offset.y >= self.content_size.height // 2
            self.choose(self.offered_at(("place",), column + (COURT_COLUMNS if lower else 0)))


class CourtLedger(CourtPanel):
    """One line: copper, VP so far, the Generals' strength, the pile, turn and phase, and in
    phase 1 what a pass brings. Asides (dim) and the last parts go first when space is short."""

    def lines(self, width: int) -> list[Text]:
        s = self.state
        vp = sum(s.score_parts().values())
        princes = sum(1 for c in s.pile if CARDS[c].is_prince)
        # (label, value, aside, aside rank: 2 is dropped before 1) by need.
        parts = [
            ("CP ", f"{s.cp}", "", 0),
            ("VP ", f"{vp:g}", "", 0),
            ("Generals ", *self.generals(s)),
            ("Pile ", f"{len(s.pile)}", f" ({princes} Princes)", 1),
            *self.phase_parts(s),
        ]
        if s.phase == "buy":
            parts.append(("Pass ", f"+{tax_income(s.court)} CP", "", 0))
        n = len(parts)
        tries = [(n, 2), (n, 1), (n - 1, 2), (n - 1, 1)] + [(k, 0) for k in range(n, 0, -1)]
        for keep, asides in tries:
            line = Text(no_wrap=True)
            for i, (label, value, aside, rank) in enumerate(parts[:keep]):
                line.append("  " + label if i else label, "dim")
                line.append(value, "bold")
                if aside and rank <= asides:
                    line.append(aside, "dim")
            if line.cell_len <= width:
                break
        return [line]

    @staticmethod
    def generals(s: State) -> tuple[str, str, int]:
        """The Generals' total, and what the +2 clan bonus still needs."""
        base, bonus = s.general_parts()
        if bonus:
            return f"{base}+{bonus} = {base + bonus}", "", 2
        clans = {CARDS[c].clan for c in s.court if c is not None and CARDS[c].role == GENERAL}
        missing = [clan for clan in CLANS if clan not in clans]
        return f"{base}", (f" (+{CLAN_BONUS} needs {'/'.join(missing)})" if clans else ""), 2

    def phase_parts(self, s: State) -> list[tuple[str, str, str, int]]:
        if s.phase == "over":
            return [("Turn ", f"{s.turn}", "", 0), ("", "Game over", "", 0)]
        if s.phase.startswith("setup"):
            return [("Setup ", f"card {s.taken + 1} of 3", "", 0)]
        phase = "2 fight" if s.phase == "fight" else "1 buy or pass" if s.phase == "buy" else "1 place"
        return [("Turn ", f"{s.turn}", "", 0), ("Phase ", phase, "", 0)]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


class CourtLosses(CourtPanel):
    """The Daemon court (VP you will lose) and the defeated Princes (VP won). Card names if
    they fit, else clan and role, else the Daemon court counted by clan with its best VP
    (what a Courtesan of that clan would rescue); wrapped only if even that is too long. Once
    the game is over no Courtesan can rescue anything, so before wrapping the Daemon court is
    only counted, then the defeated Princes too: the end keeps to one line at 80 columns."""

    def lines(self, width: int) -> list[Text]:
        s = self.state
        for detail in (2, 1, 0, -1, -2) if s.is_over else (2, 1, 0):
            line = self.build(s, detail)
            if line.cell_len <= width:
                return [line]
        return list(line.wrap(self.app.console, width))

    def build(self, s: State, detail: int) -> Text:
        ink = self.ink
        t = Text()
        lost = sum(CARDS[c].vp for c in s.daemon_court)
        t.append("Daemon court ", "bold")
        t.append(f"−{lost}" if lost else "empty", "bold" if lost else "dim")
        if detail < 0:
            if s.daemon_court:
                t.append(f" ({plural(len(s.daemon_court), 'card')})", "dim")
        elif detail:
            for n, c in enumerate(s.daemon_court):
                card = CARDS[c]
                t.append(", " if n else " ")
                t.append(card.name if detail == 2 else short_name(card), ink.clan(card.clan, ""))
        else:
            groups = [(clan, [CARDS[c].vp for c in s.daemon_court if CARDS[c].clan == clan]) for clan in CLANS]
            for n, (clan, vps) in enumerate(g for g in groups if g[1]):
                t.append(", " if n else " ")
                t.append(f"{len(vps)} {clan} (best {max(vps)}vp)", ink.clan(clan, ""))
        won = sum(CARDS[c].vp for c in s.defeated)
        t.append("   Defeated ", "bold")
        t.append(f"+{won}" if won else "none", "bold" if won else "dim")
        if s.defeated and detail < -1:
            t.append(f" ({plural(len(s.defeated), 'Prince')})", "dim")
        elif s.defeated:
            t.append(" " + ", ".join(prince_word(CARDS[c]) for c in s.defeated), ink.clan("Fire", ""))
        if s.set_aside:
            t.append("   Set aside ", "bold")
            t.append(", ".join(prince_word(CARDS[c]) for c in s.set_aside))
        return t


class Board(BoardBase):
    def compose(self) -> ComposeResult:
        yield SocietyRow(id="court-row")
        yield RoyalCourt(id="court-court")
        yield CourtLedger(id="court-ledger")
        yield CourtLosses(id="court-losses")

    def paint(self, view: State) -> None:
        # Once per change: ``view`` and ``offered`` arrive together and paint_soon joins them.
        ink = Ink(self.app.current_theme.variables)
        for panel in self.query(CourtPanel):
            panel.show(view, self.offered, ink)

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.paint_now())
        self.paint_now()
