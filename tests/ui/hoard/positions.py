"""Dragon's Hoard tables in known positions for the UI tests (fixed seeds, headless play)."""

from __future__ import annotations

from dragon_tui.session import Seat, Table, TurnController

NAMES = ["Ana", "Ben", "Cai", "Dara"]


def hoard_table(players: int = 2, seed: int = 3, hotseat: bool = False) -> Table:
    """Ana at seat 0; the others bots, or persons too in a hot-seat game."""
    seats = [Seat(NAMES[0])]
    seats += [Seat(name) if hotseat else Seat(name, "bot", "greedy") for name in NAMES[1:players]]
    return Table("hoard", seats, seed)


def play_until(table: Table, stop, limit: int = 5000) -> Table:
    """Ana (and any other person) always takes the first choice; bots play theirs; stop when ``stop(state)``."""
    controller = TurnController(table)
    for _ in range(limit):
        controller.play_bots()
        state = table.state
        if state.is_over or stop(state):
            return table
        table.apply(state.legal_actions()[0])
    raise AssertionError("the position was never reached")


def after_person_moves(table: Table, moves: int) -> Table:
    """A mid-game position: ``moves`` decisions of the persons in, the bots' replies played."""
    count = {"n": 0}

    def stop(_state) -> bool:
        count["n"] += 1
        return count["n"] > moves

    return play_until(table, stop)
