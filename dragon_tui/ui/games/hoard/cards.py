"""Drawing Dragon's Hoard cards for the board: sheep backs in their colour and symbol,
faces, costs, laid treasures in short, and a widget whose rows wrap between items (a card
is never split over two lines)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ....games.hoard import data
from ...widgets.panel import SizedByLayout, refresh_content

LEGEND = "  ".join(f"{data.SYMBOLS[c]} {c}" for c in data.COLOURS) + " · treasure: points, cost (own colour + any)"
SHORT_NAMES = {"Treasure Chest": "Chest", "King's Treasure": "King's", "Wishing Tree": "Tree",
               "Wild Sheep": "Wild", "Angry Mob": "Mob"}


class Palette:
    """How a sheep colour is drawn in the current theme: its colours are the theme's
    variables ``hoard-<colour>``; a theme with ``board-ink: mono`` draws without colour."""

    def __init__(self, variables: dict[str, str]) -> None:
        self.mono = variables.get("board-ink") == "mono"
        self.colours = {c: variables[f"hoard-{c}"] for c in data.COLOURS}

    def style(self, colour: int | None, extra: str = "") -> str:
        if colour is None:
            return f"dim {extra}".strip()
        if self.mono:
            return extra or "bold"
        return f"{self.colours[data.COLOURS[colour]]} {extra}".strip()

    def sheep(self, colour: int | None, extra: str = "") -> Text:
        """One sheep back: its symbol in its colour ('?' when not even the back shows)."""
        symbol = "?" if colour is None else data.SYMBOLS[data.COLOURS[colour]]
        return Text(symbol, style=self.style(colour, extra))

    def backs(self, cards: list[int]) -> Text:
        """Sheep backs grouped by colour: ♦♦ ●★★."""
        t = Text()
        last = None
        for c in sorted(cards, key=lambda c: (data.back(c) is None, data.back(c) or 0)):
            b = data.back(c)
            if last is not None and b != last:
                t.append(" ")
            t.append_text(self.sheep(b, "bold"))
            last = b
        return t

    def face(self, card: int, long: bool = False, extra: str = "", cost: bool = False) -> Text:
        """A card as its holder sees it: '♠ Jewel 3' (a placeholder shows its back); with
        ``cost`` (or ``long``) a treasure also says what it costs: '♠ Jewel 3 ♠♠+1'."""
        if card < 0:
            return self.sheep(data.back(card), extra)
        c = data.CARDS[card]
        style = self.style(c.colour, extra)
        t = Text()
        t.append_text(self.sheep(c.colour, "bold"))
        t.append(" ")
        name = c.name if long else SHORT_NAMES.get(c.name, c.name)
        t.append(name, style=f"{style} bold" if c.is_treasure and c.kind != "lair" else style)
        if c.is_treasure and c.kind != "lair":
            t.append(f" {c.vp}", style="bold" if not extra else f"bold {extra}")
            if long or cost:
                t.append(" ")
                t.append_text(self.cost(c.colour, c.own, c.any))
        return t

    def token(self, card: int) -> Text:
        """A laid treasure in short: its sheep and its points, '♦4'."""
        c = data.CARDS[card]
        return self.sheep(c.colour, "bold") + Text(str(c.vp), style=self.style(c.colour, "bold"))

    def cost(self, colour: int, own: int, any_: int) -> Text:
        """'♠♠+1': sheep of the treasure's colour, plus sheep of any colour."""
        t = Text()
        for _ in range(own):
            t.append_text(self.sheep(colour))
        if any_:
            t.append(f"+{any_}", style="dim")
        return t


def flow(items: list[Text], width: int, lead: Text | None = None, gap: int = 2) -> list[Text]:
    """Lay items out left to right, breaking lines between items, never inside one."""
    lines: list[Text] = []
    line = lead.copy() if lead is not None else Text()
    indent = lead.cell_len if lead is not None else 0
    fresh = True
    for item in items:
        used = line.cell_len
        if not fresh and used + gap + item.cell_len > width:
            lines.append(line)
            line = Text(" " * indent)
            fresh = True
        if not fresh:
            line.append(" " * gap)
        line.append_text(item)
        fresh = False
    lines.append(line)
    return lines


class FlowBox(SizedByLayout, Widget):
    """A widget drawn as rows of items that wrap between items; subclasses fill ``rows``."""

    DEFAULT_CSS = "FlowBox { height: auto; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: Each row: (a lead-in label, the items that flow after it).
        self.rows: list[tuple[Text | None, list[Text]]] = []

    def set_rows(self, rows: list[tuple[Text | None, list[Text]]]) -> None:
        if rows == self.rows and rows:
            return  # the same rows: nothing to lay out or paint again
        self.rows = rows
        refresh_content(self)

    def lines(self, width: int) -> list[Text]:
        out: list[Text] = []
        for lead, items in self.rows:
            out += flow(items, max(width, 10), lead)
        return out or [Text("")]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> Text:
        return Text("\n").join(self.lines(self.content_size.width))
