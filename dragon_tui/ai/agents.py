"""Game-agnostic bots over the engine protocol: random, greedy and the ISMCTS levels.

Every bot answers ``choose(state, seat, budget, cancel)``: the budget (seconds) and the
cancel event are part of the interface from the start so that slower search bots drop in
without touching the seat or the UI. Bots never look at what their seat may not see:
they reason over ``state.determinize(seat, rng)``, which also re-seeds future dice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace

from ..engine import Action, Game, Rng, State
from .ismcts import ISMCTSAgent, SearchConfig
from .levels import LEVELS


class Agent:
    level = "base"

    def choose(
        self, state: State, seat: int, budget: float = 1.0, cancel: threading.Event | None = None
    ) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Picks uniformly among the legal actions: the floor every other bot must beat."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state, seat, budget=1.0, cancel=None):
        return state.random_action(self.rng)


class GreedyAgent(Agent):
    """Tries each legal action once (a few times when dice or cards are involved) and
    keeps the one after which the game's heuristic likes its seat's position best."""

    level = "greedy"
    CHANCE_SAMPLES = 6

    def __init__(self, heuristic: Callable[[State, int], float], seed: int = 0) -> None:
        self.heuristic = heuristic
        self.rng = Rng(seed)

    def choose(self, state, seat, budget=1.0, cancel=None):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            if cancel is not None and cancel.is_set():
                break
            value = self._value(state, seat, action)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best or legal)

    def _value(self, state: State, seat: int, action: Action) -> float:
        world = state.determinize(seat, self.rng)
        epoch = world.info_epoch
        world.apply(action)
        total = self.heuristic(world, seat)
        if world.info_epoch == epoch:
            return total
        for _ in range(self.CHANCE_SAMPLES - 1):
            world = state.determinize(seat, self.rng)
            world.apply(action)
            total += self.heuristic(world, seat)
        return total / self.CHANCE_SAMPLES


def _score_lead(state: State, seat: int) -> float:
    scores = state.scores()
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - (max(others) if others else 0)


#: Search levels (ISMCTS, see ismcts.py): iterations per decision (the reproducible limit) and
#: a wall-clock limit that always holds. The caps are set per game (``ITERATION_CAPS``) from
#: measured iterations/s so that on an idle 2-core machine normal decides well within 1 s and
#: hard's median decision stays under 1 s; hard's clock limit is the budget a player waits at
#: most: 1.7 s of search, so a decision with its setting-up and its last iteration ends within
#: 2 s even on a busy machine (measured at a load of 8 on the 2 cores: 1.8 s left a Princes
#: decision at 2.06 s), where the limit may cut a search short (then the decision is no longer
#: reproducible). On an idle machine only Princes' longest, late positions reach it (its
#: halving then shortens every round rather than stopping in the first, see ismcts.py). Forced
#: and near-forced decisions are answered without a search (obvious.py). The ``budget`` a
#: caller passes to ``choose`` does not shorten a search level: the level decides how long
#: it thinks.
LEVEL_TIME_LIMIT = {"easy": 0.4, "normal": 0.9, "hard": 1.7}
#: The hard level's clock limit before it was lowered to the budget above; "hard-old" and
#: "hard-2.7" keep it, so the arena compares against the hard level as it was.
OLD_HARD_TIME_LIMIT = 2.7
DEFAULT_CAPS = {"easy": 60, "normal": 300, "hard": 1000}
#: Per-game caps (games not listed: defaults). Set from measured iterations/s and, where
#: the arena showed it, from strength: in Princes and Carcassonne hard got more iterations
#: once a faster leaf evaluation made room within the budget. In the solitaire a single
#: tree stops improving at about 400 iterations (the draws decide what deeper nodes learn),
#: so easy and normal are spaced below that, and hard plays by greedy playouts instead of a
#: tree (``LEVEL_OPTIONS``); its 7,000 iterations in four trees are what the game review
#: (``review.py``, which searches trees) still uses for the solitaire.
#: Hard's caps were raised after the engines were sped up: measured in CPU
#: seconds on this machine (dragon_tui/devtools/decision_times.py --cpu), hard's longest decision over a
#: game is about 1 s where the caps decide (the median about half that); the clock limit
#: (``LEVEL_TIME_LIMIT``) ends the rest within the decision budget on a busy machine. Princes is the exception: there more iterations of
#: the same search bought nothing (2,400 against the old 1,000 won 21 of 40), because its UCB
#: root locked onto one move after a few visits each; its hard level now shares the root's
#: iterations out by sequential halving (``LEVEL_OPTIONS``), whose rounds spend every
#: iteration to the cap, so its cap is 1,500 (mean decision about 1.1 CPU s; the clock
#: limit still ends the longest, late positions whose leaves finish Favor moves). The earlier caps
#: remain as the arena-only level "hard-old" (``HARD_OLD_CAPS``).
ITERATION_CAPS: dict[str, dict[str, int]] = {
    "crowns": {"easy": 100, "normal": 400, "hard": 12000},
    "court": {"easy": 50, "normal": 200, "hard": 7000},
    "hoard": {"easy": 60, "normal": 250, "hard": 6000},
    "carcassonne": {"easy": 40, "normal": 200, "hard": 4800},
    "throne": {"easy": 30, "normal": 100, "hard": 1500},
}
#: Search settings beyond the caps, per game and level, where the arena showed they help:
#: the solitaire's hard level values each move by greedy playouts in 48 sampled worlds, eight
#: greedy decisions deep, then the heuristic (``SearchConfig.playout_worlds``, see playouts.py):
#: four trees of 1,750 iterations gained +0.63 ± 1.44 points a game over normal's single tree
#: of 200 (110 paired seeds) at 0.84 CPU s a decision; the playouts gain +4.32 ± 1.62 (160
#: paired seeds) at 0.15 s a decision, the longest about 0.5 s (docs/bots.md, "The solitaire's hard
#: level"). (The review's tree search still reads ``trees``.) In Princes and Carcassonne the hard level expands a seat's own follow-up moves best-first
#: (``SearchConfig.order_continuations``: a turn there is a chain of the same seat's choices;
#: in Carcassonne the tile, then its figure, then the dragon or fairy). Without it, the raised
#: Carcassonne cap bought nothing: 2,700 iterations against 1,500 won 9 of 18 games, since a
#: placement's figure choices were expanded in random order and the best was often never met.
#: Princes' hard also halves at the root (``SearchConfig.root_halving``): with UCB a move that
#: looked worst in its first few samples was rarely tried again (1,200 visits to the leader,
#: 4 to each rival whose mean was a hundredth lower), so the decision rested on a handful of
#: sampled worlds; halving gives every move the same worlds before the worse half drops out.
LEVEL_OPTIONS: dict[str, dict[str, dict[str, object]]] = {
    "court": {"hard": {"trees": 4, "playout_worlds": 48, "playout_depth": 8}},
    "throne": {"hard": {"order_continuations": True, "root_halving": True}},
    "carcassonne": {"hard": {"order_continuations": True}},
}


#: Levels for the arena only (``dragon-tui arena``), not offered on the setup screen:
#: "hard-old" is the hard level as it was before the engines were made faster, with
#: its iteration caps and its search settings, so the arena can show what the new hard gained.
#: "hard-2.7" is today's hard level with the 2.7 s clock limit it had before the decision
#: budget: the arena's yardstick for what the budget costs (run it with ``--cpu-clock``).
ARENA_LEVELS: tuple[str, ...] = ("hard-old", "hard-2.7")
HARD_OLD_CAPS: dict[str, int] = {"crowns": 1000, "court": 1600, "hoard": 800, "carcassonne": 1500, "throne": 1000}
#: Hard's search settings beyond the caps as they were then (``LEVEL_OPTIONS``' hard entries).
HARD_OLD_OPTIONS: dict[str, dict[str, object]] = {"court": {"trees": 4}, "throne": {"order_continuations": True}}


def level_config(level: str, game_id: str) -> SearchConfig:
    if level == "hard-old":
        extra = HARD_OLD_OPTIONS.get(game_id, {})
        cap = HARD_OLD_CAPS.get(game_id, DEFAULT_CAPS["hard"])
        return SearchConfig(iterations=cap, time_limit=OLD_HARD_TIME_LIMIT, **extra)
    if level == "hard-2.7":
        return replace(level_config("hard", game_id), time_limit=OLD_HARD_TIME_LIMIT)
    caps = ITERATION_CAPS.get(game_id, DEFAULT_CAPS)
    extra = LEVEL_OPTIONS.get(game_id, {}).get(level, {})
    return SearchConfig(iterations=caps[level], time_limit=LEVEL_TIME_LIMIT[level], **extra)


def make_agent(level: str, game: Game, seed: int = 0) -> Agent:
    if level == "random":
        return RandomAgent(seed)
    if level == "greedy":
        return GreedyAgent(game.heuristic or _score_lead, seed)
    if level in LEVEL_TIME_LIMIT or level in ARENA_LEVELS:
        return ISMCTSAgent(game, level_config(level, game.id), seed, level)
    raise ValueError(f"Unknown bot level '{level}'. Levels: {', '.join(LEVELS)}.")


def hint(game: Game, state: State, seat: int, config: SearchConfig | None = None, seed: int = 0,
         cancel: threading.Event | None = None) -> Action:
    """What the hard bot would do for ``seat`` (for the UI's hint key); never plays it.

    Call it on ``seat``'s own decision (``state.current_player == seat``), in a worker: it
    thinks as long as the hard level does, and ``cancel`` returns the best move so far. It
    reads only what ``seat`` may see, so a hint never gives away an opponent's cards."""
    if state.current_player != seat:
        raise ValueError("A hint is for the seat whose decision it is.")

    cfg = config or level_config("hard", game.id)
    return ISMCTSAgent(game, cfg, seed, "hint").choose(state, seat, cancel=cancel)
