"""``dragon-tui arena``: bot-only games that measure how strong each level is.

    dragon-tui arena GAME --seats hard,greedy[,...] --games N --seed S [--processes P] [--time-scale X]
                     [--record FILE]

Each entry of ``--seats`` is a bot level; the number of entries is the number of players.
Games are played in rotation groups: the same deal (seed) is played once per rotation of the
seats, so every level plays every seat on the same cards. Win rates count a shared win as a
fraction and come with 95% Wilson intervals; mean scores and the mean and longest decision
time per level follow. For the solitaire every level plays every seed alone, and the report
gives each level's score distribution.

With ``--record FILE`` every finished game is appended to FILE as one JSON line, and a run
started again with the same file and settings plays only the games it does not hold yet: a
Princes run of forty games takes hours, and a stop (Ctrl+C, a reboot, the end of a session)
must not throw the finished ones away.

A game that reaches ``--max-moves`` moves (default 10,000; a Princes game between bots takes
about 400) is stopped there and recorded as unfinished: scores as they stand, nobody wins.
Princes by the rulebook's letter (its option ``lords_out="plays_on"``) can deadlock: the game
ends only when every Clan House is full, and a player with no Dragon Lord left who keeps
retaking a guild while the other never takes one plays on for ever (seed 1014 of ``--seats
hard,greedy --seed 1000``, docs/bots.md); this edition's default ends it at that control. An unfinished
game counts as a game for every entry and a win for none, and the report says how many there were.

Every game is played on a ``session.Table`` through the shared ``TurnController``, exactly as
bots play at the app's table (forced moves at once, no search, and not counted as decisions).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import statistics
import sys
import time
from dataclasses import dataclass, field, replace

from ..ai import LEVELS, make_agent
from ..ai.agents import ARENA_LEVELS
from ..engine.wording import span
from ..games import GAMES, get_game
from ..session import Seat, Table, TurnController
from .arena_records import DEFAULT_MAX_MOVES, GameRecord, _record_header, _RecordWriter, read_record


@dataclass
class EntryStats:
    label: str
    level: str
    games: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    decisions: int = 0
    think: float = 0.0
    longest: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def wilson(self, z: float = 1.96) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games, z)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def mean_time(self) -> float:
        return self.think / self.decisions if self.decisions else 0.0


@dataclass
class ArenaReport:
    game_id: str
    seats: list[str]
    games: int
    seed: int
    solitaire: bool
    entries: list[EntryStats]
    records: list[GameRecord]
    seconds: float
    #: the run was stopped (Ctrl+C) before every game was played; the figures cover the finished ones
    stopped_early: bool = False

    def format(self) -> str:
        lines = []
        game = get_game(self.game_id)
        if self.stopped_early:
            lines.append(f"Stopped early: {len(self.records)} of the games finished; the figures below cover those.")
        unfinished = [r for r in self.records if r.unfinished]
        if unfinished:
            lines.append(f"{len(unfinished)} game(s) stopped unfinished at the move cap (seeds "
                         f"{', '.join(str(r.seed) for r in unfinished)}): counted as games, won by nobody.")
        if self.solitaire:
            lines.append(f"{game.title}: {self.games} seeds per level (from seed {self.seed}), {self.seconds:.0f} s")
            lines.append(f"{'level':<10}{'mean':>8}{'±95%':>8}{'sd':>7}{'min':>6}{'p25':>6}{'med':>6}{'p75':>6}{'max':>6}"
                         f"{'ms/dec':>9}{'max ms':>9}")
            for e in self.entries:
                sc = sorted(e.scores)
                if not sc:
                    continue
                sd = statistics.pstdev(sc)
                half = 1.96 * sd / math.sqrt(len(sc)) if len(sc) > 1 else 0.0
                q = lambda f: sc[min(len(sc) - 1, int(f * len(sc)))]  # noqa: E731
                lines.append(f"{e.label:<10}{e.mean_score:>8.2f}{half:>8.2f}{sd:>7.2f}{sc[0]:>6.0f}{q(0.25):>6.0f}"
                             f"{q(0.5):>6.0f}{q(0.75):>6.0f}{sc[-1]:>6.0f}{1000 * e.mean_time:>9.1f}{1000 * e.longest:>9.1f}")
            for e in self.entries:
                counts: dict[float, int] = {}
                for s in e.scores:
                    counts[s] = counts.get(s, 0) + 1
                dist = " ".join(f"{s:g}:{n}" for s, n in sorted(counts.items()))
                lines.append(f"  {e.label} scores: {dist}")
            lines.extend(self._paired_lines())
            return "\n".join(lines)
        lines.append(f"{game.title}: {self.games} games, {len(self.seats)} players, seats rotated, "
                     f"seed {self.seed}, {self.seconds:.0f} s")
        lines.append(f"{'seat entry':<12}{'games':>6}{'wins':>7}{'win %':>7}{'95% CI':>15}{'mean score':>12}"
                     f"{'ms/dec':>9}{'max ms':>9}")
        for e in self.entries:
            lo, hi = e.wilson()
            lines.append(f"{e.label:<12}{e.games:>6}{e.wins:>7.1f}{100 * e.win_rate:>6.1f}%"
                         f"{f'[{100 * lo:.1f}, {100 * hi:.1f}]':>15}{e.mean_score:>12.2f}"
                         f"{1000 * e.mean_time:>9.1f}{1000 * e.longest:>9.1f}")
        return "\n".join(lines)

    def paired_differences(self) -> list[tuple[str, str, list[float]]]:
        """Solitaire: per pair of neighbouring levels (as listed in ``--seats``), the score
        difference on every seed both played. The deal decides most of a solitaire score,
        so comparing levels seed by seed is far less noisy than comparing their means."""
        by_entry: dict[int, dict[int, float]] = {}
        for rec in self.records:
            by_entry.setdefault(rec.entries[0], {})[rec.seed] = rec.scores[0]
        out = []
        for lower, upper in zip(range(len(self.entries)), range(1, len(self.entries))):
            a, b = by_entry.get(lower, {}), by_entry.get(upper, {})
            seeds = sorted(set(a) & set(b))
            out.append((self.entries[upper].label, self.entries[lower].label, [b[s] - a[s] for s in seeds]))
        return out

    def _paired_lines(self) -> list[str]:
        lines = []
        for upper, lower, diffs in self.paired_differences():
            if len(diffs) < 2:
                continue
            mean = statistics.fmean(diffs)
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            better = sum(d > 0 for d in diffs)
            worse = sum(d < 0 for d in diffs)
            lines.append(f"  {upper} − {lower}, same seeds: {mean:+.2f} ± {half:.2f} (95%); "
                         f"higher on {better}, lower on {worse} of {len(diffs)} seeds")
        return lines


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class _TimedAgent:
    """A seat's bot, timed: every decision it is asked for adds to ``times``."""

    def __init__(self, agent, record: list[float], clock=time.perf_counter) -> None:
        self.agent, self.record, self.clock = agent, record, clock

    def choose(self, state, seat, budget=1.0, cancel=None):
        t0 = self.clock()
        try:
            return self.agent.choose(state, seat, budget, cancel)
        finally:
            dt = self.clock() - t0
            self.record[0] += 1
            self.record[1] += dt
            self.record[2] = max(self.record[2], dt)


def _play(task: tuple[str, list[str], list[int], int, int, float, int]) -> GameRecord:
    """Play one game: ``entries[i]`` is the index into ``levels`` playing seat i.

    The game runs on a table through the shared turn controller, as at the app's table: a
    forced move (one legal action) is played at once and counts as no decision; a bot that
    fails plays the legal fallback. The arena only brings its own bots (seeded per game and
    entry, their clocks scaled by ``time_scale``) and times their decisions. A game still
    running after ``max_moves`` moves is stopped there, unfinished (see the module's docstring)."""
    game_id, levels, entries, game_seed, agent_seed, time_scale, max_moves, *more = task
    cpu_clock = bool(more and more[0])
    clock = time.process_time if cpu_clock else time.perf_counter
    game = get_game(game_id)
    times: dict[int, list[float]] = {e: [0, 0.0, 0.0] for e in entries}

    def agent_for(seat: int):
        agent = make_agent(levels[entries[seat]], game, agent_seed * 101 + entries[seat])
        config = getattr(agent, "config", None)
        if config is not None and time_scale != 1.0:
            agent.config = config = replace(config, time_limit=config.time_limit * time_scale)
        if config is not None and cpu_clock:
            agent.config = replace(config, clock=time.process_time)
        return _TimedAgent(agent, times[entries[seat]], clock)

    seats = [Seat(f"{levels[e]} {i + 1}", "bot", levels[e]) for i, e in enumerate(entries)]
    table = Table(game_id, seats, game_seed)
    controller = TurnController(table, delay=0.0, agent_for_seat=agent_for)
    while not table.state.is_over and len(table.moves) < max_moves:
        if not controller.play_bots(max_moves - len(table.moves)):
            raise RuntimeError(f"{game.title}: the bots stopped before the game ended (seed {game_seed}).")
        if controller.notices:  # a bot bug would skew the figures: stop loudly instead
            raise RuntimeError(f"{game.title}, seed {game_seed}: {controller.notices[0]}")
    state = table.state
    unfinished = not state.is_over
    return GameRecord(game_seed, list(entries), list(state.scores()), [] if unfinished else list(state.winners()),
                      {e: tuple(v) for e, v in times.items()}, len(table.moves), unfinished)


def _tasks(game_id: str, seats: list[str], games: int, seed: int, solitaire: bool, time_scale: float,
           max_moves: int = DEFAULT_MAX_MOVES):
    n = len(seats)
    if solitaire:
        for g in range(games):
            for e in range(n):
                yield (game_id, seats, [e], seed + g, seed * 7919 + g, time_scale, max_moves)
        return
    for g in range(games):
        group, rot = divmod(g, n)
        entries = [(i + rot) % n for i in range(n)]
        yield (game_id, seats, entries, seed + group, seed * 7919 + g, time_scale, max_moves)


def _leave_ctrl_c_to_the_parent() -> None:
    """Workers ignore Ctrl+C: the parent stops the pool and reports the finished games. A
    worker ends at once on SIGTERM, as the pool's shutdown expects, whatever the parent does
    with it (see :func:`_stop_on_sigterm`)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextlib.contextmanager
def _stop_on_sigterm():
    """Let ``kill`` stop a run as Ctrl+C does: finished games reported, the record kept.

    A long run is often started in the background (``nohup``, ``&`` in a script), where the
    shell makes it ignore Ctrl+C's SIGINT, so ``kill PID`` is the only way to stop it; without
    this it would end with no report. The earlier handler comes back afterwards."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def run_arena(game_id: str, seats: list[str], games: int, seed: int = 0,
              processes: int | None = None, progress=None, time_scale: float = 1.0,
              record: str | None = None, max_moves: int = DEFAULT_MAX_MOVES, cpu_clock: bool = False) -> ArenaReport:
    """Play ``games`` bot-only games (per level for the solitaire) and collect the figures.

    ``time_scale`` multiplies the search levels' wall-clock safety limit: on a busy machine a
    value above 1 lets every decision reach its iteration cap, so the figures measure the
    levels as they play on an idle machine (and stay reproducible for the seed). ``cpu_clock``
    counts the limits (and the decision times) in each worker's CPU seconds instead: the
    limits then cut what they would cut on an idle machine, however busy this one is.
    ``record`` names a file that keeps every finished game; the games it already holds are
    not played again (see the module's docstring)."""
    game = get_game(game_id)
    for level in seats:
        if level not in LEVELS and level not in ARENA_LEVELS:
            raise ValueError(f"Unknown bot level '{level}'. Levels: {', '.join(LEVELS + ARENA_LEVELS)}.")
    solitaire = game.max_players == 1
    if not solitaire and not game.min_players <= len(seats) <= game.max_players:
        raise ValueError(f"{game.title} is for {span(game.min_players, game.max_players, 'player')}, not {len(seats)}.")
    if max_moves < 1:
        raise ValueError("--max-moves must be at least 1.")
    tasks = [t + (cpu_clock,) for t in _tasks(game_id, seats, games, seed, solitaire, time_scale, max_moves)]
    records: list[GameRecord] = []
    writer = None
    if record is not None:
        header = _record_header(game_id, seats, games, seed, time_scale, max_moves, cpu_clock)
        held_records, keep = read_record(record, header)
        held = {(r.seed, tuple(r.entries)): r for r in held_records}
        wanted = {(t[3], tuple(t[2])) for t in tasks}
        records = [r for key, r in held.items() if key in wanted]
        tasks = [t for t in tasks if (t[3], tuple(t[2])) not in held]
        writer = _RecordWriter(record, header, keep)
        if progress and records:
            progress(len(records), len(records) + len(tasks), records)
    total = len(records) + len(tasks)
    processes = processes if processes is not None else (os.cpu_count() or 1)
    start = time.perf_counter()
    stopped_early = False
    # A long run (a Princes game with hard bots takes many minutes) must not lose its finished
    # games to Ctrl+C: stopping reports what was played so far.
    def finished(rec: GameRecord) -> None:
        records.append(rec)
        if writer is not None:
            writer.add(rec)
        if progress:
            progress(len(records), total, records)

    try:
        if processes > 1 and len(tasks) > 1:
            import multiprocessing as mp

            context = mp.get_context("fork" if sys.platform != "win32" else "spawn")
            with context.Pool(processes, initializer=_leave_ctrl_c_to_the_parent) as pool:
                for rec in pool.imap_unordered(_play, tasks):
                    finished(rec)
        else:
            for task in tasks:
                finished(_play(task))
    except KeyboardInterrupt:
        stopped_early = len(records) < total
    finally:
        if writer is not None:
            writer.close()
    records.sort(key=lambda r: (r.seed, r.entries))
    return ArenaReport(game_id, list(seats), games, seed, solitaire, entry_stats(seats, records), records,
                       time.perf_counter() - start, stopped_early)


def entry_stats(seats: list[str], records: list[GameRecord]) -> list[EntryStats]:
    """Each entry of ``seats`` over the games played so far: games, shared wins as fractions,
    scores and decision times. The final report and the running tally both count this way."""
    entries = [EntryStats(f"{level}#{i + 1}" if seats.count(level) > 1 else level, level)
               for i, level in enumerate(seats)]
    for rec in records:
        for seat, e in enumerate(rec.entries):
            st = entries[e]
            st.games += 1
            st.scores.append(rec.scores[seat])
            if seat in rec.winners:
                st.wins += 1.0 / len(rec.winners)
        for e, (count, total, longest) in rec.times.items():
            st = entries[e]
            st.decisions += int(count)
            st.think += total
            st.longest = max(st.longest, longest)
    return entries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="dragon-tui arena", description="Bot-only games that measure bot strength.")
    parser.add_argument("game", choices=list(GAMES), help="game id")
    parser.add_argument("--seats", default="hard,greedy",
                        help=f"comma-separated levels, one per player ({', '.join(LEVELS)}; and for the arena "
                        "only hard-old: hard with the iteration caps it had before the engines were sped up, and "
                        "hard-2.7: hard with the 2.7 s clock limit it had before the 1.7 s decision budget)")
    parser.add_argument("--games", type=int, default=20,
                        help="games to play, seats rotated between games (per level for the solitaire; default: 20)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first deal; each deal (seed, seed+1, ...) is played once per rotation of "
                        "the seats, and the same --seed replays the same deals, so runs compare game by game "
                        "(default: 0)")
    parser.add_argument("--processes", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--time-scale", type=float, default=1.0,
                        help="multiply the levels' time limits (above 1 on a busy machine: iteration caps decide)")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="count the levels' time limits and the decision times in CPU seconds of each worker, "
                        "so that on a busy machine the limits cut what they would on an idle one")
    parser.add_argument("--record", metavar="FILE",
                        help="keep every finished game in FILE (JSON lines); run again with the same file and "
                        "settings to play only the games still missing")
    parser.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES,
                        help="stop a game still running after this many moves and count it as unfinished, won by "
                        f"nobody (default: {DEFAULT_MAX_MOVES:,}; Princes can deadlock by its rules)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]

    def show(done: int, total: int, records: list[GameRecord]) -> None:
        if args.quiet:
            return
        tally = ""
        if get_game(args.game).max_players > 1:
            tally = " · wins " + ", ".join(f"{e.label} {e.wins:g}" for e in entry_stats(seats, records))
        print(f"\r{done}/{total} games{tally} (Ctrl+C or kill stops and reports these)", end="",
              file=sys.stderr, flush=True)

    try:
        with _stop_on_sigterm():
            report = run_arena(args.game, seats, args.games, args.seed, args.processes, show, args.time_scale,
                               args.record, args.max_moves, args.cpu_clock)
    except (ValueError, OSError) as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    if not args.quiet:
        print(file=sys.stderr)
    print(report.format())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
