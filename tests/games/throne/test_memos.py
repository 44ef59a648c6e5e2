"""The answers Princes remembers across states (memo.py) are never stale and never changed.

The board facts, the control and recruit majorities and the Clan House facts are kept for the
whole process and shared by clones and by every search; these tests check that what they hand
out cannot be changed in place, and that a board reached any way — by the rules, by a clone,
by a hand-made change to a pawn row — gets the facts worked out afresh for it.
"""

from __future__ import annotations

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.throne import memo
from dragon_tui.games.throne.facts import AFTER, BoardFacts
from dragon_tui.games.throne.memo import FrozenRow, Memo
from dragon_tui.games.throne.scoring import HOUSE_FACTS, MAJORITIES, RECRUIT_MAJORITIES

from .helpers import new


def _fresh(state) -> BoardFacts:
    """The facts worked out from nothing remembered."""
    return BoardFacts.of(state, None)


def _check(state) -> None:
    facts, fresh = state.board_facts(), _fresh(state)
    assert facts.supporters == fresh.supporters == state.supporters
    assert facts.guards == fresh.guards == state.guards
    assert facts.neutral == fresh.neutral == state.neutral_supporters
    assert facts.controllers == fresh.controllers
    assert facts.room == fresh.room
    assert state.house_facts() == state._house_facts_of(state.houses)
    parts = state.end_bonus_parts()
    for seat in range(state.num_players):
        assert parts[4][seat] + parts[3][seat] >= 0


def test_what_the_memos_hand_out_cannot_be_changed():
    state = new(2, seed=3)
    facts = state.board_facts()
    with pytest.raises(TypeError):
        facts.supporters[0][0] = 4
    with pytest.raises(TypeError):
        facts.supporters[0] = [4, 0]
    with pytest.raises(TypeError):
        facts.guards.append(1)
    with pytest.raises(TypeError):
        facts.controllers[0] = 1
    with pytest.raises(TypeError):
        facts.room[0] = False
    kingdoms, guilds, houses, citizens, dragons = state.end_bonus_parts()
    for answer in (kingdoms, guilds, houses, citizens, dragons, *state.house_facts()):
        assert type(answer) is tuple
    with pytest.raises(TypeError):
        state.card_facts().hand[0].append(1)
    # A memo takes immutable answers only.
    table = Memo("test", 2)
    with pytest.raises(TypeError):
        table.put(("k",), [1, 2])
    with pytest.raises(TypeError):
        table.put(("k",), ((1,), [2]))
    assert table.put(("k",), ((1,), (2,))) == ((1,), (2,))


def test_a_frozen_row_equals_the_list_of_the_same_counts():
    row = FrozenRow([1, 2])
    assert row == [1, 2] and [1, 2] == row and row != [2, 1]
    assert row[:] == [1, 2] and type(row[:]) is list
    for change in (lambda: row.__setitem__(0, 5), lambda: row.extend([3]), lambda: row.pop(),
                   lambda: row.sort(), lambda: row.remove(1), lambda: row.insert(0, 1)):
        with pytest.raises(TypeError):
            change()
    assert row == [1, 2]


def test_a_memo_is_bounded_and_emptied_when_full():
    table = Memo("test", 3)
    for i in range(3):
        table.put((i,), i)
    assert len(table) == 3
    table.put((9,), 9)
    assert dict(table) == {(9,): 9}
    memo.clear_all()
    assert len(table) == 0 and len(AFTER) == 0 and len(MAJORITIES) == 0


def test_a_pawn_row_changed_by_hand_is_noticed():
    state = new(3, seed=5)
    state.clone()  # the facts are now shared, so moves from them go through the memo
    before = state.board_facts()
    guild = next(g for g in range(36) if state.has_space(g))
    state.supporters[guild][0] += 3  # in place, as a test setting up a position does
    after = state.board_facts()
    assert after is not before
    assert after.supporters[guild][0] == state.supporters[guild][0]
    assert after.controllers == _fresh(state).controllers
    assert before.supporters[guild][0] == state.supporters[guild][0] - 3  # the old copy kept


@pytest.mark.parametrize("players", [2, 4])
def test_facts_found_through_the_memos_are_the_facts_of_the_board(players):
    """A search's way: many copies of one position each play on, so the facts after each
    move are found in the memo by every copy that makes it; they must be the facts worked
    out afresh, whichever copy made the move first (the memos emptied half way)."""
    memo.clear_all()
    root = new(players, seed=11)
    rng = Rng(7)
    for _ in range(60):
        root.apply(root.random_action(rng))
    for playout in range(24):
        if playout == 12:
            memo.clear_all()
        state = root.clone()
        for _ in range(80):
            if state.is_over:
                break
            state.apply(state.random_action(rng))
            _check(state)
    assert len(AFTER) > 0 and len(HOUSE_FACTS) > 0
    assert len(RECRUIT_MAJORITIES) > 0


@pytest.mark.parametrize("players", [2, 3])
def test_the_facts_after_a_kings_guards_move_are_the_boards(players):
    """Only King's Guards moved (the Soldier Favor), then guards and a supporter together:
    each way of telling the changed guilds gives the facts worked out afresh."""
    state = new(players, seed=9)
    state.clone()  # shared facts: moves from them go through the memo too
    before = state.board_facts()
    src = next(g for g in range(36) if state.guards[g])
    dst = next(g for g in range(36) if g != src and state.has_space(g))
    guards = state.guards[:]
    guards[src] -= 1
    guards[dst] += 1
    state.guards = guards  # replaced, as the rules do
    _check(state)
    assert state.board_facts() is not before
    state.clone()
    guards = state.guards[:]
    guards[dst] -= 1
    guards[src] += 1
    state.guards = guards
    supporters = state.supporters[:]
    supporters[dst] = [count + 1 for count in supporters[dst]]
    state.supporters = supporters
    _check(state)
