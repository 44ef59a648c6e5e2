"""Tables, seats, the turn controller and save files. Headless: no Textual or Rich here."""

from .controller import TurnController
from .table import Move, Seat, Table, fresh_seed

__all__ = ["Move", "Seat", "Table", "TurnController", "fresh_seed"]
