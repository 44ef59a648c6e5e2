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
#: The same by row slot content, None (an empty slot) included: one lookup per slot instead
#: of testing for None first (the row is scanned several times a step).
_PRINCE_IN_SLOT: dict = {None: False, **dict(enumerate(IS_PRINCE))}
#: The same for court cards (not a Prince, not an empty slot).
_COURT_CARD_IN_SLOT: dict = {c: not prince for c, prince in _PRINCE_IN_SLOT.items() if c is not None} | {None: False}
_RIGHT_TO_LEFT = tuple(range(ROW_SLOTS - 1, -1, -1))
_ALL_CLANS = frozenset(CLANS)
#: ``CARDS[c].strength`` by card id (Generals and Princes; 0 for the others).
STRENGTH: tuple[int, ...] = tuple(card.strength for card in CARDS)
_IS_GENERAL: tuple[bool, ...] = tuple(card.role == GENERAL for card in CARDS)
_IS_TAX_COLLECTOR: tuple[bool, ...] = tuple(card.role == TAX_COLLECTOR for card in CARDS)
#: The Royal Court changes only when a card is placed, while its Generals and Tax Collectors
#: are counted at every step: the counts are cached by the court's contents (a game meets a
#: few dozen courts; the bound keeps a long session's cache small).
_COURT_CACHE = 4096


def price(card_id: int, slot: int, auction: str = "dutch") -> int:
    return price_table(auction)[card_id][slot]


def price_table(auction: str = "dutch") -> tuple[tuple[int, ...], ...]:
    """Every card's price in every row slot under the ``auction`` rule option
    (``price_table(auction)[card][slot]``): the Dutch auction's surcharge, or the printed cost."""
    return _DUTCH_PRICES if auction == "dutch" else _PRINTED_PRICES


def asking_table(auction: str = "dutch") -> dict:
    """``price_table(auction)`` by row slot content (``asking_table(auction)[row[slot]][slot]``),
    for the buying rule's scan of the row: a Prince, which is never bought, and an empty slot
    (None) ask more than any copper."""
    return _DUTCH_ASKING if auction == "dutch" else _PRINTED_ASKING


#: The two price tables, worked out once.
_DUTCH_PRICES = tuple(tuple(card.cost + extra for extra in DUTCH_SURCHARGE) for card in CARDS)
_PRINTED_PRICES = tuple((card.cost,) * ROW_SLOTS for card in CARDS)
_NO_PRICE = (float("inf"),) * ROW_SLOTS
_DUTCH_ASKING, _PRINTED_ASKING = (
    {None: _NO_PRICE} | {c: _NO_PRICE if IS_PRINCE[c] else prices[c] for c in range(len(CARDS))}
    for prices in (_DUTCH_PRICES, _PRINTED_PRICES)
)


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


#: ``neighbours(space)`` and ``same_row(space)`` of every space, worked out once.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(neighbours(s)) for s in range(COURT_SPACES))
SAME_ROW: tuple[tuple[int, ...], ...] = tuple(tuple(same_row(s)) for s in range(COURT_SPACES))


def general_strength(court: list) -> tuple[int, int]:
    """(printed strength of all Generals, clan bonus 0 or +2)."""
    return _general_strength(tuple(court))


def general_total(court: list) -> int:
    """The Generals' strength in phase 2: printed strength plus the clan bonus."""
    return _general_total(tuple(court))


@lru_cache(maxsize=_COURT_CACHE)
def _general_total(court: tuple) -> int:
    return sum(_general_strength(court))


@lru_cache(maxsize=_COURT_CACHE)
def _general_strength(court: tuple) -> tuple[int, int]:
    base = generals = 0
    clans = set()
    for c in court:  # (a plain loop: random courts seldom repeat, so this runs often)
        if c is not None and _IS_GENERAL[c]:
            card = CARDS[c]
            base += card.strength
            generals += 1
            clans.add(card.clan)
    bonus = CLAN_BONUS if generals >= 3 and clans >= _ALL_CLANS else 0
    return base, bonus


def tax_income(court: list) -> int:
    """Phase 1B income: 1 CP plus 1 per Tax Collector (rulebook)."""
    return _tax_income(tuple(court))


@lru_cache(maxsize=_COURT_CACHE)
def _tax_income(court: tuple) -> int:
    income = 1
    for c in court:
        if c is not None and _IS_TAX_COLLECTOR[c]:
            income += 1
    return income


def court_facts(court: list) -> tuple[int, int]:
    """(Generals' total, tax income) worked out afresh, past the caches above: for a caller
    that keeps its own (the state keeps them with its court), where a cache that seldom
    meets the same court again would only add its hashing and bookkeeping."""
    base, bonus = _general_strength.__wrapped__(court)
    return base + bonus, _tax_income.__wrapped__(court)


def rightmost_court_card(row: list) -> int | None:
    """Index of the rightmost non-Daemon card in the row, or None."""
    for i in _RIGHT_TO_LEFT:
        if _COURT_CARD_IN_SLOT[row[i]]:
            return i
    return None


def princes_in_row(row: list) -> int:
    n = 0
    for c in row:
        if _PRINCE_IN_SLOT[c]:
            n += 1
    return n
