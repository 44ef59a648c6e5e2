"""Carcassonne tables in known positions for the UI tests (fixed seeds, headless play)."""

from __future__ import annotations

import random

from dragon_tui.session import Seat, Table


def carc_table(seed: int = 3, bot: bool = True, level: str = "random", players: int = 2) -> Table:
    seats = [Seat("Ana")]
    names = ["Bot", "Cy", "Dee", "Eve"]
    for i in range(players - 1):
        seats.append(Seat(names[i], "bot", level) if bot else Seat(names[i]))
    return Table("carcassonne", seats, seed)


def advance(table: Table, until, seed: int = 1, limit: int = 5000) -> Table:
    """Play seeded random moves for every seat until ``until(state)`` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        state = table.state
        if until(state) or state.is_over:
            return table
        actions = state.legal_actions()
        # Prefer meeples to passing so the board shows some.
        figures = [a for a in actions if a.kind == "meeple"]
        if figures and rng.random() < 0.6:
            action = rng.choice(figures)
        else:
            action = rng.choice(actions)
        table.apply(action, state.current_player)
    raise AssertionError("position not reached")


def person_to(phase: str):
    return lambda s: s.phase == phase and s.current_player == 0


def after_turns(n: int, phase: str = "place"):
    return lambda s: s.turn >= n and s.phase == phase and s.current_player == 0
