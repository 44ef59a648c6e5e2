"""Pure helpers over the row and the Royal Court lists, shared by the rules and the heuristic.

Kept apart from the State so the bot's evaluation and the tests can ask "what would the
Generals total be" or "what does slot 2 cost" without going through a state transition.
"""

from __future__ import annotations

from functools import lru_cache

from .data import CARDS, CLAN_BONUS, CLANS, GENERAL, TAX_COLLECTOR

ROW_SLOTS = 4
COURT_COLUMNS = 4
COURT_SPACES = 8
SPACE_LETTERS = "ABCDEFGH"
#: Dutch auction (designed): a card entering on the left costs +3, then 1 CP less per step right.
DUTCH_SURCHARGE = (3, 2, 1, 0)
#: ``CARDS[c].is_prince`` by card id, as a plain tuple: the rules ask it at every step.
IS_PRINCE: tuple[bool, ...] = tuple(card.is_prince for card in CARDS)
_IS_GENERAL: tuple[bool, ...] = tuple(card.role == GENERAL for card in CARDS)
_IS_TAX_COLLECTOR: tuple[bool, ...] = tuple(card.role == TAX_COLLECTOR for card in CARDS)
#: The Royal Court changes only when a card is placed, while its Generals and Tax Collectors
#: are counted at every step: the counts are cached by the court's contents (a game meets a
#: few dozen courts; the bound keeps a long session's cache small).
_COURT_CACHE = 4096


def price(card_id: int, slot: int, auction: str = "dutch") -> int:
    if auction == "dutch":
        return _DUTCH_PRICES[card_id][slot]
    return CARDS[card_id].cost


#: Every card's price in every slot under the Dutch auction, worked out once.
_DUTCH_PRICES = tuple(tuple(card.cost + extra for extra in DUTCH_SURCHARGE) for card in CARDS)


def space_name(space: int) -> str:
    row = "top" if space < COURT_COLUMNS else "bottom"
    return f"{SPACE_LETTERS[space]} ({row} row)"


def neighbours(space: int) -> list[int]:
    """Orthogonal neighbours in the 2x4 court (the two rows touch column by column)."""
    col = space % COURT_COLUMNS
    out = []
    if col > 0:
        out.append(space - 1)
    if col < COURT_COLUMNS - 1:
        out.append(space + 1)
    out.append(space + COURT_COLUMNS if space < COURT_COLUMNS else space - COURT_COLUMNS)
    return out


def same_row(space: int) -> list[int]:
    start = 0 if space < COURT_COLUMNS else COURT_COLUMNS
    return [s for s in range(start, start + COURT_COLUMNS) if s != space]


def general_strength(court: list) -> tuple[int, int]:
    """(printed strength of all Generals, clan bonus 0 or +2)."""
    return _general_strength(tuple(court))


@lru_cache(maxsize=_COURT_CACHE)
def _general_strength(court: tuple) -> tuple[int, int]:
    generals = [CARDS[c] for c in court if c is not None and _IS_GENERAL[c]]
    base = sum(g.strength for g in generals)
    clans = {g.clan for g in generals}
    bonus = CLAN_BONUS if len(generals) >= 3 and clans >= set(CLANS) else 0
    return base, bonus


def tax_income(court: list) -> int:
    """Phase 1B income: 1 CP plus 1 per Tax Collector (rulebook)."""
    return _tax_income(tuple(court))


@lru_cache(maxsize=_COURT_CACHE)
def _tax_income(court: tuple) -> int:
    return 1 + len([c for c in court if c is not None and _IS_TAX_COLLECTOR[c]])


def rightmost_court_card(row: list) -> int | None:
    """Index of the rightmost non-Daemon card in the row, or None."""
    for i in range(ROW_SLOTS - 1, -1, -1):
        c = row[i]
        if c is not None and not IS_PRINCE[c]:
            return i
    return None


def princes_in_row(row: list) -> int:
    n = 0
    for c in row:
        if c is not None and IS_PRINCE[c]:
            n += 1
    return n
