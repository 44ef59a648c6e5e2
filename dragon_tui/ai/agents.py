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
from ..games import game_part
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


#: Search levels (ISMCTS, see search.py): iterations per decision (the reproducible limit) and
#: a wall-clock limit that always holds. The caps are set per game, in the game's own
#: ``games/<id>/bots.py`` (``ITERATION_CAPS``), from measured iterations/s so that on an idle
#: 2-core machine normal decides well within 1 s and hard's median decision stays under 1 s;
#: hard's clock limit is the budget a player waits at most: 1.7 s of search, so a decision with
#: its setting-up and its last iteration ends within 2 s even on a busy machine, where the limit
#: may cut a search short (then the decision is no longer reproducible). Forced and
#: near-forced decisions are answered without a search (obvious.py). The ``budget`` a caller
#: passes to ``choose`` does not shorten a search level: the level decides how long it thinks.
#: The measurements behind every figure: docs/bots.md, "Tuning history".
LEVEL_TIME_LIMIT = {"easy": 0.4, "normal": 0.9, "hard": 1.7}
#: The hard level's clock limit before it was lowered to the budget above; "hard-old" and
#: "hard-2.7" keep it, so the arena compares against the hard level as it was.
OLD_HARD_TIME_LIMIT = 2.7
#: The caps of a game whose ``bots.py`` names none.
DEFAULT_CAPS = {"easy": 60, "normal": 300, "hard": 1000}


#: Levels for the arena only (``dragon-tui arena``), not offered on the setup screen:
#: "hard-old" is the hard level as it was before the engines were made faster, with
#: its iteration caps and its search settings (a game's ``HARD_OLD_CAP`` and
#: ``HARD_OLD_OPTIONS``), so the arena can show what the new hard gained.
#: "hard-2.7" is today's hard level with the 2.7 s clock limit it had before the decision
#: budget: the arena's yardstick for what the budget costs (run it with ``--cpu-clock``).
ARENA_LEVELS: tuple[str, ...] = ("hard-old", "hard-2.7")


def level_config(level: str, game_id: str) -> SearchConfig:
    """The search settings of a level in a game: the game's ``bots.py`` (found through the
    registry, ``game_part``) where it has one, the defaults where not.

    A game's ``bots.py`` may set ``ITERATION_CAPS`` (level -> iterations), ``LEVEL_OPTIONS``
    (level -> ``SearchConfig`` fields beyond the caps), ``HARD_OLD_CAP`` and
    ``HARD_OLD_OPTIONS`` (the arena's "hard-old")."""
    tuning = game_part(game_id, "bots")
    if level == "hard-old":
        extra = getattr(tuning, "HARD_OLD_OPTIONS", {})
        cap = getattr(tuning, "HARD_OLD_CAP", DEFAULT_CAPS["hard"])
        return SearchConfig(iterations=cap, time_limit=OLD_HARD_TIME_LIMIT, **extra)
    if level == "hard-2.7":
        return replace(level_config("hard", game_id), time_limit=OLD_HARD_TIME_LIMIT)
    caps = getattr(tuning, "ITERATION_CAPS", DEFAULT_CAPS)
    extra = getattr(tuning, "LEVEL_OPTIONS", {}).get(level, {})
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
         cancel: threading.Event | None = None,
         on_progress: Callable[[int, int], None] | None = None) -> Action:
    """What the hard bot would do for ``seat`` (for the UI's hint key); never plays it.

    Call it on ``seat``'s own decision (``state.current_player == seat``), in a worker: it
    thinks as long as the hard level does, and ``cancel`` returns the best move so far. It
    reads only what ``seat`` may see, so a hint never gives away an opponent's cards.
    ``on_progress(done, planned)`` is called from the thinking thread as the search goes
    (the F3 hint shows it as a bot's turn shows its own)."""
    if state.current_player != seat:
        raise ValueError("A hint is for the seat whose decision it is.")

    cfg = config or level_config("hard", game.id)
    agent = ISMCTSAgent(game, cfg, seed, "hint")
    agent.on_progress = on_progress
    return agent.choose(state, seat, cancel=cancel)
