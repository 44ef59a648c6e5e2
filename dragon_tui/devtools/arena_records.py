"""The arena's record files: every finished game one JSON line under a header naming the run,
so a long run stopped at any moment continues where it stopped (``dragon-tui arena --record``).

A file of another run is refused (:class:`RecordError`); a last line cut short by a crash is
dropped and its game played again; every line is read as hostile input (the untrusted JSON
reader's limits, no NaN or infinities).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass


@dataclass
class GameRecord:
    seed: int
    #: entry index (into ``seats``) playing each seat
    entries: list[int]
    scores: list[float]
    winners: list[int]
    #: per entry: (decisions, total seconds, longest seconds)
    times: dict[int, tuple[int, float, float]]
    moves: int
    #: stopped at the move cap before the game ended: no winners, scores as they stood
    unfinished: bool = False


class RecordError(ValueError):
    """A ``--record`` file that cannot be continued: another run's, or damaged."""


DEFAULT_MAX_MOVES = 10_000


def _record_header(game_id: str, seats: list[str], games: int, seed: int, time_scale: float,
                   max_moves: int = DEFAULT_MAX_MOVES, cpu_clock: bool = False) -> dict:
    header = {"arena": 1, "game": game_id, "seats": list(seats), "games": games, "seed": seed,
              "time_scale": time_scale}
    if max_moves != DEFAULT_MAX_MOVES:  # records from before the cap keep their header
        header["max_moves"] = max_moves
    if cpu_clock:
        header["cpu_clock"] = True
    return header


def _record_to_json(rec: GameRecord) -> str:
    data = {"seed": rec.seed, "entries": rec.entries, "scores": rec.scores, "winners": rec.winners,
            "times": {str(e): list(v) for e, v in rec.times.items()}, "moves": rec.moves}
    if rec.unfinished:
        data["unfinished"] = True
    return json.dumps(data)


def _record_from_json(data: object, seats: int) -> GameRecord:
    """One line of a record file, checked: a hand-edited or damaged line is refused, not trusted."""
    if not isinstance(data, dict):
        raise ValueError("not an object")
    seed, entries, scores = data.get("seed"), data.get("entries"), data.get("scores")
    winners, times, moves = data.get("winners"), data.get("times"), data.get("moves")

    def ints(v, n=None):
        return isinstance(v, list) and (n is None or len(v) == n) and all(type(x) is int for x in v)

    if type(seed) is not int or not ints(entries) or not 1 <= len(entries) <= seats:
        raise ValueError("bad seed or seats")
    if not all(0 <= e < seats for e in entries) or len(set(entries)) != len(entries):
        raise ValueError("bad seats")
    if not (isinstance(scores, list) and len(scores) == len(entries)
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in scores)):
        raise ValueError("bad scores")
    if not ints(winners) or not all(0 <= w < len(entries) for w in winners):
        raise ValueError("bad winners")
    if type(moves) is not int or moves < 0 or not isinstance(times, dict):
        raise ValueError("bad moves or times")
    unfinished = data.get("unfinished", False)
    if type(unfinished) is not bool or (unfinished and winners):
        raise ValueError("bad unfinished flag")
    parsed: dict[int, tuple[int, float, float]] = {}
    for key, value in times.items():
        if not (key.isdigit() and int(key) in entries and isinstance(value, list) and len(value) == 3
                and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in value)):
            raise ValueError("bad times")
        parsed[int(key)] = (int(value[0]), float(value[1]), float(value[2]))
    return GameRecord(seed, entries, [float(x) for x in scores], winners, parsed, moves, unfinished)


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a game records")


def _parse_line(line: str) -> object:
    """One JSON line of a record. NaN and Infinity (which ``json`` takes by default) are
    refused, and so is nesting too deep to parse (Python's parser would raise RecursionError):
    both are a ValueError, so a damaged file gets a message, never a traceback."""
    try:
        return json.loads(line, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_record(path: str, header: dict) -> tuple[list[GameRecord], int]:
    """The games a ``--record`` file already holds for this run, and the length in bytes of
    its whole lines; ([], 0) when it does not exist.

    A file written for other settings is refused (its games would be counted as this run's).
    A last line cut short by a crash is dropped, so that game is simply played again; any
    other damaged line stops the run with its line number."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return [], 0
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read the record {path}: {exc}") from None
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return [], 0
    try:
        first = _parse_line(lines[0])
    except ValueError:
        first = None
    if first != header:
        raise RecordError(f"{path} records another run (game, seats, games, seed or time scale differ); "
                          "use another file, or the settings it was started with")
    records = []
    whole = len(lines[0].encode()) + 1
    for number, line in enumerate(lines[1:], start=2):
        try:
            records.append(_record_from_json(_parse_line(line), len(header["seats"])))
        except ValueError as exc:
            if number == len(lines) and not line.endswith("}"):
                break  # cut short while being written: that game is played again
            raise RecordError(f"{path}, line {number}: not a game record ({exc})") from None
        whole += len(line.encode()) + 1
    return records, whole


class _RecordWriter:
    """Appends each finished game to the record file at once (flushed and synced), so a stop
    at any moment loses at most the games in flight."""

    def __init__(self, path: str, header: dict, keep: int) -> None:
        self.file = open(path, "a", encoding="utf-8")
        self.file.truncate(keep)  # drops a last line cut short, so the next game starts a line
        if keep == 0:
            self._write(json.dumps(header))

    def _write(self, line: str) -> None:
        self.file.write(line + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def add(self, rec: GameRecord) -> None:
        self._write(_record_to_json(rec))

    def close(self) -> None:
        self.file.close()
