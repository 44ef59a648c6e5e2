"""End-of-game scoring and the tie-breakers.

Scores are computed from the board when asked rather than stored, so a loaded or replayed
game can never disagree with its own board.
"""

from __future__ import annotations

from .data import (ALL_GUILDS, GUILD_TYPE_OF, GUILD_TYPES, IS_DRAGON, IS_RECRUIT, KINGDOM_OF, MAJORITY_PRESTIGE,
                   NEUTRAL, NUM_KINGDOMS, TIED_PRESTIGE)
from .memo import FrozenRow, Memo

PARTS = ("Prestige track", "Kingdoms", "Guilds", "Clan Houses", "Most Citizens", "Most Dragons")


def majority(counts: list[int], rival: int = 0) -> list[int]:
    """5 to the single leader, 2 to each tied leader; ``rival`` is a non-player count
    (neutral Dragon Lords) that competes for the lead but scores nothing."""
    best = max(counts)
    if best == 0 or best < rival:
        return [0] * len(counts)
    won = TIED_PRESTIGE if rival == best or counts.count(best) > 1 else MAJORITY_PRESTIGE
    return [won if c == best else 0 for c in counts]


# The memos below are this module's, for the whole process (see memo.py: bounded, emptied
# when full, keyed by the values the answer is worked out from, answers immutable).

#: (players, the controllers) -> ``control_majorities``' answer: a search meets a few hundred
#: sets of controllers, each on thousands of boards.
MAJORITIES = Memo("control majorities", 5_000)


def control_majorities(controllers: tuple[int | None, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per seat, the end-scoring points of the Kingdoms and of the Guild types: the majority
    of the guilds controlled in each (``controllers``: each guild's controller or None)."""
    key = (n, *controllers)
    answer = MAJORITIES.get(key)
    if answer is None:
        answer = MAJORITIES.put(key, _control_majorities_of(controllers, n))
    return answer


def _control_majorities_of(controllers: tuple[int | None, ...], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    by_kingdom = [[0] * n for _ in range(NUM_KINGDOMS)]
    by_guild = [[0] * n for _ in range(GUILD_TYPES)]
    for guild, owner in enumerate(controllers):
        if owner is not None:
            by_kingdom[KINGDOM_OF[guild]][owner] += 1
            by_guild[GUILD_TYPE_OF[guild]][owner] += 1
    totals = []
    for groups in (by_kingdom, by_guild):
        points = [0] * n
        for counts in groups:
            for s, p in enumerate(majority(counts)):
                points[s] += p
        totals.append(tuple(points))
    return totals[0], totals[1]


#: Per card id: 1 for a Citizen recruit, 1024 for a Dragon recruit, else 0 (recruit_counts).
_RECRUIT_WEIGHT = tuple((1024 if IS_DRAGON[c] else 1) if IS_RECRUIT[c] else 0 for c in range(len(IS_RECRUIT)))

#: The seats' ``recruit_counts`` as a tuple -> the Most Citizens and Most Dragons points.
RECRUIT_MAJORITIES = Memo("recruit majorities", 5_000)

#: (players, the houses as tuples) -> ``house_facts``' answer.
HOUSE_FACTS = Memo("house facts", 20_000)


class CardFacts:
    """What the cards every seat owns (hand, deck, discard) imply, worked out once per set of
    piles: the search values thousands of positions that differ only on the board.

    Recognised by value like the board facts (facts.py): it keeps copies of the three piles
    and a state uses it only while its own piles still equal them (``card_facts``). Never
    changed once made but for the answers filled in on first use, which depend on the copies
    alone, so clones of a state share it."""

    __slots__ = ("hand", "deck", "discard", "recruits", "worths", "recruit_majorities", "next")

    def __init__(self, state, old: CardFacts | None = None) -> None:
        """The facts of ``state``'s piles; ``old`` (facts of other piles of the same game, or
        None) lends its copies and answers for the seats whose piles did not change."""
        hand, deck, discard = state.hand, state.deck, state.discard
        n = len(hand)
        #: Per seat, ``recruit_counts`` and the heuristic's card values
        #: (heuristics._card_worths), filled in on first use.
        self.recruits: list[tuple[int, int] | None] = [None] * n
        self.worths: list[tuple[float, ...] | None] = [None] * n
        # The copies are FrozenRow lists: shared by clones and by later facts, never changed.
        if old is None:
            self.hand = FrozenRow(map(FrozenRow, hand))
            self.deck = FrozenRow(map(FrozenRow, deck))
            self.discard = FrozenRow(map(FrozenRow, discard))
        else:
            own_hand, own_deck, own_discard = old.hand[:], old.deck[:], old.discard[:]
            for seat in range(n):
                # A move changes one seat's cards: the others' copies and answers carry over.
                if (hand[seat] != own_hand[seat] or deck[seat] != own_deck[seat]
                        or discard[seat] != own_discard[seat]):
                    own_hand[seat], own_deck[seat] = FrozenRow(hand[seat]), FrozenRow(deck[seat])
                    own_discard[seat] = FrozenRow(discard[seat])
                else:
                    self.recruits[seat], self.worths[seat] = old.recruits[seat], old.worths[seat]
            self.hand, self.deck, self.discard = FrozenRow(own_hand), FrozenRow(own_deck), FrozenRow(own_discard)
        #: The Most Citizens and Most Dragons points per seat (filled in on first use).
        self.recruit_majorities: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        #: The facts last made for piles that differed from these (or None): a search's
        #: sibling positions (the guilds one deployed card may go to) all move the same card,
        #: so the first makes the facts and the others find them here, checked by value.
        self.next: CardFacts | None = None

    def matches(self, state) -> bool:
        return self.hand == state.hand and self.deck == state.deck and self.discard == state.discard


class ScoringMixin:
    def owned_cards(self, seat: int) -> list[int]:
        return self.hand[seat] + self.deck[seat] + self.discard[seat]

    #: The last CardFacts; states loaded from a file start without.
    _cards: CardFacts | None = None

    def card_facts(self) -> CardFacts:
        """What the piles imply, for the piles as they are now."""
        facts = self._cards
        if facts is None or facts.hand != self.hand or facts.deck != self.deck or facts.discard != self.discard:
            known = facts.next if facts is not None else None
            if known is not None and known.matches(self):
                facts = known
            else:
                new = CardFacts(self, facts)
                if facts is not None:
                    facts.next = new
                facts = new
            self._cards = facts
        return facts

    def recruit_counts(self, seat: int) -> tuple[int, int]:
        # One pass in C over owned_cards: a Citizen recruit weighs 1, a Dragon 1024.
        total = sum(map(_RECRUIT_WEIGHT.__getitem__, [*self.hand[seat], *self.deck[seat], *self.discard[seat]]))
        return total & 1023, total >> 10

    #: The last ``house_facts`` answer with a copy of the houses it was worked out from
    #: (FrozenRow: used while the houses still equal it; clones share it).
    _houses_memo: tuple | None = None

    def house_facts(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Per seat, the Clan House majority points of the end scoring and the Dragon Lords
        on the board. The houses change only when a lord is placed or moved, so the answer
        is remembered with a copy of the houses and used while they still match."""
        memo = self._houses_memo
        houses = self.houses
        if memo is not None and memo[0] == houses:
            return memo[1]
        # A search's worlds are fresh copies that each place or move a few lords: the answers
        # are also kept by value, for every copy.
        key = (self.num_players, tuple(map(tuple, houses)))
        answer = HOUSE_FACTS.get(key)
        if answer is None:
            answer = HOUSE_FACTS.put(key, self._house_facts_of(houses))
        self._houses_memo = (FrozenRow(map(FrozenRow, houses)), answer)
        return answer

    def _house_facts_of(self, houses: list[list[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        seats = range(self.num_players)
        points = [0] * self.num_players
        for house in houses:
            if house:
                won = majority([house.count(s) for s in seats], house.count(NEUTRAL))
                for s in seats:
                    points[s] += won[s]
        lords = tuple([sum([h.count(s) for h in houses]) for s in seats])
        return tuple(points), lords

    def end_bonus(self) -> list[dict[str, int]]:
        """Per seat, the end-scoring points by part (PARTS after the track)."""
        return [dict(zip(PARTS[1:], points)) for points in zip(*self.end_bonus_parts())]

    def end_bonus_parts(self, facts=None, houses=None, cards=None) -> tuple[tuple[int, ...], ...]:
        """Per part of the end scoring (Kingdoms, Guilds, Clan Houses, Most Citizens, Most
        Dragons), each seat's points (``facts``, ``houses``, ``cards``: this position's
        ``board_facts()``, ``house_facts()`` and ``card_facts()``, when the caller already
        has them).

        Written for speed (the search bots call it at every leaf): the Kingdom and Guild
        majorities depend on the controllers alone, so the board facts keep them."""
        facts = facts or self.board_facts()
        majorities = facts.majorities
        if majorities is None:
            majorities = facts.majorities = control_majorities(facts.controllers, self.num_players)
        cards = cards or self.card_facts()
        recruits = cards.recruit_majorities
        if recruits is None:
            counts = cards.recruits
            for s, known in enumerate(counts):
                if known is None:
                    counts[s] = self.recruit_counts(s)
            # A search's leaves meet a handful of count sets: the answer is looked up by value.
            key = tuple(counts)
            recruits = RECRUIT_MAJORITIES.get(key)
            if recruits is None:
                recruits = RECRUIT_MAJORITIES.put(key, (tuple(majority([c[0] for c in counts])),
                                                        tuple(majority([c[1] for c in counts]))))
            cards.recruit_majorities = recruits
        return majorities[0], majorities[1], (houses or self.house_facts())[0], recruits[0], recruits[1]

    def score_breakdown(self) -> list[dict[str, float]]:
        bonus = self.end_bonus() if self.over else [{name: 0 for name in PARTS[1:]} for _ in range(self.num_players)]
        out = []
        for s in range(self.num_players):
            row = {PARTS[0]: self.score[s]}
            row.update(bonus[s])
            row["Total"] = sum(row.values())
            out.append(row)
        return out

    def scores(self) -> list[float]:
        """The track during play; track plus end scoring once the game is over."""
        if not self.over:
            return [float(s) for s in self.score]
        return [float(row["Total"]) for row in self.score_breakdown()]

    def tie_break_key(self, seat: int) -> tuple[int, ...]:
        """Rulebook order: Dragon Lords on the board, guilds controlled, recruits, resources."""
        lords = sum(h.count(seat) for h in self.houses)
        guilds = sum(1 for guild in ALL_GUILDS if self.controller(guild) == seat)
        recruits = sum(self.recruit_counts(seat))
        return (lords, guilds, recruits, sum(self.res[seat]))

    def winners(self) -> list[int]:
        if not self.over:
            return []
        scores = self.scores()
        keys = [(scores[s],) + self.tie_break_key(s) for s in range(self.num_players)]
        best = max(keys)
        return [s for s in range(self.num_players) if keys[s] == best]
