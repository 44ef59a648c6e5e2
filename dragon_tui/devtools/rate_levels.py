"""Every bot level of a game placed on the club's rating scale, from games among the levels.

    python -m dragon_tui.devtools.rate_levels GAME [--games 8] [--seed 7000] [--levels random,greedy,...]
                                              [--processes P] [--orders 50] [--also RECORD] [--write]

The club rates people with OpenSkill's Plackett-Luce model (``net/store/ratings.py``); the
levels are rated the same way, so "hard ≈ 31" beside a level reads on the scale a player's own
rating is on. The games: for a game of two or more players, every pair of levels meets at two
seats, ``--games`` deals per pair, each deal played once per seat order (``dragon-tui arena``'s
rotation); for the solitaire, every level plays the same ``--games`` seeds and each seed counts as
one table where the levels finish in the order of their scores. Bots play as at the app's table,
with their CPU-time budgets (``--cpu-clock``), so a busy machine does not weaken them.

Every game is kept in ``data/arena-records/levels/`` (one file per pairing, as ``dragon-tui
arena --record`` writes them), and a run started again plays only what is missing. The rating
starts every level where a newcomer starts (mu 25) and applies one update per game, as the club
does; since the order of a sequence of updates matters a little, the figure is the mean over
``--orders`` seeded shuffles of the games. Each level's mean stays near 25 over all levels: 25
means "as strong as the levels on average", and a newcomer starts there.

``--also RECORD`` adds the games of another arena record of this game among these levels (a
longer head-to-head of two levels whose eight games were too few to tell them apart, say), if it
was played as the levels play at the table (``--cpu-clock``, no time scale).

With ``--write`` the figures go to ``level_ratings.json`` in the game's folder, with this command
and the number of games rated and planned, for the setup screen and the lobby
(``ai.levels.level_label``). ``--kept`` rates the games kept so far without playing any (a long
run rated while it goes on; "tables" then says how many of the "planned" it had).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
from pathlib import Path

from openskill.models import PlackettLuce

from ..ai.levels import LEVELS, ratings_file
from ..engine import Rng
from ..games import GAMES, get_game
from .arena import run_arena
from .arena_records import GameRecord, _record_header, read_record

#: Where the games are kept, beside the other arena records.
RECORDS = Path("data") / "arena-records" / "levels"


def tables(game_id: str, levels: list[str], games: int, seed: int, processes: int | None,
           records: Path, kept_only: bool = False) -> list[list[tuple[str, float]]]:
    """Play (or read back) the games; each table as [(level, score), ...] with its finishing
    order given by the winners first, then by score. ``kept_only``: rate the games the records
    hold so far, playing none (a long run rated while it goes on)."""
    game = get_game(game_id)
    records.mkdir(parents=True, exist_ok=True)

    def played(seats: list[str], path: Path) -> list[GameRecord]:
        if kept_only:
            return read_record(str(path), _record_header(game_id, seats, games, seed, 1.0, cpu_clock=True))[0]
        return run_arena(game_id, seats, games, seed, processes=processes, cpu_clock=True, record=str(path)).records

    if game.max_players == 1:
        by_seed: dict[int, list[tuple[str, float]]] = {}
        for rec in played(levels, records / f"{game_id}-{'-'.join(levels)}.jsonl"):
            by_seed.setdefault(rec.seed, []).append((levels[rec.entries[0]], rec.scores[0]))
        return [sorted(t, key=lambda ls: -ls[1]) for _, t in sorted(by_seed.items()) if len(t) > 1]
    out = []
    for a, b in itertools.combinations(levels, 2):
        out.extend(_finishing_order(rec, [a, b]) for rec in played([a, b], records / f"{game_id}-{a}-{b}.jsonl")
                   if not rec.unfinished)
    return out


def also(game_id: str, levels: list[str], path: str) -> list[list[tuple[str, float]]]:
    """The finished games of another arena record as tables; refused (``ValueError``) unless it
    is of ``game_id``, among ``levels``, and played at the levels' own budgets."""
    try:
        with open(path, encoding="utf-8") as f:
            header = json.loads(f.readline())
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(header, dict) or header.get("game") != game_id:
        raise ValueError(f"{path} is not an arena record of {game_id}")
    seats = header.get("seats")
    if not isinstance(seats, list) or not set(seats) <= set(levels):
        raise ValueError(f"{path} has seats outside the levels rated ({seats})")
    if header.get("cpu_clock") is not True or header.get("time_scale") != 1.0:
        raise ValueError(f"{path} was not played at the levels' budgets (--cpu-clock, no time scale)")
    records, _ = read_record(path, header)
    return [_finishing_order(rec, seats) for rec in records if not rec.unfinished]


def _finishing_order(rec: GameRecord, seats: list[str]) -> list[tuple[str, float]]:
    """The table's levels, winners first (the rules' tie-breaks decided them), then by score."""
    rows = [(seats[e], rec.scores[seat], seat in rec.winners) for seat, e in enumerate(rec.entries)]
    return [(level, score) for level, score, _ in sorted(rows, key=lambda r: (not r[2], -r[1]))]


def rate(table_list: list[list[tuple[str, float]]], orders: int = 50, seed: int = 1) -> dict[str, dict]:
    """Each level's mean mu (and sigma) over ``orders`` shuffled sequences of one OpenSkill
    update per table; equal scores share a place."""
    model = PlackettLuce()
    levels = sorted({level for t in table_list for level, _ in t})
    mus: dict[str, list[float]] = {level: [] for level in levels}
    sigmas: dict[str, list[float]] = {level: [] for level in levels}
    rng = Rng(seed)
    for _ in range(orders):
        ratings = {level: model.rating(name=level) for level in levels}
        order = list(table_list)
        rng.shuffle(order)
        for table in order:
            ranks, place, last = [], 0, None
            for i, (_, score) in enumerate(table):
                if score != last:
                    place, last = i + 1, score
                ranks.append(place)
            # A level meets itself only in the solitaire's shared seeds, never twice at one table.
            teams = model.rate([[ratings[level]] for level, _ in table], ranks=ranks)
            for (level, _), team in zip(table, teams):
                ratings[level] = team[0]
        for level in levels:
            mus[level].append(ratings[level].mu)
            sigmas[level].append(ratings[level].sigma)
    return {level: {"mu": round(statistics.fmean(mus[level]), 2), "sigma": round(statistics.fmean(sigmas[level]), 2)}
            for level in levels}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dragon_tui.devtools.rate_levels",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--games", type=int, default=8, help="deals per pair of levels (solitaire: seeds)")
    parser.add_argument("--seed", type=int, default=7000)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--processes", type=int, default=None)
    parser.add_argument("--orders", type=int, default=50)
    parser.add_argument("--records", default=str(RECORDS), help="folder of the kept games")
    parser.add_argument("--also", action="append", default=[], metavar="RECORD",
                        help="add the games of another arena record among these levels")
    parser.add_argument("--write", action="store_true", help="write the game's level_ratings.json")
    parser.add_argument("--kept", action="store_true",
                        help="rate the games kept so far, playing none (while a long run goes on)")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or len(levels) < 2:
        parser.error(f"--levels takes two or more of {', '.join(LEVELS)}")
    table_list = tables(args.game, levels, args.games, args.seed, args.processes, Path(args.records), args.kept)
    extra = 0
    for path in args.also:
        try:
            added = also(args.game, levels, path)
        except ValueError as exc:
            parser.error(str(exc))
        table_list += added
        extra += len(added)
    figures = rate(table_list, args.orders)
    for level in levels:
        print(f"{level:>8}: mu {figures[level]['mu']:6.2f}  sigma {figures[level]['sigma']:5.2f}")
    print(f"from {len(table_list)} tables")
    if args.write:
        command = "python -m dragon_tui.devtools.rate_levels " + " ".join(
            [args.game, f"--games {args.games}", f"--seed {args.seed}", f"--levels {','.join(levels)}",
             f"--orders {args.orders}", *(f"--also {path}" for path in args.also), "--write"])
        planned = args.games if get_game(args.game).max_players == 1 else args.games * (len(levels) * (len(levels) - 1) // 2)
        planned += extra
        doc = {"command": command, "tables": len(table_list), "planned": planned,
               "games": sum(len(t) for t in table_list) if get_game(args.game).max_players == 1 else len(table_list),
               "levels": figures}
        path = ratings_file(args.game)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(doc, indent=2) + "\n")
        os.replace(tmp, path)
        print(f"written to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
