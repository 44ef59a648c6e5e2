"""Dealing the unseen cards of a view, for bots that determinize what a seat can see."""

from __future__ import annotations

from .data import FAVOR_BASE, STARTER_BASE


def deal_unseen(s, seat: int, rng) -> None:
    """Replace every placeholder (-1) with a card nobody can see, consistent in kind:
    the Citizen deck gets Citizens, the Dragon deck Dragons, a player's starters stay with
    that player, and the rest (recruits, favors) fill the players' hidden places."""
    n = s.num_players
    visible = set(s.dismissed)
    for pile in [s.cdeck, s.ddeck, *s.prospects, *s.favors, *s.hand, *s.deck, *s.discard]:
        visible.update(c for c in pile if c != -1)
    in_play = set(range(STARTER_BASE)) | set(range(FAVOR_BASE, FAVOR_BASE + 36))
    for o in range(n):
        in_play.update(range(STARTER_BASE + o * 10, STARTER_BASE + o * 10 + 10))
    unseen = sorted(in_play - visible)
    rng.shuffle(unseen)
    starters = {o: [c for c in unseen if STARTER_BASE + o * 10 <= c < STARTER_BASE + o * 10 + 10] for o in range(n)}
    citizens = [c for c in unseen if c < 36]
    dragons = [c for c in unseen if 36 <= c < 72]
    favors = [c for c in unseen if c >= FAVOR_BASE]
    s.cdeck = [citizens.pop() for _ in s.cdeck]
    s.ddeck = [dragons.pop() for _ in s.ddeck]
    rest = citizens + dragons + favors
    rng.shuffle(rest)
    for o in range(n):
        slots = [("hand", i) for i, c in enumerate(s.hand[o]) if c == -1]
        slots += [("deck", i) for i, c in enumerate(s.deck[o]) if c == -1]
        rng.shuffle(slots)
        own = starters[o]
        for where, i in slots:
            c = own.pop() if own else rest.pop()
            getattr(s, where)[o][i] = c
    if -1 in s.kayu_sel:
        s.kayu_sel = s.hand[s.turn][: len(s.kayu_sel)]
