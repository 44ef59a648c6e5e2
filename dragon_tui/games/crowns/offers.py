"""What each phase of the duel offers: the choices and their labels, as pure functions of the
few numbers a phase's choices depend on (and, for the rarer phases, ``BY_STATE``: the same
read off a state).

``CrownsState.legal_actions`` picks the phase's function and passes it just those numbers
(the active player's gold and tracks when arming, the two dice and the chairs they point at
when choosing a die, ...). Each function is the one place its phase's rule is written, and is
cached: a phase offers the same few dozen lists again and again, and a random playout of the
duel runs about a thousand steps, so building the labels at every step was most of the cost of
a step. The results are tuples of immutable actions; the state copies them into a new list.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from ...engine.wording import a_or_an, count_of
from . import data
from .data import ADVISOR_BY_ID, ADVISORS

#: Every input below is a small number, a seat, an advisor id or a rule option's value: the
#: largest cache (arming: gold × two tracks × token × dragon × battle) holds a few thousand
#: lists. The bound only guards against a damaged save full of odd numbers.
_CACHE = 1 << 14

Choices = tuple[Action, ...]


@lru_cache(maxsize=_CACHE)
def _act(kind: str, *args: int | str, label: str) -> Action:
    """The action; an equal one built before is reused, so the cached lists share them."""
    return Action(kind, tuple(args), label)


ROLL = (_act("roll", label="Roll the dice"),)
BATTLE = (_act("attack", label="Attack! Both roll a die"), _act("end_turn", label="End the turn without a battle"))
CROWN = _act("crown", label=f"Cash the crown for {data.CROWN_GOLD} gold")
CROSS = _act("cross", label="Spend the cross: the Priestess acts")
_ACCEPT = _act("accept", label="Accept the roll")


@lru_cache(maxsize=_CACHE)
def skip(activating: str | None) -> Action:
    """Declining the activation of ``activating`` (every activation that asks may be declined)."""
    name = ADVISOR_BY_ID[activating].name if activating else "advisor"
    return _act("skip", label=f"Don't activate the {name}")


@lru_cache(maxsize=_CACHE)
def choose_die(first: int, second: int, first_chair: str | None, second_chair: str | None) -> Choices:
    """Either die picks the chair (its advisor, or None for an empty one), the other the gold."""
    out = []
    for i, (chair, gold, who) in enumerate(((first, second, first_chair), (second, first, second_chair))):
        what = ADVISOR_BY_ID[who].name if who else "empty"
        out.append(_act("die", i, label=f"Chair {chair} ({what}), {gold} gold"))
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def seat(seated: frozenset[str | None]) -> Choices:
    """Every advisor not yet seated (``seated``: what the player's chairs hold)."""
    return tuple(
        _act("seat", adv.id, label=f"Seat the {adv.name} ({adv.letter}: {adv.short})")
        for adv in ADVISORS
        if adv.id not in seated
    )


@lru_cache(maxsize=_CACHE)
def activation(activating: str) -> Choices:
    adv = ADVISOR_BY_ID[activating]
    return (_act("use", adv.id, label=f"Activate the {adv.name}: {adv.effect}"), skip(activating))


@lru_cache(maxsize=_CACHE)
def commander(shield_room: bool, sword_room: bool, activating: str | None) -> Choices:
    out = []
    if shield_room:
        out.append(_act("commander", "shield", label="+1 shield"))
    if sword_room:
        out.append(_act("commander", "sword", label="+1 sword step"))
    out.append(skip(activating))
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def harms(church: str, gold_harm: str, last: str | None) -> tuple[str, ...]:
    """The church harms the Priestess may choose under the rule options: never ``last``, the
    one she chose the time before."""
    gold = "gold" if gold_harm == "to_minus_one" else "gold_less"
    offered = (gold, "shield", "sword") if church == "sheet" else (gold, "sword", "dragon")
    return tuple(h for h in offered if h != last)


@lru_cache(maxsize=_CACHE)
def priestess(church: str, gold_harm: str, last: str | None, activating: str | None) -> Choices:
    out = [_act("harm", harm, label=f"Church: {data.HARMS[harm]}") for harm in harms(church, gold_harm, last)]
    out.append(skip(activating))
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def head(chairs: tuple[str | None, ...], activating: str | None) -> Choices:
    """The Head activates another seated advisor (or is declined)."""
    out = []
    for chair, adv_id in enumerate(chairs, start=1):
        if adv_id is not None and adv_id != "head":
            adv = ADVISOR_BY_ID[adv_id]
            out.append(_act("activate", adv_id, label=f"Activate the {adv.name} on chair {chair}"))
    out.append(skip(activating))
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def burn(foe: int, foe_shields: int) -> Choices:
    """The dragon burns up to four of ``foe``'s shields: its player chooses how many."""
    out = []
    for k in range(min(data.DRAGON_BURN, foe_shields), -1, -1):
        takes = " — takes a gem!" if k and k == foe_shields else ""
        text = f"The dragon burns {k} of {{p{foe}}}'s shields{takes}" if k else "The dragon spares them"
        out.append(_act("burn", k, label=text))
    return tuple(out)


def battle_allowed(later_turn: bool, swords: int) -> bool:
    """No battle on the starting player's first turn, and never without a sword step."""
    return later_turn and swords > 0


@lru_cache(maxsize=_CACHE)
def arm(gold: int, shields: int, swords: int, smith_token: bool, dragon: int, later_turn: bool) -> Choices:
    """Buying shields, sword steps (doubled by the Smith token) and dragon banners, or finishing
    (``later_turn``: not the starting player's first turn, see ``battle_allowed``)."""
    out = []
    for kind, track, noun in (("buy_shield", shields, "shield"), ("buy_sword", swords, "sword step")):
        if gold >= data.STEP_PRICE and track < data.STEP_MAX:
            out.append(_act(kind, 1, label=f"Buy {a_or_an(noun)} for {data.STEP_PRICE} gold"))
            if smith_token and track + 2 <= data.STEP_MAX:
                out.append(_act(kind, 2, label=f"Buy {a_or_an(noun)} for {data.STEP_PRICE} gold, doubled by the Smith token"))
    if dragon < data.DRAGON_FIELD:
        price = data.DRAGON_PRICES[dragon]
        if gold >= price:
            target = "the dragon field" if dragon + 1 == data.DRAGON_FIELD else f"banner {dragon + 1}"
            out.append(_act("buy_dragon", label=f"Move the dragon stone to {target} for {price} gold"))
    if battle_allowed(later_turn, swords):
        out.append(_act("done", label="Finish arming and go to battle"))
    else:
        out.append(_act("done", label="Finish arming and end the turn"))
    return tuple(out)


@lru_cache(maxsize=_CACHE)
def reroll(price: int, affordable: bool) -> Choices:
    """The loser of a battle roll re-rolls for ``price`` gold (if they have it) or accepts."""
    if affordable:
        return (_act("reroll", label=f"Re-roll your die for {price} gold"), _ACCEPT)
    return (_ACCEPT,)


@lru_cache(maxsize=_CACHE)
def breach(most: int, defender_shields: int) -> Choices:
    """The winner trades up to ``most`` sword steps for as many of the defender's shields."""
    out = []
    for k in range(most, -1, -1):
        breaks = " — takes a gem!" if k and k == defender_shields else ""
        out.append(_act("breach", k, label=f"Trade {count_of(k, 'sword step')} for {count_of(k, 'shield')}{breaks}"))
    return tuple(out)


# The rarer phases' choices read off the state, as a new list (``legal_actions`` may add the
# tokens to it; [*t] makes it a little faster than list(t)).
def _priestess_of(state) -> list[Action]:
    options = state.options
    return [*priestess(options["church"], options["gold_harm"], state.church[state.active], state.activating)]


def _commander_of(state) -> list[Action]:
    me = state.active
    return [*commander(state.shields[me] < data.STEP_MAX, state.swords[me] < data.STEP_MAX, state.activating)]


def _head_of(state) -> list[Action]:
    return [*head(tuple(state.chairs[state.active]), state.activating)]


def _breach_of(state) -> list[Action]:
    me = state.active
    shields = state.shields[1 - me]
    return [*breach(min(state.battle["margin"], state.swords[me], shields), shields)]


def _seat_of(state) -> list[Action]:
    return [*seat(frozenset(state.chairs[state.active]))]


def _burn_of(state) -> list[Action]:
    foe = 1 - state.active
    return [*burn(foe, state.shields[foe])]


#: The rarer phases' choices by phase (``CrownsState.legal_actions`` makes the frequent ones).
BY_STATE = {
    "priestess": _priestess_of,
    "commander": _commander_of,
    "head": _head_of,
    "breach": _breach_of,
    "seat": _seat_of,
    "dragon": _burn_of,
}
