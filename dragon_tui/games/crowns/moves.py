"""Batalla de Coronas: what each decision does, once it is known to be legal.

Every kind of action has a handler here (``HANDLERS``, which ``CrownsState._apply`` calls),
and the effects they share (gold, the dragon, the battle, capturing a gem) are functions of
the state beside them. The turn's flow (the queue of activations, the end of a turn) stays
with the state in ``rules.py``; what is offered is in ``offers.py`` and the log's wording in
``texts.py``.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from ...engine.wording import a_or_an
from . import data, offers, texts
from .data import ADVISOR_BY_ID

#: The log's few nouns with their article, worked out once ("a shield", "a sword step").
_a_or_an = lru_cache(maxsize=64)(a_or_an)

#: A die's faces. A die is ``rng.randint(1, 6)``; from the engine's own generator (the class
#: ``Rng`` itself: SplitMix64) ``rng.choice(_DIE)`` is the very same draw: the same number
#: from the same output (``1 + out % 6``) and the same step of the generator, so every game
#: and save rolls exactly as before. ``choice`` reads its draws from batches worked out ahead
#: (see ``Rng.choice``), where ``randint`` works out each one alone with a handful of 64-bit
#: operations: in a generator that rolls hundreds of dice (a game's own, ``_dice_rng``) that
#: is cheaper, and the dice were about a sixth of a random playout's step. A generator that
#: rolls a die or two pays more for its first batch than it saves, and a search gives each
#: iteration's world a fresh one, so every other generator (the search's, a view's, the
#: keyed stream of secret seeds, a test's loaded dice that answer ``randint``) is asked
#: ``randint`` as before.
_DIE = (1, 2, 3, 4, 5, 6)

#: On doubles the first die picks the chair, as if its player had chosen it.
_FIRST_DIE = Action("die", (0,))

_battle_allowed = offers.battle_allowed  # a module global: on_done asks it every turn


# ------------------------------------------------------------------- the decisions

def on_done(state, action: Action) -> None:
    if _battle_allowed(state.turn > 1, state.swords[state.active]):
        state.phase = "battle"
    else:
        state.end_turn()


def on_die(state, action: Action) -> None:
    """One die picks the chair, the other is gold (on doubles both are the first die)."""
    me = state.active
    index = state.chair_die = action.args[0]
    dice = state.dice
    chair = dice[index]
    gold = dice[1 - index]
    gain(state, me, gold)
    who = state.chairs[me][chair - 1]
    state.log.append(texts.takes_chair(me, chair, gold, state.gold[me]))
    if who is not None:
        state.queue_activations([who], "arm")
    else:  # six chairs, six advisors: an empty chair always has an advisor to take it
        state.phase = "seat"


def on_skip(state, action: Action) -> None:
    state.log.append(texts.rests(state.active, state.activating_name()))
    state.run_pending()


def on_buy_step(state, action: Action) -> None:
    me = state.active
    kind = action.kind
    steps = action.args[0]
    track = state.shields if kind == "buy_shield" else state.swords
    state.gold[me] -= data.STEP_PRICE
    track[me] += steps
    if steps == 2:
        state.smith_token[me] = False
    state.log.append(texts.buys(me, "shield" if kind == "buy_shield" else "sword step", steps == 2))


def on_use(state, action: Action) -> None:
    activate(state, state.active, action.args[0])
    state.run_pending()


def on_buy_dragon(state, action: Action) -> None:
    me = state.active
    state.gold[me] -= data.DRAGON_PRICES[state.dragon[me]]
    advance_dragon(state, me)
    state.after_pending = "arm"
    state.run_pending()


def on_reroll(state, action: Action) -> None:
    reroll(state, state.battle["loser"])


def on_breach(state, action: Action) -> None:
    breach(state, action.args[0])


def on_harm(state, action: Action) -> None:
    strike(state, state.active, action.args[0])
    state.run_pending()


def on_activate(state, action: Action) -> None:
    me = state.active
    state.log.append(f"{{p{me}}}'s Head activates the {ADVISOR_BY_ID[action.args[0]].name}.")
    state.pending.insert(0, action.args[0])
    state.run_pending()


def on_commander(state, action: Action) -> None:
    me = state.active
    track = state.shields if action.args[0] == "shield" else state.swords
    track[me] += 1
    state.log.append(f"{{p{me}}}'s Commander adds {_a_or_an(action.args[0])}.")
    state.run_pending()


def on_seat(state, action: Action) -> None:
    seat_advisor(state, state.active, action.args[0])


def on_burn(state, action: Action) -> None:
    burn_shields(state, state.active, action.args[0])
    state.run_pending()


def on_crown(state, action: Action) -> None:
    me = state.seat_to_move()  # also during a re-roll dispute
    state.crown_holder = None
    gain(state, me, data.CROWN_GOLD)
    state.log.append(f"{{p{me}}} cashes the crown: {state.gold[me]} gold.")


def on_cross(state, action: Action) -> None:
    me = state.active
    state.cross_holder = None
    state.log.append(f"{{p{me}}} spends the cross to call the Priestess.")
    state.queue_activations(["priestess"], state.phase)


# ----------------------------------------------------------- phase 1: the dice

def roll(state, action: Action | None = None) -> None:
    me = state.active
    rng = state.rng
    if rng is state._dice_rng:  # two dice (see _DIE)
        first, second = rng.choice(_DIE), rng.choice(_DIE)
    else:
        first, second = rng.randint(1, 6), rng.randint(1, 6)
    state.dice = [first, second]
    state.log.append(texts.rolls(me, first, second))
    if first == second:
        on_die(state, _FIRST_DIE)
    else:
        state.phase = "choose_die"


def seat_advisor(state, me: int, adv_id: str) -> None:
    chair = state.dice[state.chair_die]
    state.chairs[me][chair - 1] = adv_id
    state.log.append(f"{{p{me}}} seats the {ADVISOR_BY_ID[adv_id].name} on chair {chair}.")
    queue = [adv_id] if state.options["activate_on_seating"] else []
    chairs = state.chairs[me]
    full = len(chairs) - chairs.count(None) >= data.CHAIRS  # len(state.seated(me)), without the list
    if full and state.options["full_council_bonus"] and not state.bonus_taken:
        state.bonus_taken = True
        state.log.append(f"{{p{me}}} is first with a full council: one bonus activation.")
        queue.append("head")
    state.queue_activations(queue, "arm")

# ------------------------------------------------------------------ activations

def activate(state, me: int, adv: str) -> None:
    """The effect of an advisor that asks no further question."""
    if adv == "smith":
        state.smith_token[me] = True
        state.log.append(texts.smith(me))
    elif adv == "treasurer":
        before = state.gold[me]
        gain(state, me, data.TREASURER_GOLD)
        state.log.append(texts.treasurer(me, state.gold[me] - before, state.gold[me]))
    elif adv == "summoner":
        state.log.append(texts.summoner(me))
        advance_dragon(state, me)


def strike(state, me: int, harm: str) -> None:
    foe = 1 - me
    state.church[me] = harm
    if harm == "gold":
        state.gold[foe] = data.GOLD_MIN
    elif harm == "gold_less":
        state.gold[foe] = max(data.GOLD_MIN, state.gold[foe] - 1)
    elif harm == "shield":
        state.shields[foe] = max(data.STEP_MIN, state.shields[foe] - 1)
    elif harm == "sword":
        state.swords[foe] = max(data.STEP_MIN, state.swords[foe] - 1)
    elif harm == "dragon":
        state.dragon[foe] = max(0, state.dragon[foe] - 1)
    state.log.append(texts.strikes(me, foe, harm))


def gain(state, seat: int, amount: int) -> None:
    gold = state.gold[seat] + amount
    top = state.max_gold(seat)
    state.gold[seat] = gold if gold < top else top

# ------------------------------------------------------------------- the dragon

def advance_dragon(state, me: int) -> None:
    """One banner on; on the dragon field the dragon attacks (queued: its player chooses
    how many shields burn) and the stone goes back to the start."""
    state.dragon[me] += 1
    if state.dragon[me] < data.DRAGON_FIELD:
        state.log.append(texts.banner(me, state.dragon[me]))
        return
    foe = 1 - me
    state.dragon[me] = 0
    state.log.append(f"{{p{me}}}'s dragon stone reaches the dragon field: the dragon attacks!")
    if state.shields[foe] == 0:  # nothing to burn: the castle falls at once
        capture_gem(state, me, foe, tokens=state.options["dragon_tokens"])
    else:
        state.pending.insert(0, "dragon")


def burn_shields(state, me: int, shields: int) -> None:
    foe = 1 - me
    state.shields[foe] -= shields
    if shields:
        state.log.append(f"{{p{me}}}'s dragon burns {shields} of {{p{foe}}}'s shields!")
    else:
        state.log.append(f"{{p{me}}}'s dragon spares {{p{foe}}}'s shields.")
    if shields and state.shields[foe] == 0:
        capture_gem(state, me, foe, tokens=state.options["dragon_tokens"])

# ------------------------------------------------------------------ the battle

def attack(state, action: Action | None = None) -> None:
    att = state.active
    rng = state.rng  # both roll a die (see _DIE)
    rolls = [rng.choice(_DIE), rng.choice(_DIE)] if rng is state._dice_rng else [rng.randint(1, 6), rng.randint(1, 6)]
    state.battle = {"rolls": rolls, "rerolls": [0, 0], "loser": None, "margin": 0}
    state.log.append(texts.attacks(att, rolls[0], rolls[1]))
    after_battle_roll(state)


def after_battle_roll(state) -> None:
    att_roll, def_roll = state.battle["rolls"]
    if att_roll == def_roll:
        state.log.append("A tie: nothing happens.")
        state.end_turn()
        return
    att = state.active
    state.battle["loser"] = 1 - att if att_roll > def_roll else att
    state.phase = "reroll"


def reroll(state, me: int) -> None:
    price = state.reroll_price(me)
    state.gold[me] -= price
    state.battle["rerolls"][me] += 1
    side = 0 if me == state.active else 1
    rng = state.rng  # a die (see _DIE)
    state.battle["rolls"][side] = rng.choice(_DIE) if rng is state._dice_rng else rng.randint(1, 6)
    state.log.append(texts.rerolls(me, price, state.battle["rolls"][side]))
    after_battle_roll(state)


def accept(state, action: Action | None = None) -> None:
    att, dfd = state.active, 1 - state.active
    att_roll, def_roll = state.battle["rolls"]
    margin = abs(att_roll - def_roll)
    if def_roll > att_roll:
        lost = min(margin, state.swords[att])
        state.swords[att] -= lost
        state.log.append(texts.holds(dfd, att, lost))
        state.end_turn()
    elif state.shields[dfd] == 0:
        state.log.append(f"{{p{att}}} wins against a castle without shields.")
        capture_gem(state, att, dfd, tokens=True)
        state.end_turn()
    else:
        state.battle["margin"] = margin
        state.phase = "breach"


def breach(state, steps: int) -> None:
    att, dfd = state.active, 1 - state.active
    state.swords[att] -= steps
    state.shields[dfd] -= steps
    state.log.append(texts.trades(att, dfd, steps))
    if steps and state.shields[dfd] == 0:
        capture_gem(state, att, dfd, tokens=True)
    state.end_turn()


def capture_gem(state, winner: int, loser: int, tokens: bool) -> None:
    """``winner`` takes a gem; with ``tokens`` the crown goes to them, the cross to ``loser``."""
    state.gems_held[loser] -= 1
    state.gems_won[winner] += 1
    state.log.append(f"{{p{winner}}} takes a gem from {{p{loser}}} ({state.gems_won[winner]} of 3).")
    if tokens:
        state.crown_holder = winner
        state.cross_holder = loser
        state.log.append(f"{{p{winner}}} receives the crown, {{p{loser}}} the cross.")
    for seat in (winner, loser):
        state.gold[seat] = min(state.gold[seat], state.max_gold(seat))
    if state.gems_won[winner] >= data.GEMS_TO_WIN:
        state.winner = winner
        state.is_over = True
        state.pending = []
        state.log.append(f"{{p{winner}}} ascends the throne!")


#: Each kind's handler but "end_turn" (the state's own ``end_turn``, see rules.py); every
#: kind but "reroll", "accept" and "crown" is decided by the active player (see
#: current_player).
HANDLERS = {
    "roll": roll,
    "done": on_done,
    "die": on_die,
    "skip": on_skip,
    "attack": attack,
    "buy_sword": on_buy_step,
    "buy_shield": on_buy_step,
    "accept": accept,
    "use": on_use,
    "buy_dragon": on_buy_dragon,
    "reroll": on_reroll,
    "breach": on_breach,
    "harm": on_harm,
    "activate": on_activate,
    "commander": on_commander,
    "seat": on_seat,
    "burn": on_burn,
    "crown": on_crown,
    "cross": on_cross,
}
