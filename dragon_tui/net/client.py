"""The app's side of a shared table: :class:`RemoteTable`, a table-like object the game screen
can show, backed by the table server's Unix socket. Headless (no Textual, no Rich).

``state`` is the view the server sent for this seat (a spectator's: the public view); ``apply``
sends the action and raises :class:`IllegalAction` with the server's reason. A reader thread
takes the server's lines; a notifier thread updates the model and tells the listeners, through
``dispatch`` when given (the app passes ``App.call_from_thread`` so listeners run on the UI
thread). If the connection drops, the table reconnects to the same seat with its token.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import socket
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..engine import Action, IllegalAction, SaveFileError, State
from ..engine.wording import a_or_an
from ..games import get_game
from ..session import Move, Seat, storage
from ..session.table import SeatNames
from .identity import session_ticket
from .social_client import EVENTS as SOCIAL_EVENTS, SocialTable
from .table_rules import ending_text

TOKENS_FILE = "table_tokens.json"


class TablesError(Exception):
    """The table server is not reachable or answered with an error."""


def tables_socket() -> str | None:
    return os.environ.get("DRAGON_TUI_TABLES") or None


def player_name() -> str:
    return os.environ.get("DRAGON_TUI_PLAYER") or "guest"


def ticket_for(path: str | Path, player: str) -> str | None:
    """The credential a connection's hello carries: the session ticket the serve process put
    in this app's environment (:mod:`.identity`). The table server takes the player's name,
    key and address from it, never from what the client says."""
    return session_ticket()


# ---------------------------------------------------------------------- seat tokens
def _tokens_path() -> Path:
    return storage.data_dir() / TOKENS_FILE


def saved_tokens() -> dict[str, str]:
    try:
        doc = storage.read_json(_tokens_path())
    except SaveFileError:
        return {}
    return {str(k): str(v) for k, v in doc.items()}


def remember_token(room: str, seat: int, token: str) -> None:
    tokens = saved_tokens()
    tokens[f"{room}:{seat}"] = token
    try:
        storage.write_json(_tokens_path(), dict(list(tokens.items())[-200:]))
    except OSError:
        pass  # a full disk: the seat is kept for this session (the connection knows its token)


def token_for(room: str, seat: int) -> str | None:
    return saved_tokens().get(f"{room}:{seat}")


# ---------------------------------------------------------------------- the connection
class Connection:
    """One socket to the table server: requests with replies, and pushed events."""

    def __init__(self, path: str | Path, player: str, on_event: Callable[[dict], None] | None = None,
                 timeout: float = 10.0, ticket: str | None = None) -> None:
        """Connect and say hello with ``ticket`` or else the session's (``player`` is only who
        the app thinks it is: the server knows from the ticket). On any failure — no server, a server
        that does not answer the hello in ``timeout``, a refusal — the socket and the reader
        thread are gone again before the error is raised: a slow server must not make every
        retry of the lobby leave a connection behind."""
        self.timeout = timeout
        self.on_event = on_event
        self.player = player
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(str(path))
        except OSError as exc:
            sock.close()
            raise TablesError(f"The table server is not reachable ({exc}).") from None
        sock.settimeout(None)
        self.sock = sock
        self._rfile = sock.makefile("rb")
        self._send_lock = threading.Lock()
        self._pending: dict[int, tuple[threading.Event, list]] = {}
        self._ids = itertools.count(1)
        self.closed = threading.Event()
        self._closing = False
        self._reader = threading.Thread(target=self._read, name="tables-reader", daemon=True)
        try:
            self._reader.start()
            self.request("hello", ticket=ticket or ticket_for(path, player))
        except BaseException:
            self.close()
            raise

    def _read(self) -> None:
        try:
            for line in self._rfile:
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                if "id" in msg and msg["id"] in self._pending:
                    event, box = self._pending[msg["id"]]
                    box.append(msg)
                    event.set()
                elif "event" in msg and self.on_event is not None:
                    self.on_event(msg)
        except (OSError, ValueError):
            pass
        finally:
            self.closed.set()
            for event, _ in list(self._pending.values()):
                event.set()
            if self.on_event is not None and not self._closing:
                self.on_event({"event": "closed"})

    def request(self, op: str, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        if self.closed.is_set():
            raise TablesError("The connection to the table server is closed.")
        rid = next(self._ids)
        event, box = threading.Event(), []
        self._pending[rid] = (event, box)
        try:
            data = json.dumps({"id": rid, "op": op, **fields}).encode() + b"\n"
            with self._send_lock:
                try:
                    self.sock.sendall(data)
                except OSError as exc:
                    raise TablesError(f"The table server went away ({exc}).") from None
            if not event.wait(self.timeout if timeout is None else timeout) or not box:
                raise TablesError("The table server did not answer.")
        finally:
            self._pending.pop(rid, None)
        reply = box[0]
        if not reply.get("ok"):
            raise IllegalAction(str(reply.get("error", "Refused.")))
        return reply

    def close(self) -> None:
        """Close the socket; the reader thread sees the end of it and stops (waited for, briefly,
        unless this is the reader thread itself)."""
        self._closing = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        if self._reader.is_alive() and self._reader is not threading.current_thread():
            self._reader.join(2.0)
        if not self._reader.is_alive():  # (closing the file under a running read would wait for it)
            try:
                self._rfile.close()  # the descriptor is freed once the file is closed too
            except OSError:
                pass


# ---------------------------------------------------------------------- the table
class _States(Sequence):
    """``states[k]``: this seat's view after ``k`` moves, fetched from the server when asked."""

    def __init__(self, table: RemoteTable) -> None:
        self.table = table
        self.cache: dict[int, State] = {}

    def __len__(self) -> int:
        return len(self.table.moves) + 1

    def __getitem__(self, k):  # type: ignore[override]
        n = len(self)
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(n))]
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(k)
        if k == n - 1:
            return self.table.state
        if k not in self.cache:
            doc = self.table._request("history", k=k)["view"]
            self.cache[k] = self.table.game.state_from_json(doc)
        return self.cache[k]


class RemoteTable(SocialTable, SeatNames):
    """A seat at a table held by the table server (or a spectator's chair)."""

    is_remote = True

    def __init__(self, path: str | Path, player: str, dispatch: Callable[[Callable[[], None]], Any] | None = None,
                 timeout: float = 10.0, reconnect_for: float = 30.0, ticket: str | None = None) -> None:
        self.path = str(path)
        self.player = player
        self.ticket = ticket  # None: the session's own
        self.dispatch = dispatch
        self.timeout = timeout
        self.reconnect_for = reconnect_for
        self.game = None
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.seats: list[Seat] = []
        self.seat_info: list[dict[str, Any]] = []
        self.ending: dict[str, Any] | None = None
        self.abortable = False
        #: the table's clocks as the server last sent them (None: no time limit), and when that
        #: was by this process's monotonic clock (the clock widget counts down from there)
        self.clock: dict[str, Any] | None = None
        self.clock_received = 0.0
        #: lines the log shows that no move wrote: (where in the game's log, text) — a seat's
        #: time running out; and the line of a seat forfeiting
        self.clock_lines: list[tuple[int, str]] = []
        self._forfeit_line: tuple[int, str] | None = None
        self.options: dict[str, Any] = {}
        self.seed = 0
        self.moves: list[Move] = []
        self.states = _States(self)
        self._state: State | None = None
        self._listeners: list[Callable[[RemoteTable], None]] = []
        self._cond = threading.Condition()
        self.updates = 0
        #: Why this table no longer follows the server (None while it does).
        self.gone: str | None = None
        self._closed = False
        self._social_init()  # chat lines and the rematch offer (social_client)
        self._events: queue.Queue = queue.Queue()
        self._conn = Connection(self.path, player, self._events.put, timeout, ticket)
        self._notifier = threading.Thread(target=self._notify_loop, name="tables-notifier", daemon=True)
        self._notifier.start()

    # ------------------------------------------------------------- opening
    @classmethod
    def host(cls, path, player: str, game: str, seats: list[dict[str, Any]], options: dict | None = None,
             seat: int = 0, move_limit: float | None = None, limit_level: str | None = None,
             bank: float | None = None, vacation_days: float | None = None, **kw) -> RemoteTable:
        """Open a table (the server draws its seed). ``move_limit``: seconds per turn and
        ``bank``: each seat's time bank (see ``table_rules.TimeControl``); when a seat's time
        runs out a bot of ``limit_level`` plays the rest of its turn (correspondence play);
        ``vacation_days``: each player's vacation a year, when their clock stands still."""
        return cls._open(path, player, kw, "host", game=game, seats=seats, options=options or {}, seat=seat,
                         move_limit=move_limit, limit_level=limit_level, bank=bank, vacation_days=vacation_days)

    @classmethod
    def join(cls, path, player: str, room: str, seat: int, token: str | None = None, **kw) -> RemoteTable:
        return cls._open(path, player, kw, "join", room=room, seat=seat, token=token or token_for(room, seat))

    @classmethod
    def seek(cls, path, player: str, game: str, players: int | None = None, move_limit: float | None = None,
             limit_level: str | None = None, bank: float | None = None, vacation_days: float | None = None,
             **kw) -> RemoteTable:
        """Any player, this game, this time: sit down at a matching seek's table (``paired``)
        or open one and wait there."""
        return cls._open(path, player, kw, "seek", game=game, players=players, move_limit=move_limit,
                         limit_level=limit_level, bank=bank, vacation_days=vacation_days)

    @classmethod
    def daily(cls, path, player: str, **kw) -> RemoteTable:
        """Today's solitaire deal at a table of one's own, whose result goes on the day's board."""
        return cls._open(path, player, kw, "daily")

    @classmethod
    def watch(cls, path, player: str, room: str, **kw) -> RemoteTable:
        return cls._open(path, player, kw, "watch", room=room)

    @classmethod
    def _open(cls, path, player: str, kw: dict[str, Any], op: str, **fields: Any) -> RemoteTable:
        """A table at which ``op`` sat us down; refused or failed, nothing is left open."""
        table = cls(path, player, **kw)
        try:
            table._sit(table._request(op, **fields))
        except BaseException:
            table.close()
            raise
        return table

    def _request(self, op: str, **fields: Any) -> dict[str, Any]:
        try:
            return self._conn.request(op, **fields)
        except IllegalAction:
            raise
        except TablesError:
            if op in ("host", "join", "watch", "daily", "seek"):
                self.close()
            raise

    def _sit(self, reply: dict[str, Any]) -> None:
        self.room, self.seat, self.token = str(reply["room"]), reply.get("seat"), reply.get("token")
        #: a seek sat us down at another seeker's table (not a table of our own)
        self.paired = bool(reply.get("paired"))
        if self.seat is not None and self.token:
            try:
                remember_token(self.room, self.seat, self.token)
            except OSError:
                pass
        if not self.wait_for(lambda t: t._state is not None, self.timeout):
            self.close()
            raise TablesError("The table server sent no position.")

    # ------------------------------------------------------------- updates
    def _notify_loop(self) -> None:
        while True:
            msg = self._events.get()
            if msg is None:
                return
            kind = msg.get("event")
            if kind == "update":
                self._take(msg)
            elif kind == "kicked":
                self.gone = str(msg.get("reason", "This seat was taken over."))
                self._conn.close()
            elif kind in SOCIAL_EVENTS:
                self._social_event(msg)
                continue  # told to the social listeners only: the game's snapshot did not change
            elif kind == "closed":
                if self._closed or self.gone:
                    continue
                self._conn.close()  # its socket (the reader has stopped)
                if not self._reconnect():
                    self.gone = "The connection to the table server was lost."
            else:
                continue
            with self._cond:
                self.updates += 1
                self._cond.notify_all()
            self._tell()

    def _take(self, msg: dict[str, Any]) -> None:
        if self.game is None or self.game.id != msg["game"]:
            self.game = get_game(msg["game"])
        self.room = msg["room"]
        self.seat = msg["seat"]
        self.seat_info = list(msg["seats"])
        self.seats = [
            Seat(s["name"], "person" if i == self.seat else "remote", s.get("level") or "greedy")
            for i, s in enumerate(self.seat_info)
        ]
        self.options = dict(msg.get("options") or {})
        self.seed = int(msg["seed"]) if msg.get("seed") is not None else 0
        #: how the game ended other than by its rules (forfeit, resign, abort), or who left it
        ending = msg.get("ending") if isinstance(msg.get("ending"), dict) else None
        self.clock = msg.get("clock") if isinstance(msg.get("clock"), dict) else None
        self.clock_received = time.monotonic()
        #: the game may still be aborted (nobody rated): until two persons have moved
        self.abortable = bool(msg.get("abortable"))
        moves = self.moves[: int(msg["from"])]
        self.clock_lines = [(at, text) for at, text in self.clock_lines if at <= _log_length(self._state, msg)]
        for m in msg["moves"]:
            label = m.get("text") or "(a hidden decision)"
            if m.get("timeout"):
                label += f" — time ran out: {a_or_an(str(m['timeout']))} bot played this move"
                before = moves[-1] if moves else None
                if before is None or before.seat != int(m["seat"]) or "time ran out" not in before.action.describe():
                    self.clock_lines.append((int(m.get("log_at", 0)), time_ran_out_line(int(m["seat"]),
                                                                                        str(m["timeout"]))))
            moves.append(Move(Action(m["kind"], tuple(_freeze(a) for a in m.get("args", [])), label),
                              int(m["seat"]), bool(m["revealed"])))
        state = self.game.state_from_json(msg["view"])
        if ending and ending.get("how") == "forfeit" and ending != self.ending:
            names = [f"{{p{i}}}" for i in range(len(self.seat_info))]
            self._forfeit_line = (len(state.log), f"⏱ {ending_text(ending, names)}")
        self.ending = ending
        if len(moves) != len(self.moves):
            self.states.cache = {k: v for k, v in self.states.cache.items() if k < min(len(moves), len(self.moves))}
        self.moves = moves
        self._state = state

    def _tell(self) -> None:
        for listener in list(self._listeners):
            if self.dispatch is None:
                listener(self)
            else:
                try:
                    self.dispatch(lambda listener=listener: listener(self))
                except Exception:  # the app is closing
                    pass

    def _reconnect(self) -> bool:
        end = time.monotonic() + self.reconnect_for
        while time.monotonic() < end and not self._closed:
            try:
                conn = Connection(self.path, self.player, self._events.put, self.timeout, self.ticket)
            except TablesError:
                time.sleep(0.3)
                continue
            except IllegalAction as exc:  # the hello was refused (too many connections, say)
                self.gone = str(exc)
                return True
            try:
                if self.seat is not None and self.token:
                    conn.request("join", room=self.room, seat=self.seat, token=self.token)
                else:
                    conn.request("watch", room=self.room)
            except (IllegalAction, TablesError) as exc:
                conn.close()
                self.gone = str(exc)
                return True
            self._conn = conn
            if self._closed:  # closed while we were reconnecting
                conn.close()
            return True
        return False

    def wait_for(self, predicate: Callable[[RemoteTable], bool], timeout: float = 10.0) -> bool:
        """Wait (bounded) until the model satisfies ``predicate``; for headless users."""
        end = time.monotonic() + timeout
        with self._cond:
            while not predicate(self):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    # ------------------------------------------------------------- the table interface
    def log_of(self, state: State) -> list[str]:
        """The log lines of ``state`` with those the server's clocks wrote (a time that ran
        out, a forfeit) where they happened: what the log pane shows."""
        lines = list(state.log)
        extra = self.clock_lines + ([self._forfeit_line] if self._forfeit_line else [])
        for at, text in reversed(sorted(extra, key=lambda e: e[0])):  # from the last: earlier places stay put
            if at <= len(state.log):
                lines.insert(at, text)
        return lines

    @property
    def state(self) -> State:
        assert self._state is not None
        return self._state

    def person_seats(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    def subscribe(self, listener: Callable[[RemoteTable], None]) -> None:
        self._listeners.append(listener)

    def apply(self, action: Action, seat: int | None = None) -> None:
        if self.gone:
            raise IllegalAction(self.gone)
        try:
            reply = self._conn.request("act", action=action.to_json(), seat=seat, at=len(self.moves))
        except TablesError as exc:
            raise IllegalAction(str(exc)) from None
        if self.dispatch is None:  # headless: return once our own update is in
            self.wait_for(lambda t: len(t.moves) >= int(reply["moves"]), self.timeout)

    def undo_block(self, by_seat: int | None = None) -> str | None:
        return "Undo is off at a shared table: every decision stands."

    def undo(self, by_seat: int | None = None) -> None:
        raise IllegalAction(self.undo_block())

    def can_redo(self) -> bool:
        return False

    def redo(self) -> None:
        raise IllegalAction("There is nothing to redo.")

    def to_json(self) -> dict[str, Any]:
        """What this seat knows (not a save file: the server keeps the game)."""
        return {"format": "dragon-tui-shared-view", "room": self.room, "seat": self.seat,
                "game": self.game.id if self.game else None, "seats": self.seat_info,
                "moves": [{"seat": m.seat, **m.action.to_json()} for m in self.moves],
                "view": self.state.to_json() if self._state is not None else None}

    def save(self, path: Path) -> None:
        raise OSError("a shared table is kept by the server, which saves it after every move")

    def resign(self) -> dict[str, Any]:
        """Give up this seat's game (recorded, rated as a loss)."""
        return self._request("resign")

    def abort(self) -> dict[str, Any]:
        """Close the game before two persons have moved (nothing rated)."""
        return self._request("abort")

    def leave(self) -> None:
        """Stand up; the seat stays yours and its token brings you back."""
        if not self._closed and not self.gone:
            try:
                self._conn.request("leave", timeout=2)
            except (IllegalAction, TablesError):
                pass
        self.close()

    def close(self) -> None:
        self._closed = True
        self._conn.close()
        self._events.put(None)


def time_ran_out_line(seat: int, level: str) -> str:
    """The log's line when a seat's time runs out: what happens next."""
    return (f"⏱ Time ran out for {{p{seat}}}: {a_or_an(level)} bot plays the rest of this turn for them "
            f"(their bank is empty; a week away and the seat forfeits).")


def _log_length(state: State | None, msg: dict[str, Any]) -> int:
    """How much of the game's log stays from before an update (all of it, unless the update
    starts from the first move again: a fresh view of the table)."""
    if state is None or int(msg.get("from", 0)) == 0:
        return -1
    return len(state.log)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
