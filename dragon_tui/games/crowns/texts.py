"""The duel's most frequent log lines, each worded once per distinct set of values.

A random duel runs about a thousand steps and writes a line at most of them; the values in a
line are a seat, a die, a few gold or steps, so the same few hundred lines come back again and
again, and formatting each one anew was a good part of a step. Every line is written here,
once; ``moves`` calls these instead of formatting.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine.wording import a_or_an, count_of
from . import data

#: Inputs are seats, dice, small amounts and advisor or harm names; the bound only guards
#: against a damaged save full of odd numbers.
_CACHE = 1 << 12


@lru_cache(maxsize=_CACHE)
def rolls(me: int, first: int, second: int) -> str:
    return f"{{p{me}}} rolls {first} and {second}."


@lru_cache(maxsize=_CACHE)
def takes_chair(me: int, chair: int, gold: int, total: int) -> str:
    return f"{{p{me}}} takes chair {chair} and {gold} gold ({total})."


@lru_cache(maxsize=_CACHE)
def rests(me: int, name: str) -> str:
    return f"{{p{me}}} lets the {name} rest."


@lru_cache(maxsize=_CACHE)
def buys(me: int, noun: str, doubled: bool) -> str:
    return f"{{p{me}}} buys {a_or_an(noun)}{', doubled by the Smith' if doubled else ''}."


@lru_cache(maxsize=_CACHE)
def attacks(att: int, att_roll: int, def_roll: int) -> str:
    return f"{{p{att}}} attacks! Rolls: {att_roll} against {def_roll}."


@lru_cache(maxsize=_CACHE)
def rerolls(me: int, price: int, roll: int) -> str:
    return f"{{p{me}}} pays {price} gold to re-roll: {roll}."


@lru_cache(maxsize=_CACHE)
def holds(dfd: int, att: int, lost: int) -> str:
    return f"{{p{dfd}}} holds: {{p{att}}} loses {count_of(lost, 'sword step')}."


@lru_cache(maxsize=_CACHE)
def trades(att: int, dfd: int, steps: int) -> str:
    return f"{{p{att}}} trades {count_of(steps, 'sword step')} for {steps} of {{p{dfd}}}'s shields."


@lru_cache(maxsize=_CACHE)
def banner(me: int, reached: int) -> str:
    return f"{{p{me}}}'s dragon stone reaches banner {reached}."


@lru_cache(maxsize=_CACHE)
def strikes(me: int, foe: int, harm: str) -> str:
    return f"In the church, {{p{me}}}'s Priestess strikes: {{p{foe}}} — {data.HARMS[harm]}."


@lru_cache(maxsize=_CACHE)
def smith(me: int) -> str:
    return f"{{p{me}}}'s Smith hands over the Smith token."


@lru_cache(maxsize=_CACHE)
def treasurer(me: int, brought: int, total: int) -> str:
    """What the Treasurer really adds: gold above the treasury's top is lost, so say so."""
    if brought <= 0:
        return f"{{p{me}}}'s Treasurer brings nothing: gold is at its cap of {total}."
    if brought < data.TREASURER_GOLD:
        return f"{{p{me}}}'s Treasurer brings {brought} gold ({total}, the cap); the rest is lost."
    return f"{{p{me}}}'s Treasurer brings {brought} gold ({total})."


@lru_cache(maxsize=_CACHE)
def summoner(me: int) -> str:
    return f"{{p{me}}}'s Summoner calls the dragon."
