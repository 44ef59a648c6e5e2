"""A table: one game in play — its seats, its history, undo/redo, saving and replay.

The history is the heart of it: the seed plus the list of actions *is* the game. The
table keeps the state after every action, which gives undo (step back to an earlier
state), the replay viewer (walk the list), and save files that can be checked by replaying
them. Undo only ever takes back a person's own decisions, and never past an action that
revealed something new (a roll, a drawn card): ``State.info_epoch`` tells which did.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..engine import Action, IllegalAction, SaveFileError, State, format_seats
from ..games import get_game
from . import storage
from .autosave import Autosaver

SAVE_FORMAT = "dragon-tui-save"
SAVE_VERSION = 1


@dataclass
class Seat:
    """Who plays a seat: a person at this keyboard, a bot of some level, or a person
    playing from another terminal (a shared table: their decisions arrive over the network)."""

    name: str
    kind: str = "person"  # "person", "bot" or "remote"
    level: str = "greedy"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_local_person(self) -> bool:
        return self.kind == "person"

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Seat:
        return cls(str(doc["name"]), str(doc.get("kind", "person")), str(doc.get("level", "greedy")))


@dataclass
class Move:
    """One entry of the history: what was done, by whom, and whether it revealed anything."""

    action: Action
    seat: int
    revealed: bool


class SeatNames:
    """What every table-like object (local ``Table``, networked ``RemoteTable``) derives
    from its ``seats`` and ``state``: names, log lines with names, the seat to decide."""

    seats: list[Seat]
    state: State

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def text(self, line: str) -> str:
        """A log line or label with the seats' names in it."""
        return format_seats(line, self.names)

    @property
    def current_seat(self) -> Seat | None:
        player = self.state.current_player
        return None if player is None else self.seats[player]


class Table(SeatNames):
    def __init__(self, game_id: str, seats: list[Seat], seed: int, options: dict[str, Any] | None = None) -> None:
        self.game = get_game(game_id)
        if not self.game.min_players <= len(seats) <= self.game.max_players:
            raise ValueError(f"{self.game.title} needs {self.game.min_players}–{self.game.max_players} seats.")
        self.seats = seats
        self.seed = seed
        self.options = self.game.resolve_options(options)
        self.moves: list[Move] = []
        #: states[k] is the position after k moves; states[-1] is the live one.
        self.states: list[State] = [self.game.new_state(len(seats), seed, **self.options)]
        self._redo: list[list[Move]] = []
        self._listeners: list[Callable[[Table], None]] = []
        #: Where every change is written; None turns autosave off (bench, bots' scratch tables).
        self.autosave_to: Path | None = None
        #: Writes the autosave off the caller's thread (the app sets one); None writes at once.
        self.autosaver: Autosaver | None = None

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        return self.states[-1]

    def person_seats(self) -> list[int]:
        """Seats played by a person at this keyboard (not bots, not remote players)."""
        return [i for i, seat in enumerate(self.seats) if seat.is_local_person]

    # ------------------------------------------------------------------ changes
    def subscribe(self, listener: Callable[[Table], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        if self.autosave_to is not None:
            if self.autosaver is None:
                storage.write_json(self.autosave_to, self.to_json())
            else:  # written by the autosaver's thread: the move list is copied, the state never changes
                moves, state = list(self.moves), self.state
                self.autosaver.submit(self.autosave_to, lambda: self._document(moves, state))
        for listener in list(self._listeners):
            listener(self)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play an action for the seat whose decision it is (``seat``, if given, must be it)."""
        state = self.state
        player = state.current_player
        if seat is not None and seat != player:
            raise IllegalAction(self.text(f"It is not your decision: {state.phase_label()}."))
        nxt = state.clone()
        epoch = nxt.info_epoch
        nxt.apply(action)  # raises IllegalAction, leaving everything as it was
        offered = action if action.label else next((a for a in state.legal_actions() if a == action), action)
        self.moves.append(Move(offered, player, nxt.info_epoch != epoch))
        self.states.append(nxt)
        self._redo.clear()
        self._changed()

    # ------------------------------------------------------------------ undo
    def undo_block(self, by_seat: int | None = None) -> str | None:
        """Why undo is not possible now, or None when it is.

        ``by_seat`` names who asks, where that is known (a networked table); at a shared
        keyboard anybody may take back the last person's decision.
        """
        return self._undo_span(by_seat)[1]

    def _undo_span(self, by_seat: int | None = None) -> tuple[int, str | None]:
        i = len(self.moves) - 1
        while i >= 0 and not self.seats[self.moves[i].seat].is_local_person:
            if self.moves[i].revealed:
                return 0, "A move by another seat since then revealed something new."
            i -= 1
        if i < 0:
            return 0, "There is nothing of yours to undo."
        move = self.moves[i]
        if move.revealed:
            return 0, "That decision revealed something new (dice or cards): it stands."
        if by_seat is not None and by_seat != move.seat:
            return 0, "Only the player who made the last decision can take it back."
        if self.state.is_over:
            return 0, "The game is over."
        return len(self.moves) - i, None

    def undo(self, by_seat: int | None = None) -> None:
        count, reason = self._undo_span(by_seat)
        if reason:
            raise IllegalAction(reason)
        undone = self.moves[-count:]
        del self.moves[-count:]
        del self.states[-count:]
        self._redo.append(undone)
        self._changed()

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> None:
        if not self._redo:
            raise IllegalAction("There is nothing to redo.")
        for move in self._redo.pop():
            nxt = self.state.clone()
            nxt.apply(move.action)
            self.moves.append(move)
            self.states.append(nxt)
        self._changed()

    # ------------------------------------------------------------------ files
    def to_json(self) -> dict[str, Any]:
        return self._document(list(self.moves), self.state)

    def _document(self, moves: list[Move], state: State) -> dict[str, Any]:
        """The save document for this history and position (``to_json`` and the autosave,
        which builds it in its writer thread from a copy of the move list)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "seed": self.seed,
            "options": self.options,
            "seats": [asdict(seat) for seat in self.seats],
            "moves": [{"seat": m.seat, "revealed": m.revealed, **m.action.to_json()} for m in moves],
            "state": state.to_json(),
            "over": state.is_over,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Table:
        """Rebuild a table by replaying its moves from the seed, so a damaged file is caught."""
        if doc.get("format") != SAVE_FORMAT:
            raise SaveFileError("This file is not a Dragon TUI save.")
        if doc.get("version") != SAVE_VERSION:
            raise SaveFileError(f"This save has format version {doc.get('version')}; this version reads {SAVE_VERSION}.")
        try:
            table = cls(str(doc["game"]), [Seat.from_json(s) for s in doc["seats"]], int(doc["seed"]), doc["options"])
            for entry in doc["moves"]:
                table.apply(Action.from_json(entry))
        except SaveFileError:
            raise
        except KeyError as exc:
            if "No game" in str(exc):
                raise SaveFileError(f"This save is of a game this version does not have ({doc.get('game')}).") from None
            raise SaveFileError(f"The save file is damaged (missing {exc}).") from None
        except IllegalAction as exc:
            raise SaveFileError(f"The save file's moves do not replay: {exc}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise SaveFileError(f"The save file is damaged ({exc}).") from None
        if "state" in doc and doc["state"] != table.state.to_json():
            raise SaveFileError("The save file's position does not match its moves: it was altered or damaged.")
        return table

    def save(self, path: Path) -> None:
        storage.write_json(path, self.to_json())

    @classmethod
    def load(cls, path: Path) -> Table:
        return cls.from_json(storage.read_json(path))
