"""What a seat knows about the hidden cards, and dealing worlds consistent with it.

Discard piles are open (rule decision 17) and every card enters a player's cards in view of
all (recruits and favors go to the open discard pile), so for every player the *contents* of
hand + deck are public, and so are the contents of the Citizen and Dragon decks (every card
drawn from them is turned face up). What nobody outside a hand knows is which of those cards
are in the hand, and nobody at all knows the order of a deck. Two things pin cards to a hand:

* a reshuffle: the new deck holds exactly the old discards, so every card in the hand at that
  moment (the old hand and the old deck's last cards) is certainly in the hand;
* announcing a card: a deploy names its card before the guild is chosen.

``ThroneState.shown`` records those cards per seat (entries that left the hand since are
ignored). A view keeps, per seat, the multiset of its hand + deck cards that the view does not
show face up (``pools``) and the shown ones, so that :func:`deal_unseen` only shuffles what is
truly unknown: which unshown cards are in a hand, and every order.
"""

from __future__ import annotations


def certain_in_hand(s, seat: int) -> list[int]:
    """The cards of ``seat``'s hand everybody knows are there, sorted (their places are not)."""
    hand = s.hand[seat]
    return sorted({c for c in s.shown[seat] if c in hand})


def hide(v, seat: int | None) -> None:
    """Turn the copy ``v`` into what ``seat`` sees (None: a spectator). ``v`` may itself be a
    view (a networked client holds one): then only what it shows face up is hidden further."""
    n = v.num_players
    already = v.pools
    pools = []
    for s in range(n):
        if already is None:  # a view's list is already exact (its hidden hands are -1)
            v.shown[s] = certain_in_hand(v, s)
        rest = list(already[s]) if already is not None else list(v.deck[s])
        if s != seat:
            rest += [c for c in v.hand[s] if c != -1]
            v.hand[s] = [-1] * len(v.hand[s])
        pools.append(sorted(rest))
        v.deck[s] = [-1] * len(v.deck[s])
    v.pools = pools
    if seat != v.active:
        v.kayu_sel = [-1] * len(v.kayu_sel)
    # The prospect decks' contents are public, their order is not: keep them sorted.
    v.cdeck = sorted(v.cdeck)
    v.ddeck = sorted(v.ddeck)


def deal_unseen(s, rng) -> None:
    """Fill the placeholders (-1) of the view copy ``s`` with a world consistent with it.

    Per seat, the hidden hand places take the cards certain to be in the hand, then cards
    drawn at random from the rest of the seat's pool; what is left becomes the deck, in a
    random order. The prospect decks keep their contents in a random order. Cards set aside
    for a Ka'yu redraw that the view hides are picked at random from the active hand.
    """
    for o in range(s.num_players):
        hidden_places = s.hand[o].count(-1)
        face_up = [c for c in s.hand[o] if c != -1]
        pool = list(s.pools[o])
        certain = [c for c in s.shown[o] if c in pool and c not in face_up]
        for c in certain:
            pool.remove(c)
        rng.shuffle(pool)
        drawn = hidden_places - len(certain)
        if hidden_places:
            hand = face_up + certain + pool[:drawn]
            rng.shuffle(hand)
            s.hand[o] = hand
        s.deck[o] = pool[drawn:]
    # The copy's decks may be its original's (clones share flat lists): shuffle new ones.
    s.cdeck, s.ddeck = s.cdeck[:], s.ddeck[:]
    rng.shuffle(s.cdeck)
    rng.shuffle(s.ddeck)
    if -1 in s.kayu_sel:
        # The active hand was shuffled above: its first cards are a random choice.
        s.kayu_sel = s.hand[s.active][: len(s.kayu_sel)]
    s.pools = None
