"""The choices the Court offers, each made and worded by a small function of the few values its
label shows, cached: a turn offers the same cards at the same prices again and again, and
building every label at every step was much of the cost of a step for the bots. Which choices
are legal is decided in ``rules.py``.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from .board import COURT_SPACES, IS_PRINCE, ROW_SLOTS, price_table, space_name
from .data import CARDS

#: Inputs are card ids, slots, spaces and small numbers, so the caches stay small; the bound
#: only guards against a damaged save full of odd numbers.
_CACHE = 1 << 14

NO_FIGHT = Action("no_fight", (), "Do not fight this turn")


@lru_cache(maxsize=_CACHE)
def take_action(slot: int, card: int) -> Action:
    return Action("take", (slot,), f"Take the {CARDS[card].name} (slot {slot + 1}) as a starting card")


@lru_cache(maxsize=_CACHE)
def buy_action(slot: int, card: int, cost: int) -> Action:
    return Action("buy", (slot,), f"Buy the {CARDS[card].name} (slot {slot + 1}) for {cost} CP")


@lru_cache(maxsize=_CACHE)
def pass_action(discarded: int | None, income: int) -> Action:
    """Passing: the rightmost court card of the row (None: none there) is discarded."""
    if discarded is None:
        return Action("pass", (), f"Pass: collect {income} CP")
    return Action("pass", (), f"Pass: discard the {CARDS[discarded].name} and collect {income} CP")


@lru_cache(maxsize=_CACHE)
def place_action(card: int, space: int, old: int | None) -> Action:
    """Placing ``card`` in ``space``, dismissing ``old`` from it (None: the space is free)."""
    name = CARDS[card].name
    if old is None:
        return Action("place", (space,), f"Place the {name} in space {space_name(space)}")
    return Action("place", (space,), f"Place the {name} in space {space_name(space)}, dismissing the {CARDS[old].name}")


@lru_cache(maxsize=8)
def buy_table(auction: str) -> tuple:
    """``buy_action`` of every court card in every row slot under the ``auction`` rule option,
    by ``[card][slot]`` (None for a Prince, which is never bought): the legal list indexes it
    instead of calling a cache for each card of the row."""
    prices = price_table(auction)
    return tuple(
        None if IS_PRINCE[card] else tuple(buy_action(slot, card, prices[card][slot]) for slot in range(ROW_SLOTS))
        for card in range(len(CARDS))
    )


@lru_cache(maxsize=1)
def take_table() -> tuple:
    """``take_action`` of every card in every row slot, by ``[card][slot]``."""
    return tuple(tuple(take_action(slot, card) for slot in range(ROW_SLOTS)) for card in range(len(CARDS)))


@lru_cache(maxsize=1)
def place_table() -> tuple:
    """``place_action`` of every card into every free space, by ``[card][space]``."""
    return tuple(tuple(place_action(card, space, None) for space in range(COURT_SPACES)) for card in range(len(CARDS)))


@lru_cache(maxsize=_CACHE)
def fight_action(slot: int, card: int, strength: int) -> Action:
    """Fighting the Prince ``card`` in ``slot`` with Generals of ``strength``, paying the rest."""
    prince = CARDS[card]
    pay = max(0, prince.strength - strength)
    cost = f"Generals {strength} + {pay} CP" if pay else f"Generals {strength}"
    return Action("fight", (slot,), f"Fight the {prince.name} (slot {slot + 1}, strength {prince.strength}): {cost}")
