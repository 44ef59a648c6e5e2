"""The app's own figures for ``dragon-tui bench``: key-to-paint and start-up to first paint,
each as the overhead over (or ratio to) a bare Textual app measured with the same harness in
the same run, so the figures say what Dragon TUI adds on top of Textual itself.

**Key-to-paint.** A seeded random game of each game is played; at the positions after 20%
and 80% of it the seat to decide is a person at the keyboard (the others are bots), a fresh
app opens on that position, and the key of the first choice on offer is sent to it. The
clock stops at the *paint*: every frame the app draws is timed where Textual hands it to the
terminal (the update turned into the terminal's escape codes, as a real terminal run does;
only the write itself is skipped), and the figure is the time from the key to the last frame
before the app goes quiet (no new frame for ``QUIET`` seconds; the bots' think delay is
longer). A frame that only redraws scroll bars does not count: Textual draws a scroll bar a
frame or two after the content it measures, for the bare app and the game alike. Timing the frames themselves, rather than waiting for the process to look idle as
Textual's pilot does, keeps the figure free of the pilot's 20 ms polling steps. The bare app
(a Static, an OptionList and a Footer) answers a key by rewriting its Static and its options,
and is pressed the same way. Each figure is the median of ``repeats`` presses; the UI
thread's CPU time for the same span is reported too, since on a busy machine the wall clock
also counts other processes' turns.

**Start-up to first paint.** A new Python process is started and the time until its first
frame of the first real screen is taken, against a process that starts the bare app — so
imports count, as they do for a player — and likewise inside one process with everything
imported (the app's own work only). The new process starts the app as a player does, through
the command line (``dragon-tui`` for the menu, ``dragon-tui GAME`` for a game: its argument
checks, its bots' levels, autosave on), each start in an empty data folder of its own (a
first start; a folder shared by the runs would fill with their autosaves). Besides the wall
clock, the process's own CPU time up to that frame is reported: on a busy machine the wall
clock also counts other processes' turns, and the start-ups are short, so their ratio is
noisy where the CPU time's is not. With ``--against``, the two checkouts' new processes are
started in turn, round by round, so both see the same load.

The harness imports the app only as ``dragon_tui.…`` (no relative imports), so it can also
measure another checkout in the same run: ``python -m dragon_tui.devtools.bench_ui --against DIR``
runs this very harness on the code in ``DIR`` (say, a worktree of an older commit),
alternating with this checkout, and prints both side by side.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

SIZES = ((120, 40), (80, 24))
POINTS = (0.2, 0.8)
SEED = 2026
#: The app is done answering a key when it has drawn no frame for this long.
QUIET = 0.12
#: The bots' think delay while measuring (longer than QUIET: a bot's move is not the key's paint).
BOT_DELAY = 0.6


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


def _private():
    """The private names of Textual the clock needs (``ui/textual_private.py``), from this
    harness's own checkout, loaded by its path: the harness also measures older checkouts
    (``--against``), with their ``dragon_tui`` on the path, and times them all with one clock."""
    import importlib.util

    name = "dragon_bench_textual_private"
    module = sys.modules.get(name)
    if module is None:
        path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ui", "textual_private.py")
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return module


class FrameClock:
    """Times every frame an app draws: wraps the app's display (``wrap_display``), where the
    compositor's update reaches the terminal, and turns the update into escape codes as a real
    terminal run does."""

    def __init__(self, app) -> None:
        private = _private()
        compositor_update = private.compositor_update_class()
        frame_is_batched, only_scrollbars_dirty = private.frame_is_batched, private.only_scrollbars_dirty

        self.frames: list[tuple[float, float, bool]] = []  # (wall, UI-thread CPU, of a real screen)

        def display(screen, renderable) -> None:
            original(screen, renderable)
            if renderable is None or frame_is_batched(app):
                return
            if isinstance(renderable, compositor_update):
                renderable.render_segments(app.console)
            # Textual redraws a scroll bar a frame or two after the content it measures (its
            # size is known only after the layout): such a frame answers nothing, so it does
            # not stop the clock (for the bare app and the game alike).
            if only_scrollbars_dirty(screen):
                return
            self.frames.append((time.perf_counter(), time.thread_time(), _is_real(app, screen)))

        original = private.wrap_display(app, display)

    async def quiet(self, since: float, limit: float = 5.0) -> None:
        """Wait until no frame came for QUIET seconds (counting from ``since`` at the latest)."""
        while True:
            await asyncio.sleep(0.004)
            now = time.perf_counter()
            last = max(self.frames[-1][0], since) if self.frames else since
            if now - last >= QUIET or now - since > limit:
                return

    async def settle(self, since: float, limit: float = 5.0) -> tuple[float, float]:
        """Wait for a frame after ``since``, then until the app is quiet; the (wall, cpu) of
        the last frame drawn after ``since`` (a busy machine may take longer than QUIET to
        draw the first one)."""
        while not (self.frames and self.frames[-1][0] > since) and time.perf_counter() - since < limit:
            await asyncio.sleep(0.002)
        await self.quiet(since)
        later = [f for f in self.frames if f[0] > since]
        if not later:
            raise RuntimeError("the key painted nothing")
        return later[-1][0], later[-1][1]


async def _press(app, key: str) -> tuple[float, float]:
    """Send ``key`` as a terminal would and time it to its last frame: (wall, UI-thread CPU)."""
    from textual import events

    clock = FrameClock(app)
    async with app.run_test(size=app._bench_size) as pilot:
        await pilot.pause()
        await clock.quiet(time.perf_counter())
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        t0, c0 = time.perf_counter(), time.thread_time()
        _private().send_as_terminal(app, event)
        t1, c1 = await clock.settle(t0)
        app._bench_check()
    return t1 - t0, c1 - c0


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
        from dragon_tui.session import Seat, Table

        seats = [Seat(f"P{i + 1}") if i == self.person else Seat(f"Bot {i + 1}", "bot", "random")
                 for i in range(self.seats)]
        table = Table(self.game_id, seats, self.seed)
        for action in self.actions:
            table.apply(action)
        return table


def _position(game, point: float, seed: int = SEED) -> Position:
    """The first position at or after ``point`` of a random game where the key of the first
    choice is a plain character (what a player types)."""
    from dragon_tui.engine import Rng
    from dragon_tui.ui.widgets.action_list import assign_keys

    players = game.min_players if game.max_players == 1 else max(game.min_players, 2)
    state = game.new_state(players, seed)
    rng = Rng(seed + 1)
    played = []
    while not state.is_over and len(played) < 20_000:  # a random Princes game may never end
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


async def _press_game(position: Position, size: tuple[int, int]) -> tuple[float, float]:
    from dragon_tui.app import DragonApp

    table = position.table()
    app = DragonApp(table=table, autosave=True, bot_delay=BOT_DELAY)
    app._bench_size = size
    before = len(table.moves)

    def check() -> None:
        if len(table.moves) == before:
            raise RuntimeError(f"{position.game_id}: the key {position.key!r} played nothing")

    app._bench_check = check
    return await _press(app, position.key)


async def _press_bare(size: tuple[int, int]) -> tuple[float, float]:
    app = _bare_app()
    app._bench_size = size

    def check() -> None:
        assert app.picks == 1

    app._bench_check = check
    return await _press(app, "1")


def select_games(names: list[str] | None) -> list[str]:
    """The game ids a bench run measures: every game when ``names`` is empty or None, none
    for ``none``, else the games named (in the order given). An unknown name raises ValueError
    with a one-line reason, before anything is measured."""
    from dragon_tui.games import GAMES

    wanted = [name.strip().lower() for name in names or () if name.strip()]
    if not wanted:
        return list(GAMES)
    unknown = [name for name in wanted if name != "none" and name not in GAMES]
    if unknown:
        raise ValueError(f"no game {', '.join(map(repr, unknown))}: choose from {', '.join(GAMES)}, or none")
    return list(dict.fromkeys(name for name in wanted if name != "none"))


def _median_pair(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)


async def _key_figures(game_ids: list[str], repeats: int) -> dict:
    """Medians in seconds: {"bare": {size: (wall, cpu)}, "games": {game: {"point size": (wall, cpu)}}}."""
    from dragon_tui.games import GAMES

    out: dict = {"bare": {}, "games": {}, "bare_for": {}}
    await _press_bare(SIZES[0])  # warm up: imports, stylesheet parsing, caches
    for size in SIZES:
        out["bare"][f"{size[0]}x{size[1]}"] = _median_pair([await _press_bare(size) for _ in range(repeats)])
    for game_id in game_ids:
        out["bare_for"][game_id] = out["bare"]  # (another run's games keep their own run's bare figures)
        cells = out["games"][game_id] = {}
        positions = [_position(GAMES[game_id], point) for point in POINTS]
        await _press_game(positions[0], SIZES[0])  # warm up this game's board
        for position in positions:
            for size in SIZES:
                presses = [await _press_game(position, size) for _ in range(repeats)]
                cells[f"{position.point:.0%} {size[0]}x{size[1]}"] = _median_pair(presses)
    return out


async def _first_paint(make, size=(120, 40)) -> float:
    """Inside one process: from creating the app to its first frame of a real screen."""
    t0 = time.perf_counter()
    app = make()
    clock = FrameClock(app)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await clock.settle(t0)
    real = [wall for wall, _cpu, is_real in clock.frames if is_real]
    return real[0] - t0


def _is_real(app, screen) -> bool:
    """A frame of the screen the app opens with (not Textual's empty default screen underneath)."""
    return len(app.screen_stack) == 1 or screen is not app.screen_stack[0]


#: Run in a new process: start an app headless (the bare one, or Dragon TUI through its command
#: line, as ``dragon-tui [GAME]`` does), print the clock and the process's CPU time at its first
#: real frame, quit.
_PROBE = _private().FIRST_FRAME_SOURCE + r"""
import sys, time

def at_first_frame(app):
    def on_frame(screen):
        if len(app.screen_stack) == 1 or screen is not app.screen_stack[0]:
            print(repr(time.perf_counter()), repr(time.process_time()), flush=True)
            if "--modules" in sys.argv:  # for the test that the probe loads nothing a real start does not
                print(" ".join(sorted(sys.modules)), flush=True)
            app.exit()
            return True
        return False
    first_frame(app, on_frame)

which = sys.argv[1]
if which == "bare":
    sys.path.insert(0, sys.argv[2])
    from bench_bare import bare_app
    app = bare_app()
    at_first_frame(app)
    app.run(headless=True, size=(120, 40))
else:
    import importlib.util

    def probe(module):
        class Probe(module.DragonApp):
            def run(self, *args, **kwargs):
                at_first_frame(self)
                return super().run(headless=True, size=(120, 40))

        module.DragonApp = Probe

    # Wrap the app as the command line imports it, so the imports run in the command line's
    # order (it pauses the cyclic collector before it imports Textual and the app). A plain
    # finder object, not a subclass of importlib.abc.MetaPathFinder: importing importlib.abc
    # imports importlib.resources too (Python 3.11), about 44 million instructions that a real
    # start does not spend and the bare app's probe does not either.
    class WhenImported:

        def find_spec(self, name, path, target=None):
            if name != "dragon_tui.app":
                return None
            sys.meta_path.remove(self)
            spec = importlib.util.find_spec(name)
            load = spec.loader.exec_module

            def exec_module(module):
                load(module)
                probe(module)

            spec.loader.exec_module = exec_module
            return spec

    sys.meta_path.insert(0, WhenImported())
    from dragon_tui.cli import main
    main([] if which == "menu" else [which, "--seed", "7"])
"""


def _bare_dir() -> str:
    """A folder holding the bare app's module (free of dragon_tui), written once a run."""
    import tempfile

    bare_dir = os.path.join(tempfile.gettempdir(), f"dragon-bench-bare-{os.getpid()}")
    path = os.path.join(bare_dir, "bench_bare.py")
    if not os.path.exists(path):
        os.makedirs(bare_dir, exist_ok=True)
        with open(path, "w") as f:
            f.write("import textual\n" + _bare_source())
    return bare_dir


def _cold_start(which: str, checkout: str) -> tuple[float, float]:
    """In a new Python process: from starting it to the first frame of its first real screen,
    (wall clock, the process's CPU time)."""
    import shutil
    import tempfile

    home = tempfile.mkdtemp(prefix="dragon-bench-home-")
    # The command line needs a terminal, or Textual's driver named (here the headless one, which
    # the probe runs anyway).
    env = dict(os.environ, PYTHONPATH=checkout, PYTHONDONTWRITEBYTECODE="", DRAGON_TUI_HOME=home,
               TEXTUAL_DRIVER="textual.drivers.headless_driver:HeadlessDriver")
    try:
        t0 = time.perf_counter()  # CLOCK_MONOTONIC: the same clock in the child
        done = subprocess.run([sys.executable, "-c", _PROBE, which, _bare_dir()], cwd=checkout, env=env,
                              capture_output=True, text=True, timeout=60)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    if done.returncode or not lines:
        raise RuntimeError(f"start-up probe {which!r} failed: {done.stderr[-400:]}")
    wall, cpu = lines[0].split()[:2]
    return float(wall) - t0, float(cpu)


def cold_figures(checkouts: list[str], game_ids: list[str], rounds: int) -> list[dict]:
    """For each checkout, the medians of ``rounds`` new processes' start-ups: {"bare", "menu",
    game...: (wall, cpu)}. Everything alternates — the bare app, the menu, the games, checkout
    after checkout — so they share the machine's load; a first round warms the disk cache."""
    kinds = ["bare", "menu", *game_ids]
    starts: dict[tuple[str, str], list] = {(checkout, which): [] for checkout in checkouts for which in kinds}
    for round_ in range(rounds + 1):
        for (checkout, which), runs in starts.items():
            figure = _cold_start(which, checkout)
            if round_:
                runs.append(figure)
    return [{which: _median_pair(starts[checkout, which]) for which in kinds} for checkout in checkouts]


def _bare_source() -> str:
    import inspect

    source = inspect.getsource(_bare_app)
    return source.replace("def _bare_app():", "def bare_app():")


#: New processes started per figure at least (they are cheap, and a few are noisy).
COLD_ROUNDS = 7


def _this_checkout() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(sys.modules["dragon_tui"].__file__)))


def _startup_figures(first_game: str | None, repeats: int, cold: bool = True) -> dict:
    """The bare app's, the menu's and (unless None) ``first_game``'s start-up."""
    from dragon_tui.app import DragonApp
    from dragon_tui.games import GAMES

    games = [first_game] if first_game else []

    async def warm() -> dict:
        tables = []
        if first_game:
            position = _position(GAMES[first_game], POINTS[0])
            tables = [position.table() for _ in range(repeats + 1)]  # replaying the game is not start-up
        runs: dict[str, list[float]] = {"bare": [], "menu": [], **{game: [] for game in games}}
        for _ in range(repeats + 1):
            runs["bare"].append(await _first_paint(_bare_app))
            runs["menu"].append(await _first_paint(lambda: DragonApp(autosave=False)))
            for game in games:
                runs[game].append(await _first_paint(
                    lambda: DragonApp(table=tables.pop(), autosave=False, bot_delay=BOT_DELAY)))
        return {k: statistics.median(v[1:]) for k, v in runs.items()}

    figures = {"warm": {k: (v, None) for k, v in asyncio.run(warm()).items()}}
    if cold:
        figures["cold"] = cold_figures([_this_checkout()], games, max(repeats, COLD_ROUNDS))[0]
    return figures


def measure(game_ids: list[str], repeats: int, startup: bool = True, cold: bool = True, keys: bool = True) -> dict:
    """Every figure of this harness for this checkout, in seconds (JSON-friendly). With no
    game, the bare app's key-to-paint and the menu's start-up: the app's figures alone."""
    figures = {"keys": asyncio.run(_key_figures(game_ids, repeats)) if keys else None}
    if startup:
        figures["startup"] = _startup_figures(game_ids[0] if game_ids else None, repeats, cold)
    return figures


# ---------------------------------------------------------------------- printing
def _overheads(figures: dict) -> dict[str, dict[str, tuple[float, float]]]:
    """Each game's figures minus the bare app's of the same run and size."""
    out = {}
    for game, cells in figures["keys"]["games"].items():
        bare = figures["keys"]["bare_for"].get(game, figures["keys"]["bare"])
        out[game] = {cell: (wall - bare[cell.split()[1]][0], cpu - bare[cell.split()[1]][1])
                     for cell, (wall, cpu) in cells.items()}
    return out


def _summary(overheads: dict, which: int) -> tuple[float, float] | None:
    """Median and worst overhead over every game and cell; None when no game was measured."""
    values = [v[which] for cells in overheads.values() for v in cells.values()]
    if not values:
        return None
    return statistics.median(values), max(values)


def report(figures: dict, before: dict | None = None) -> list[str]:
    """Printable lines; with ``before``, each figure as before → now."""
    lines = [] if figures["keys"] is None else _key_report(figures, before)
    for kind, title in (("cold", "a new process started as `dragon-tui [GAME]`, imports included"),
                        ("warm", "inside one process, everything imported")):
        s = figures.get("startup", {}).get(kind)
        if not s:
            continue
        b = before["startup"].get(kind) if before and "startup" in before else None

        def own(pair) -> str:
            wall, cpu = pair
            return f"{1e3 * wall:.0f} ms" + (f" (CPU {1e3 * cpu:.0f})" if cpu is not None else "")

        def ratios(which: str, s: dict) -> str:
            (wall, cpu), (bare_wall, bare_cpu) = s[which], s["bare"]
            return f"{1e3 * wall:.0f} ms = {wall / bare_wall:.2f}×" + (
                f" (CPU {1e3 * cpu:.0f} ms = {cpu / bare_cpu:.2f}×)" if cpu is not None else "")

        lines.append(f"start-up to first paint ({title}), 120×40, against a bare Textual app's "
                     + (f"{own(b['bare'])} → " if b else "") + own(s["bare"])
                     + (" (before → now)" if b else "") + ", target ≤ 1.2×:")
        for which in s:
            if which != "bare":
                lines.append(f"  {which}: " + (f"{ratios(which, b)} → " if b and which in b else "") + ratios(which, s))
    return lines


def _key_report(figures: dict, before: dict | None) -> list[str]:
    def ms(x: float) -> str:
        return f"{1e3 * x:+.0f}" if x < 0 else f"+{1e3 * x:.0f}"

    def pair(now: float, old: float | None, fmt=ms) -> str:
        return fmt(now) if old is None else f"{fmt(old)} → {fmt(now)}"

    bare = figures["keys"]["bare"]
    over = _overheads(figures)
    old = _overheads(before) if before else None
    lines = ["key-to-paint (key sent → last frame drawn), overhead over a bare Textual app "
             "(Static + OptionList + Footer) pressed the same way, ms of wall clock"
             + (" (before → now)" if before else "") + ":",
             "  bare app: " + ", ".join(f"{size.replace('x', '×')} {1e3 * wall:.1f} ms (UI thread CPU {1e3 * cpu:.1f})"
                                        for size, (wall, cpu) in bare.items())]
    for game, cells in over.items():
        lines.append(f"  {game}: " + ", ".join(
            f"{cell.replace('x', '×')} {pair(v[0], old[game][cell][0] if old and game in old else None)}"
            for cell, v in cells.items()))
    if not over:
        lines.append("  no game chosen: no overhead to show")
        return lines
    for which, name in ((0, "wall clock"), (1, "UI-thread CPU")):
        med, worst = _summary(over, which)
        line = f"  overhead ({name}): median {1e3 * med:.0f} ms, worst {1e3 * worst:.0f} ms"
        earlier = _summary(old, which) if old else None
        if earlier:
            line += f" (before: median {1e3 * earlier[0]:.0f}, worst {1e3 * earlier[1]:.0f})"
        lines.append(line + ("  (target: median ≤ 16, worst ≤ 33)" if which == 0 else ""))
    return lines


def ui_figures(game_ids: list[str], quick: bool = False) -> list[str]:
    """Printable lines of the app's latency figures for the given games."""
    return report(measure(game_ids, repeats=3 if quick else 7))


def _run_elsewhere(checkout: str, game_ids: list[str], repeats: int, startup: bool, keys: bool = True) -> dict:
    """This harness, run on the code of another checkout (imports resolve there); its new
    processes' start-ups are left to the caller (``cold_figures``)."""
    env = dict(os.environ, PYTHONPATH=checkout)
    flags = ("['--json', '--no-cold', '--repeats', sys.argv[1]]" + ("" if startup else " + ['--no-startup']")
             + ("" if keys else " + ['--startup-only']"))
    code = (f"import runpy, sys; sys.argv = ['bench_ui'] + {flags} + sys.argv[2:]; "
            f"runpy.run_path({os.path.abspath(__file__)!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code, str(repeats), *game_ids], cwd=checkout, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the harness failed on {checkout}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    import argparse
    import tempfile

    parser = argparse.ArgumentParser(prog="python -m dragon_tui.devtools.bench_ui", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument("--no-startup", action="store_true", help="key-to-paint only")
    parser.add_argument("--startup-only", action="store_true",
                        help="start-up only: a new process for the menu and each game given, and the first game inside one")
    parser.add_argument("--no-cold", action="store_true", help=argparse.SUPPRESS)  # --against starts them itself
    parser.add_argument("--against", metavar="DIR", help="also measure the checkout in DIR, game by game in turn")
    args = parser.parse_args(argv)
    os.environ.setdefault("DRAGON_TUI_HOME", tempfile.mkdtemp(prefix="dragon-bench-"))
    try:
        game_ids = select_games(args.games)
    except ValueError as exc:
        parser.error(str(exc))
    keys = not args.startup_only
    if args.json:
        print(json.dumps(measure(game_ids, args.repeats, startup=not args.no_startup, cold=not args.no_cold, keys=keys)))
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rounds = max(args.repeats, COLD_ROUNDS)
    if not args.against:
        figures = measure(game_ids, args.repeats, startup=not args.no_startup, cold=False, keys=keys)
        if not args.no_startup:
            figures["startup"]["cold"] = cold_figures([here], game_ids if args.startup_only else game_ids[:1], rounds)[0]
        print("\n".join(report(figures)))
        return
    before: dict = {}
    now: dict = {}
    # in turn, game by game: the same load (with no game, one turn for the bare app and the menu)
    turns = [[game_id] for game_id in (game_ids if keys else game_ids[:1])] or [["none"]]
    for i, ids in enumerate(turns):
        startup = i == 0 and not args.no_startup
        b = _run_elsewhere(args.against, ids, args.repeats, startup, keys)
        n = _run_elsewhere(here, ids, args.repeats, startup, keys)
        for into, part in ((before, b), (now, n)):
            if not into:
                into.update(part)
            elif keys:
                into["keys"]["games"].update(part["keys"]["games"])
                into["keys"]["bare_for"].update(part["keys"]["bare_for"])
        print(f"({ids[0]} done)", file=sys.stderr, flush=True)
        print("\n".join(report(now, before)), file=sys.stderr, flush=True)
    if not args.no_startup:  # both checkouts' new processes in turn, round by round
        cold_games = game_ids if args.startup_only else game_ids[:1]
        before["startup"]["cold"], now["startup"]["cold"] = cold_figures([args.against, here], cold_games, rounds)
    print("\n".join(report(now, before)))


if __name__ == "__main__":  # python -m dragon_tui.devtools.bench_ui [--against DIR] [game ...]
    main(sys.argv[1:])
