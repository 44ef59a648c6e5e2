"""Throne tables in known positions for the UI tests (fixed seeds, greedy bots, no delay)."""

from __future__ import annotations

from dragon_tui.session import Seat, Table, TurnController

NAMES = ("Ana", "Bo", "Cy", "Di")


def throne_table(players: int = 2, seed: int = 3, people: int = 1) -> Table:
    seats = [Seat(NAMES[i]) if i < people else Seat(f"Bot {NAMES[i]}", "bot", "greedy") for i in range(players)]
    return Table("throne", seats, seed)


def advanced(table: Table, moves: int) -> Table:
    """Play ``moves`` decisions headless, every seat as the greedy bot would: a mid-game."""
    controller = TurnController(table)
    for _ in range(moves):
        if table.state.is_over:
            break
        seat = table.state.current_player
        table.apply(controller.think(seat), seat)
    # Hand the decision back to a person (bots finish their turn).
    controller.play_bots()
    return table


def finished(table: Table) -> Table:
    controller = TurnController(table)
    while not table.state.is_over:
        seat = table.state.current_player
        table.apply(controller.think(seat), seat)
    return table
