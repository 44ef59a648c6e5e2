"""Court positions for the UI tests: a fixed seed played headless by a simple policy."""

from __future__ import annotations

from dragon_tui.session import Seat, Table


def court_table(seed: int = 3) -> Table:
    return Table("court", [Seat("Ana")], seed)


def policy(state):
    """Fight when offered, else buy the rightmost card on offer (the cheapest slot), else the first choice."""
    actions = state.legal_actions()
    for action in actions:
        if action.kind == "fight":
            return action
    buys = [a for a in actions if a.kind == "buy"]
    return buys[-1] if buys else actions[0]


def played(table: Table, moves: int) -> Table:
    for _ in range(moves):
        if table.state.is_over:
            break
        table.apply(policy(table.state))
    return table


def finished(table: Table) -> Table:
    while not table.state.is_over:
        table.apply(policy(table.state))
    return table
