"""The app's own figures for ``dragon-tui bench``: key-to-paint and start-up to first paint,
each as the overhead over (or ratio to) a bare Textual app measured with the same harness in
the same run, so the figures say what Dragon TUI adds on top of Textual itself.

Key-to-paint: a seeded random game of each game is played; at the positions after 20% and
80% of it the seat to decide is a person at the keyboard (the others are bots), the app opens
on that position, and the key of the first choice on offer is pressed through Textual's pilot
(``press`` then ``pause``: the key handled and the screen refreshed). The bare app (a Static,
an OptionList and a Footer) answers a key by rewriting its Static and its options, and is
pressed the same way. Each figure is the median of ``repeats`` presses.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass

from .engine import Rng

SIZES = ((120, 40), (80, 24))
POINTS = (0.2, 0.8)
SEED = 2026


def _bare_app():
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Footer, OptionList, Static

    class BareApp(App):
        """What every Textual screen costs: a text, a list of choices and the key footer."""

        BINDINGS = [Binding("1", "pick", "Pick")]

        def __init__(self) -> None:
            super().__init__()
            self.picks = 0

        def compose(self) -> ComposeResult:
            yield Static("status", id="status")
            yield OptionList(*[f"{i} choice {i}" for i in range(1, 10)], id="choices")
            yield Footer()

        def action_pick(self) -> None:
            self.picks += 1
            self.query_one("#status", Static).update(f"status after {self.picks} picks")
            options = self.query_one("#choices", OptionList)
            options.clear_options()
            options.add_options([f"{i} choice {i + self.picks}" for i in range(1, 10)])

    return BareApp()


@dataclass
class Position:
    """A table at some point of a seeded random game, and the key that plays a choice there."""

    game_id: str
    point: float
    seats: int
    seed: int
    actions: list
    person: int
    key: str

    def table(self):
        from .session import Seat, Table

        seats = [Seat(f"P{i + 1}") if i == self.person else Seat(f"Bot {i + 1}", "bot", "random")
                 for i in range(self.seats)]
        table = Table(self.game_id, seats, self.seed)
        for action in self.actions:
            table.apply(action)
        return table


def _position(game, point: float, seed: int = SEED) -> Position:
    """The first position at or after ``point`` of a random game where the key of the first
    choice is a plain character (what a player types)."""
    from .ui.widgets.action_list import assign_keys

    players = game.min_players if game.max_players == 1 else max(game.min_players, 2)
    state = game.new_state(players, seed)
    rng = Rng(seed + 1)
    played = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        played.append(action)
        state.apply(action)
    state = game.new_state(players, seed)
    start = int(len(played) * point)
    for i, action in enumerate(played):
        if i >= start:
            legal = state.legal_actions()
            keys = assign_keys([state.action_key(a) for a in legal])
            key = keys[0]
            if key and len(key) == 1 and key.isprintable() and key != " ":
                return Position(game.id, point, players, seed, played[:i], state.current_player, key)
        state.apply(action)
    raise RuntimeError(f"{game.id}: no position with a typed key after {point:.0%}")


async def _press_game(position: Position, size: tuple[int, int]) -> float:
    from .app import DragonApp

    table = position.table()
    app = DragonApp(table=table, autosave=True, bot_delay=0.4)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        before = len(table.moves)
        t0 = time.perf_counter()
        await pilot.press(position.key)
        await pilot.pause()
        spent = time.perf_counter() - t0
        if len(table.moves) == before:
            raise RuntimeError(f"{position.game_id}: the key {position.key!r} played nothing")
    return spent


async def _press_bare(size: tuple[int, int]) -> float:
    app = _bare_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        t0 = time.perf_counter()
        await pilot.press("1")
        await pilot.pause()
        spent = time.perf_counter() - t0
        assert app.picks == 1
    return spent


async def _startup(make) -> float:
    t0 = time.perf_counter()
    app = make()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        return time.perf_counter() - t0


async def _figures(game_ids: list[str], repeats: int) -> list[str]:
    from .app import DragonApp
    from .games import GAMES

    lines = []
    overheads: list[float] = []
    bare_by_size = {}
    # Warm up once (imports, stylesheet parsing, caches), so no figure pays for them.
    await _press_bare(SIZES[0])
    await _press_game(_position(GAMES[game_ids[0] if game_ids else "crowns"], POINTS[0]), SIZES[0])
    for size in SIZES:
        bare_by_size[size] = statistics.median([await _press_bare(size) for _ in range(repeats)])
    lines.append("key-to-paint, overhead over a bare Textual app (Static + OptionList + Footer) pressed the same way:")
    lines.append("  bare app: " + ", ".join(f"{w}×{h} {1e3 * bare_by_size[(w, h)]:.1f} ms" for w, h in SIZES))
    for game_id in game_ids:
        game = GAMES[game_id]
        cells = []
        for point in POINTS:
            position = _position(game, point)
            for size in SIZES:
                spent = statistics.median([await _press_game(position, size) for _ in range(repeats)])
                over = spent - bare_by_size[size]
                overheads.append(over)
                cells.append(f"{point:.0%} {size[0]}×{size[1]} +{1e3 * over:.0f}")
        lines.append(f"  {game_id}: " + ", ".join(cells) + " ms")
    if overheads:
        lines.append(f"  overhead median {1e3 * statistics.median(overheads):.0f} ms, "
                     f"worst {1e3 * max(overheads):.0f} ms (target: median ≤ 16, worst ≤ 33)")
    bare = statistics.median([await _startup(_bare_app) for _ in range(repeats)])
    menu = statistics.median([await _startup(lambda: DragonApp(autosave=False)) for _ in range(repeats)])
    lines.append(f"start-up to first paint (120×40): the menu {1e3 * menu:.0f} ms, bare Textual app {1e3 * bare:.0f} ms: "
                 f"{menu / bare:.2f}× (target ≤ 1.2×)")
    first = game_ids[0] if game_ids else "crowns"
    position = _position(GAMES[first], POINTS[0])
    tables = [position.table() for _ in range(repeats)]  # replaying the game is not start-up
    game = statistics.median([await _startup(lambda: DragonApp(table=tables.pop(), autosave=False, bot_delay=0.4))
                              for _ in range(repeats)])
    lines.append(f"  straight into a {first} game: {1e3 * game:.0f} ms: {game / bare:.2f}×")
    return lines


def ui_figures(game_ids: list[str], quick: bool = False) -> list[str]:
    """Printable lines of the app's latency figures for the given games."""
    return asyncio.run(_figures(game_ids, repeats=1 if quick else 3))


if __name__ == "__main__":  # python -m dragon_tui.bench_ui [game ...]
    import os
    import sys
    import tempfile

    from .games import GAMES

    os.environ.setdefault("DRAGON_TUI_HOME", tempfile.mkdtemp(prefix="dragon-bench-"))
    print("\n".join(ui_figures(sys.argv[1:] or list(GAMES))))
