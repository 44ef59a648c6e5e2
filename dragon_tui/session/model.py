"""The table model every pane observes: one immutable ``Snapshot`` after every change.

A ``TableModel`` wraps a ``Table`` and its ``TurnController`` for the people at one
keyboard. After every change — a move, undo, redo, the keyboard passed, a bot starting or
stopping to think — it publishes a new ``Snapshot`` to its listeners. The snapshot holds
everything a screen shows, already worked out:

* the viewer seat and the state as that seat may see it (the whole state once the game is
  over: nothing is secret any more and end scoring needs every hand);
* the choices on offer, each with its key and its label (seat names filled in);
* the status line (the phase, with names);
* the log lines added since the previous snapshot (``log_from`` says where they go: after
  an undo the log is cut back there first);
* whom to pass the keyboard to, in a hot-seat game with hidden hands;
* the thinking bot and its progress;
* the final result.

The viewer rules, the key assignment and the label formatting live here and nowhere else;
widgets only render a snapshot. No Textual, no Rich: the model runs in tests and servers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine import Action, IllegalAction, State
from .controller import BotResult, BotTurn, TurnController
from .summary import since_last_turn
from .table import Table

DIGITS = "123456789"
#: The keys handed out, in this order, to the choices the game gives no key of its own: the
#: digits, then the small letters, then the capitals (a Princes Favor can offer 40 choices).
FREE_KEYS = DIGITS + "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def assign_keys(game_keys: list[str | None], reserved: frozenset[str] = frozenset()) -> list[str | None]:
    """The key each action gets: the game's own, else the next of 1–9, a–z, A–Z that no
    action on offer claims and the screen does not use for something else (``reserved``:
    undo, a board's view keys ...). None only when even those run out."""
    taken = set(game_keys) | reserved
    free = (k for k in FREE_KEYS if k not in taken)
    return [key if key is not None else next(free, None) for key in game_keys]


class Choice(NamedTuple):
    """One action on offer, with the key that picks it ('' for none) and what it says.

    (Immutable value classes made at start-up are named tuples, not frozen dataclasses: a
    dataclass writes and compiles its methods as it is defined, about 0.6 ms each.)"""

    action: Action
    key: str
    label: str


class Result(NamedTuple):
    scores: tuple[float, ...]
    winners: tuple[int, ...]


class Snapshot(NamedTuple):
    """Everything the game screen shows at one moment. Never changed once published. Two
    snapshots are the same only if they are the same object (a newer one is a new object even
    when nothing in it changed: watchers compare them)."""

    #: Counts snapshots: a larger serial is newer.
    serial: int
    #: Moves played so far: identifies the position.
    position: int
    names: tuple[str, ...]
    #: Whose eyes the board uses (None: nobody's secrets are shown).
    viewer: int | None
    #: The position as ``viewer`` may see it.
    view: State
    #: The seat that must decide now (None once the game is over).
    current: int | None
    #: The actions on offer to the person at the keyboard (empty while others decide).
    choices: tuple[Choice, ...]
    #: The phase line, with seat names.
    status: str
    #: Index in the whole log where ``log_lines`` start (the log is cut back to it first).
    log_from: int
    #: Log lines added since the previous snapshot, names filled in.
    log_lines: tuple[str, ...]
    #: Hand the keyboard to this seat before anything of theirs is shown.
    pass_to: int | None = None
    #: The bot deciding now, and how far its search has got (done, planned).
    thinking: int | None = None
    progress: tuple[int, int] | None = None
    #: Things to tell the people at the keyboard (a bot that failed and played a fallback).
    notices: tuple[str, ...] = ()
    result: Result | None = None
    #: What the other seats did since the viewer's last decision, when the viewer decides
    #: now (see ``session/summary.py``); empty otherwise.
    since_last_turn: tuple[str, ...] = ()

    @property
    def offered(self) -> list[Action]:
        return [choice.action for choice in self.choices]

    def choice_for_key(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__


class TableModel:
    """A table as the people at one keyboard see it; publishes a ``Snapshot`` on every change."""

    def __init__(self, table: Table, controller: TurnController | None = None,
                 reserved_keys: frozenset[str] = frozenset()) -> None:
        self.table = table
        #: Keys the screen uses itself: never handed to a choice.
        self.reserved_keys = reserved_keys
        self.controller = controller or TurnController(table)
        self._listeners: list[Callable[[Snapshot], None]] = []
        self._shown_person: int | None = None
        self._log: list[str] = []
        #: the seat names the log lines were written with (a player sitting down renames a seat)
        self._log_names: tuple[str, ...] = ()
        self._serial = 0
        self._seen_key: tuple | None = None
        self.snapshot = self._build()
        table.subscribe(lambda _table: self.publish())

    # ------------------------------------------------------------------ observing
    def subscribe(self, listener: Callable[[Snapshot], None]) -> None:
        self._listeners.append(listener)

    def publish(self) -> Snapshot:
        self.snapshot = self._build()
        for listener in list(self._listeners):
            listener(self.snapshot)
        return self.snapshot

    # ------------------------------------------------------------------ viewer rules
    def viewer(self) -> int | None:
        """Whose eyes the board uses: the person deciding, else the only person, else nobody."""
        people = self.table.person_seats()
        current = self.table.state.current_player
        if current is not None and current in people:
            return current
        if len(people) == 1:
            return people[0]
        return None

    def pass_needed(self) -> int | None:
        """The seat to hand the keyboard to first: in a game with hidden hands and several
        people at this keyboard, whenever the person to decide is not the one who last saw
        the screen — on the very first turn and on Continue too."""
        table = self.table
        current = table.state.current_player
        people = table.person_seats()
        if (table.game.hidden_information and len(people) > 1 and current in people
                and current != self._shown_person):
            return current
        return None

    # ------------------------------------------------------------------ building
    def _build(self) -> Snapshot:
        table, state = self.table, self.table.state
        current = state.current_player
        pass_to = self.pass_needed()
        people = table.person_seats()
        if pass_to is None and current in people:
            self._shown_person = current
        viewer = None if pass_to is not None else self.viewer()
        # The same position seen by the same seat keeps the same view and choices (the very
        # objects), so a pane can tell "nothing changed" by identity.
        key = (state, viewer, pass_to)
        seen = self._seen_key
        if seen is not None and seen[0] is state and seen[1:] == key[1:]:
            view, choices, since = self.snapshot.view, self.snapshot.choices, self.snapshot.since_last_turn
        elif pass_to is not None:
            view, choices, since = state.view(None), (), ()
        else:
            view = state if state.is_over else state.view(viewer)
            choices = self.choices(state) if current in people else ()
            since = since_last_turn(table, current) if choices and viewer == current else ()
        self._seen_key = key
        log_from, log_lines = self._new_log(state)
        turn = self.controller.turn
        notices = tuple(self.controller.notices)
        self.controller.notices.clear()
        result = Result(tuple(state.scores()), tuple(state.winners())) if state.is_over else None
        self._serial += 1
        return Snapshot(
            serial=self._serial, position=len(table.moves), names=tuple(table.names), viewer=viewer, view=view,
            current=current, choices=choices, status=table.text(state.phase_label()), log_from=log_from,
            log_lines=log_lines, pass_to=pass_to, thinking=turn.seat if turn is not None else None,
            progress=self.controller.progress(), notices=notices, result=result, since_last_turn=since,
        )

    def reserve_keys(self, keys: frozenset[str]) -> None:
        """Keep ``keys`` for the screen (its bindings, known once it is built). Call it before
        anyone watches: it reworks the current choices in place, without a new snapshot."""
        self.reserved_keys = frozenset(keys)
        if self.snapshot.choices:
            self.snapshot = self.snapshot._replace(choices=self.choices(self.table.state))

    def choices(self, state: State) -> tuple[Choice, ...]:
        actions = state.legal_actions()
        keys = assign_keys([state.action_key(a) for a in actions], self.reserved_keys)
        return tuple(Choice(a, key or "", self.table.text(a.describe())) for a, key in zip(actions, keys))

    def _new_log(self, state: State) -> tuple[int, tuple[str, ...]]:
        """The lines since the last snapshot; after an undo, where the log is cut back to."""
        # a shared table adds lines no move wrote (its clocks: a time that ran out, a forfeit)
        log_of = getattr(self.table, "log_of", None)
        raw = list(state.log) if log_of is None else log_of(state)
        old = self._log
        names = tuple(self.table.names)
        if names != self._log_names:  # someone sat down at a shared table: every line with their name
            old, self._log_names = [], names
        same = 0
        limit = min(len(old), len(raw))
        while same < limit and (old[same] is raw[same] or old[same] == raw[same]):
            same += 1
        self._log = raw
        return same, tuple(self.table.text(line) for line in raw[same:])

    def full_log(self) -> list[str]:
        return [self.table.text(line) for line in self._log]

    # ------------------------------------------------------------------ people
    def play(self, action: Action) -> None:
        """Play a person's choice; raises IllegalAction (state unchanged) if it is not theirs."""
        current = self.table.state.current_player
        if current is None or not self.table.seats[current].is_local_person:
            raise IllegalAction("Wait: it is not your decision now.")
        if self.snapshot.pass_to is not None:
            raise IllegalAction(f"Pass the keyboard to {self.table.seats[current].name} first.")
        self.table.apply(action, current)

    def passed(self) -> None:
        """The person named in ``pass_to`` has the keyboard now: show them their hand."""
        self._shown_person = self.snapshot.pass_to
        self.publish()

    def undo(self) -> None:
        reason = self.table.undo_block()
        if reason:
            raise IllegalAction(reason)
        self.table.undo()

    def redo(self) -> None:
        self.table.redo()

    # ------------------------------------------------------------------ bots
    def begin_bot(self) -> BotTurn | None:
        """Start the bot's turn if one must decide (publishes 'thinking'); else None."""
        turn = self.controller.begin()
        if turn is not None:
            self.publish()
        return turn

    def finish_bot(self, result: BotResult) -> bool:
        """Play a bot's decision unless it is stale; returns whether it was played."""
        played = self.controller.finish(result)
        if not played and self.snapshot.thinking is not None and self.controller.turn is None:
            self.publish()
        return played

    def cancel_bot(self) -> None:
        self.controller.cancel()
        if self.snapshot.thinking is not None:
            self.publish()

    def refresh_progress(self) -> None:
        """Publish the thinking bot's progress if it moved on."""
        progress = self.controller.progress()
        if self.snapshot.thinking is not None and progress != self.snapshot.progress:
            self.snapshot = self.snapshot._replace(serial=self.snapshot.serial + 1, progress=progress,
                                    log_from=self.snapshot.log_from + len(self.snapshot.log_lines), log_lines=(),
                                    notices=())
            self._serial = self.snapshot.serial
            for listener in list(self._listeners):
                listener(self.snapshot)
