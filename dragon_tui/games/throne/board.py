"""Board bookkeeping shared by every action: pawns, control, resources, rewards, Parliament.

Kept apart from the action code so that what every action does to the board is written once;
the rules of *who controls what* and of room are control.py's, which the board facts share.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache
from itertools import compress
from operator import is_not, le

from ...engine import wording

from .data import (
    ALL_GUILDS,
    CARDS,
    GUILD_TYPE_OF,
    NUM_CLANS,
    guild_at,
    CONTROL_PRESTIGE,
    GUILD_MARKERS_PER_PLAYER,
    GUILDS,
    HAWA,
    HOUSE_SPACES,
    CLANS,
    KINGDOMS,
    NEUTRAL,
    NEUTRAL_ROLLS,
    PARLIAMENT_SPACES,
    RESOURCES,
    USIKU,
    ZEME,
    guild_clans,
    guild_name,
)
from . import control, tables
from .facts import BoardFacts

REWARD_PHASES = ("reward_house", "reward_bump", "reward_bump_to")


#: The wording helper's "a"/"an" for the few words the control log uses, remembered.
a_or_an = lru_cache(maxsize=None)(wording.a_or_an)


def owner_name(owner: int) -> str:
    return "the neutral" if owner == NEUTRAL else f"{{p{owner}}}"


def feed_needed(feed: int, zeme: bool) -> int:
    """The sheep a Dragon with printed ``feed`` eats: at most one with the Ze'me bonus."""
    return min(feed, 1) if zeme else feed


def bumped(values: list[int], index: int, by: int) -> list[int]:
    """A copy of ``values`` with the entry at ``index`` changed by ``by``. The state's flat
    lists are replaced, never changed in place, so that clones share them (see
    ``ThroneState.copy_fields``): every change to one goes through here or makes a new list."""
    row = values[:]
    row[index] += by
    return row


def recruit_price(cost: int, controls_in_kingdom: bool, hawa: bool) -> int:
    """A prospect's printed ``cost``, one less when the recruiter controls a guild of its
    Kingdom, one less with the Ha'wa bonus, never below one."""
    discount = (1 if controls_in_kingdom else 0) + (1 if hawa else 0)
    return max(1, cost - discount)


#: ``recruit_price`` of every card, looked up: ``PRICES[hawa][card][controls_in_kingdom]``
#: (listing the main actions asks for six a time). Loaded from ``tables.py``, generated from
#: ``compute_recruit_prices``.
PRICES: tuple[tuple[tuple[int, int], ...], ...] = tables.RECRUIT_PRICES
#: ``feed_needed`` of every card, looked up: ``FEEDS[zeme][card]``. Loaded from ``tables.py``,
#: generated from ``compute_feeds``.
FEEDS: tuple[tuple[int, ...], ...] = tables.FEEDS


def compute_recruit_prices() -> tuple[tuple[tuple[int, int], ...], ...]:
    """``PRICES`` computed with ``recruit_price``."""
    return tuple(tuple(tuple(recruit_price(cd.cost, controls, hawa) for controls in (False, True)) for cd in CARDS)
                 for hawa in (False, True))


def compute_feeds() -> tuple[tuple[int, ...], ...]:
    """``FEEDS`` computed with ``feed_needed``."""
    return tuple(tuple(feed_needed(cd.feed, zeme) for cd in CARDS) for zeme in (False, True))


class BoardMixin:
    """Helpers over the state's plain attributes (see ``ThroneState.setup`` for their shape)."""

    # ------------------------------------------------------------------ pawns & control
    def pawns(self, guild: int) -> int:
        return self.guards[guild] + sum(self.supporters[guild]) + self.neutral_supporters[guild]

    # The rules of control and room, the same functions the board facts use (control.py).
    has_space = control.has_space
    controller = control.controller

    # The rows of ``supporters``, ``markers``, ``houses``, ``favors``, ``prospects``, ``shown``
    # and ``rewards`` are never changed in place: a change replaces the row, so a clone copies
    # only the outer lists and shares the rows (ThroneState.copy_fields), and the search clones
    # thousands of positions a second. Every change to those rows makes a new row like these.
    # So are the outer lists of ``supporters``, and ``guards`` and ``neutral_supporters``
    # (``bumped``): while the rules carry out an action, the board is then recognised by the
    # identity of those three lists (see board_facts).
    def add_supporters(self, guild: int, seat: int, count: int) -> None:
        supporters = self.supporters[:]
        row = supporters[guild][:]
        row[seat] += count
        supporters[guild] = row
        self.supporters = supporters

    def move_supporter(self, seat: int, src: int, dst: int) -> None:
        """One of ``seat``'s supporters goes from guild ``src`` to guild ``dst``."""
        supporters = self.supporters[:]
        row = supporters[src][:]
        row[seat] -= 1
        supporters[src] = row
        row = supporters[dst][:]
        row[seat] += 1
        supporters[dst] = row
        self.supporters = supporters

    def move_lord(self, owner: int, src: int, dst: int) -> None:
        """One of ``owner``'s Dragon Lords (NEUTRAL for the neutral) goes from house ``src``
        to the end of house ``dst``."""
        row = self.houses[src][:]
        row.remove(owner)
        self.houses[src] = row
        self.houses[dst] = self.houses[dst] + [owner]

    #: The last BoardFacts (see facts.py); states loaded from a file start without.
    _facts: BoardFacts | None = None
    #: While the rules carry out an action (``ThroneState._apply``), the facts
    #: ``board_facts`` last returned with the board they were checked against:
    #: ``(facts, supporters, guards, neutral_supporters)``, the state's own lists then; ``()``
    #: before any; None the rest of the time, when code outside the rules may change the
    #: pawns in place (a test setting up a position), so that the board is compared by value.
    _seen: tuple | None = None
    #: The legal list last made from the board facts, and ``_seen``'s four for it:
    #: ``(actions, facts, supporters, guards, neutral_supporters)`` (``listed_on``).
    _listed: tuple | None = None

    def listed_on(self, acts: list, facts: BoardFacts) -> list:
        """``acts``, a legal list made from ``facts`` just returned by ``board_facts``,
        remembered with the board (``_listed``, see ``ThroneState.apply``)."""
        self._listed = (acts, facts, self.supporters, self.guards, self.neutral_supporters)
        return acts

    def board_facts(self) -> BoardFacts:
        """Who controls each guild and which have room, for the board as it is now."""
        facts = self._facts
        seen = self._seen
        if seen and seen[0] is facts and self.guards is seen[2] and self.neutral_supporters is seen[3]:
            # While the rules carry out an action, only the rules changed the pawns since
            # the last look, and they replace the lists they change (add_supporters,
            # move_supporter, bumped), never change one in place: the same lists hold the same pawns, and of the
            # supporters only the rows replaced since may differ.
            supporters = seen[1]
            if self.supporters is supporters:
                return facts
            replaced = list(compress(ALL_GUILDS, map(is_not, self.supporters, supporters)))
            facts = self._facts = BoardFacts.of(self, facts, replaced)
        # Recognised by value (see facts.py): every step of a game asks this two or three times.
        elif (facts is None or facts.supporters != self.supporters or facts.guards != self.guards
                or facts.neutral != self.neutral_supporters):
            facts = self._facts = BoardFacts.of(self, facts)
        if seen is not None:
            self._seen = (facts, self.supporters, self.guards, self.neutral_supporters)
        return facts

    def controls_in_kingdom(self, seat: int, kingdom: int, facts: BoardFacts | None = None) -> bool:
        """Whether ``seat`` controls a guild of ``kingdom`` (``facts``: this position's
        ``board_facts()``, when the caller already has it)."""
        return kingdom in (facts or self.board_facts()).kingdoms(seat)

    def open_guilds(self) -> tuple[int, ...]:
        """The guilds with room for another pawn (``has_space``), in board order."""
        return self.board_facts().open_guilds()

    def has_bonus(self, seat: int, clan: int) -> bool:
        return self.prince[seat] == clan

    def protected(self, owner: int, actor: int) -> bool:
        """U'siku: an opponent may not move or remove your supporters or Dragon Lords."""
        return owner != NEUTRAL and owner != actor and self.prince[owner] == USIKU

    # ------------------------------------------------------------------ cards
    def recruit_cost(self, seat: int, cid: int, kingdom: int) -> int:
        return recruit_price(CARDS[cid].cost, self.controls_in_kingdom(seat, kingdom), self.has_bonus(seat, HAWA))

    def feed_of(self, seat: int, cid: int) -> int:
        return feed_needed(CARDS[cid].feed, self.has_bonus(seat, ZEME))

    def draw(self, seat: int, count: int) -> int:
        """Draw from the deck, reshuffling the discards into a new deck when it runs out."""
        if self.shown[seat]:
            self.shown[seat] = [c for c in self.shown[seat] if c in self.hand[seat]]
        drawn = 0
        for _ in range(count):
            if not self.deck[seat]:
                if not self.discard[seat]:
                    break
                # The new deck holds only the old discards: the whole hand is now public.
                self.shown[seat] = list(self.hand[seat])
                self.deck[seat] = self.discard[seat]
                self.discard[seat] = []
                self.rng.shuffle(self.deck[seat])
                self.log.append(f"{{p{seat}}} reshuffles the discards into a new deck.")
            self.hand[seat].append(self.deck[seat].pop())
            drawn += 1
        if drawn:
            self.reveal()
        return drawn

    # ------------------------------------------------------------------ resources
    def gain(self, seat: int, res: int, amount: int) -> int:
        """Take from the stock; when it runs dry take one token at a time from the other
        players, starting to the right (counter-clockwise: seat - 1, seat - 2, ...)."""
        got = min(amount, self.stock[res])
        self.stock = bumped(self.stock, res, -got)
        n = self.num_players
        while got < amount:
            took = False
            for step in range(1, n):
                if got == amount:
                    break
                other = (seat - step) % n
                if self.res[other][res] > 0:
                    self.res[other][res] -= 1
                    got += 1
                    took = True
                    self.log.append(f"{{p{seat}}} takes 1 {RESOURCES[res]} from {{p{other}}} (stock empty).")
            if not took:
                break
        self.res[seat][res] += got
        return got

    def gain_all(self, seat: int, produce: tuple[int, ...]) -> tuple[int, ...] | list[int]:
        """``gain`` of every resource of ``produce`` (a gather); what was got, per resource.
        When the stock covers all of it (the common case) the stock is replaced once, not
        once per resource: the search gathers thousands of times a decision."""
        stock = self.stock
        if all(map(le, produce, stock)):
            stock, row = stock[:], self.res[seat]
            for r, n in enumerate(produce):
                if n:
                    stock[r] -= n
                    row[r] += n
            self.stock = stock
            return produce
        return [self.gain(seat, r, n) if n else 0 for r, n in enumerate(produce)]

    def pay(self, seat: int, res: int, amount: int) -> None:
        self.res[seat][res] -= amount
        self.stock = bumped(self.stock, res, amount)

    # ------------------------------------------------------------------ score track
    def add_prestige(self, seat: int, amount: int) -> None:
        if not amount:
            return
        self.score = bumped(self.score, seat, amount)
        # The marker that moves lands on top of any stack: a later stamp ranks higher.
        stamp = self.stamp[:]
        stamp[seat] = self.stamp_next
        self.stamp = stamp
        self.stamp_next += 1
        self.high = max(self.high, self.score[seat])

    def rank_order(self) -> list[int]:
        """Seats from last place up; on a shared space the marker below ranks lower."""
        return sorted(range(self.num_players), key=lambda s: (self.score[s], self.stamp[s]))

    # ------------------------------------------------------------------ control rewards
    def check_control(self, seats) -> None:
        """Give the three rewards to each of ``seats`` that controls a guild without its marker."""
        # Only guilds where the seat has a supporter and no marker can change anything;
        # rewards never move pawns, so the board read here stays valid through the loop.
        facts, markers = board_facts(self), self.markers
        for seat in seats:
            # A player has 20 Guild Markers (rulebook components): with none left, control
            # brings no rewards until a marker comes back (the guild is checked again then).
            controlled = facts.controlled(seat)
            for guild in controlled:  # mostly every one has the marker: told without a new list
                if seat not in markers[guild]:
                    break
            else:
                continue
            candidates = [guild for guild in controlled if seat not in markers[guild]]
            left = self.markers_left(seat)
            for guild in candidates:
                if left:
                    left -= 1
                    markers[guild] = markers[guild] + [seat]
                    self.add_prestige(seat, CONTROL_PRESTIGE)
                    guild_type = GUILD_TYPE_OF[guild]
                    pile = self.favors[guild_type]
                    got = ""
                    if pile:
                        self.favors[guild_type] = pile[:-1]
                        self.discard[seat].append(pile[-1])
                        got = f", {a_or_an(GUILDS[GUILD_TYPE_OF[guild]])} Favor"
                    self.log.append(f"{{p{seat}}} takes control of the {guild_name(guild)} guild: +2 prestige{got}.")
                    self.rewards = self.rewards + [[seat, guild]]

    def markers_left(self, seat: int) -> int:
        """Guild Markers still in the seat's supply (20 each, rulebook components)."""
        return GUILD_MARKERS_PER_PLAYER - sum(1 for m in self.markers if seat in m)

    def remove_markers(self) -> None:
        # Only the guilds with a marker, picked out in one C-level pass (compress).
        markers, supporters = self.markers, self.supporters
        for guild in compress(ALL_GUILDS, markers):
            counts = supporters[guild]
            for seat in markers[guild]:  # this row is replaced, never changed
                if counts[seat] == 0:
                    row = markers[guild][:]
                    row.remove(seat)
                    markers[guild] = row
                    self.log.append(f"{{p{seat}}} removes a guild marker from the {guild_name(guild)} guild.")

    def movable_lord(self, owner: int, actor: int) -> bool:
        return not self.protected(owner, actor)

    def open_houses(self, exclude: int = -1) -> list[int]:
        return [h for h in range(NUM_CLANS) if h != exclude and len(self.houses[h]) < HOUSE_SPACES]

    def bump_owners(self, house: int, actor: int) -> list[int]:
        return sorted({o for o in self.houses[house] if self.movable_lord(o, actor)})

    def house_ok(self, seat: int, house: int) -> bool:
        if len(self.houses[house]) < HOUSE_SPACES:
            return True
        return bool(self.bump_owners(house, seat)) and bool(self.open_houses(house))

    def reward_houses(self) -> list[int]:
        """The matching Clan Houses that can take the Dragon Lord. "If you must place a Dragon
        Lord in a Clan House but all of the spaces are full" bumps a lord out: by default only
        when no matching house has room (option ``full_houses``: "any" lets a player pick a
        full matching house even when the other one has room)."""
        seat, guild = self.rewards[0]
        houses = [h for h in guild_clans(guild) if self.house_ok(seat, h)]
        if self.options.get("full_houses", "when_all_full") == "when_all_full":
            with_room = [h for h in houses if len(self.houses[h]) < HOUSE_SPACES]
            return with_room or houses
        return houses

    def begin_reward(self) -> bool:
        """Set up the Dragon Lord placement of the first reward; False when it is skipped (or
        ends the game: a control with no Dragon Lord left, option ``lords_out``)."""
        seat, guild = self.rewards[0]
        if self.lords_left[seat] == 0 and self.options.get("lords_out", "ends") == "ends":
            self.rewards = []
            self.over = True
            self.log.append(f"{{p{seat}}} takes control with no Dragon Lord left: the game ends.")
            return False
        if self.lords_left[seat] == 0:
            self.log.append(f"{{p{seat}}} has no Dragon Lord left to place.")
        elif not self.reward_houses():
            self.log.append(f"{{p{seat}}} finds no Clan House space for a Dragon Lord.")
        else:
            self.phase = "reward_house"
            return True
        self.rewards = self.rewards[1:]
        return False

    def place_lord(self, seat: int, house: int) -> None:
        self.houses[house] = self.houses[house] + [seat]
        self.lords_left = bumped(self.lords_left, seat, -1)
        self.log.append(f"{{p{seat}}} places a Dragon Lord in the {CLANS[house]} Clan House.")
        self.rewards = self.rewards[1:]
        self.phase = "reward_done"
        if sum(len(h) for h in self.houses) == 6 * HOUSE_SPACES:
            self.over = True
            self.log.append("All Clan Houses are full: the game ends.")

    # ------------------------------------------------------------------ Parliament
    def parliament_spaces_due(self) -> int:
        """The Parliament spaces reached (``high``) and not yet called: the spaces ascend, so
        those reached are the first ``bisect_right(PARLIAMENT_SPACES, high)``."""
        return max(0, bisect_right(PARLIAMENT_SPACES, self.high) - self.parl_done)

    def start_parliament(self) -> None:
        due = self.parliament_spaces_due()
        spaces = PARLIAMENT_SPACES[self.parl_done:self.parl_done + due]
        self.log.append(f"Parliament is called (space {', '.join(map(str, spaces))}).")
        if self.num_players == 2 and self.options.get("neutral", True):
            rolls = sum(NEUTRAL_ROLLS[self.parl_done:self.parl_done + due])
            for _ in range(rolls):
                self.place_neutral()
        self.parl_done += due
        self.parliaments += 1
        self.prince = [-1] * self.num_players
        self.parl_queue = self.rank_order()
        self.phase = "parliament"

    def place_neutral(self) -> None:
        if self.neutral_reserve == 0 or all(not self.has_space(guild) for guild in ALL_GUILDS):
            self.log.append("No neutral supporter can be placed.")
            return
        while True:
            k, g = self.rng.randint(0, 5), self.rng.randint(0, 5)
            guild = guild_at(k, g)
            if self.has_space(guild):
                break
        self.neutral_supporters = bumped(self.neutral_supporters, guild, 1)
        self.neutral_reserve -= 1
        self.log.append(f"The Sorcery Dice roll {KINGDOMS[k]} and {GUILDS[g]}: a neutral supporter joins the {guild_name(guild)} guild.")


# The methods the rules call on (nearly) every step, also by plain name, which the rules use:
# ThroneState keeps its fifty-odd attributes in an instance dict of its own, on which CPython
# 3.11 does not specialise a ``self.method`` lookup (each pays a type and a dict lookup), while
# a module-level name is one specialised global load. The methods stay the state's API.
board_facts = BoardMixin.board_facts
controller = BoardMixin.controller
has_space = BoardMixin.has_space
listed_on = BoardMixin.listed_on
check_control = BoardMixin.check_control
move_supporter = BoardMixin.move_supporter
draw = BoardMixin.draw
remove_markers = BoardMixin.remove_markers
parliament_spaces_due = BoardMixin.parliament_spaces_due
gain = BoardMixin.gain
gain_all = BoardMixin.gain_all
pay = BoardMixin.pay
