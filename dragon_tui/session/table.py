"""A table: one game in play — its seats, its history, undo/redo, saving and replay.

The history is the heart of it: the seed plus the list of actions *is* the game. The
table keeps the state after every action, which gives undo (step back to an earlier
state), the replay viewer (walk the list), and save files that can be checked by replaying
them.

Undo only ever takes back a person's own decisions, and never past

- an action that revealed something new (a roll, a drawn card): ``State.info_epoch`` tells
  which did;
- another person's decision (hot seat included: nobody takes back someone else's move);
- in a game where seats hold secrets (``Game.hidden_information``), any other seat's
  decision, bots' included: a choice made by someone who knows what you do not (answering
  with a Battle or not, which card to give up) tells you something, and undoing it would let
  you act on that knowledge. In perfect-information games the bots' moves after your
  decision are taken back with it, as before: they told you nothing the board did not.

What each seat may read of the history (replay, logs, network) comes from one place too:
:meth:`Table.visible_move`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import Action, Game, IllegalAction, SaveFileError, State, format_seats
from ..engine.wording import span
from ..engine.rng import MAX_SEED
from ..games import GAMES, get_game
from . import storage
from .storage import SAVE_FORMAT, SAVE_VERSION
from .autosave import Autosaver

SEAT_KINDS = ("person", "bot", "remote")


def fresh_seed(game_id: str) -> int:
    """The seed of a new game nobody chose a seed for. Games with hidden information get a
    128-bit secret one (the keyed, unpredictable stream: nobody can work out the deal from
    what they see); open games a short one that is easy to note and share."""
    from ..engine.rng import secret_bits, secret_seed

    return secret_seed() if get_game(game_id).hidden_information else secret_bits(32)

def without_log(state_doc: Any) -> Any:
    """A saved position without its log: the log is words about the moves, rebuilt by replaying
    them, so rewording a line must not make older saves look altered."""
    return {k: v for k, v in state_doc.items() if k != "log"} if isinstance(state_doc, dict) else state_doc


def recorded_position(game: Game, state_doc: Any) -> Any:
    """A saved position as this version reads it: without its log, and with the rule options
    it predates given the reading it was played under (``RuleOption.earlier``), as its
    replay is given them."""
    doc = without_log(state_doc)
    if isinstance(doc, dict) and isinstance(doc.get("options"), dict):
        doc = {**doc, "options": game.recorded_options(doc["options"])}
    return doc


#: The kind of a move another seat may not read (see ``Table.visible_move``).
HIDDEN_MOVE = "hidden"


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
        """A seat from a save, refusing kinds and bot levels this version does not have (a
        save naming an unknown bot would otherwise load and fail at the bot's turn)."""
        from ..ai import LEVELS

        if not isinstance(doc, dict):
            raise SaveFileError("The save file is damaged (a seat is not a seat).")
        name, kind, level = doc.get("name"), doc.get("kind", "person"), doc.get("level", "greedy")
        if not isinstance(name, str) or not isinstance(kind, str) or not isinstance(level, str):
            raise SaveFileError("The save file is damaged (a seat's name, kind or level is not a text).")
        if kind not in SEAT_KINDS:
            raise SaveFileError(f"The save file names a seat kind this version does not have ({kind[:24]!r}).")
        if kind == "bot" and level not in LEVELS:
            raise SaveFileError(f"The save file names a bot level this version does not have ({level[:24]!r}); "
                                f"the levels are {', '.join(LEVELS)}.")
        return cls(name[:40], kind, level)


class Move(NamedTuple):
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

    def visible_move(self, index: int, viewer: int | None) -> Move:
        """Move ``index`` (0-based) as ``viewer`` may read it. A networked table's history
        already is its seat's version (the server filtered it with ``Table.visible_move``)."""
        return self.moves[index]

    def move_line(self, index: int, viewer: int | None) -> str:
        """"Ana — Take the red sheep from field slot 2": move ``index`` as ``viewer`` may read it."""
        move = self.visible_move(index, viewer)
        return f"{self.names[move.seat]} — {self.text(move.action.describe())}"


class Table(SeatNames):
    def __init__(self, game_id: str, seats: list[Seat], seed: int, options: dict[str, Any] | None = None,
                 recorded: bool = False) -> None:
        """``recorded``: the table of a game played earlier (a save, a club's database), whose
        options may predate some of today's (see ``RuleOption.earlier``)."""
        self.game = get_game(game_id)
        if not self.game.min_players <= len(seats) <= self.game.max_players:
            raise ValueError(f"{self.game.title} needs {span(self.game.min_players, self.game.max_players, 'seat')}.")
        if type(seed) is not int or not -(1 << 63) <= seed <= MAX_SEED:
            raise ValueError("A seed is a whole number (below 2**512).")
        self.seats = seats
        self.seed = seed
        self.options = self.game.resolve_options(self.game.recorded_options(options or {}) if recorded else options)
        self.moves: list[Move] = []
        #: states[k] is the position after k moves; states[-1] is the live one.
        self.states: list[State] = [self.game.new_state(len(seats), seed, **self.options)]
        self._redo: list[list[Move]] = []
        self._listeners: list[Callable[[Table], None]] = []
        #: Where every change is written; None turns autosave off (bench, bots' scratch tables).
        self.autosave_to: Path | None = None
        #: The last autosave that failed (full or read-only disk), None while saving works. The
        #: game goes on in memory and the previous autosave file stays as it was.
        self.save_error: storage.SaveWriteError | None = None
        #: Writes the autosave off the caller's thread (the app sets one); None writes at once.
        self.autosaver: Autosaver | None = None
        #: Called with the table from the autosaver's thread after each write (the screen
        #: passes the news to its own thread): the autosave notice needs no further move.
        self.save_listeners: list[Callable[[Table], None]] = []

    # ----------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        return self.states[-1]

    def person_seats(self) -> list[int]:
        """Seats played by a person at this keyboard (not bots, not remote players)."""
        return [i for i, seat in enumerate(self.seats) if seat.is_local_person]

    # ------------------------------------------------------------------ what a seat may read
    def may_read(self, move: Move, viewer: int | None) -> bool:
        """Whether ``viewer`` (None: a spectator) may read ``move`` as its seat wrote it.

        An action's label is written for the seat that decides ("Discard the yellow Damsel",
        "Spend the red Lair as red sheep"), and its arguments name the very cards. In a game
        where seats hold secrets only that seat reads it, until the game is over (then
        nothing is secret: the replay shows every hand and the seed is public).
        """
        return not self.game.hidden_information or move.seat == viewer or self.state.is_over

    def visible_move(self, index: int, viewer: int | None) -> Move:
        """Move ``index`` as ``viewer`` may read it: the move itself, or — where ``viewer`` may
        not read it — a ``hidden`` action without arguments whose label is what everybody saw
        happen: the public log lines the move wrote ("{p1} discards a yellow sheep.").

        The one place that decides what a seat reads of the history: the replay viewer and
        the table server (every move it sends) go through here.
        """
        move = self.moves[index]
        if self.may_read(move, viewer):
            return move
        before, after = self.states[index].log, self.states[index + 1].log
        seen = " ".join(after[len(before):]) or f"{{p{move.seat}}} decides."
        return Move(Action(HIDDEN_MOVE, (), seen), move.seat, move.revealed)

    # ------------------------------------------------------------------ changes
    def subscribe(self, listener: Callable[[Table], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        self.autosave()
        for listener in list(self._listeners):
            listener(self)

    def autosave(self) -> None:
        """Write the table to its autosave file (if it has one): by the autosaver's thread when
        there is an autosaver, else at once."""
        if self.autosave_to is None:
            return
        if self.autosaver is None:
            try:
                storage.write_json(self.autosave_to, self.to_json())
                self.save_error = None
            except storage.SaveWriteError as exc:
                self.save_error = exc
        else:  # written by the autosaver's thread: the move list is copied, the state never changes
            moves, state = list(self.moves), self.state
            self.autosaver.submit(self.autosave_to, lambda: self._document(moves, state), self._saved)

    def prepare(self, action: Action, seat: int | None = None) -> tuple[Move, State]:
        """Check an action and work out its result without changing the table: the move and the
        position after it. ``commit`` makes them part of the game. (A shared table writes the
        result to disk in between, so a move is never played that a restart would lose.)"""
        state = self.state
        player = state.current_player
        if seat is not None and seat != player:
            raise IllegalAction(self.text(f"It is not your decision: {state.phase_label()}."))
        nxt = state.clone()
        epoch = nxt.info_epoch
        try:
            nxt.apply(action)  # raises IllegalAction, leaving everything as it was
        except IllegalAction as exc:
            # An engine's refusal names seats as {p0}: people read their names.
            raise IllegalAction(self.text(str(exc))) from None
        offered = action if action.label else next((a for a in state.legal_actions() if a == action), action)
        return Move(offered, player, nxt.info_epoch != epoch), nxt

    def commit(self, move: Move, nxt: State) -> None:
        """Add a move prepared by :meth:`prepare` (on this very position) and tell the listeners."""
        self.moves.append(move)
        self.states.append(nxt)
        self._redo.clear()
        self._changed()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play an action for the seat whose decision it is (``seat``, if given, must be it)."""
        self.commit(*self.prepare(action, seat))

    # ------------------------------------------------------------------ undo
    def asking_seat(self) -> int | None:
        """Who is at the keyboard of a local table: the person who decides now, else the
        person who decided last (a bot is thinking after them). None when no person plays."""
        player = self.state.current_player
        if player is not None and self.seats[player].is_local_person:
            return player
        return next((m.seat for m in reversed(self.moves) if self.seats[m.seat].is_local_person), None)

    def undo_block(self, by_seat: int | None = None) -> str | None:
        """Why undo is not possible now, or None when it is.

        ``by_seat`` names who asks; without it, the person at the keyboard
        (:meth:`asking_seat`) — so at a hot-seat table the next player cannot take back the
        previous player's decision.
        """
        return self._undo_span(by_seat)[1]

    def _undo_span(self, by_seat: int | None = None) -> tuple[int, str | None]:
        """How many moves one undo takes back for the asker, with None; or 0 and the reason."""
        asker = self.asking_seat() if by_seat is None else by_seat
        if asker is None:
            return 0, "There is nothing of yours to undo."
        secrets = self.game.hidden_information
        i = len(self.moves) - 1
        while i >= 0 and self.moves[i].seat != asker:
            move = self.moves[i]
            who = self.names[move.seat]
            if move.revealed:
                return 0, "A move by another seat since then revealed something new."
            if not self.seats[move.seat].is_bot:
                return 0, f"Only the player who made that decision ({who}) can take it back."
            if secrets:
                return 0, (f"{who} has decided since then, knowing cards you cannot see: "
                           "that decision stands, and so does yours before it.")
            i -= 1
        if i < 0:
            return 0, "There is nothing of yours to undo."
        move = self.moves[i]
        if move.revealed:
            return 0, "That decision revealed something new (dice or cards): it stands."
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
    def _saved(self, error: OSError | None) -> None:
        """The autosaver's word on a write (its thread): remember a failure, tell the listeners."""
        if error is not None and not isinstance(error, storage.SaveWriteError):
            error = storage.SaveWriteError(self.autosave_to, error)
        self.save_error = error
        for listener in list(self.save_listeners):
            listener(self)

    def to_json(self, then: tuple[Move, State] | None = None) -> dict[str, Any]:
        """The save file; with ``then`` (from :meth:`prepare`), the save as it will be after
        that move."""
        moves, state = (self.moves + [then[0]], then[1]) if then else (self.moves, self.state)
        return self._document(list(moves), state)

    def _document(self, moves: list[Move], state: State) -> dict[str, Any]:
        """The save document for this history and position (``to_json`` and the autosave,
        which builds it in its writer thread from a copy of the move list)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game.id,
            "rules": self.game.rules_revision,
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
            raise SaveFileError(f"This save has format version {str(doc.get('version'))[:12]}; this version reads {SAVE_VERSION}.")
        seed, seats, moves, options = doc.get("seed"), doc.get("seats"), doc.get("moves"), doc.get("options")
        if type(seed) is not int or not -(1 << 63) <= seed <= MAX_SEED:
            raise SaveFileError("The save file is damaged (its seed is not a whole number below 2**512).")
        if not isinstance(seats, list) or not isinstance(moves, list) or not isinstance(options, dict):
            raise SaveFileError("The save file is damaged (seats, moves or options are missing).")
        try:
            return cls._replay(doc, seed, seats, moves, options)
        except SaveFileError as exc:
            game = GAMES.get(str(doc.get("game")))
            rules = doc.get("rules", 1)
            if game is None or type(rules) is not int or rules == game.rules_revision:
                raise
            if rules > game.rules_revision:
                # Which it is cannot be told from the file: a newer version's save, or one
                # altered by hand (another game's save with its game changed says the same).
                raise SaveFileError(f"This save of {game.title} does not replay: it names rules revision {rules} "
                                    f"and this version plays {game.rules_revision}, so it was made by a newer version "
                                    f"of Dragon TUI, or altered.") from None
            raise SaveFileError(f"This save of {game.title} was made under an earlier reading of its rules "
                                f"(rules revision {rules}; this version plays revision {game.rules_revision}, "
                                f"see the game's help), so this version cannot replay it.") from exc

    @classmethod
    def _replay(cls, doc: dict[str, Any], seed: int, seats: list, moves: list, options: dict) -> Table:
        try:
            table = cls(str(doc["game"]), [Seat.from_json(s) for s in seats], seed, options, recorded=True)
            for entry in moves:
                table.apply(Action.from_json(entry))
        except SaveFileError:
            raise
        except KeyError as exc:
            if "No game" in str(exc):
                raise SaveFileError(f"This save is of a game this version does not have ({doc.get('game')}).") from None
            raise SaveFileError(f"The save file is damaged (missing {exc}).") from None
        except IllegalAction as exc:
            raise SaveFileError(f"The save file's moves do not replay: {exc}") from None
        except (TypeError, ValueError, AttributeError, OverflowError, IndexError, RecursionError) as exc:
            raise SaveFileError(f"The save file is damaged ({str(exc)[:200]}).") from None
        if "state" in doc and recorded_position(table.game, doc["state"]) != without_log(table.state.to_json()):
            raise SaveFileError("The save file's position does not match its moves: it was altered or damaged.")
        return table

    def save(self, path: Path) -> None:
        storage.write_json(path, self.to_json())

    @classmethod
    def load(cls, path: Path) -> Table:
        return cls.from_json(storage.read_json(path))
