"""Dragon's Hoard: the state, turn flow and scoring.

The decisions themselves live in ``offers.py`` (which actions are legal) and ``moves.py`` (what they do),
what each seat may see and the worlds a bot samples in ``hidden.py``;
this module holds the skeleton they hang on. Every place the rulebook is silent or
contradicts itself is decided here and repeated in ``help.md``:

1. Seat 0 holds the start card (the dealer is the last seat, to seat 0's right); a round runs
   from seat 0 to the last seat.
2. The deck lies sheep side up like the field, so the back colour of its top card is public.
   The discard pile also lies sheep side up: nobody sees its faces (not even the player who
   discarded them - a simplification that keeps every seat's view a plain function of the state).
3. Field refill: the rule text says "immediately", the worked example refills after the
   draw phase. Option ``field_refill``: "immediate" (default, the rule text) or "after_draw".
4. When the deck runs out, the discard pile is shuffled into a new deck. If deck, discard and
   field are all empty, the remaining draws are lost.
5. Each draw is one decision (deck or one field slot), so a player may mix them freely.
6. The Wild Sheep is never "played": it is spent when paying, as a sheep of any colour.
7. The Wizard must be paired with one other action card (not a Battle, not a Wild Sheep);
   the pair is the turn's one action card and cannot be answered.
8. A Battle is only ever played as a reaction. Against a Knight or Thief the target may play
   it; against a Shepherd any opponent may, asked in turn order from the actor's left; against
   an Angry Mob each affected opponent (two or more cards) is asked in turn order. Option
   ``mob_battle``: "self" (default - a Battle spares only the player who plays it: the
   rulebook's Battle is played "to defend yourself against any negative action played against
   you", and the Mob is played against every opponent at once) or "whole" (one Battle defeats
   the whole Mob, reading "if your action is defeated by a battle card" as the whole action).
   Either way the actor plays no second action card that turn.
9. Reactions are asked of every eligible seat, even one without a Battle, so the pause does not
   reveal who holds one. Option ``reaction_prompt`` = "holders" asks only seats holding a Battle
   (faster hot-seat play, but it shows who has one).
10. Thief: the target must hold at least one card; the thief names a back colour and takes a
    random card of that colour from the target (the faces are hidden); with one card the thief
    takes just that one.
11. Knight: the target's next turn is skipped. A player whose most recent turn was skipped, or who
    already has a skip pending, cannot be targeted ("never skipped consecutively").
12. Angry Mob: each opponent discards half their hand rounded down, choosing the cards, one at a
    time, in turn order from the actor's left.
13. Treasures go into the lair of their own colour automatically (up to four); off-colour treasures
    would earn nothing in a lair, so they are never placed there. Treasures may be laid without a lair.
14. Lair limits: 3 with three players, 2 with four, no limit but the five colours with two.
15. End: 10 treasures with two players, 8 with four. Three players: option ``three_player_goal``,
    10 (default, this rulebook) or 9 (the 2017 Renegade edition). The round is finished, so the
    last seat is always the last to play.
16. A stalled game (a whole round in which nobody draws or plays a card) ends at once.
17. Ties are broken by the most treasures laid; if still tied, the tied players share the win.
18. A turn whose player has nothing left to do but end it ends by itself.
"""

from __future__ import annotations

from typing import Any

from ...engine import State
from ...engine.state import deep_copy
from . import data
from .data import CARDS, COLOURS, FIELD_SIZE, LAIR_BONUS, LAIR_CAPACITY
from .hidden import Hidden
from .moves import Moves
from .offers import Offers


#: Per card id, its points (``CARDS[card].vp``).
_VP = tuple(c.vp for c in CARDS)
#: ``_VP[card]`` and ``COLOUR_OF[card]`` as functions, for ``map``.
_VP_OF = _VP.__getitem__
_COLOUR_OF = data.COLOUR_OF.__getitem__
#: Lairs a player may open, by player count (rule 14); two players: one per colour.
_LAIR_LIMITS = {3: 3, 4: 2}


class HoardState(Offers, Moves, Hidden, State):
    game_id = "hoard"
    #: Field shapes for the fast clone (see State.FLAT_FIELDS).
    FLAT_FIELDS = frozenset({"field", "deck", "discard", "skip_next", "skipped_last"})
    NESTED_FIELDS = frozenset({"hands", "treasures", "lairs"})
    #: The names saves and network messages have always used (see State.JSON_NAMES): the
    #: seat whose turn it is was ``turn``, "did something this turn" was ``active``.
    JSON_NAMES = {"active": "turn", "acted": "active"}
    VERSION = 1

    def copy_fields(self) -> dict[str, Any]:
        """Copies of the mutable fields for ``clone``, written out by their known shapes: the
        search clones positions thousands of times a decision. The payment and the pending
        action are small dicts, copied only while they exist."""
        pay, pending = self.pay, self.pending
        if pay is not None:
            pay = dict(pay)
            pay["paid"] = pay["paid"][:]
        return {
            "hands": list(map(list.copy, self.hands)), "field": self.field[:], "deck": self.deck[:],
            "discard": self.discard[:], "treasures": list(map(list.copy, self.treasures)),
            "lairs": list(map(list.copy, self.lairs)), "pay": pay,
            "pending": None if pending is None else deep_copy(pending),
            "skip_next": self.skip_next[:], "skipped_last": self.skipped_last[:],
        }

    # ------------------------------------------------------------------------- setup
    def setup(self) -> None:
        n = self.num_players
        deck = list(range(data.NUM_CARDS))
        self.rng.shuffle(deck)
        #: Top of the deck is the END of the list.
        self.hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(4):
            for seat in range(n):
                self.hands[seat].append(deck.pop())
        self.field: list[int | None] = [deck.pop() for _ in range(FIELD_SIZE)]
        self.deck: list[int] = deck
        self.discard: list[int] = []
        self.treasures: list[list[int]] = [[] for _ in range(n)]
        self.lairs: list[list[int]] = [[] for _ in range(n)]
        self.active = 0
        self.round = 1
        self.phase = "draw"
        self.draws_left = 0
        self.used_action = False
        self.used_treasure = False
        #: The treasure being paid for: {"card", "own", "any", "paid"}.
        self.pay: dict[str, Any] | None = None
        #: An action card being resolved: {"kind", "actor", "target", "cards", "wizard",
        #: "ask", "shielded", "steals_left", "discarders"}.
        self.pending: dict[str, Any] | None = None
        self.skip_next = [False] * n
        self.skipped_last = [False] * n
        self.last_round = False
        self.over = False
        self.idle_turns = 0
        #: Whether the active seat did anything this turn (a full round of idle turns ends the game).
        self.acted = False
        self.log.append(f"{{p{n - 1}}} deals four cards each and four to the field; {{p0}} takes the start card.")
        self._start_turn()

    # ----------------------------------------------------------------- protocol basics
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.phase == "react":
            return self.pending["ask"][0]
        if self.phase == "mob":
            return self.pending["discarders"][0][0]
        return self.active

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def goal(self) -> int:
        if self.num_players == 4:
            return 8
        if self.num_players == 3:
            return int(self.options.get("three_player_goal", 10))
        return 10

    @property
    def lair_limit(self) -> int:
        return _LAIR_LIMITS.get(self.num_players, len(COLOURS))

    # ------------------------------------------------------------------------- scoring
    def treasure_points(self, seat: int) -> int:
        return sum(map(_VP_OF, self.treasures[seat]))

    def lair_contents(self, seat: int) -> dict[str, int]:
        """How many treasures each of the seat's lairs holds (by colour name)."""
        out: dict[str, int] = {}
        for lair in self.lairs[seat]:
            colour = CARDS[lair].colour
            held = sum(1 for c in self.treasures[seat] if CARDS[c].colour == colour)
            out[COLOURS[colour]] = min(held, LAIR_CAPACITY)
        return out

    def lair_holdings(self, seat: int) -> list[dict[str, Any]]:
        """For the board: each lair with the (up to four) treasures it holds, in laying order."""
        out = []
        for lair in self.lairs[seat]:
            colour = CARDS[lair].colour
            held = [c for c in self.treasures[seat] if CARDS[c].colour == colour][:LAIR_CAPACITY]
            out.append({"lair": lair, "colour": COLOURS[colour], "treasures": held})
        return out

    def loose_treasures(self, seat: int) -> list[int]:
        """Treasures laid but in no lair (no lair of their colour, or it is full)."""
        stored = {c for h in self.lair_holdings(seat) for c in h["treasures"]}
        return [c for c in self.treasures[seat] if c not in stored]

    def actions_left(self) -> list[str]:
        """What the turn player may still do this turn, for the board ("action card", "treasure")."""
        if self.over or self.phase in ("draw",):
            return [] if self.over else ["action card", "treasure"]
        left = []
        if not self.used_action:
            left.append("action card")
        if not self.used_treasure:
            left.append("treasure")
        return left

    def lair_points(self, seat: int) -> int:
        """``lair_contents``' bonuses added up, without building its dict (the search asks
        for the scores at every leaf)."""
        lairs = self.lairs[seat]
        if not lairs:
            return 0
        # (``map`` over C lookups and a plain loop: each comprehension is a call of its own)
        held = list(map(_COLOUR_OF, self.treasures[seat]))
        points = 0
        for colour in set(map(_COLOUR_OF, lairs)):
            points += LAIR_BONUS[min(held.count(colour), LAIR_CAPACITY)]
        return points

    def scores(self) -> list[float]:
        # ``treasure_points`` + ``lair_points`` of every seat, the first written out and the
        # second asked only of seats with a lair (the search scores every leaf it reaches).
        lairs = self.lairs
        out = []
        vp = _VP
        for s, held in enumerate(self.treasures):
            points = 0
            for card in held:  # (cheaper than a call to ``sum`` for the few laid treasures)
                points += vp[card]
            if lairs[s]:
                points += self.lair_points(s)
            out.append(float(points))
        return out

    def score_breakdown(self) -> list[dict[str, float]]:
        return [
            {"Treasures": float(self.treasure_points(s)), "Lair bonus": float(self.lair_points(s))}
            for s in range(self.num_players)
        ]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        most = max(len(self.treasures[s]) for s in tied)
        return [s for s in tied if len(self.treasures[s]) == most]

    # ------------------------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        seat = self.active
        self.skipped_last[seat] = False
        self.used_action = self.used_treasure = False
        self.acted = False
        self._refill_field()
        if self.num_players == 2:
            self.draws_left = 2 + (1 if len(self.hands[seat]) < 4 else 0)
        else:
            self.draws_left = 3
        self.phase = "draw"
        self._settle()

    def _settle(self) -> None:
        """Move past steps with nothing to decide (no draw possible, nothing left to play)."""
        while not self.over:
            phase = self.phase
            if phase == "draw":
                if self.draws_left > 0 and self._can_draw():
                    break
                self.draws_left = 0
                if self.options.get("field_refill") == "after_draw":
                    self._refill_field()
                self.phase = "act"
                continue
            if phase == "act" and not self._has_act_choice():
                # Said as a bot's "ends the turn" is: a person's turn must not vanish unseen.
                self.log.append(f"{{p{self.active}}} has nothing left to play: the turn passes.")
                self._end_turn()
                continue
            break

    def _end_turn(self) -> None:
        if len(self.hands[self.active]) > data.HAND_LIMIT:
            self.phase = "limit"
            return
        self._next_turn()

    def _next_turn(self) -> None:
        n = self.num_players
        self.idle_turns = 0 if self.acted else self.idle_turns + 1
        if self.idle_turns >= n:
            self.log.append("A whole round passed with no card drawn or played: the game ends.")
            self._finish()
            return
        while True:
            if self.active == n - 1 and self.last_round:
                self._finish()
                return
            self.active = (self.active + 1) % n
            if self.active == 0:
                self.round += 1
            if self.skip_next[self.active]:
                self.skip_next[self.active] = False
                self.skipped_last[self.active] = True
                self.log.append(f"{{p{self.active}}}'s turn is skipped (Knight).")
                continue
            break
        self._start_turn()

    def _finish(self) -> None:
        self.over = True
        self.phase = "over"
        self.pending = None
        scores = self.scores()
        parts = ", ".join(f"{{p{s}}} {int(scores[s])}" for s in range(self.num_players))
        self.log.append(f"Game over: {parts}.")

    # ------------------------------------------------------------------------- cards
    def _can_draw(self) -> bool:
        return bool(self.deck or self.discard or self.field.count(None) < len(self.field))

    def _pop_deck(self) -> int | None:
        """The deck's top card, reshuffling the discard pile in when the deck is empty."""
        if not self.deck:
            if not self.discard:
                return None
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.log.append("The discard pile is shuffled into a new deck.")
        card = self.deck.pop()
        # The drawer learns a face and the next back shows on the deck: undo stops here.
        self.reveal()
        return card

    def _refill_field(self) -> None:
        field = self.field
        if None not in field:  # (the common case at the start of a turn)
            return
        for i in range(FIELD_SIZE):
            if field[i] is None:
                card = self._pop_deck()
                if card is None:
                    return
                field[i] = card

    # ------------------------------------------------------------------------- labels
    def phase_label(self) -> str:
        if self.over:
            return "Game over"
        p = f"{{p{self.current_player}}}"
        if self.phase == "draw":
            return f"{p}: draw {self.draws_left} more card{'s' if self.draws_left != 1 else ''} (deck or field)"
        if self.phase == "act":
            left = []
            if not self.used_action:
                left.append("an action card")
            if not self.used_treasure:
                left.append("a treasure or lair")
            return f"{p}: play {' and/or '.join(left) or 'nothing more'}, or end the turn"
        if self.phase == "pay":
            return f"{p}: pay for the {data.describe(self.pay['card'])} — {self.owed_text()} still owed"
        if self.phase == "react":
            pend = self.pending
            name = data.ACTION_NAMES[pend["kind"]]
            return f"{p}: answer {{p{pend['actor']}}}'s {name} with a Battle?"
        if self.phase == "steal":
            left = self.pending["steals_left"]
            return f"{p}: steal from {{p{self.pending['target']}}} — pick a sheep colour ({left} left)"
        if self.phase == "mob":
            left = self.pending["discarders"][0][1]
            return f"{p}: discard for the Angry Mob ({left} more)"
        if self.phase == "limit":
            left = len(self.hands[self.active]) - data.HAND_LIMIT
            return f"{p}: discard down to ten ({left} more)"
        return f"{p} to play"

    def owed_text(self) -> str:
        if not self.pay:
            return "nothing"
        colour = COLOURS[CARDS[self.pay["card"]].colour]
        parts = []
        if self.pay["own"]:
            parts.append(f"{self.pay['own']} {colour}")
        if self.pay["any"]:
            parts.append(f"{self.pay['any']} of any colour")
        return " and ".join(parts) or "nothing"

    def all_cards(self) -> list[int]:
        """Every card (or placeholder) in the state, wherever it lies."""
        cards = [c for h in self.hands for c in h] + list(self.deck) + [c for c in self.field if c is not None]
        cards += list(self.discard) + [c for t in self.treasures for c in t] + [c for x in self.lairs for c in x]
        if self.pay:
            cards += [self.pay["card"], *self.pay["paid"]]
        if self.pending:
            cards += self.pending["cards"]
        return cards
