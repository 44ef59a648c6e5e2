"""Princes of the Dragon Throne: the game state and the turn flow.

Rule decisions — where the rulebook is silent or contradicts itself (also in help.md):

1. Colours: Troll red, Dwarf orange, Human blue; Merchant yellow, Shepherd blue (designed).
   Goblin is yellow (the sample round sends a Goblin Sorcerer lord to the yellow house).
   The "Ka'wa" house of the control example is the Ka'yu house.
2. Resources in play by player count (designed): 2 players 24/24/16, 3 players 30/30/20,
   4 players all 35/35/25 (influence/gold/sheep); the rest stays in the box.
3. The first player is chosen with the game's seeded RNG. At the start all score markers
   are stacked in turn order, the first player's at the bottom.
4. Ka'yu redraw happens before filling prospects; the player picks the cards, then all of
   them are discarded and as many drawn at once (the count is fixed before any draw).
5. Optional actions (King's Guard actions, one Guild Favor, Vu'ur) are offered once the
   prospects are filled, before, between and after the steps of the main action.
6. Gather needs at least one card; a player with no possible main action may end the turn.
   Ma'ji is taken once, after the first gathered card, and may be skipped.
7. Resources: the scarce rule applies to every gain; if nobody has any, the rest is lost.
8. A recruit moves a supporter to supply only if one is in reserve; the dismissal may pick
   any card of hand or discard pile, the fresh recruit included.
9. Control: the active player gains control (and its rewards) the moment an action step
   completes; every player is checked again at the end of the turn, the active player first,
   then clockwise. Marker removal happens at the end of the turn, before that check.
   The 2-player neutral supporters count as "another player" (they block control) but
   never control anything themselves.
10. Dragon Lord placement: if both matching houses are impossible (full of U'siku-protected
    lords, no open space elsewhere), none is placed. A control by a player with no Dragon
    Lord left ends the game at once (option ``lords_out``, "ends"; the rulebook's letter,
    "plays_on", places none and plays on, and a game can then go on for ever). If the favor
    pile of that guild is empty, no favor card is given.
11. Parliament spaces trigger once each, the first time any marker reaches them. Crossing
    several in one turn calls one Parliament; in 2 players it places the neutral supporters
    of every space crossed. The neutral colour has 20 supporters; once all are on the board
    no more are placed. Dragon Princes sit in different houses.
12. The favors are "up to": Soldier and Cleric move up to two pawns, Royal up to one lord,
    Sorcerer may place or remove nothing. The Soldier Favor may not mix moving and taking.
    A favor card goes back to its pile when played; a dismissed favor leaves the game.
13. End scoring counts the recruits a player still owns (dismissed ones do not count). In
    the 2-player game the neutral Dragon Lords compete for a Clan House like a player: a
    real player needs more lords than the neutral, and ties with it score 2.
14. Tie-breakers in order: Dragon Lords on the board, guilds controlled, recruits owned,
    resources held; players still tied share the win.
15. The game ends the moment the 30th Dragon Lord is placed, even mid-turn.
16. The sample round replays exactly as written: Player 2 controls the Goblin Sorcerer guild
    and holds Ha'wa, so the designed Armadillo Dragon costs 8 (8 - 1 - 1 = the six gold she
    pays, leaving four, too few for the Copper Dragon).
17. Hands and every deck are hidden; discard piles are open (every card in them was
    played, recruited or earned in view of all). Hence each player's hand + deck contents,
    the prospect decks' contents and the cards known to be in a hand (held at a reshuffle, a
    pending deploy's card) are public, and views and bots keep them (hidden.py).
18. The neutral supporters may be moved by the Cleric Favor and removed by the Sorcerer
    Favor (back to the neutral pool); U'siku never protects King's Guards.
19. Placing the Dragon Lord is not optional when a matching house can take it. A maneuvered
    supporter must change guild. The score track has no end: past 50 no more Parliaments.
20. End of turn order: draw up to five, remove markers, control for everybody (rewards),
    Parliament if due, next player.
21. Options: "stocks" (scaled, designed / the whole box), "neutral" (the 2-player neutral
    colour on or off) and "full_houses" (below); defaults follow the rulebook and this
    edition's design.
22. Guild Markers: 20 per colour. With none left, control gives no rewards (marker, prestige,
    Favor, Dragon Lord) until a marker comes back; the guild is checked again then.
23. Full Clan Houses: a full matching house (bump a lord out first) is offered only when no
    matching house has room; option full_houses="any" offers it whenever bumping is possible.
"""

from __future__ import annotations

from operator import attrgetter

from ...engine import Action, Rng, State
from ...engine.errors import SaveFileError

from . import texts
from .board import REWARD_PHASES, BoardMixin, check_control, draw, parliament_spaces_due, remove_markers
from .data import (
    GUILD_TYPES,
    NUM_CLANS,
    CLANS,
    CITIZEN_IDS,
    DRAGON_IDS,
    DRAGON_LORDS_PER_PLAYER,
    HAND_SIZE,
    KAYU,
    NEUTRAL,
    NEUTRAL_SUPPORTERS,
    NUM_GUILDS,
    RESOURCE_TOTALS,
    START_KINGS_GUARDS,
    START_RESOURCES,
    START_SUPPLY,
    STOCKS_BY_PLAYERS,
    SUPPORTERS_PER_PLAYER,
    favor_ids,
    starter_ids,
)
from .hidden import deal_unseen, hide
from .moves import MovesMixin, _apply_turn
from .offers import OffersMixin, _legal_main, _legal_turn, fill_target
from .pending import NOTHING, from_saved, to_saved
from .scoring import ScoringMixin


class ThroneState(ScoringMixin, OffersMixin, MovesMixin, BoardMixin, State):
    """A position of Princes and its turn flow (this file); the rest of its methods come from
    one file per idea: board.py (pawns, control, resources, rewards, Parliament), offers.py
    (what is offered), moves.py (what a decision does), scoring.py (the end scoring).

    Those are mixins of this one class rather than parts the state holds: each of the state's
    fields is a key of saved games and network messages, so a board or scoring part holding
    its own fields would change both; the mixins hold no fields and need no wiring, and the
    rules call across them on every step by plain name (see the note at the end of board.py),
    where a part would add a lookup to every call."""

    game_id = "throne"
    #: Field shapes for the fast clone (see State.FLAT_FIELDS).
    FLAT_FIELDS = frozenset({"box", "stock", "supply", "reserve", "guards", "guards_in_supply", "neutral_supporters", "lords_left", "prince", "score", "dismissed", "cdeck", "ddeck", "stamp", "parl_queue", "kayu_sel"})
    NESTED_FIELDS = frozenset({"res", "supporters", "markers", "houses", "favors", "prospects", "hand", "deck", "discard", "shown", "rewards"})
    #: ``pending`` is an immutable PendingStep: clones share it.
    SHARED_FIELDS = frozenset({"pending"})
    #: The names saves and network messages have always used (see State.JSON_NAMES).
    JSON_NAMES = {"guards": "kg", "guards_in_supply": "kg_supply", "guards_spent": "kg_spent",
                  "supporters": "sup", "neutral_supporters": "nsup", "neutral_reserve": "nreserve",
                  "active": "turn", "turn": "turns", "pending": "sub"}
    VERSION = 1

    #: What a clone copies: the lists changed in place (copied one level down: the cards in
    #: hand, deck and discard, the resources) and the outer lists whose rows are replaced,
    #: never changed in place (see ``BoardMixin.add_supporters``).
    _COPIED_NESTED = ("res", "hand", "deck", "discard")
    _COPIED_OUTER = ("supporters", "markers", "houses", "favors", "prospects", "shown")
    #: What a clone shares: lists replaced whole on every change (``score``, ``supply``,
    #: ``guards``, the decks ...: see ``board.bumped``), a view's ``pools``, and the facts and
    #: memos that are never changed in place (``pending`` is in SHARED_FIELDS).
    _SHARED = ("box", "stock", "supply", "reserve", "guards", "guards_in_supply", "neutral_supporters",
               "lords_left", "prince", "score", "dismissed", "cdeck", "ddeck", "stamp", "rewards", "parl_queue",
               "kayu_sel", "pools", "_facts", "_houses_memo", "_cards")

    def clone(self) -> ThroneState:
        """``State.clone`` (same copy), written for this state: the search clones positions
        thousands of times a decision, and most fields are shared (``_SHARED``), so the copy
        of the attributes is made once and only the ``_COPIED_*`` lists are copied into it."""
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        fields.pop("_offered", None)  # offered to this state, not to its copy
        fields.pop("_listed", None)  # listed for this state, not for its copy
        fields["options"] = dict(self.options)
        fields["rng"] = self.rng.copy()
        fields["log"] = list(self.log)
        # _COPIED_NESTED and _COPIED_OUTER written out (a loop over the names cost a sixth of
        # the copy; tests/games/throne/test_clone_sharing.py checks the two agree).
        copy = list.copy
        fields["res"] = list(map(copy, self.res))
        fields["hand"] = list(map(copy, self.hand))
        fields["deck"] = list(map(copy, self.deck))
        fields["discard"] = list(map(copy, self.discard))
        fields["supporters"] = self.supporters[:]
        fields["markers"] = self.markers[:]
        fields["houses"] = self.houses[:]
        fields["favors"] = self.favors[:]
        fields["prospects"] = self.prospects[:]
        fields["shown"] = self.shown[:]
        self._share_facts()
        new.__dict__ = fields
        return new

    def copy_fields(self) -> dict:
        """Copies of the mutable fields, by name (what ``clone`` copies or shares, see
        ``_COPIED_NESTED``, ``_COPIED_OUTER`` and ``_SHARED``)."""
        copy = list.copy
        fields = {name: list(map(copy, getattr(self, name))) for name in self._COPIED_NESTED}
        fields.update({name: getattr(self, name)[:] for name in self._COPIED_OUTER})
        fields.update({name: getattr(self, name) for name in self._SHARED})
        self._share_facts()
        return fields

    def _share_facts(self) -> None:
        facts = self._facts
        if facts is not None and not facts.shared:
            facts.shared = True  # now two states use it (see BoardFacts.shared)

    # ================================================================== setup
    def setup(self) -> None:
        n = self.num_players
        stocks = STOCKS_BY_PLAYERS[n] if self.options.get("stocks", "scaled") == "scaled" else RESOURCE_TOTALS
        neutral = n == 2 and self.options.get("neutral", True)
        self.box = [RESOURCE_TOTALS[r] - stocks[r] for r in range(3)]
        self.stock = [stocks[r] - START_RESOURCES * n for r in range(3)]
        self.res = [[START_RESOURCES] * 3 for _ in range(n)]
        self.supply = [START_SUPPLY] * n
        self.reserve = [SUPPORTERS_PER_PLAYER - START_SUPPLY] * n
        self.guards = [START_KINGS_GUARDS] * NUM_GUILDS
        self.guards_in_supply = [0] * n
        self.guards_spent = 0
        self.supporters = [[0] * n for _ in range(NUM_GUILDS)]
        self.neutral_supporters = [0] * NUM_GUILDS
        self.neutral_reserve = NEUTRAL_SUPPORTERS if neutral else 0
        self.markers = [[] for _ in range(NUM_GUILDS)]
        self.lords_left = [DRAGON_LORDS_PER_PLAYER] * n
        self.houses = [[NEUTRAL] if neutral else [] for _ in range(NUM_CLANS)]
        self.prince = [-1] * n
        self.score = [0] * n
        self.high = 0
        self.parl_done = 0
        self.parliaments = 0
        self.favors = [favor_ids(g) for g in range(GUILD_TYPES)]
        self.dismissed = []
        self.cdeck = list(CITIZEN_IDS)
        self.ddeck = list(DRAGON_IDS)
        self.rng.shuffle(self.cdeck)
        self.rng.shuffle(self.ddeck)
        six = [self.cdeck.pop() for _ in range(3)] + [self.ddeck.pop() for _ in range(3)]
        self.rng.shuffle(six)
        self.prospects = [[c] for c in six]
        self.hand, self.deck, self.discard = [], [], []
        for seat in range(n):
            deck = starter_ids(seat)
            self.rng.shuffle(deck)
            self.hand.append([deck.pop() for _ in range(HAND_SIZE)])
            self.deck.append(deck)
            self.discard.append([])
        #: Per seat, cards publicly known to be in the hand (see hidden.py); stale entries
        #: (cards that left the hand since) mean nothing.
        self.shown = [[] for _ in range(n)]
        #: Only on a view: per seat the sorted hand + deck cards it does not show face up.
        self.pools = None
        self.first = self.rng.randint(0, n - 1)
        order = [(self.first + i) % n for i in range(n)]
        self.stamp = [order.index(s) for s in range(n)]
        self.stamp_next = n
        self.active = self.first
        self.turn = 0
        self.rewards = []
        self.parl_queue = []
        self.over = False
        self.stage = "turn"
        self.log.append(f"{{p{self.first}}} is the first player.")
        self._begin_turn()
        self._flow()

    def _begin_turn(self) -> None:
        self.main = None
        self.main_count = 0
        self.favor_used = False
        self.vuur_used = False
        self.maji_used = False
        #: The unfinished step of a multi-step action (see pending.py).
        self.pending = NOTHING
        self.kayu_sel = []
        self.stage = "turn"
        self.turn += 1
        self.phase = "kayu" if self.prince[self.active] == KAYU and self.hand[self.active] else "fill"  # has_bonus

    # ================================================================== protocol
    #: ``over``, through a getter written in C: every game loop asks this once a step.
    is_over = property(attrgetter("over"))

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.phase in REWARD_PHASES:
            return self.rewards[0][0]
        if self.phase == "parliament":
            return self.parl_queue[0]
        return self.active

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "main" and not self.over:  # the commonest first
            return _legal_main(self)
        if self.over:
            return []
        if ph in REWARD_PHASES:
            return self._legal_reward()
        if ph == "parliament":
            return [texts.prince(h) for h in range(NUM_CLANS) if h not in self.prince]
        return _legal_turn(self)

    def quick_legal(self, action: Action) -> bool:
        """The follow-up choices and ending the turn, vouched for by the same tests
        ``legal_actions()`` lists them with; everything else goes through the full list."""
        if self.over:
            return False
        kind, args, ph = action.kind, action.args, self.phase
        if kind == "end_turn":
            return ph == "main" and not args and self.main is not None
        if len(args) != 1 or type(args[0]) is not int:
            return False
        if kind == "maneuver_to" and ph == "maneuver_to":
            return args[0] != self.pending.from_guild and args[0] in self.open_guilds()
        if kind == "deploy_to" and ph == "deploy_to":
            return args[0] in self.deploy_targets(self.active, self.pending.card)
        if kind == "prince" and ph == "parliament":
            return 0 <= args[0] < 6 and args[0] not in self.prince
        return False

    def _apply(self, action: Action) -> None:
        """Carry out ``action`` (known legal).

        When the legal list of this very position was made from the board facts
        (``_listed``, forgotten by every ``_apply`` and every clone), the look the rules took
        at the board then still holds: the rules start from it (``_seen``, see board_facts)
        instead of comparing the pawns again."""
        listed = self._listed
        seen = listed[1:] if listed is not None else ()
        self._listed = None
        self._seen = seen
        try:
            kind = action.kind
            if kind == "end_turn":
                _end_turn(self)
            elif kind == "house" or kind == "bump" or kind == "bump_to":
                self._apply_reward(action)
            elif kind == "prince":
                seat = self.parl_queue[0]
                self.parl_queue = self.parl_queue[1:]
                prince = self.prince[:]
                prince[seat] = action.args[0]
                self.prince = prince
                self.log.append(f"{{p{seat}}} seats the Dragon Prince in the {CLANS[action.args[0]]} Clan House.")
            else:
                _apply_turn(self, action)
            _flow(self)
        finally:
            self._seen = None  # back to code that may change the pawns in place

    # ================================================================== flow
    def _flow(self) -> None:
        """Run the automatic steps until someone has a decision to make."""
        while not self.over:
            if self.rewards:
                if self.phase in REWARD_PHASES or self.begin_reward():
                    return
                continue
            phase, stage = self.phase, self.stage
            if phase == "main" and stage == "turn":  # the commonest: after a step of the turn
                check_control(self, (self.active,))
                if self.rewards:
                    continue
                return
            if phase in REWARD_PHASES or phase == "reward_done":
                self.phase = phase = "main" if stage == "turn" else "end"
            if stage == "turn":
                if phase == "fill" and (fill_target(self) is None or not (self.cdeck or self.ddeck)):
                    self.phase = phase = "main"
                if phase == "main":
                    check_control(self, (self.active,))
                    if self.rewards:
                        continue
                return
            if stage == "end":
                if parliament_spaces_due(self):
                    self.stage = "parliament"
                    self.start_parliament()
                    return
                _next_turn(self)
                continue
            if stage == "parliament":
                if self.parl_queue:
                    return
                _next_turn(self)
                continue
            raise AssertionError(self.stage)
        self.phase = "over"

    def _end_turn(self) -> None:
        p = self.active
        self.log.append(f"{{p{p}}} ends the turn.")
        if len(self.hand[p]) < HAND_SIZE:
            draw(self, p, HAND_SIZE - len(self.hand[p]))
        remove_markers(self)
        self.stage = "end"
        self.phase = "end"
        # Every seat, the active player first, then clockwise.
        check_control(self, [*range(p, self.num_players), *range(p)])

    def _next_turn(self) -> None:
        self.active = (self.active + 1) % self.num_players
        _begin_turn(self)

    # ================================================================== presentation
    # The wording is texts.py's.
    phase_label = texts.phase_label
    action_key = texts.action_key
    why_illegal = texts.why_illegal

    # ================================================================== hidden information
    def view(self, seat: int | None) -> ThroneState:
        """What ``seat`` sees: other hands and every deck face down, with what is public about
        them kept (see ``hidden.py``): each seat's hand + deck contents, the cards certain to
        be in a hand, the prospect decks' contents (sorted, their order is hidden)."""
        v = self.clone()
        hide(v, seat)
        # The generator's state would let a client replay every shuffle: blank it, keep the count.
        v.rng = Rng(0, self.rng.draws)
        # A bot's search copies the view thousands of times: what the board and the houses
        # imply is worked out once here, and every copy shares it (see facts.py, house_facts).
        v.board_facts()
        v.house_facts()
        return v

    def determinize(self, seat: int, rng: Rng) -> ThroneState:
        """A world ``seat`` cannot tell from the real one, with unknown chance re-seeded.

        Kept exactly: everything on the table, ``seat``'s hand, the contents of every seat's
        hand + deck, the cards publicly known to be in a hand (everything in it at its last
        reshuffle and the card of a pending deploy), the contents of the prospect decks.
        Drawn at random: which of a player's other cards are in hand and which in the deck,
        every deck's order, Ka'yu cards another seat set aside, and the future of the dice.
        On the real state this is the same as determinizing ``view(seat)``.
        """
        s = self.view(seat) if self.pools is None else self.clone()
        deal_unseen(s, rng)
        s.rng = Rng(rng.next64(), s.rng.draws)
        # The search copies and values a world thousands of times: what the piles just dealt
        # imply is worked out once here (as ``view`` does for the board and the houses), so
        # every copy starts from it instead of working it out anew (see CardFacts.next).
        s.card_facts()
        return s

    def to_json(self) -> dict:
        doc = super().to_json()
        doc["data"]["sub"] = to_saved(self.pending, self.phase)
        return doc

    @classmethod
    def from_json(cls, doc):
        state = super().from_json(doc)
        try:
            state.pending = from_saved(state.pending, state.phase)
        except (TypeError, ValueError, AttributeError) as exc:
            raise SaveFileError(f"The saved game state is damaged ({exc}).") from exc
        # Saves written before the public knowledge was recorded: nothing is known in a hand.
        if not hasattr(state, "shown"):
            state.shown = [[] for _ in range(state.num_players)]
        if not hasattr(state, "pools"):
            state.pools = None
        return state


# The methods the rules call on (nearly) every step, also by plain name (see the note at the
# end of board.py: a plain name costs less than ``self.method`` on the state).
_flow = ThroneState._flow
_end_turn = ThroneState._end_turn
_next_turn = ThroneState._next_turn
_begin_turn = ThroneState._begin_turn
