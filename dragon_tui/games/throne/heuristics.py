"""Position value for the greedy bot, which evaluates each candidate after ``determinize``.

Prestige is what wins, so it dominates; the other terms are what turns into prestige later:
the end-of-game majorities as they stand now, supporters close to taking a guild, Dragon
Lords placed, the economy (resources and recruits) and King's Guards in hand. The value is
relative to the best opponent so the bot also likes hurting the leader.

A one-step greedy bot cannot see the worth of "choose a card to deploy" before the
supporter lands, so when the position waits for the same seat to finish a multi-step choice
(the guild for a deploy, where a Dragon Lord goes ...) it is valued by its best completion.
"""

from __future__ import annotations

from .data import ALL_GUILDS, card

#: Second halves of a decision (and favors with few choices): valued by their best
#: completion. The Soldier and Cleric favors are left out: two pawns from anywhere to
#: anywhere is too many completions to try for every candidate.
PENDING = ("deploy_to", "maneuver_to", "soldier_to", "cleric_to", "royal_to", "reward_bump",
           "reward_bump_to", "merchant", "sorcerer", "royal")


def _board_value(state, seat: int) -> float:
    value = 0.0
    n = state.num_players
    for guild in ALL_GUILDS:
        mine = state.supporters[guild][seat]
        if not mine:
            continue
        rival = max([state.guards[guild], state.neutral_supporters[guild]] + [state.supporters[guild][o] for o in range(n) if o != seat])
        value += 0.5 * mine
        if mine > rival:
            value += 1.0
        elif mine == rival:
            value += 0.4
    return value


def _own_value(state, seat: int, bonus) -> float:
    value = float(state.score[seat])
    value += 0.6 * sum(bonus[seat].values())
    value += 0.8 * sum(h.count(seat) for h in state.houses)
    value += _board_value(state, seat)
    value += 0.25 * state.supply[seat]
    value += 0.5 * state.guards_in_supply[seat]
    value += 0.1 * sum(state.res[seat])
    for c in state.hand[seat] + state.deck[seat] + state.discard[seat]:
        cd = card(c)
        if cd.is_recruit:
            value += 0.3 + 0.1 * sum(cd.produce)
        elif cd.kind == "favor":
            value += 0.6
    return value


def evaluate(state, seat: int) -> float:
    if state.is_over:
        scores = state.scores()
        best_other = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
        win = 100.0 if seat in state.winners() else 0.0
        return win + scores[seat] - best_other
    if state.phase in PENDING and state.current_player == seat:
        best = None
        for action in state.legal_actions():
            nxt = state.clone()
            nxt._apply(action)  # offered by legal_actions() just now: no second check
            value = evaluate(nxt, seat)
            best = value if best is None else max(best, value)
        if best is not None:
            return best
    return _static_values(state)[seat]


def _static_values(state) -> list[float]:
    """Each seat's value from the position as it stands (no pending choice completed)."""
    bonus = state.end_bonus()
    n = state.num_players
    own = [_own_value(state, s, bonus) for s in range(n)]
    return [own[s] - 0.5 * max((own[o] for o in range(n) if o != s), default=0.0) for s in range(n)]


def evaluate_all(state) -> list[float]:
    """``[evaluate(state, s) for s in seats]`` with the shared work done once."""
    n = state.num_players
    if state.is_over:
        return [evaluate(state, s) for s in range(n)]
    values = _static_values(state)
    if state.phase in PENDING:
        seat = state.current_player
        values[seat] = evaluate(state, seat)
    return values
