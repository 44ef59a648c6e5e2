"""How a Court of Xiang Chi card reads in a cell of a given width: colours per theme (none
in monochrome), role words and numbers in the richest format that fits every card of its
kind, so all the cells of a panel match. Pure Rich text, no widgets."""

from __future__ import annotations

from functools import lru_cache

from rich.text import Text

from ....games.court.data import (
    CARDS,
    CLAN_LETTERS,
    COURTESAN,
    COURTESAN_FALLBACK_CP,
    GENERAL,
    MINISTER,
    MINISTER_BASE_CP,
    POET,
    TAX_COLLECTOR,
    Card,
)

from ...themes import DARK

#: Short role words, longest first, for narrow cells.
ROLE_WORDS = {
    MINISTER: ("Minister", "Minist.", "M"),
    TAX_COLLECTOR: ("Tax Collector", "Tax Coll.", "Taxman", "T"),
    GENERAL: ("General", "Gen.", "G"),
    POET: ("Poet", "P"),
    COURTESAN: ("Courtesan", "Courtsn", "C"),
}
#: One-line reminders of each role's power, shown when a row slot is wide enough.
POWER_HINTS = {
    MINISTER: (f"enters: +{MINISTER_BASE_CP} CP, +1 per clan in row", f"+{MINISTER_BASE_CP} CP, +1 per clan in row"),
    TAX_COLLECTOR: ("+1 CP each time you pass",),
    GENERAL: ("adds her strength in fights", "strength in fights"),
    POET: ("enters: +1 VP per clan neighbour", "+1 VP per clan neighbour"),
    COURTESAN: (
        f"enters: saves clan card or +{COURTESAN_FALLBACK_CP} CP",
        f"saves clan card or +{COURTESAN_FALLBACK_CP} CP",
    ),
}
PRINCE_HINT = ("carries a card off each turn", "raids the row each turn")
#: A shorter title per rank, keeping what sets the rank apart: "Moon Captain" must never
#: shorten to "Moon General", another card's name (tests check every short name is unique).
SHORT_TITLES = {
    "Minister of Rites": "Min. of Rites", "Minister of Works": "Min. of Works", "Grand Chancellor": "Chancellor",
    "Tax Clerk": "Tax Clerk", "Tax Collector": "Collector", "Salt Commissioner": "Salt Comm.",
    "Captain": "Captain", "General": "General", "Grand Marshal": "Marshal",
    "Wandering Poet": "Wand. Poet", "Court Poet": "Court Poet", "Poet Laureate": "Laureate",
    "Tea-House Courtesan": "Tea-House", "Courtesan": "Courtesan", "Favoured Consort": "Consort",
}


def short_name(card: Card) -> str:
    """A court card's name in less room: its clan and its rank's short title ("Moon Marshal");
    a Daemon Prince by his word ("Embers")."""
    if card.is_prince:
        return prince_word(card)
    title = card.name.removeprefix(f"{card.clan} ")
    return f"{card.clan} {SHORT_TITLES[title]}"


class Ink:
    """Styles for one theme, from its variables (``court-sun`` ... ``court-warn``): clan
    colours, or plain bold where the theme says ``board-ink: mono``."""

    def __init__(self, variables: dict[str, str] | None = None) -> None:
        variables = variables if variables is not None else DARK.variables
        self.mono = variables.get("board-ink") == "mono"
        self.colours = {name: variables[f"court-{name.lower()}"] for name in ("Sun", "Moon", "Earth", "Fire", "Warn")}

    def clan(self, clan: str, extra: str = "bold") -> str:
        return extra if self.mono else f"{extra} {self.colours[clan]}"

    def warn(self) -> str:
        return "italic" if self.mono else f"italic {self.colours['Warn']}"

    def card(self, card: Card, extra: str = "bold") -> str:
        if card.is_prince and "bold" in extra:
            return "bold reverse" if self.mono else f"bold reverse {self.colours['Fire']}"
        return self.clan(card.clan, extra)


def fit(variants, width: int) -> str:
    """The first variant that fits in ``width`` cells (else the last one, cut)."""
    for v in variants:
        if len(v) <= width:
            return v
    return variants[-1][: max(width, 0)]


def prince_word(card: Card) -> str:
    return card.name.removeprefix("Prince of ").removeprefix("the ")


def _stat_variants(card: Card, clan: bool) -> list[str]:
    word = card.clan if clan else ""
    letter = CLAN_LETTERS[card.clan] if clan else ""
    s, v = card.strength, card.vp
    if card.is_prince:
        variants = [f"Daemon Prince · str {s} · {v}vp", f"Daemon · str {s} · {v}vp", f"str {s} · {v}vp",
                    f"s{s} {v}"]
    elif s:
        variants = [f"{word} · str {s} · {v}vp", f"{word} str {s} {v}vp", f"{word} s{s} {v}vp", f"{letter} s{s} {v}"]
    else:
        variants = [f"{word} · {v}vp", f"{word} {v}vp", f"{word} {v}vp", f"{letter} {v}"]
    return [x.strip(" ·") for x in variants]


def _prince_titles(card: Card) -> list[str]:
    word = prince_word(card)
    return [card.name, f"Prince {word}", word, word[:6]]


@lru_cache(maxsize=None)
def _tier(kind: str, width: int, clan: bool = True) -> int:
    """The richest format every card of its kind fits in, so all the cells of a panel match."""
    if kind == "prince title":
        cards, variants = [c for c in CARDS if c.is_prince], _prince_titles
    else:
        cards = [c for c in CARDS if c.is_prince == (kind == "prince stats")]
        variants = lambda c: _stat_variants(c, clan)  # noqa: E731
    for tier in range(3):
        if all(len(variants(c)[tier]) <= width for c in cards):
            return tier
    return 3


def stats(card: Card, width: int, clan: bool = True) -> str:
    """Clan (word or letter), strength and VP in as much room as there is."""
    kind = "prince stats" if card.is_prince else "court stats"
    return _stat_variants(card, clan)[_tier(kind, width, clan)][:width]


LONGEST_NAME = max(len(c.name) for c in CARDS if not c.is_prince)


def face(card: Card, w: int, ink: Ink) -> tuple[Text, Text]:
    """A card's two lines in ``w`` cells: the full name over role and numbers when there is
    room, else the role word over clan and numbers. Princes are in reverse video."""
    if card.is_prince:
        title = _prince_titles(card)[_tier("prince title", w)][:w]
        return Text(title, ink.card(card)), Text(stats(card, w))
    if w >= LONGEST_NAME:  # every name fits: the name carries the clan
        title = card.name
        detail = f"{card.role} · {stats(card, w - len(card.role) - 3, clan=False)}"
    else:
        title, detail = fit(ROLE_WORDS[card.role], w), stats(card, w)
    return Text(title, ink.card(card)), Text(fit([detail], w), ink.clan(card.clan, ""))


def hjoin(cells: list[list[Text]], width: int) -> list[Text]:
    """Lay cells side by side, each ``width`` wide, cutting what does not fit."""
    out = []
    for row in range(max(len(c) for c in cells)):
        line = Text(no_wrap=True)
        for cell in cells:
            part = cell[row].copy() if row < len(cell) else Text()
            part.truncate(width - 1)
            part.pad_right(width - part.cell_len)
            line.append_text(part)
        out.append(line)
    return out
