"""The one turn controller: who decides next, and how a bot plays its seat.

Everybody who plays a table lets bots move through it — the app's game screen, the
shared-table server, the screenshots, the bench and the tests — so the rules of bot play
live here once:

* **the think delay**: a bot waits ``delay`` seconds before it moves, so people can follow;
* **forced moves**: when only one action is legal, or every legal action leads to the same
  position (near-forced, see ``ai/obvious.py``), it is played at once, with no search and no
  delay;
* **cancel and hurry**: a ``BotTurn`` carries its own cancel event; hurrying sets it, and a
  search returns its best move so far;
* **stale results**: every turn has a ticket (``BotTurn.generation``); any change of the
  table or a ``cancel()`` makes older tickets stale, and ``finish`` drops a stale result —
  one mechanism for the app's worker threads and the server's asyncio tasks alike;
* **a bot that raises**: the error becomes a notice and a legal fallback move (the first
  action on offer), never a stall;
* **stand-ins**: a person's seat whose time ran out (a shared table's move limit) gets one
  move from a bot of a given level, through the same ticket, fallback and forced-move rules.

Who the bots are is the caller's: by default each seat's level (``make_agent``, seeded from
the table), or an ``agent_for_seat`` factory (the arena gives its own seeds and time limits).

Thinking runs on a copy of the state, so it is safe in a worker thread; ``begin`` and
``finish`` run where the table is changed (the UI thread, the server's event loop).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..engine import Action, IllegalAction
from .table import Table

if TYPE_CHECKING:
    from ..ai import Agent


def make_agent(level: str, game, seed: int) -> Agent:
    """The bot of ``level``: the bots and their search load with the first one a table needs,
    not with the game screen (start-up)."""
    from ..ai import make_agent

    return make_agent(level, game, seed)


def forced_action(state, seat: int) -> Action | None:
    """The action a bot plays at once for ``seat``: the only legal one, or the first of
    several that all lead to the same position (as ``seat`` sees it); else None."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    from ..ai.obvious import obvious_action

    return obvious_action(state, seat, legal)

#: Seconds a bot waits before it moves (people want to see what happened).
THINK_DELAY = 0.4


@dataclass
class BotTurn:
    """One bot decision in progress: its ticket, and the event that hurries or cancels it."""

    seat: int
    generation: int
    #: Seconds to wait before thinking (0 for a forced move).
    delay: float
    #: The action to play when the move is forced or near-forced (then nobody searches).
    forced: Action | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    #: A bot standing in for a person's seat (its time ran out): it plays this one move.
    stand_in: Agent | None = None


class BotResult(NamedTuple):
    """What a bot decided; ``notice`` says what went wrong if it had to fall back."""

    turn: BotTurn
    action: Action
    notice: str | None = None


class TurnController:
    def __init__(self, table: Table, budget: float = 1.0, delay: float = THINK_DELAY,
                 agent_for_seat: Callable[[int], Agent] | None = None) -> None:
        self.table = table
        self.budget = budget
        self.delay = delay
        self._agent_for_seat = agent_for_seat
        self._agents: dict[int, Agent] = {}
        #: Bumped by every change of the table and every cancel: older tickets are stale.
        self.generation = 0
        self.turn: BotTurn | None = None
        self.hint_cancel: threading.Event | None = None
        #: How far the last hint's search has got (done, planned), from its thread; None
        #: before its first report.
        self.hint_progress: tuple[int, int] | None = None
        #: Notices for people (a bot that failed); whoever shows them clears the list.
        self.notices: list[str] = []
        table.subscribe(self._table_changed)

    def _table_changed(self, _table: Table) -> None:
        self.cancel()

    # ------------------------------------------------------------------ who
    def agent_for(self, seat: int) -> Agent:
        if seat not in self._agents:
            if self._agent_for_seat is not None:
                self._agents[seat] = self._agent_for_seat(seat)
            else:
                self._agents[seat] = make_agent(self.table.seats[seat].level, self.table.game, self._seed(seat))
        return self._agents[seat]

    def _seed(self, seat: int) -> int:
        return self.table.seed * 31 + seat * 7 + len(self.table.moves)

    def bot_to_move(self) -> int | None:
        """The seat of the bot that must decide now, if it is a bot's decision."""
        seat = self.table.state.current_player
        if seat is not None and self.table.seats[seat].is_bot:
            return seat
        return None

    def progress(self) -> tuple[int, int] | None:
        """How far the thinking bot's search has got (done, planned), where it searches."""
        if self.turn is None or self.turn.forced is not None:
            return None
        progress = getattr(self._agents.get(self.turn.seat), "progress", None)
        return tuple(progress) if progress and progress[1] else None

    # ------------------------------------------------------------------ a bot's turn
    def begin(self) -> BotTurn | None:
        """Start the bot's turn if a bot must decide and none is deciding; else None."""
        seat = self.bot_to_move()
        if seat is None or self.turn is not None:
            return None
        forced = forced_action(self.table.state, seat)
        self.turn = BotTurn(seat, self.generation, 0.0 if forced is not None else self.delay, forced)
        return self.turn

    def begin_stand_in(self, level: str) -> BotTurn | None:
        """A one-move turn for a *person's* seat whose time ran out: a fresh bot of ``level``
        (seeded from the table and the move number, so a restart decides alike) plays it,
        with no think delay. None when nobody is to decide or a bot's turn is running."""
        seat = self.table.state.current_player
        if seat is None or self.turn is not None:
            return None
        forced = forced_action(self.table.state, seat)
        agent = None if forced is not None else make_agent(level, self.table.game, self._seed(seat))
        self.turn = BotTurn(seat, self.generation, 0.0, forced, stand_in=agent)
        return self.turn

    def think(self, seat: int, cancel: threading.Event | None = None) -> Action:
        """The bot's action for ``seat`` now, outside any turn (scratch tables, tests)."""
        return self.agent_for(seat).choose(self.table.state.clone(), seat, self.budget, cancel)

    def decide(self, turn: BotTurn) -> BotResult:
        """Decide (thread-safe: on a copy of the state). Never raises for a bot's own error."""
        if turn.forced is not None:
            return BotResult(turn, turn.forced)
        state = self.table.state.clone()
        try:
            agent = turn.stand_in or self.agent_for(turn.seat)
            return BotResult(turn, agent.choose(state, turn.seat, self.budget, turn.cancel))
        except Exception as exc:  # a bot bug must not stall the game: say so and play on
            return self._fallback(turn, state, exc)

    def _fallback(self, turn: BotTurn, state, exc: BaseException) -> BotResult:
        action = state.legal_actions()[0]
        name = self.table.seats[turn.seat].name
        notice = (f"{name}'s bot failed ({type(exc).__name__}: {exc}); "
                  f"it plays the first choice instead: {self.table.text(action.describe())}.")
        return BotResult(turn, action, notice)

    def is_current(self, turn: BotTurn) -> bool:
        return turn is self.turn and turn.generation == self.generation

    def finish(self, result: BotResult, play: Callable[[Action, int], None] | None = None) -> bool:
        """Play a bot's decision if it is still wanted; returns whether it was played.

        A stale result (the table changed, or the turn was cancelled) is dropped. A decision
        the rules refuse (a bot bug) is replaced by the fallback, with a notice. ``play`` puts
        the move on the table (default ``table.apply``; the table server writes it to its
        database first, and a refusal there propagates to the caller, who tries again)."""
        turn = result.turn
        if not self.is_current(turn):
            return False
        action = result.action
        try:
            self.table.prepare(action, turn.seat)
        except IllegalAction as exc:
            fallback = self._fallback(turn, self.table.state, exc)
            self.notices.append(fallback.notice)
            action = fallback.action
        if result.notice:
            self.notices.append(result.notice)
        self.turn = None
        (play or self.table.apply)(action, turn.seat)
        return True

    def cancel(self) -> None:
        """Stop the bot's turn in progress (its result will be stale) and any hint."""
        self.generation += 1
        if self.turn is not None:
            self.turn.cancel.set()
            self.turn = None
        if self.hint_cancel is not None:
            self.hint_cancel.set()
            self.hint_cancel = None

    def hurry(self) -> bool:
        """Make the thinking bot (and a hint) decide now; returns whether anything was hurried."""
        hurried = False
        if self.turn is not None:
            self.turn.delay = 0.0
            self.turn.cancel.set()
            hurried = True
        if self.hint_cancel is not None:
            self.hint_cancel.set()
            hurried = True
        return hurried

    # ------------------------------------------------------------------ hints
    def hint(self, seat: int, cancel: threading.Event) -> Action:
        """What the hard bot would do for ``seat`` (thread-safe; never plays it)."""
        from ..ai.agents import hint

        state, moves = self.table.state.clone(), len(self.table.moves)
        self.hint_progress = None
        forced = forced_action(state, seat)
        if forced is not None:
            return forced

        def progress(done: int, planned: int) -> None:
            self.hint_progress = (done, planned)

        return hint(self.table.game, state, seat, seed=self.table.seed + moves, cancel=cancel,
                    on_progress=progress)

    def begin_hint(self) -> tuple[int, threading.Event]:
        """A ticket for a hint: the generation it belongs to, and its cancel event."""
        if self.hint_cancel is not None:
            self.hint_cancel.set()
        self.hint_cancel = threading.Event()
        return self.generation, self.hint_cancel

    # ------------------------------------------------------------------ headless play
    def play_bots(self, max_moves: int = 100_000) -> int:
        """Let bots play inline until a person must decide or the game ends; returns moves made."""
        made = 0
        while made < max_moves and (turn := self.begin()) is not None:
            self.finish(self.decide(turn))
            made += 1
        return made

