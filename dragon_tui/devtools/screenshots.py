"""``dragon-tui screenshots [DIR]``: SVG pictures of every screen, for the README and docs/.

Each picture is taken headless at a fixed size, seed and theme, so running the command
again gives the same files unless the screens changed.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from ..games import CATALOG, get_game, is_playable

Shot = tuple[str, Callable[[], object], tuple[int, int], Callable[[object], Awaitable[None]] | None]


async def settle(pilot) -> None:
    """Wait until no bot is thinking and the screen has caught up (also used by the UI tests)."""
    from textual.worker import WorkerCancelled

    await pilot.pause()
    for _ in range(500):
        if not any(getattr(s, "thinking", False) for s in pilot.app.screen_stack):
            break
        try:
            await pilot.app.workers.wait_for_complete()
        except WorkerCancelled:  # a bot worker superseded by the next turn's (exclusive): fine
            pass
        await pilot.pause()


def _midgame(game_id: str, players: int, seed: int, person_moves: int):
    from ..session import Seat, Table, TurnController

    seats = [Seat("Ana")] + [Seat(n, "bot", "greedy") for n in ("Ben", "Cai", "Dara", "Eli")[: players - 1]]
    table = Table(game_id, seats, seed)
    controller = TurnController(table)
    controller.play_bots()
    from ..ai import make_agent

    helper = make_agent("greedy", table.game, seed)
    made = 0
    while made < person_moves and not table.state.is_over:
        if table.state.current_player == 0:
            table.apply(helper.choose(table.state, 0), 0)
            made += 1
        controller.play_bots()
    return table


def _finished(game_id: str, players: int, seed: int):
    return _midgame(game_id, players, seed, 10**6)


def shots() -> list[Shot]:
    from ..app import DragonApp
    from ..ui.screens.files import LoadScreen

    def app(table=None, theme="dragon-dark"):
        return lambda: DragonApp(table=table() if table else None, bot_delay=0, autosave=False, theme=theme)

    scenes = _scenes()

    async def setup(pilot):
        menu = pilot.app.screen.query_one("#menu")
        menu.highlighted = [o.id for o in menu.options].index(f"game:{scenes['setup']}")
        await pilot.press("enter")

    async def helpscreen(pilot):
        await settle(pilot)
        await pilot.press("question_mark")

    async def load(pilot):
        await pilot.app.push_screen(LoadScreen())

    result: list[Shot] = [
        ("menu", app(), (80, 24), None),
        ("setup", app(), (80, 24), setup),
        ("load", app(), (80, 24), load),
    ]
    for entry in CATALOG:
        if not is_playable(entry.id):
            continue
        n = scenes["players"].get(entry.id, get_game(entry.id).min_players)
        gid = entry.id
        result += [
            (f"{gid}-80x24", app(lambda g=gid, n=n: _midgame(g, n, 7, 6)), (80, 24), settle),
            (f"{gid}-120x40", app(lambda g=gid, n=n: _midgame(g, n, 7, 12)), (120, 40), settle),
            (f"{gid}-help", app(lambda g=gid, n=n: _midgame(g, n, 7, 0)), (80, 24), helpscreen),
            (f"{gid}-game-over", app(lambda g=gid, n=n: _finished(g, n, 3)), (100, 30), settle),
        ]
    result += _review_shots(app, scenes)
    shown = scenes["themes"]
    n = scenes["players"].get(shown, 2)
    result.append((f"{shown}-light", app(lambda: _midgame(shown, n, 7, 6), "dragon-light"), (80, 24), settle))
    result.append((f"{shown}-mono", app(lambda: _midgame(shown, n, 7, 6), "dragon-mono"), (80, 24), settle))
    return result


def _scenes() -> dict:
    """Which game each picture shows: ``screenshots/scenes.json`` beside the pictures (a choice
    about what the README shows, kept as data, not in the tool)."""
    return json.loads(Path(__file__).parents[2].joinpath("screenshots", "scenes.json").read_text())


async def review_settled(pilot) -> None:
    """Wait until the review screen's review has finished and its list is laid out (a data
    table measures new rows when the app is idle, which may come late on a busy machine)."""
    screen = pilot.app.screen
    while screen.review is None:
        await pilot.pause(0.02)
    await pilot.app.workers.wait_for_complete()
    grid = screen.query_one("#review-table")
    for _ in range(500):
        await pilot.pause()
        if grid.row_count == 0 or grid.ordered_columns[1].content_width > len("Played"):
            break


def _review_shots(app, scenes: dict) -> list[Shot]:
    """The review of a finished duel (its decisions, score and win-chance charts) and "since
    your last turn" in Hoard. The review searches less than the hard level (200 iterations a
    decision, no time limit), so the pictures come quickly and the same every time."""
    from ..ai.ismcts import SearchConfig
    from ..ui.screens.review import ReviewScreen

    def review(keys=()):
        async def run(pilot):
            await settle(pilot)
            table = next(s.table for s in pilot.app.screen_stack if hasattr(s, "table"))  # the finished game
            await pilot.app.push_screen(ReviewScreen(table, 0, SearchConfig(iterations=200, time_limit=3600), 1))
            await review_settled(pilot)
            for key in keys:
                await pilot.press(key)
            await pilot.pause()

        return run

    reviewed, later = scenes["review"], scenes["since_last_turn"]
    players = scenes["players"]
    duel = app(lambda: _finished(reviewed, players.get(reviewed, 2), 3))
    return [
        ("review-120x40", duel, (120, 40), review()),
        ("review-80x24", duel, (80, 24), review()),
        ("review-scores-120x40", duel, (120, 40), review(["c"])),
        ("review-win-chance-80x24", duel, (80, 24), review(["w"])),
        ("since-last-turn-80x24", app(lambda: _midgame(later, players.get(later, 2), 7, 5)), (80, 24), settle),
        ("since-last-turn-120x40", app(lambda: _midgame(later, players.get(later, 2), 7, 10)), (120, 40), settle),
    ]


async def _take(name: str, make, size, before, folder: Path) -> Path:
    app = make()
    async with app.run_test(size=size) as pilot:
        if before is not None:
            await before(pilot)
        await settle(pilot)
        svg = app.export_screenshot(title=f"Dragon TUI — {name}")
    path = folder / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    folder = Path((argv or sys.argv[1:] or ["screenshots"])[0])
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["DRAGON_TUI_HOME"] = tempfile.mkdtemp(prefix="dragon-shots-")
    for name, make, size, before in shots():
        path = asyncio.run(_take(name, make, size, before, folder))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
