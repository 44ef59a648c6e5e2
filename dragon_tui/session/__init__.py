"""Tables, seats, the turn controller, the table model and save files. Headless: no Textual or Rich here."""

from .autosave import Autosaver
from .controller import BotResult, BotTurn, TurnController
from .model import Choice, Result, Snapshot, TableModel, assign_keys
from .table import Move, Seat, Table, fresh_seed

__all__ = ["Autosaver", "BotResult", "BotTurn", "Choice", "Move", "Result", "Seat", "Snapshot", "Table",
           "TableModel", "TurnController", "assign_keys", "fresh_seed"]
