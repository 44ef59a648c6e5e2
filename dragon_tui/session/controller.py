"""The shared turn controller: who decides next, and letting bots play their seats.

The app runs ``think`` in a worker thread and applies the result on the UI thread; headless
users (tests, the bench, the SSH table server) call ``play_bots`` to run bots inline.
"""

from __future__ import annotations

import threading

from ..ai import Agent, make_agent
from ..engine import Action
from .table import Table


class TurnController:
    def __init__(self, table: Table, budget: float = 1.0) -> None:
        self.table = table
        self.budget = budget
        self._agents: dict[int, Agent] = {}

    def agent_for(self, seat: int) -> Agent:
        if seat not in self._agents:
            level = self.table.seats[seat].level
            seed = self.table.seed * 31 + seat * 7 + len(self.table.moves)
            self._agents[seat] = make_agent(level, self.table.game, seed)
        return self._agents[seat]

    def bot_to_move(self) -> int | None:
        """The seat of the bot that must decide now, if it is a bot's decision."""
        seat = self.table.state.current_player
        if seat is not None and self.table.seats[seat].is_bot:
            return seat
        return None

    def think(self, seat: int, cancel: threading.Event | None = None) -> Action:
        """Choose the bot's action (thread-safe: works on a copy of the state)."""
        state = self.table.state.clone()
        return self.agent_for(seat).choose(state, seat, self.budget, cancel)

    def play_bots(self, max_moves: int = 100_000) -> int:
        """Let bots play until a person must decide or the game ends; returns moves made."""
        made = 0
        while (seat := self.bot_to_move()) is not None and made < max_moves:
            self.table.apply(self.think(seat), seat)
            made += 1
        return made
