"""Apps in known positions for the UI tests: fixed seeds, bots without delay, no autosave
unless a test asks for it."""

from __future__ import annotations

from dragon_tui.app import DragonApp
from dragon_tui.devtools.screenshots import settle  # noqa: F401  (the tests import it from here)
from dragon_tui.session import Seat, Table


def duel_table(seed: int = 7, bot: bool = True, level: str = "greedy") -> Table:
    second = Seat("Bot", "bot", level) if bot else Seat("Ben")
    return Table("crowns", [Seat("Ana"), second], seed)


def app_with(table: Table | None = None, autosave: bool = False, theme: str = "dragon-dark") -> DragonApp:
    return DragonApp(table=table, bot_delay=0, autosave=autosave, theme=theme)


async def workers_done(pilot) -> None:
    """Wait for the app's workers. Bot workers are exclusive: one superseded by the next turn's
    counts as done (its result is stale anyway)."""
    from textual.worker import WorkerCancelled

    try:
        await pilot.app.workers.wait_for_complete()
    except WorkerCancelled:
        pass
