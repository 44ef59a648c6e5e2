"""Shared helpers for the throne tests: invariants and hand-built positions."""

from __future__ import annotations

from dragon_tui.games.throne import GAME
from dragon_tui.games.throne.data import (
    DRAGON_LORDS_PER_PLAYER,
    GUILD_MARKERS_PER_PLAYER,
    GUILD_SPACES,
    HOUSE_SPACES,
    KINGS_GUARDS,
    NEUTRAL,
    NEUTRAL_SUPPORTERS,
    NUM_CARDS,
    PARLIAMENT_SPACES,
    RESOURCE_TOTALS,
    SUPPORTERS_PER_PLAYER,
)


def card_locations(s) -> list[int]:
    cards = list(s.cdeck) + list(s.ddeck) + list(s.dismissed)
    for stack in s.prospects:
        cards += stack
    for pile in s.favors:
        cards += pile
    for seat in range(s.num_players):
        cards += s.hand[seat] + s.deck[seat] + s.discard[seat]
    return cards


def check_invariants(s) -> None:
    n = s.num_players
    # Cards: the 36 + 36 prospects, the 36 favors and the in-play starter decks, each once.
    cards = card_locations(s)
    assert len(cards) == len(set(cards)), "a card is in two places"
    expected = 36 + 36 + 36 + 10 * n
    assert len(cards) == expected and min(cards) >= 0 and max(cards) < NUM_CARDS
    # The 95 resources: stock + box + players.
    for r in range(3):
        assert s.stock[r] >= 0 and s.box[r] >= 0
        assert all(s.res[p][r] >= 0 for p in range(n))
        assert s.stock[r] + s.box[r] + sum(s.res[p][r] for p in range(n)) == RESOURCE_TOTALS[r]
    # Pawns.
    board = [sum(col) for col in zip(*s.supporters)]
    for p in range(n):
        on_board = board[p]
        assert s.supply[p] >= 0 and s.reserve[p] >= 0
        assert s.supply[p] + s.reserve[p] + on_board == SUPPORTERS_PER_PLAYER
        lords = sum(h.count(p) for h in s.houses)
        assert s.lords_left[p] >= 0 and s.lords_left[p] + lords == DRAGON_LORDS_PER_PLAYER
        assert s.score[p] >= 0
        assert 0 <= s.markers_left(p) <= GUILD_MARKERS_PER_PLAYER
    neutral = n == 2 and s.options.get("neutral", True)
    assert sum(s.neutral_supporters) + s.neutral_reserve == (NEUTRAL_SUPPORTERS if neutral else 0)
    assert sum(h.count(NEUTRAL) for h in s.houses) == (6 if neutral else 0)
    assert sum(s.guards) + sum(s.guards_in_supply) + s.guards_spent == KINGS_GUARDS
    assert min(s.guards) >= 0 and min(s.guards_in_supply) >= 0
    for gi in range(36):
        assert s.guards[gi] + sum(s.supporters[gi]) + s.neutral_supporters[gi] <= GUILD_SPACES
        assert len(set(s.markers[gi])) == len(s.markers[gi])
    assert all(len(h) <= HOUSE_SPACES for h in s.houses)
    assert sum(len(h) for h in s.houses) < 30 or s.is_over
    # Score track: each Parliament space triggers once, only after someone reached it.
    assert s.high == max(max(s.score), s.high)
    assert all(space <= s.high for space in PARLIAMENT_SPACES[: s.parl_done])
    # Every Parliament due was held before the next turn began; markers stack, never merge.
    if s.stage == "turn" and s.phase in ("kayu", "fill"):
        assert s.parliament_spaces_due() == 0
    assert len(set(s.stamp)) == n and max(s.stamp) < s.stamp_next
    if s.phase == "parliament":
        assert s.parl_queue and len(s.parl_queue) + sum(1 for h in s.prince if h != -1) == n
    princes = [h for h in s.prince if h != -1]
    assert len(princes) == len(set(princes))
    assert len(s.hand[s.active]) <= 5 or s.phase == "kayu"


def new(n: int = 4, seed: int = 1, **options):
    return GAME.new_state(n, seed, **options)


def put(s, cid: int, dest: list) -> None:
    """Move a card from wherever it is to ``dest`` (keeps every card in exactly one place)."""
    piles = [s.cdeck, s.ddeck, s.dismissed, *s.prospects, *s.favors]
    for seat in range(s.num_players):
        piles += [s.hand[seat], s.deck[seat], s.discard[seat]]
    for pile in piles:
        if cid in pile:
            pile.remove(cid)
            break
    dest.append(cid)


def clear_prospects(s) -> None:
    for stack in s.prospects:
        while stack:
            s.cdeck.append(stack.pop()) if stack[-1] < 36 else s.ddeck.append(stack.pop())


def at_main(s, seat: int) -> None:
    """Make it ``seat``'s turn, past the Ka'yu and fill steps."""
    s.active = seat
    s._begin_turn()
    s.phase = "main"


def act(s, kind: str, *args) -> None:
    from dragon_tui.engine import Action

    s.apply(Action(kind, tuple(args)))


def set_res(s, seat: int, influence: int, gold: int, sheep: int) -> None:
    """Set a player's resources, moving the difference to or from the stock."""
    for r, want in enumerate((influence, gold, sheep)):
        diff = want - s.res[seat][r]
        s.stock[r] -= diff
        s.res[seat][r] = want
        assert s.stock[r] >= 0
