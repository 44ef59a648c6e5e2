"""End-of-game scoring and the tie-breakers.

Scores are computed from the board when asked rather than stored, so a loaded or replayed
game can never disagree with its own board.
"""

from __future__ import annotations

from .data import ALL_GUILDS, GUILD_TYPE_OF, GUILD_TYPES, KINGDOM_OF, MAJORITY_PRESTIGE, NEUTRAL, NUM_KINGDOMS, TIED_PRESTIGE, card

PARTS = ("Prestige track", "Kingdoms", "Guilds", "Clan Houses", "Most Citizens", "Most Dragons")


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


class ScoringMixin:
    def owned_cards(self, seat: int) -> list[int]:
        return self.hand[seat] + self.deck[seat] + self.discard[seat]

    def recruit_counts(self, seat: int) -> tuple[int, int]:
        citizens = dragons = 0
        for c in self.owned_cards(seat):
            cd = card(c)
            if cd.is_recruit:
                if cd.is_dragon:
                    dragons += 1
                else:
                    citizens += 1
        return citizens, dragons

    def end_bonus(self) -> list[dict[str, int]]:
        # Written for speed (the search bots call it at every leaf); one pass per part.
        n = self.num_players
        parts = [{name: 0 for name in PARTS[1:]} for _ in range(n)]
        controller = self.controller
        ctrl = [controller(guild) for guild in ALL_GUILDS]
        by_kingdom = [[0] * n for _ in range(NUM_KINGDOMS)]
        by_guild = [[0] * n for _ in range(GUILD_TYPES)]
        for guild, owner in enumerate(ctrl):
            if owner is not None:
                by_kingdom[KINGDOM_OF[guild]][owner] += 1
                by_guild[GUILD_TYPE_OF[guild]][owner] += 1

        def add(name: str, points: list[int]) -> None:
            for s in range(n):
                if points[s]:
                    parts[s][name] += points[s]

        for counts in by_kingdom:
            add("Kingdoms", majority(counts))
        for counts in by_guild:
            add("Guilds", majority(counts))
        for house in self.houses:
            add("Clan Houses", majority([house.count(s) for s in range(n)], house.count(NEUTRAL)))
        counts = [self.recruit_counts(s) for s in range(n)]
        add("Most Citizens", majority([c[0] for c in counts]))
        add("Most Dragons", majority([c[1] for c in counts]))
        return parts

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
