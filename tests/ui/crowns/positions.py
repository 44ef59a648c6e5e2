"""Batalla de Coronas positions for the UI tests: a fixed seed played headless."""

from __future__ import annotations

from dragon_tui.session import Table, TurnController


def played(table: Table, keys_per_turn: int = 8, turns: int = 3) -> Table:
    """A few turns of the duel played headless: a mid-game position for the snapshots."""
    controller = TurnController(table)
    for _ in range(turns):
        for _ in range(keys_per_turn):
            if table.state.current_player != 0 or table.state.is_over:
                break
            table.apply(table.state.legal_actions()[0])
        controller.play_bots()
    return table
