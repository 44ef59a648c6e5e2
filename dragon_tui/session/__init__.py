"""Tables, seats, the turn controller, the table model and save files. Headless: no Textual or Rich here.

The names below are imported from their modules on first use (PEP 562), so that importing
one part — the menu needs ``Table`` — does not load the rest: the controller and the model
bring in the bots' search, which the app's first paint does not need (start-up).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

#: Each public name and the module of this package that defines it.
_EXPORTS = {
    "Autosaver": "autosave",
    "BotResult": "controller", "BotTurn": "controller", "TurnController": "controller",
    "Choice": "model", "Result": "model", "Snapshot": "model", "TableModel": "model", "assign_keys": "model",
    "Move": "table", "Seat": "table", "Table": "table", "fresh_seed": "table",
}

__all__ = sorted(_EXPORTS)

if TYPE_CHECKING:
    from .autosave import Autosaver
    from .controller import BotResult, BotTurn, TurnController
    from .model import Choice, Result, Snapshot, TableModel, assign_keys
    from .table import Move, Seat, Table, fresh_seed


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
