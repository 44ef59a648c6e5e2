"""Building Dragon's Hoard positions by hand for the rule tests."""

from __future__ import annotations

import json

from dragon_tui.engine import Action
from dragon_tui.games.hoard import GAME
from dragon_tui.games.hoard.data import CARDS, COLOURS, NUM_CARDS


def cid(kind: str, colour: str, nth: int = 0) -> int:
    """The id of a card by face and colour ("jewel", "purple")."""
    ids = [c.id for c in CARDS if c.kind == kind and c.colour_name == colour]
    return ids[nth]


def filler(colour: str, count: int, avoid: set[int] | None = None) -> list[int]:
    """Plain coins/harps etc. of one colour nobody will play: just sheep of that colour."""
    avoid = avoid or set()
    pool = [
        c.id for c in CARDS
        if c.colour_name == colour and c.kind in ("tree", "kings", "chest", "damsel", "prince", "battle")
        and c.id not in avoid
    ]
    pool.sort(key=lambda c: CARDS[c].kind == "battle")  # Battles only when nothing else is left
    assert len(pool) >= count, f"only {len(pool)} {colour} fillers"
    return pool[:count]


def give(st, seat: int, cards: list[int]) -> None:
    """Move cards from wherever they are into a seat's hand (keeps every card exactly once)."""
    for c in cards:
        for lst in [*st.hands, st.deck, st.discard]:
            if c in lst:
                lst.remove(c)
        st.field = [None if x == c else x for x in st.field]
        st.hands[seat].append(c)
    st._refill_field()


def arrange(
    n: int = 2,
    hands: list[list[int]] | None = None,
    field: list[int] | None = None,
    deck_top: list[int] | None = None,
    treasures: list[list[int]] | None = None,
    lairs: list[list[int]] | None = None,
    turn: int = 0,
    seed: int = 1,
    act: bool = False,
    **options,
):
    """A state with the given cards placed; every other card goes under ``deck_top`` in the deck.

    The turn of ``turn`` is (re)started, so draws are computed from the arranged hand; with
    ``act`` the draw phase is skipped.
    """
    st = GAME.new_state(n, seed, **options)
    hands = hands or [[] for _ in range(n)]
    treasures = treasures or [[] for _ in range(n)]
    lairs = lairs or [[] for _ in range(n)]
    deck_top = deck_top or []
    used = [c for h in hands for c in h] + [c for t in treasures for c in t] + [c for l in lairs for c in l]
    used += list(field or []) + list(deck_top)
    assert len(used) == len(set(used)), "a card placed twice"
    rest = [c for c in range(NUM_CARDS) if c not in set(used)]
    if field is None:
        field = [rest.pop() for _ in range(4)]
    st.hands = [list(h) for h in hands]
    st.treasures = [list(t) for t in treasures]
    st.lairs = [list(x) for x in lairs]
    st.field = list(field)
    st.deck = rest + list(reversed(deck_top))
    st.discard = []
    st.active = turn
    st.log = []
    st._start_turn()
    if act:
        st.draws_left = 0
        st.phase = "act"
    return st


def all_cards(st) -> list[int]:
    return st.all_cards()


def assert_conserved(st) -> None:
    assert sorted(all_cards(st)) == list(range(NUM_CARDS))


def snapshot(st) -> str:
    return json.dumps(st.to_json(), sort_keys=True)


def act(st, kind: str, *args) -> None:
    st.apply(Action(kind, tuple(args)))


def kinds(st) -> set[str]:
    return {a.kind for a in st.legal_actions()}


__all__ = ["COLOURS", "act", "all_cards", "arrange", "assert_conserved", "cid", "filler", "give", "kinds", "snapshot"]
