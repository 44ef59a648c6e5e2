"""The bot's review of a finished (or saved) game, from one seat's point of view.

At each of the seat's decisions that offered a real choice, the hard bot (ISMCTS) searches the
position as that seat saw it then: the search is given ``state.view(seat)`` and samples worlds
with ``determinize(seat, rng)`` from it, exactly as when it plays, so a review never reads a
card, a pile order or a die the seat could not know (tests/ai/test_review.py changes only what
the seat could not see and checks that the review stays the same).

For every decision the review keeps the move played, the bot's choice (the move its search
visited most, as when it plays) and the bot's value of both:

* in games of two or more seats, the mean reward of the move for the seat: the share of wins
  in the sampled lines that reached the end, elsewhere the heuristic lead squashed into
  [0, 1] — read as an estimated win chance;
* in the solitaire (the Court), expected points: the search's squashed values mapped back to
  the game's points (the Court's heuristic counts in victory points).

A move the search barely tried (progressive widening keeps weak-looking moves for later) is
given extra iterations that all start with it (``Search.focus``), so its value rests on more
than a handful of samples. Every seat's win chance at each decision comes from the root
statistics of the bot's choice, normalised to add up to 1 (the score charts use it).

Each decision's search has its own seed (the review's seed and the move number), so a review
is reproducible while the time limit does not cut a search short. No Textual here.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..engine import Action, Game, Rng, State
from .agents import level_config
from .ismcts import Search, SearchConfig
from .obvious import obvious_action

#: A move played but tried fewer times than this share of the search's iterations gets that
#: many focused iterations on top (at least ``MIN_PLAYED_VISITS``).
PLAYED_SHARE = 0.05
MIN_PLAYED_VISITS = 12
#: The share of a decision's time budget (the hard level's clock limit) the trees may spend:
#: the rest is left for the focused iterations on the move played, so a reviewed decision
#: keeps to the budget a bot's decision has.
TREES_SHARE = 0.85


@dataclass(frozen=True)
class ReviewedDecision:
    #: Index (0-based) of the move in the game's history: the position before it is
    #: ``states[move]``, the replay shows it at position ``move``.
    move: int
    played: Action
    #: What the bot would have played.
    choice: Action
    #: The bot's value of each (win chance in [0, 1], or expected points in the solitaire).
    played_value: float
    choice_value: float
    #: Every seat's estimated win chance after the bot's choice (adds up to 1); empty in the
    #: solitaire.
    chances: tuple[float, ...] = ()

    @property
    def differs(self) -> bool:
        return self.played != self.choice

    @property
    def loss(self) -> float:
        """How much better the bot valued its own choice than the move played."""
        return self.choice_value - self.played_value


@dataclass
class Review:
    game_id: str
    seat: int
    #: "win" (values are win chances) or "points" (the solitaire's expected points).
    unit: str
    #: How many of the seat's decisions the review covers (those with more than one choice).
    planned: int
    decisions: list[ReviewedDecision] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.decisions) == self.planned

    def differing(self) -> list[ReviewedDecision]:
        """The decisions where the bot would have chosen otherwise, in the game's order."""
        return [d for d in self.decisions if d.differs]

    def format_value(self, value: float) -> str:
        return f"{value * 100:.0f}%" if self.unit == "win" else f"{value:.1f} pts"


def decision_indexes(positions: Sequence[State], moves: Sequence, seat: int) -> list[int]:
    """The moves that were ``seat``'s real decisions (as it saw them): not forced, and not
    near-forced (every choice leading to the same position, see obvious.py)."""
    out = []
    for k, move in enumerate(moves):
        if move.seat == seat and obvious_action(positions[k].view(seat), seat) is None:
            out.append(k)
    return out


def review_config(game: Game) -> SearchConfig:
    """The hard level's search for this game (its iteration cap and time limit)."""
    return level_config("hard", game.id)


def review_positions(
    game: Game,
    positions: Sequence[State],
    moves: Sequence,
    seat: int,
    config: SearchConfig | None = None,
    seed: int = 0,
    cancel: threading.Event | None = None,
    on_progress: Callable[[float, int], None] | None = None,
    on_decision: Callable[[ReviewedDecision], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions: ``positions[k]`` is the position before ``moves[k]`` (each
    move has ``seat`` and ``action``). Only ``positions[k].view(seat)`` is ever read.

    ``on_progress(done, planned)`` reports decisions done (fractions while one is searched),
    ``on_decision`` each decision as soon as it is reviewed (a long game's list fills as it
    goes); ``cancel`` stops at once and returns the decisions reviewed so far."""
    config = config or review_config(game)
    indexes = decision_indexes(positions, moves, seat)
    n = positions[0].num_players if positions else 1
    review = Review(game.id, seat, "points" if n == 1 else "win", len(indexes))
    for done, k in enumerate(indexes):
        if cancel is not None and cancel.is_set():
            break

        def progress(fraction: float, done: int = done) -> None:
            if on_progress is not None:
                on_progress(done + fraction, len(indexes))

        decision = review_decision(game, positions[k].view(seat), seat, moves[k].action, k, config,
                                   Rng((seed << 24) ^ k), cancel, progress)
        if decision is None:  # cancelled in the middle
            break
        review.decisions.append(decision)
        if on_decision is not None:
            on_decision(decision)
        if on_progress is not None:
            on_progress(done + 1, len(indexes))
    return review


def reviewable_seats(table) -> list[int]:
    """The seats whose decisions may be reviewed at this table. Once the game is over, or in a
    game without secrets, every seat; before the end of a game with hidden hands only the
    people's own seats: a bot's or another person's decisions (and the bot's view of them) name
    cards the people at this keyboard have not seen."""
    if table.state.is_over or not table.game.hidden_information:
        return list(range(len(table.seats)))
    return table.person_seats()


def review_table(table, seat: int, **kwargs) -> Review:
    """Review a ``session.Table``'s game for ``seat`` (see :func:`review_positions`)."""
    return review_positions(table.game, table.states[:-1], table.moves, seat, **kwargs)


def review_decision(
    game: Game,
    view: State,
    seat: int,
    played: Action,
    move: int,
    config: SearchConfig,
    rng: Rng,
    cancel: threading.Event | None = None,
    on_progress: Callable[[float], None] | None = None,
) -> ReviewedDecision | None:
    """Search one position (``view``: what ``seat`` saw) and value the move played against the
    bot's choice; None when cancelled."""
    trees = max(1, config.trees)
    searches: list[Search] = []
    clock = config.clock
    deadline = clock() + config.time_limit
    trees_until = clock() + config.time_limit * TREES_SHARE
    for tree in range(trees):
        share = config.iterations // trees + (1 if tree < config.iterations % trees else 0)
        # One budget for the whole decision: each tree gets what the ones before it left.
        cfg = replace(config, iterations=share, trees=1, time_limit=max(0.0, trees_until - clock()))

        def progress(d: int, p: int, tree: int = tree) -> None:
            if on_progress is not None:
                on_progress((tree + d / max(1, p)) / trees)

        search = Search(view, seat, game.heuristic, cfg, Rng(rng.next64()), cancel, progress, game.heuristic_all)
        search.run()
        searches.append(search)
    if cancel is not None and cancel.is_set():
        return None
    legal = searches[0].root_legal
    if played not in legal:
        raise ValueError(f"Move {move + 1} ({played.describe()}) was not legal for the seat.")
    choice = _most_visited(searches, legal)
    want = max(MIN_PLAYED_VISITS, int(config.iterations * PLAYED_SHARE))
    have = sum(s.root_values().get(played, (0, []))[0] for s in searches)
    if played != choice and have < want:
        for search in searches:
            search.focus(played, math.ceil((want - have) / trees), deadline)
        if cancel is not None and cancel.is_set():
            return None
    played_value = _value(searches, played, seat)
    choice_value = _value(searches, choice, seat)
    chances = () if view.num_players == 1 else _chances(searches, choice)
    return ReviewedDecision(move, played, choice, played_value, choice_value, chances)


def _most_visited(searches: list[Search], legal: list[Action]) -> Action:
    """The bot's choice, as ``ISMCTSAgent`` makes it: most visits over all trees, then mean."""
    totals: dict[Action, tuple[int, float]] = {}
    for search in searches:
        for action, (visits, means) in search.root_values().items():
            v, r = totals.get(action, (0, 0.0))
            totals[action] = (v + visits, r + visits * means[search.seat])
    return max(legal, key=lambda a: (totals.get(a, (0, 0.0))[0],
                                     totals.get(a, (0, 0.0))[1] / max(1, totals.get(a, (0, 0.0))[0])))


def _value(searches: list[Search], action: Action, seat: int) -> float:
    """Visit-weighted mean over the trees of the move's value for ``seat`` (points in the
    solitaire, where each tree's squashed mean is mapped back through its own scale)."""
    total = weight = 0.0
    for search in searches:
        visits, means = search.root_values().get(action, (0, None))
        if not visits:
            continue
        value = means[seat]
        if search.n == 1:
            value = search.base + search.scale * _logit(value)
        total += visits * value
        weight += visits
    return total / weight if weight else math.nan


def _chances(searches: list[Search], action: Action) -> tuple[float, ...]:
    n = searches[0].n
    sums = [0.0] * n
    for search in searches:
        visits, means = search.root_values().get(action, (0, None))
        for s in range(n):
            if visits:
                sums[s] += visits * means[s]
    total = sum(sums)
    return tuple(x / total for x in sums) if total > 0 else tuple(1.0 / n for _ in range(n))


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))


__all__ = ["Review", "ReviewedDecision", "decision_indexes", "review_config", "review_decision",
           "review_positions", "review_table", "reviewable_seats"]
