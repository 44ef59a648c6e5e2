"""Local high scores for the solitaire, per seed — and the daily seed everybody shares.

A seed fixes the whole deal, so scores on the same seed are a fair contest; the daily seed
is today's date (20261201), the same for everybody on every machine.
"""

from __future__ import annotations

import datetime as _dt
import json

from ..engine import SaveFileError
from . import storage

KEEP = 10
FILE = "highscores.json"


def daily_seed(today: _dt.date | None = None) -> int:
    today = today or _dt.date.today()
    return int(today.strftime("%Y%m%d"))


def _load() -> dict:
    path = storage.data_root() / FILE  # read without making the folder: it may not be makeable
    if not path.exists():
        return {}
    try:
        doc = storage.read_json(path)
    except SaveFileError:
        return {}  # a damaged table starts afresh rather than blocking the game
    return doc if isinstance(doc, dict) else {}


def scores_for(game_id: str, seed: int) -> list[dict]:
    """Best first: each entry has name, score and the number of moves."""
    entries = _load().get(game_id, {}).get(str(seed), [])
    return [e for e in entries if isinstance(e, dict) and "score" in e]


def record(game_id: str, seed: int, name: str, score: float, moves: int) -> int | None:
    """Add a finished game's score; returns its place (1 = best) or None if off the table.

    Recording the same finished game twice (a reloaded save) does not add it twice.
    """
    doc = _load()
    entries = doc.setdefault(game_id, {}).setdefault(str(seed), [])
    entry = {"name": name, "score": score, "moves": moves}
    if entry not in entries:
        entries.append(entry)
    entries.sort(key=lambda e: (-e["score"], e["moves"]))
    del entries[KEEP:]
    storage.write_atomic(storage.data_dir() / FILE, json.dumps(doc, indent=1, sort_keys=True))
    return entries.index(entry) + 1 if entry in entries else None
