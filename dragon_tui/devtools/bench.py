"""``dragon-tui bench``: the speed and strength figures the issues ask for.

Per built game: random playouts per second beside a plain-Python tic-tac-toe loop's rate
measured alternately in the same run, and their ratio (the figure to compare between runs),
actions per game, the cost of generating
the legal actions, each bot level's time per decision, and how the greedy bot scores
(solitaire: mean and spread over 200 seeds; duels: its win rate against the random bot).
Then the app: start-up to first paint and key-to-paint latency, measured headless.
Figures are wall-clock on this machine; compare them as ratios between runs.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

from ..ai import LEVELS, make_agent
from ..ai.ismcts import iterations_per_second
from ..engine import Rng
from ..games import GAMES, game_part


#: A random game still running after this many actions is cut off: random players can keep a
#: Princes game going forever (maneuvering supporters back and forth, nobody scoring).
MAX_RANDOM_STEPS = 20_000
#: The strength line's bot games stop here, sooner than the arena's 10,000 (a stopped game costs
#: the bench ~10 ms a move): greedy against random Princes games took 1,426–1,893 moves (seeds
#: 0–4), and seed 3 never ends (it ran 12,000 moves, ~130 s, before this cap).
BENCH_MAX_MOVES = 5_000

_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


_MASK64 = (1 << 64) - 1


class YardstickRng:
    """The tic-tac-toe yardstick's own generator: SplitMix64 with ``randint`` calling
    ``next64``, line for line the engine's ``Rng`` as it stood when the engines' speed-up was
    first measured against the yardstick (4cf908a), and never to be made faster.

    A yardstick must cost the same beside every version of the code it measures. It used to
    draw with the engine's own ``Rng``; once the engine's ``randint`` was written out inline
    (1f18b8a), the loop ran faster beside the new code than beside the old, and every
    before/after ratio read too low by that much. ``dragon_tui/devtools/compare_trees.py`` runs a copy of
    this class in both checkouts' processes for the same reason."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & _MASK64
        self.draws = draws

    def next64(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def randint(self, low: int, high: int) -> int:
        return low + self.next64() % (high - low + 1)


def tictactoe_playouts(seconds: float, seed: int = 0) -> tuple[int, float]:
    """The yardstick: random tic-tac-toe games in plain Python, as many as fit in ``seconds``.

    The machine's speed drifts (other work, turbo clocks), so a game's playouts per second
    mean little alone; divided by this loop's rate, measured in the same run alternately,
    they become a ratio that holds between runs and machines. It draws with its own
    generator (``YardstickRng``), not the engine's, so that making the engine faster never
    moves it. Returns games and seconds.
    """
    rng = YardstickRng(seed)
    games = 0
    start = time.perf_counter()
    while True:
        board = [0] * 9
        free = list(range(9))
        player = 1
        while free:
            cell = free.pop(rng.randint(0, len(free) - 1))
            board[cell] = player
            if any(board[a] == board[b] == board[c] == player for a, b, c in _LINES):
                break
            player = 3 - player
        games += 1
        if games % 64 == 0:
            spent = time.perf_counter() - start
            if spent >= seconds:
                return games, spent


def _random_games(game, players: int, seconds: float, max_games: int,
                  seed: int = 0, listed: bool = False) -> tuple[int, int, float, float]:
    """Play random games until time runs out; returns games, actions, seconds, and the
    seconds spent choosing (``random_action``, or with ``listed`` building the whole legal
    list and drawing from it: the same games, move for move, see State.random_action)."""
    games = actions = 0
    choosing = 0.0
    start = time.perf_counter()
    while games < max_games and (time.perf_counter() - start < seconds or games < 3):
        state = game.new_state(players, seed)
        rng = Rng(seed + 1)
        steps = 0
        while not state.is_over and steps < MAX_RANDOM_STEPS:
            steps += 1
            t0 = time.perf_counter()
            action = rng.choice(state.legal_actions()) if listed else state.random_action(rng)
            choosing += time.perf_counter() - t0
            state.apply(action)
            actions += 1
        games += 1
        seed += 1
    return games, actions, time.perf_counter() - start, choosing


def playout_ratio(game, players: int, seconds: float, rounds: int = 4,
                  listed: bool = False) -> dict[str, float]:
    """Random playouts of ``game`` and of tic-tac-toe, measured alternately in ``rounds``
    slices each (so drift of the machine's speed hits both alike): rates and their ratio."""
    games = actions = 0
    spent = choosing = ttt_spent = 0.0
    ttt_games = 0
    slice_ = seconds / rounds
    for r in range(rounds):
        n, a, s, c = _random_games(game, players, slice_, 5000, seed=r * 1000, listed=listed)
        games, actions, spent, choosing = games + n, actions + a, spent + s, choosing + c
        tn, ts = tictactoe_playouts(slice_ / 2, seed=r)
        ttt_games, ttt_spent = ttt_games + tn, ttt_spent + ts
    rate, ttt = games / spent, ttt_games / ttt_spent
    return {"games_per_s": rate, "tictactoe_per_s": ttt, "ratio": rate / ttt,
            "actions_per_game": actions / games, "actions_per_s": actions / spent,
            "choose_us": 1e6 * choosing / max(actions, 1)}


def _decision_times(game, players: int, level: str, decisions: int = 60) -> dict[str, float]:
    """Seconds per bot decision over positions spread across a random game (late positions of
    some games cost more per iteration than the opening): mean, median and longest on the wall
    clock, median and longest in this process's CPU seconds (what an idle machine would take;
    the machine may be shared), and how many were answered without a search."""
    state = game.new_state(players, 99)
    positions = []
    rng = Rng(3)
    for _ in range(MAX_RANDOM_STEPS):  # a random Princes game may never end
        if state.is_over:
            break
        if len(state.legal_actions()) > 1:
            positions.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(positions) // decisions)
    chosen = positions[::step][:decisions]
    agent = make_agent(level, game, 5)
    times, cpu, unsearched = [], [], 0
    for position in chosen:
        t0, c0 = time.perf_counter(), time.process_time()
        agent.choose(position, position.current_player)
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        progress = getattr(agent, "progress", None)
        unsearched += bool(progress and progress[0] == 0)
    return {"mean": statistics.fmean(times), "median": statistics.median(times), "longest": max(times),
            "cpu_median": statistics.median(cpu), "cpu_longest": max(cpu), "decisions": len(times),
            "unsearched": unsearched}


def _play(game, players: int, levels: list[str], seed: int, max_moves: int = BENCH_MAX_MOVES):
    """A seeded game between bots of these levels. One still running after ``max_moves`` moves
    is stopped there, as the arena does: greedy and random players can keep a Princes game
    going for ever (the Clan Houses, its only end, never fill), and the bench must finish."""
    state = game.new_state(players, seed)
    agents = [make_agent(level, game, seed * 10 + i) for i, level in enumerate(levels)]
    moves = 0
    while not state.is_over and moves < max_moves:
        seat = state.current_player
        state.apply(agents[seat].choose(state, seat))
        moves += 1
    return state


def _strength(game, quick: bool) -> str:
    budget = 10.0 if quick else 90.0
    start = time.perf_counter()
    if game.max_players == 1:
        n = 40 if quick else 200
        scores = [_play(game, 1, ["greedy"], seed).scores()[0] for seed in range(n)]
        return (f"greedy bot over {n} seeds: mean {statistics.mean(scores):.1f}, "
                f"sd {statistics.pstdev(scores):.1f}, min {min(scores)}, max {max(scores)}")
    n = 20 if quick else 100
    players = game.min_players
    wins = 0.0
    unfinished = []
    for seed in range(n):
        if seed >= 4 and time.perf_counter() - start > budget:
            n = seed
            break
        seat = seed % players
        levels = ["random"] * players
        levels[seat] = "greedy"
        state = _play(game, players, levels, seed, max_moves=BENCH_MAX_MOVES)  # read now: tests lower it
        if not state.is_over:
            unfinished.append(seed)  # counted as a game won by nobody
        elif seat in state.winners():
            wins += 1 / len(state.winners())
    stopped = (f"; {len(unfinished)} stopped unfinished after {BENCH_MAX_MOVES:,} moves, won by nobody "
               f"(seed {', '.join(map(str, unfinished))})") if unfinished else ""
    return f"greedy vs random ({players} players, {n} games): greedy wins {100 * wins / n:.0f}%{stopped}"


def _rng_figures(seconds: float) -> str:
    """Draws per second of the two random streams, side by side in one run: SplitMix64 (small
    seeds) and the keyed BLAKE2b stream (the 128-bit secret seeds of hidden-card games)."""
    from ..engine.rng import secret_seed

    rates = []
    for seed in (12345, secret_seed()):
        rng, draws, start = Rng(seed), 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            for _ in range(10000):
                rng.randint(0, 51)
            draws += 10000
        rates.append(draws / (time.perf_counter() - start))
    return (f"random numbers: SplitMix64 {rates[0] / 1e6:,.2f} M draws/s, keyed 128-bit stream "
            f"{rates[1] / 1e6:,.2f} M draws/s (×{rates[1] / rates[0]:.2f})")


def run_bench(games: list[str] | None = None, quick: bool = False) -> int:
    from .bench_ui import select_games, ui_figures

    try:
        chosen = [GAMES[g] for g in select_games(games)]
    except ValueError as exc:  # an unknown game: one line, before minutes of measuring
        print(f"dragon-tui bench: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("DRAGON_TUI_HOME", tempfile.mkdtemp(prefix="dragon-bench-"))
    seconds = 1.0 if quick else 4.0
    print(f"Dragon TUI bench ({'quick' if quick else 'full'}; wall clock, one core)\n")
    print(_rng_figures(seconds) + "\n")
    for game in chosen:
        players = game.min_players
        print(f"{game.id} — {game.title}")
        for count in range(game.min_players, game.max_players + 1):
            f = playout_ratio(game, count, seconds / 2 if count > players else seconds)
            print(f"  random playouts, {count} player{'s' if count > 1 else ''}: {f['games_per_s']:,.1f} games/s "
                  f"(tic-tac-toe {f['tictactoe_per_s']:,.0f}/s, ratio {f['ratio']:.5f}), "
                  f"{f['actions_per_game']:,.0f} actions/game, {f['actions_per_s']:,.0f} actions/s, "
                  f"choosing {f['choose_us']:,.1f} µs per step")
            if count == players:  # the same games, each step drawn from the whole legal list
                f = playout_ratio(game, count, seconds / 2, listed=True)
                print(f"    drawing from the whole legal_actions() list instead: {f['games_per_s']:,.1f} games/s "
                      f"(ratio {f['ratio']:.5f}), legal_actions() and the draw {f['choose_us']:,.1f} µs per step")
        extra = game_part(game.id, "bench")  # a game's own figures, if it has any
        if extra is not None:
            print("\n".join(extra.figures(game, seconds)))
        for level in LEVELS:
            decisions = 60 if level in ("random", "greedy") else (6 if quick else 20)
            t = _decision_times(game, players, level, decisions)
            line = (f"  bot '{level}': {1e3 * t['mean']:,.2f} ms per decision (median {1e3 * t['median']:,.0f} ms, "
                    f"longest {1e3 * t['longest']:,.0f} ms; CPU median {1e3 * t['cpu_median']:,.0f} ms, "
                    f"longest {1e3 * t['cpu_longest']:,.0f} ms")
            if level not in ("random", "greedy"):
                line += f"; {t['unsearched']} of {t['decisions']} answered without a search"
            print(line + ")")
        print(f"  search: {iterations_per_second(game, seconds=1.0 if quick else 3.0):,.0f} ISMCTS iterations/s")
        print(f"  {_strength(game, quick)}")
        print()
    print("\n".join(ui_figures([game.id for game in chosen], quick)))
    try:
        from .net_bench import net_figures
    except ImportError as exc:  # the serving extras are missing
        print(f"network figures skipped: {exc}")
        return 0
    print("\nplay over SSH (loopback):")
    for name, value in net_figures().items():
        print(f"  {name}: {value}")
    return 0
