"""The server's database: schema and migrations (``schema``), connections (``db``), the
queries the table server needs (``store``) and ratings (``ratings``)."""

from __future__ import annotations

from pathlib import Path

from .db import NOT_ANSWERING, SQLITE_NAME, Conflict, NotAnswering, StoreError, redact
from .store import MoveRecord, SeatRecord, Store, TableRecord

__all__ = ["NOT_ANSWERING", "Conflict", "NotAnswering", "MoveRecord", "SeatRecord", "Store", "StoreError", "TableRecord", "open_store", "redact",
           "default_url"]


def default_url(data: Path) -> str:
    """SQLite in the data folder."""
    return str(data / SQLITE_NAME)


def open_store(url: str | None, data: Path, node: str | None = None) -> Store:
    """The store at ``url`` (a PostgreSQL URL or a SQLite file path), or SQLite in ``data``."""
    return Store(url or default_url(data), node)
