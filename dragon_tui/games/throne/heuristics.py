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

from .data import CARDS

#: Second halves of a decision (and favors with few choices): valued by their best
#: completion. The Soldier and Cleric favors are left out: two pawns from anywhere to
#: anywhere is too many completions to try for every candidate.
PENDING = ("deploy_to", "maneuver_to", "soldier_to", "cleric_to", "royal_to", "reward_bump",
           "reward_bump_to", "merchant", "sorcerer", "royal")
#: The same, for lookups (every position valued asks).
_PENDING = frozenset(PENDING)


def _board_values(state, facts) -> tuple[float, ...]:
    """Per seat, its supporters and the guilds they lead or tie: a function of the pawns
    alone, so the board facts (``facts``, this position's) remember it."""
    values = facts.board_values
    if values is None:
        values = facts.board_values = tuple(_board_values_of(facts.supporters, facts.guards, facts.neutral))
    return values


def _board_values_of(supporters, guards, neutrals) -> list[float]:
    """Each seat's value is added up guild by guild in board order: half a point per
    supporter, then a point where the seat leads every rival (the King's Guards, the neutral
    supporters, the other seats), 0.4 where it ties the strongest."""
    n = len(supporters[0])
    if n == 2:  # the common case written out: the one other seat is the other count
        value0 = value1 = 0.0
        for (mine0, mine1), guard, neutral in zip(supporters, guards, neutrals):
            if not (mine0 or mine1):
                continue
            rival = guard if guard > neutral else neutral
            if mine0:
                rival0 = mine1 if mine1 > rival else rival
                value0 += 0.5 * mine0
                if mine0 > rival0:
                    value0 += 1.0
                elif mine0 == rival0:
                    value0 += 0.4
            if mine1:
                rival1 = mine0 if mine0 > rival else rival
                value1 += 0.5 * mine1
                if mine1 > rival1:
                    value1 += 1.0
                elif mine1 == rival1:
                    value1 += 0.4
        return [value0, value1]
    values = []
    for seat in range(n):
        value = 0.0
        for counts, guard, neutral in zip(supporters, guards, neutrals):
            mine = counts[seat]
            if not mine:
                continue
            rival = max(guard, neutral, *counts[:seat], *counts[seat + 1:])
            value += 0.5 * mine
            if mine > rival:
                value += 1.0
            elif mine == rival:
                value += 0.4
        values.append(value)
    return values


#: Per card id, what holding it is worth: a recruit by its yield, a favor a flat 0.6, a
#: starter nothing (worked out once; the same sums as written out card by card).
_CARD_VALUE = tuple(0.3 + 0.1 * sum(c.produce) if c.is_recruit else 0.6 if c.kind == "favor" else 0.0 for c in CARDS)


def _card_worths(cards) -> list[tuple[float, ...]]:
    """Per seat, what each card it holds is worth, in the order ``_own_value`` adds them up
    (hand, deck, discard; cards worth nothing left out): a function of the piles alone, so
    the card facts (``cards``, this position's) remember it."""
    worths = cards.worths
    for seat, known in enumerate(worths):
        if known is None:
            card_value = _CARD_VALUE
            # filter(None, ...) drops the cards worth 0.0, all in C.
            worths[seat] = tuple(filter(None, map(card_value.__getitem__,
                                                  [*cards.hand[seat], *cards.deck[seat], *cards.discard[seat]])))
    return worths


def _own_value(state, seat: int, bonus: int, lords: int, board: float, worths: tuple[float, ...]) -> float:
    """What the seat's position is worth to it (``bonus``: its end-scoring points as the
    board stands, ``lords``: its Dragon Lords on the board, ``board``: its board value,
    ``worths``: its cards' values, see ``_card_worths``)."""
    value = float(state.score[seat])
    value += 0.6 * bonus
    value += 0.8 * lords
    value += board
    value += 0.25 * state.supply[seat]
    value += 0.5 * state.guards_in_supply[seat]
    value += 0.1 * sum(state.res[seat])
    # Added one card at a time, in this order: the sum is the same to the last bit.
    for worth in worths:
        value += worth
    return value


def evaluate(state, seat: int) -> float:
    if state.is_over:
        scores = state.scores()
        best_other = max((s for i, s in enumerate(scores) if i != seat), default=0.0)
        win = 100.0 if seat in state.winners() else 0.0
        return win + scores[seat] - best_other
    if state.phase in _PENDING and state.current_player == seat:
        # Every completion below is a copy of this position, and a copy starts from the facts
        # its original last worked out: brought up to date here once, they are found as they
        # are by the completions that leave the board, the houses or the piles alone (most),
        # and lent to the others, instead of being worked out from scratch (or from older
        # facts) in every copy. They are pure functions of the pawns, houses and piles, so
        # the values are the same (tests/games/throne/test_heuristic_facts.py).
        state.board_facts()
        state.house_facts()
        state.card_facts()
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
    facts, houses, cards = state.board_facts(), state.house_facts(), state.card_facts()
    kingdoms, guilds, clan_houses, citizens, dragons = state.end_bonus_parts(facts, houses, cards)
    n = state.num_players
    if n == 2:  # written out for the common case (whole numbers: any order gives the same sum)
        bonus = [kingdoms[0] + guilds[0] + clan_houses[0] + citizens[0] + dragons[0],
                 kingdoms[1] + guilds[1] + clan_houses[1] + citizens[1] + dragons[1]]
    else:
        bonus = [sum(points) for points in zip(kingdoms, guilds, clan_houses, citizens, dragons)]
    lords = houses[1]
    board = _board_values(state, facts)
    worths = _card_worths(cards)
    own = [_own_value(state, s, bonus[s], lords[s], board[s], worths[s]) for s in range(n)]
    if n == 2:
        return [own[0] - 0.5 * own[1], own[1] - 0.5 * own[0]]
    return [own[s] - 0.5 * max((own[o] for o in range(n) if o != s), default=0.0) for s in range(n)]


def evaluate_all(state) -> list[float]:
    """``[evaluate(state, s) for s in seats]`` with the shared work done once."""
    n = state.num_players
    if state.is_over:
        return [evaluate(state, s) for s in range(n)]
    values = _static_values(state)
    if state.phase in _PENDING:
        seat = state.current_player
        values[seat] = evaluate(state, seat)
    return values
