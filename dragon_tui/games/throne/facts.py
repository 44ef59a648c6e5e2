"""What the pawns on the board imply, worked out once per arrangement of the pawns.

Listing the actions, the control check after every action step, the recruit discounts and
the end scoring all ask who controls each guild and which guilds have room; a random game
asks thousands of times while the pawns stand still (gathering, recruiting, filling
prospects, ending turns). :class:`BoardFacts` answers from the last answer until a pawn
moves, and then works out again only the guilds whose counts changed.

It is recognised by value, never trusted blindly: it keeps copies of the three pawn lists
(supporters, King's Guards, neutral supporters) it was made from, and the state uses it only
while its own lists still equal those copies (``BoardMixin.board_facts``). So whatever
changes the pawns — a move, a loaded save, an undo, a test that sets up a position by hand —
is noticed without any bookkeeping in the code that moves them. The rules themselves stay in
``control.py`` (``controller``, ``has_space``): this only remembers their answers.

One window is narrower: while the rules carry out an action (``ThroneState._apply``), only
they can move pawns, and they replace every list they change, so there the state compares the
identity of its lists with those it last checked by value (``BoardMixin.board_facts``), and
an action taken from a list made from the board facts starts from that list's check (the
protocol carries out such an action as offered in that very position: ``ThroneState.apply``).

A BoardFacts is never changed once made, but for parts filled in on first use that depend
on its copies alone, so clones of a state share it, and so does ``AFTER``. What it hands out
cannot be changed: its copies of the pawns are :class:`~.memo.FrozenRow` lists (equal to the
state's lists, so the board is still recognised by value, in C), and its answers are tuples.
"""

from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from operator import ne, or_

from .control import controller, has_space
from .data import ALL_GUILDS, KINGDOM_OF
from .memo import FrozenRow, Memo


#: (facts, move) -> the facts after that move of pawns: the pawns that changed, by guild,
#: with their new counts (supporters per seat; King's Guards and neutral ones when those
#: changed too). A search walks the same few moves from the same boards over and over, and
#: everything worked out from the facts it reaches (control, majorities, the heuristic's board
#: values) is then found instead of worked out again. Owned by this module for the whole
#: process (see memo.py): emptied when full, and no state or facts refers to it, so undo
#: history keeps none alive. Full, it holds about 28 MB (measured with tracemalloc over
#: late-game hard searches).
AFTER = Memo("board facts after a move", 20_000)


class BoardFacts:
    __slots__ = ("supporters", "guards", "neutral", "controllers", "room", "majorities", "by_guards", "by_room",
                 "board_values", "shared", "_controlled", "_kingdoms", "_open", "_occupied", "_occupied_as")

    #: The copies the facts were made from (FrozenRow: a new BoardFacts replaces them).
    supporters: FrozenRow  # of FrozenRow, per guild the supporters per seat
    guards: FrozenRow
    neutral: FrozenRow
    #: Per guild, ``state.controller(guild)`` (a seat or None).
    controllers: tuple[int | None, ...]
    #: Per guild, ``state.has_space(guild)``.
    room: tuple[bool, ...]
    #: scoring.control_majorities of the controllers, filled in by the first end scoring.
    majorities: tuple[tuple[int, ...], tuple[int, ...]] | None
    #: Answers that depend on the King's Guards alone (a Dragon's deploy targets, by clan)
    #: and on which guilds have room alone (a Citizen's, by card; a maneuver's moves to every
    #: open guild, under "maneuver_to"), filled in by the rules that work them out
    #: (offers.deploy_targets, offers._legal_turn).
    by_guards: dict
    by_room: dict
    #: The heuristic's board value per seat (heuristics._board_values), filled in on first use.
    board_values: tuple[float, ...] | None
    #: Whether more than one state may reach these facts: a clone shares its original's
    #: (``ThroneState.clone`` sets this) and facts found through ``AFTER`` are shared
    #: by every state that makes the move. Only moves from shared facts are remembered in
    #: ``AFTER``: a lone state (a random playout) never meets a board again.
    shared: bool

    @classmethod
    def of(cls, state, old: BoardFacts | None, replaced: list[int] | None = None) -> BoardFacts:
        """The facts of ``state``'s board; ``old`` (facts of an earlier board of the same
        game, or None) lends the answers for the guilds whose counts did not change.
        ``replaced``, when given: the only guilds whose supporters may differ from ``old``'s,
        the King's Guards and neutral supporters being ``old``'s (see board_facts)."""
        sup, kg, ns = state.supporters, state.guards, state.neutral_supporters
        if old is not None:
            # The old copies are never changed, so what did not change is shared with them.
            osup, okg, ons = old.supporters, old.guards, old.neutral
            pawns_only = replaced is not None or (kg == okg and ns == ons)
            if pawns_only:  # the common case: only supporters moved
                if replaced is None:
                    # The guilds whose counts differ, picked out in C (compress over the row compares).
                    changed = list(compress(ALL_GUILDS, map(ne, sup, osup)))
                else:
                    changed = [guild for guild in replaced if sup[guild] != osup[guild]]
                if old.shared:
                    if len(changed) == 2:  # a pawn moved (the commonest): written flat
                        first, second = changed
                        move = (first, second, *sup[first], *sup[second])
                    else:  # a tuple per guild (never mistaken for the flat form above)
                        move = tuple([(guild, *sup[guild]) for guild in changed])
            else:
                # The guilds where any of the three counts differ, picked out in C as well.
                if ns == ons and sup == osup:
                    # Only King's Guards moved (the Soldier Favor, whose every pair of guilds the
                    # search values): the same list from the guards' counts alone, a third of
                    # the compares (two whole-list compares in C tell the rest equal).
                    changed = list(compress(ALL_GUILDS, map(ne, kg, okg)))
                else:
                    changed = list(compress(ALL_GUILDS, map(or_, map(ne, sup, osup), map(or_, map(ne, kg, okg), map(ne, ns, ons)))))
                if old.shared:
                    move = ("all",) + tuple([(guild, kg[guild], ns[guild], *sup[guild]) for guild in changed])
            # The same move from the same board gives the same facts: the search makes it
            # again in every iteration that passes through the position (see AFTER).
            if old.shared:
                key = (old, move)
                known = AFTER.get(key)
                if known is not None:
                    return known
        new = cls.__new__(cls)
        new.shared = False
        new._controlled = new._kingdoms = new._open = new.majorities = new._occupied = new._occupied_as = None
        new.board_values = None
        if old is None:
            new.guards, new.neutral = FrozenRow(kg), FrozenRow(ns)
            new.supporters = FrozenRow(map(FrozenRow, sup))
            new.controllers = tuple([state.controller(guild) for guild in ALL_GUILDS])
            new.room = tuple([state.has_space(guild) for guild in ALL_GUILDS])
            new.by_guards, new.by_room = {}, {}
            return new
        if pawns_only:
            new.guards, new.neutral, new.by_guards = okg, ons, old.by_guards
        else:
            new.guards, new.neutral = FrozenRow(kg), FrozenRow(ns)
            new.by_guards = old.by_guards if kg == okg else {}
        copies = osup[:]
        old_occupied = old._occupied
        if old_occupied is not None and not old.shared:
            # A lone game's (a random playout's) occupied guilds, where they were asked for
            # (listing a maneuver), are brought up to date: a guild joins or leaves where the
            # seat's count left or reached zero. A search's positions (shared facts) mostly
            # are leaves that never ask: there they are worked out when asked.
            occupied = new._occupied = old_occupied[:]
            # What was worked out from a seat's occupied guilds carries over while they stay.
            occupied_as = new._occupied_as = old._occupied_as[:]
            for seat, guilds in enumerate(occupied):
                if guilds is not None:
                    for guild in changed:
                        now = sup[guild][seat]
                        if (now == 0) != (osup[guild][seat] == 0):
                            i = bisect_left(guilds, guild)  # where the guild is, or goes
                            guilds = guilds[:i] + (guild,) + guilds[i:] if now else guilds[:i] + guilds[i + 1:]
                            occupied_as[seat] = None
                    occupied[seat] = guilds
        old_controllers, old_room = old.controllers, old.room
        controllers = room = None
        for guild in changed:
            copies[guild] = FrozenRow(sup[guild])
            owner, space = controller(state, guild), has_space(state, guild)
            if owner != old_controllers[guild]:
                if controllers is None:
                    controllers = list(old_controllers)
                controllers[guild] = owner
            if space != old_room[guild]:
                if room is None:
                    room = list(old_room)
                room[guild] = space
        new.supporters = FrozenRow(copies)
        # Most moves change neither who controls what nor which guilds have room: then the
        # old answers, and what was worked out from them, carry over as they are.
        if controllers is None:
            new.controllers, new._controlled, new._kingdoms = old_controllers, old._controlled, old._kingdoms
            new.majorities = old.majorities
        else:
            new.controllers = controllers = tuple(controllers)
            old_controlled = old._controlled
            if old_controlled is not None and not old.shared:
                # A lone game's controlled guilds are brought up to date like its occupied
                # ones: a guild leaves its old controller's and joins its new controller's.
                controlled = new._controlled = old_controlled[:]
                for guild in changed:
                    before, now = old_controllers[guild], controllers[guild]
                    if before != now:
                        if before is not None:
                            guilds = controlled[before]
                            i = bisect_left(guilds, guild)
                            controlled[before] = guilds[:i] + guilds[i + 1:]
                        if now is not None:
                            guilds = controlled[now]
                            i = bisect_left(guilds, guild)
                            controlled[now] = guilds[:i] + (guild,) + guilds[i:]
        if room is None:
            new.room, new._open, new.by_room = old_room, old._open, old.by_room
        else:
            new.room, new.by_room = tuple(room), {}
        if old.shared:
            AFTER.put(key, new)
            new.shared = True  # found through the memo by every state that makes the move
        return new

    def controlled(self, seat: int) -> tuple[int, ...]:
        """The guilds ``seat`` controls, in board order."""
        by_seat = self._controlled
        if by_seat is None:
            by_seat = [[] for _ in self.supporters[0]]
            for guild, owner in enumerate(self.controllers):
                if owner is not None:
                    by_seat[owner].append(guild)
            self._controlled = by_seat = [tuple(guilds) for guilds in by_seat]
        return by_seat[seat]

    def occupied(self, seat: int) -> tuple[int, ...]:
        """The guilds holding at least one of ``seat``'s supporters, in board order."""
        occupied = self._occupied
        if occupied is None:
            occupied = self._occupied = [None] * len(self.supporters[0])
            self._occupied_as = [None] * len(occupied)
        guilds = occupied[seat]
        if guilds is None:
            supporters = self.supporters
            occupied[seat] = guilds = tuple([guild for guild in ALL_GUILDS if supporters[guild][seat]])
        return guilds

    def occupied_as(self, seat: int, per_guild: tuple) -> tuple:
        """``per_guild[guild]`` for each of ``occupied(seat)``: listing the main actions asks
        for a maneuver per occupied guild every time. Remembered per seat until the seat's
        occupied guilds change, so every caller passes the same ``per_guild`` (there is one:
        offers._legal_main, with ``texts.MANEUVER``)."""
        guilds = self.occupied(seat)
        known = self._occupied_as[seat]
        if known is None:
            known = self._occupied_as[seat] = tuple(map(per_guild.__getitem__, guilds))
        return known

    def kingdoms(self, seat: int) -> frozenset[int]:
        """The Kingdoms in which ``seat`` controls at least one guild."""
        kingdoms = self._kingdoms
        if kingdoms is None:
            self._kingdoms = kingdoms = [frozenset(map(KINGDOM_OF.__getitem__, self.controlled(s)))
                                         for s in range(len(self.supporters[0]))]
        return kingdoms[seat]

    def open_guilds(self) -> tuple[int, ...]:
        """The guilds with room for another pawn, in board order."""
        open_now = self._open
        if open_now is None:
            self._open = open_now = tuple(compress(ALL_GUILDS, self.room))
        return open_now
