"""End-of-game scoring and the tie-breakers.

Scores are computed from the board when asked rather than stored, so a loaded or replayed
game can never disagree with its own board.
"""

from __future__ import annotations

from .data import (ALL_GUILDS, GUILD_TYPE_OF, GUILD_TYPES, IS_DRAGON, IS_RECRUIT, KINGDOM_OF, MAJORITY_PRESTIGE,
                   NEUTRAL, NUM_KINGDOMS, TIED_PRESTIGE)

PARTS = ("Prestige track", "Kingdoms", "Guilds", "Clan Houses", "Most Citizens", "Most Dragons")
_KINGDOMS, _GUILDS, _HOUSES, _CITIZENS, _DRAGONS = PARTS[1:]


def majority(counts: list[int], rival: int = 0) -> list[int]:
    """5 to the single leader, 2 to each tied leader; ``rival`` is a non-player count
    (neutral Dragon Lords) that competes for the lead but scores nothing."""
    points = [0] * len(counts)
    best = max(counts)
    if best == 0 or best < rival:
        return points
    leaders = [s for s, c in enumerate(counts) if c == best]
    tied = len(leaders) > 1 or rival == best
    for s in leaders:
        points[s] = TIED_PRESTIGE if tied else MAJORITY_PRESTIGE
    return points


def control_majorities(controllers: list[int | None], n: int) -> tuple[list[int], list[int]]:
    """Per seat, the end-scoring points of the Kingdoms and of the Guild types: the majority
    of the guilds controlled in each (``controllers``: each guild's controller or None)."""
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
        totals.append(points)
    return totals[0], totals[1]


class ScoringMixin:
    def owned_cards(self, seat: int) -> list[int]:
        return self.hand[seat] + self.deck[seat] + self.discard[seat]

    def recruit_counts(self, seat: int) -> tuple[int, int]:
        citizens = dragons = 0
        for pile in (self.hand[seat], self.deck[seat], self.discard[seat]):  # owned_cards
            for c in pile:
                if IS_RECRUIT[c]:
                    if IS_DRAGON[c]:
                        dragons += 1
                    else:
                        citizens += 1
        return citizens, dragons

    #: The last ``house_facts`` answer with a copy of the houses it was worked out from
    #: (used while the houses still equal it; never changed, so clones share it).
    _houses_memo: tuple | None = None

    def house_facts(self) -> tuple[list[int], list[int]]:
        """Per seat, the Clan House majority points of the end scoring and the Dragon Lords
        on the board. The houses change only when a lord is placed or moved, so the answer
        is remembered with a copy of the houses and used while they still match."""
        memo = self._houses_memo
        houses = self.houses
        if memo is not None and memo[0] == houses:
            return memo[1]
        seats = range(self.num_players)
        points = [0] * self.num_players
        for house in houses:
            if house:
                won = majority([house.count(s) for s in seats], house.count(NEUTRAL))
                for s in seats:
                    points[s] += won[s]
        lords = [sum([h.count(s) for h in houses]) for s in seats]
        answer = (points, lords)
        self._houses_memo = ([h[:] for h in houses], answer)
        return answer

    def end_bonus(self) -> list[dict[str, int]]:
        # Written for speed (the search bots call it at every leaf): the Kingdom and Guild
        # majorities depend on the controllers alone, so the board facts keep them.
        n = self.num_players
        facts = self.board_facts()
        if facts.majorities is None:
            facts.majorities = control_majorities(facts.controllers, n)
        kingdoms, guilds = facts.majorities
        houses = self.house_facts()[0]
        seats = range(n)
        counts = [self.recruit_counts(s) for s in seats]
        citizens = majority([c[0] for c in counts])
        dragons = majority([c[1] for c in counts])
        return [{_KINGDOMS: kingdoms[s], _GUILDS: guilds[s], _HOUSES: houses[s],
                 _CITIZENS: citizens[s], _DRAGONS: dragons[s]} for s in seats]

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
