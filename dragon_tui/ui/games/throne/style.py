"""Princes of the Dragon Throne: how players, clans and cards are drawn on every panel.

Every player has a digit (1–4) and every clan its name, so nothing on the board depends on
colour alone: in the monochrome theme the digits and names still say everything.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...widgets.fast_strips import StripPanel
from ...widgets.panel import SizedByLayout

from ....engine import Action, State
from ....games.throne import data

BONUS = (
    "−1 on every recruit",
    "redraw at turn start",
    "+2 resources on gather",
    "pawns & lords protected",
    "King's Guard → supporter",
    "Dragons eat 1 sheep",
)
FAVOR_EFFECT = (
    "3 of one resource",
    "move 2 supporters",
    "move/take 2 King's Guards",
    "4 sheep",
    "dice: add/remove a supporter",
    "move a Dragon Lord",
)
MARKER = "⚑"
PRINCE = "♛"
GUARD = "K"
NEUTRAL_MARK = "n"
EMPTY = "·"


class Palette:
    """Styles for the current theme, from its variables (``throne-player-N``,
    ``throne-clan-N``, ``throne-guard``); a theme with ``board-ink: mono`` has no colours."""

    def __init__(self, variables: dict[str, str]) -> None:
        self.mono = variables.get("board-ink") == "mono"
        self.players = tuple(variables[f"throne-player-{n}"] for n in range(1, 5))
        self.clans = tuple(variables[f"throne-clan-{n}"] for n in range(1, 7))
        self.guard = "bold" if self.mono else f"bold {variables['throne-guard']}"

    def player(self, seat: int, extra: str = "bold") -> str:
        if seat == data.NEUTRAL:
            return "dim"
        return extra if self.mono else f"{self.players[seat]} {extra}".strip()

    def clan(self, clan: int, extra: str = "") -> str:
        return extra if self.mono else f"{self.clans[clan]} {extra}".strip()

    def mark(self, seat: int, extra: str = "bold") -> Text:
        """A player's digit (1–4), or 'n' for the 2-player neutral colour."""
        return Text(*self.mark_parts(seat, extra))

    def mark_parts(self, seat: int, extra: str = "bold") -> tuple[str, str]:
        """``mark``'s text and style, to append to a line without a Text of its own."""
        return NEUTRAL_MARK if seat == data.NEUTRAL else str(seat + 1), self.player(seat, extra)


def res_text(produce) -> str:
    return " ".join(f"+{n}{data.RES_LETTER[r]}" for r, n in enumerate(produce) if n)


def card_text(cid: int, pal: Palette, short: bool = False) -> Text:
    """One card in a line: name, clan (Dragons), yield, feed, cost and prestige."""
    if cid < 0:
        return Text("hidden card", style="dim")
    cd = data.card(cid)
    t = Text()
    if cd.kind == "favor":
        t.append(f"{data.GUILDS[cd.guild]} Favor", style="bold")
        if not short:
            t.append(f" {FAVOR_EFFECT[cd.guild]}", style="dim")
        return t
    t.append(cd.name, style="bold" if cd.is_recruit else "")
    if cd.is_dragon and not cd.starter:
        t.append(f" {data.CLANS[cd.clan]}", style=pal.clan(cd.clan, "bold"))
    if cd.starter:
        t.append(" (starter)", style="dim")
    t.append(f" {res_text(cd.produce)}")
    if cd.feed:
        t.append(f" eats {cd.feed}s", style="dim")
    if cd.cost and not short:
        t.append(f" · {cd.cost}{'g' if cd.is_dragon else 'i'}", style="dim")
    if cd.prestige:
        t.append(f" ★{cd.prestige}", style="bold")
    return t


def prospect_text(cid: int, pal: Palette, cost: int | None = None, feed: int | None = None,
                  below: int = 0, room: int | None = None) -> Text:
    """A prospect as it lies on the board: the cost first (``cost``: what the player would pay,
    after their discounts; else the printed one), then the card, its yield, what a Dragon
    eats when it is played (``feed``: for that player, after Ze'me) and how many cards lie
    below. With ``room``, the fullest wording that fits: names are shortened before they are
    ever cut ("Amber Dragon Ha'wa", then "Amber Dr. Ha'wa"; "Goblin Royal", then "Gob Roy")."""
    for variant in _prospect_variants(cid, pal, cost, feed, below):
        if room is None or variant.cell_len <= room:
            return variant
    return variant


def _prospect_variants(cid: int, pal: Palette, cost: int | None, feed: int | None, below: int):
    cd = data.card(cid)
    head = f"{cd.cost if cost is None else cost}{'g' if cd.is_dragon else 'i'} "
    eats = cd.feed if feed is None else feed
    tail = Text(f" {res_text(cd.produce)}", style="dim")
    if eats:
        tail.append(f" eats {eats}s")
    if cd.prestige:
        tail.append(f" ★{cd.prestige}", style="bold")
    if cd.is_dragon:
        clan = data.CLANS[cd.clan]
        names = [(cd.name, clan), (cd.name.replace(" Dragon", " Dr."), clan),
                 (cd.name.replace(" Dragon", ""), clan)]
        least = [("Dr.", clan), ("", clan)]  # the cost in gold says Dragon too
    else:
        words = cd.name.split()
        names = [(cd.name, None)]
        least = [(" ".join(w[:3] for w in words), None), ("".join(w[:3] for w in words), None)]
    belows = [f" (+{below} below)", f" (+{below})", ""] if below else [""]
    for (name, clan), with_tail, after in (
            [(n, True, b) for n in names[:1] for b in belows]
            + [(n, True, "") for n in names[1:] + least]
            + [(n, False, "") for n in least]):
        t = Text.assemble((head, "bold"))
        t.append(name)
        if clan:
            t.append(f" {clan}" if name else clan, style=pal.clan(cd.clan, "bold"))
        if with_tail:
            t.append_text(tail)
        if after:
            t.append(after, style="dim")
        yield t


class Scene:
    """Everything a panel needs to paint itself. (A plain class: a dataclass cost about
    half a millisecond to create at start-up, for an ``__eq__`` and ``__repr__`` never used.)"""

    __slots__ = ("view", "names", "pal", "offered", "viewer", "compact", "text", "final")

    def __init__(self, view: State, names: list[str], pal: Palette, offered: list[Action] | None = None,
                 viewer: int | None = None, compact: bool = False, text: object = str,
                 final: tuple[list[float], list[int]] | None = None) -> None:
        self.view = view
        self.names = names
        self.pal = pal
        self.offered: list[Action] = [] if offered is None else offered
        #: The seat whose hand the view holds face up (None while hands are hidden).
        self.viewer = viewer
        self.compact = compact
        #: The table's {pN} → name formatter.
        self.text = text
        #: Once the game is over: (final scores, winners) of the real state — a seat's view
        #: hides the others' cards, which end scoring counts.
        self.final = final


class Painter:
    """What one panel of the board draws from a Scene: its lines (``paint``) and its title.
    A plain class, not a widget: the five panels are one widget class (``ThronePanel``), each
    holding its painter, since every Textual widget class costs about 1.8 million instructions
    to create as its module loads (start-up)."""

    #: Whether ``paint`` draws to the width it is given. The others draw the same lines at
    #: any width (the stylesheet cuts them with an ellipsis): the first layout, which gives
    #: every panel its width after the first paint at a guessed 80, repaints them for nothing.
    BY_WIDTH = False

    def paint(self, scene: Scene, width: int) -> Text:  # pragma: no cover - overridden
        raise NotImplementedError

    def title(self, scene: Scene) -> str:
        return ""


class ThronePanel(StripPanel, SizedByLayout, Static):
    """A panel of the board, drawn by its ``painter`` from a Scene; one whose lines depend on
    its width (``Painter.BY_WIDTH``) repaints itself when its width changes. Its lines are drawn
    straight into strips (``StripPanel``)."""

    def __init__(self, painter: Painter, **kwargs) -> None:
        super().__init__(**kwargs)
        self.painter = painter
        self.scene: Scene | None = None

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.show_content(self.painter.paint(scene, self.content_size.width or 80))

    def fit_to_size(self) -> None:
        if self.painter.BY_WIDTH and self.scene is not None:
            self.show_content(self.painter.paint(self.scene, self.content_size.width or 80))


def lines(rows: list[Text]) -> Text:
    out = Text("\n").join(rows)
    out.no_wrap = True
    out.overflow = "ellipsis"
    return out
