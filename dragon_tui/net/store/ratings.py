"""Ratings with OpenSkill's Plackett-Luce model (the ``openskill`` package).

Why OpenSkill rather than Glicko-2: our games seat 2 to 5 players and end in a full ranking
(1st, 2nd, 3rd ... with ties). Plackett-Luce rates such a free-for-all in one update, where
Glicko-2 is defined for one-on-one results and would have to split a five-player game into ten
invented duels. OpenSkill is maintained, MIT-licensed, pure Python, and its rating is a
``mu`` (skill) with a ``sigma`` (uncertainty); the leaderboard orders by the conservative
``mu - 3·sigma`` ("ordinal"), so one lucky game does not top the board.

Games with a bot at the table are not rated at all: the levels' figures shown beside their names
("hard ≈ 31") come from games among the bots alone, anchored by convention at a newcomer's 25
(docs/bots.md), never measured against people, so a result against a bot would move a person's
rating by a guess.

A move that a bot played for a person whose time ran out (the stand-in) leaves the seat the
person's — but ratings count only games a person played. A seat is *absent* when its stand-in
made more than half of its moves (:func:`absent`). An absent seat may lose rating but never
gain: it is rated with the whole table, and keeps the new rating only when its conservative
rating (``mu - 3·sigma``) went down — so letting the hard stand-in play wins nothing, and
walking away from a lost game saves nothing. The people who played are rated among
themselves, the absent seats left out of their update (beating or losing to a stand-in bot
says as little about them as a game against any bot); with fewer than two of them, their
ratings stay as they were.

A seat that forfeited or resigned (:mod:`..endings`) is placed last (:func:`forfeits_last`)
and counts for the others as a player they beat, stand-in or not: leaving a game lost is a
loss. It may itself lose rating but never gain (a newcomer's first loss can raise the
conservative rating as sigma shrinks: not by giving up).
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass
class Rating:
    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard sorts by."""
        return self.mu - 3 * self.sigma


def initial() -> Rating:
    r = MODEL.rating()
    return Rating(r.mu, r.sigma, 0)


def ranks_from_result(winners: list[int], scores: list[float]) -> list[int]:
    """Rank per seat (1 = best): the winners share first place; the others follow by score,
    equal scores sharing a place. The rules' winners decide first place (tie-breaks included)."""
    seats = range(len(scores))
    others = [s for s in seats if s not in winners]
    ranks = [0] * len(scores)
    for s in winners:
        ranks[s] = 1
    for s in others:
        ranks[s] = (2 if winners else 1) + sum(1 for o in others if scores[o] > scores[s])
    return ranks


def update(before: list[Rating], ranks: list[int]) -> list[Rating]:
    """The players' new ratings after one game (one player per team, ``ranks`` 1 = best)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=ranks)
    return [Rating(team[0].mu, team[0].sigma, old.games + 1) for team, old in zip(after, before)]


def absent(moves_made: int, stand_in_moves: int) -> bool:
    """Whether a seat's stand-in made more than half of its moves (the person was not there)."""
    return moves_made > 0 and 2 * stand_in_moves > moves_made


def update_with_absent(before: list[Rating], ranks: list[int], absent: list[bool],
                       forfeited: list[int] | tuple[int, ...] = ()) -> list[Rating]:
    """New ratings when some seats were absent (see the module's rule), or forfeited: a
    forfeited seat is placed last and counts for the others as a player they beat (a game lost
    on time is a loss, as in any correspondence club), while it may itself lose but never gain.
    A rating left as it was is returned as the same object."""
    if not any(absent) and not forfeited:
        return update(before, ranks)
    after = list(before)
    whole = update(before, ranks)
    for i, gone in enumerate(absent):
        if gone and whole[i].ordinal < before[i].ordinal:
            after[i] = whole[i]  # a loss counts; a win by the stand-in does not
    counted = [i for i, gone in enumerate(absent) if not gone or i in forfeited]
    if len(counted) >= 2:
        for i, r in zip(counted, update([before[i] for i in counted], [ranks[i] for i in counted])):
            if i not in forfeited or r.ordinal < before[i].ordinal:
                after[i] = r
            else:
                after[i] = before[i]
    return after


def forfeits_last(ranks: list[int], forfeited: list[int] | tuple[int, ...]) -> list[int]:
    """Ranks with the forfeited seats placed last (sharing that place), the others keeping
    their order among themselves."""
    if not forfeited:
        return list(ranks)
    stay = [i for i in range(len(ranks)) if i not in forfeited]
    out = [0] * len(ranks)
    for i in stay:
        out[i] = 1 + sum(1 for j in stay if ranks[j] < ranks[i])
    for i in forfeited:
        out[i] = len(stay) + 1
    return out
