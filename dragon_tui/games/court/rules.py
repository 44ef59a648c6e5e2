"""The rules of The Court of Xiang Chi (solitaire), as a State.

The English half of ``shared/seeds/court_of_xiang_chi.txt`` is the authority. Where it is
silent we decided as follows (each is repeated in ``help.md``):

1. **Row geometry.** Slot 1 is the leftmost, slot 4 the rightmost. New cards always enter on
   the left: a gap anywhere is closed by sliding the cards left of it one step right, then a
   card is drawn into slot 1. Several gaps close the same way, one draw at a time.
2. **Price by position (the "auction").** Dutch auction: a card costs its printed cost +3 in
   slot 1, +2 in slot 2, +1 in slot 3 and exactly its printed cost in slot 4, so waiting makes
   a card cheaper but risks it being discarded (phase 1B) or carried off (phase 3). Option
   ``auction="printed"`` charges the printed cost everywhere.
3. **Setup.** Princes met while dealing the opening row are set aside and replaced until four
   court cards lie face up. You take three, one at a time, each into a free space of your
   choice (no powers fire). Then the set-aside Princes are shuffled back into the draw pile
   (the whole pile is reshuffled), the last card slides right and three cards are drawn; a
   Prince drawn now stays in the row — the game has begun.
4. **Full court.** With all eight spaces full you may still buy: the new card replaces a card
   of your choice, which goes to the discard pile (its listed VP is lost, VP its power already
   gave stays). Option ``full_court="closed"`` forbids buying once the court is full.
5. **Powers** fire when a bought card is placed, after any card it replaces has left, and
   before the row's gap is refilled. Starting cards never fire.
6. **Courtesan's rescue** is not a choice: she always takes the highest-VP card of her clan from
   the Daemon court (the earliest carried off among equals) — any other pick only scores less.
7. **Phase 2.** You fight at most one Prince. You pay exactly the shortfall (Prince strength
   minus Generals' total, never below 0): paying more would change nothing. Generals are not
   used up. When no Prince in the row can be beaten — none there, or too strong even with all
   your copper — phase 2 passes by itself (logged).
8. **Phase 3** happens once per turn (the rulebook says "if"), even with several Princes in the
   row; option ``raids="per_prince"`` takes one card for each Prince in the row (harder). If
   the row holds no court card, nothing is carried off.
   **A Prince drawn by the refill right after a fight** raids in that same turn: phase 3 reads
   "If Daemon Princes remain in Society Row" — it looks at the row as phase 2 left it, and the
   new Prince is in it. Option ``fresh_prince="waits"`` reads "remain" as "were already there
   in phase 2": a Prince drawn by that refill (never one you could have fought) does not count
   for this turn's raid.
9. **Scoring.** "VP gained during the game" counts the listed VP of every card in your Royal
   Court at the end, VP from Poets' entry powers, and the VP of each defeated Prince; then
   +1 VP per 3 CP left (rounded down) and minus the listed VP of each Daemon court card.
10. **Draw pile running out.** Cards never return to the pile after setup and the pile holds
   every undrawn Prince, so it can only run dry on the turn the ninth Prince is drawn — the
   last turn. A gap that cannot be refilled then stays empty.
11. **"All nine Princes drawn"** counts Princes drawn after setup (the set-aside ones went back),
   wherever they are now: row or defeated pile.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action, Rng, State
from .board import (
    COURT_SPACES,
    IS_PRINCE,
    ROW_SLOTS,
    STRENGTH,
    asking_table,
    court_facts,
    general_strength,
    price,
    princes_in_row,
    rightmost_court_card,
)
from .data import (
    BUY,
    CARDS,
    FIGHT,
    OVER,
    PLACE,
    PRINCE_IDS,
    SETUP_PLACE,
    SETUP_TAKE,
    START_CP,
    card_name as _name,
)
from .moves import Moves
from .offers import NO_FIGHT, buy_table, fight_action, pass_action, place_action, place_table, take_table
from .texts import PRINCE_ENTERS, RAIDS, CourtTexts, none_beatable



_PRINCES = frozenset(PRINCE_IDS)
#: A Prince's strength by row slot content; anything else (a court card, an empty slot) is
#: never beaten, so its "strength" is out of every reach.
_PRINCE_STRENGTH_IN_SLOT: dict = {c: STRENGTH[c] if IS_PRINCE[c] else float("inf") for c in range(len(CARDS))} | {
    None: float("inf")
}
_RIGHT_TO_LEFT = tuple(range(ROW_SLOTS - 1, -1, -1))


#: A card's listed VP by id, the same way.
_vp = tuple(card.vp for card in CARDS).__getitem__


class CourtState(Moves, CourtTexts, State):
    game_id = "court"
    #: Field shapes for the fast clone (see State.FLAT_FIELDS).
    FLAT_FIELDS = frozenset({"pile", "row", "court", "discard", "daemon_court", "defeated", "set_aside"})
    _FLAT_ORDER = tuple(sorted(FLAT_FIELDS))
    VERSION = 1

    def copy_fields(self) -> dict:
        """Hand-written copies for ``clone`` (the search clones at every iteration): every
        mutable field is a flat list of card ids (or None for a free space or slot), so the
        declared ``FLAT_FIELDS`` are all there is to copy — without the base class's walk over
        every attribute. The court facts (``_court_facts``) are shared: they are replaced
        whole, never changed in place."""
        fields = {name: getattr(self, name)[:] for name in self._FLAT_ORDER}
        fields["_facts"] = self._facts
        return fields

    # ------------------------------------------------------------------------------- setup
    def setup(self) -> None:
        self.pile: list[int] = list(range(len(CARDS)))
        self.rng.shuffle(self.pile)
        #: Society Row, index 0 = slot 1 (left, newest) .. index 3 = slot 4 (right, cheapest).
        self.row: list[Any] = [None] * ROW_SLOTS
        #: Royal Court: spaces A-D (top row) then E-H (bottom row); None = free.
        self.court: list[Any] = [None] * COURT_SPACES
        self.discard: list[int] = []
        self.daemon_court: list[int] = []
        self.defeated: list[int] = []
        self.set_aside: list[int] = []
        #: The card taken or bought, waiting for its space.
        self.pending: int | None = None
        self.cp = START_CP
        #: VP banked by entry powers (Poets).
        self.verse_vp = 0
        self.turn = 0
        self.taken = 0
        self.phase = SETUP_TAKE
        self.log.append(f"{{p0}} deals the Society Row and starts with {START_CP} CP.")
        self._refill(setting_aside=True)

    # ----------------------------------------------------------------------- protocol basics
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else 0

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self) -> list[Action]:
        """The phase's choices, labelled by the cached builders of ``texts``."""
        phase = self.phase
        row = self.row
        if phase == BUY:
            offers = buy_table(self.options.get("auction", "dutch"))  # buy_action by [card][slot]
            actions = []
            for i in self._buyable_slots():
                actions.append(offers[row[i]][i])
            actions.append(self._pass_action())
            return actions
        if phase == PLACE or phase == SETUP_PLACE:
            card, court = self.pending, self.court
            if None in court:  # free spaces only: place_action(card, s, None) by [card][space]
                offers = place_table()[card]
                return [offers[s] for s in self._place_spaces()]
            return [place_action(card, s, court[s]) for s in self._place_spaces()]
        if phase == FIGHT:
            strength = self.general_total()
            actions = [fight_action(i, row[i], strength) for i in self._beatable_slots()]
            actions.append(NO_FIGHT)
            return actions
        if phase == SETUP_TAKE:
            offers = take_table()  # take_action by [card][slot]
            return [offers[c][i] for i, c in enumerate(row) if c is not None]
        return []

    def quick_legal(self, action: Action) -> bool:
        """Each kind checked directly, by the same tests ``legal_actions()`` lists with (and
        never looser: one int argument, exactly typed, or none)."""
        kind, args, phase = action.kind, action.args, self.phase
        if kind in ("pass", "no_fight"):
            return not args and phase == (BUY if kind == "pass" else FIGHT)
        if len(args) != 1 or type(args[0]) is not int:
            return False
        i = args[0]
        if kind == "buy":
            return phase == BUY and i in self._buyable_slots()
        if kind == "place":
            return phase in (SETUP_PLACE, PLACE) and i in self._place_spaces()
        if kind == "fight":
            return phase == FIGHT and i in self._beatable_slots()
        if kind == "take":
            return phase == SETUP_TAKE and 0 <= i < len(self.row) and self.row[i] is not None
        return False

    def _apply(self, action: Action) -> None:
        kind = action.kind  # in order of how often random games take them
        if kind == "pass":
            self._pass()
        elif kind == "place":
            self._place(action.args[0])
        elif kind == "buy":
            self._buy(action.args[0])
        elif kind == "fight":
            self._fight(action.args[0])
        elif kind == "take":
            self._take(action.args[0])
        elif kind == "no_fight":
            self.log.append("{p0} does not fight this turn.")
            self._phase3()

    # ------------------------------------------------------------------------------ prices
    def price(self, slot: int) -> int:
        return price(self.row[slot], slot, self.options.get("auction", "dutch"))

    def row_prices(self) -> list:
        """What each row slot would cost now (None: empty or a Prince), for the price labels."""
        return [
            None if c is None or CARDS[c].is_prince else self.price(i) for i, c in enumerate(self.row)
        ]

    def general_parts(self) -> tuple[int, int]:
        """(Generals' printed strength, clan bonus) for the display."""
        return general_strength(self.court)

    def court_full(self) -> bool:
        return None not in self.court

    def general_total(self) -> int:
        return self._court_facts()[1]

    #: (a copy of the court, its Generals' total, its tax income): see ``_court_facts``. Not
    #: saved (a leading underscore); a loaded or hand-made state starts from this "unknown".
    _facts: tuple = (None, 0, 0)

    def _court_facts(self) -> tuple:
        """(a copy of the Royal Court, the Generals' total, the tax income), as the court is now.

        The rules ask the two numbers at nearly every step while the court changes only when
        a card is placed, so they are kept with the court they were worked out for and worked
        out again (by ``board``, where their rules live) as soon as the court differs from it,
        however it changed: a placement, a loaded save or a position a test sets by hand.
        Comparing the two lists costs less than the board's caches, which hash the court."""
        facts = self._facts
        court = self.court
        if facts[0] != court:
            facts = self._facts = (court[:], *court_facts(court))
        return facts

    # ----------------------------------------------------------------------------- phase 1
    def _buyable_slots(self) -> list[int]:
        """The row slots whose card can be bought now. The rule of buying: a court card whose
        price in its slot is within your copper (an empty slot or a Prince has no price, see
        ``asking_table``), and nothing once the court is full under the 'closed court' option.
        The legal list and the check of a single buy ask this; ``_buy_blocker`` says which part
        of the rule stops a slot that is not here."""
        options = self.options
        if options.get("full_court", "replace") == "closed" and None not in self.court:  # (court_full)
            return []
        asking, cp = asking_table(options.get("auction", "dutch")), self.cp
        slots = []
        for i, c in enumerate(self.row):  # (a loop: a list comprehension costs a call here)
            if asking[c][i] <= cp:
                slots.append(i)
        return slots

    def _buy_blocker(self, slot: int) -> str | None:
        """What stops the card in ``slot`` from being bought now, as a short key (None: it can
        be bought, ``_buyable_slots`` has it); ``_buy_problem`` words it for the player."""
        if not 0 <= slot < ROW_SLOTS:
            return "no_slot"
        if slot in self._buyable_slots():
            return None
        card = self.row[slot]
        if card is None:
            return "empty"
        if IS_PRINCE[card]:
            return "prince"
        if self.options.get("full_court", "replace") == "closed" and self.court_full():
            return "closed"
        return "price"

    def _buy_problem(self, slot: int) -> str | None:
        """Why the card in ``slot`` cannot be bought now (None: it can)."""
        blocker = self._buy_blocker(slot)
        if blocker is None:
            return None
        if blocker == "no_slot":
            return f"There is no slot {slot + 1}: the Society Row has slots 1-4."
        if blocker == "empty":
            return f"Slot {slot + 1} of the Society Row is empty."
        card = self.row[slot]
        if blocker == "prince":
            return f"The {_name(card)} is a Daemon Prince: it cannot be bought, only defeated in phase 2."
        if blocker == "closed":
            return "Your Royal Court is full, and under the 'closed court' rule you cannot buy any more."
        return f"The {_name(card)} costs {self.price(slot)} CP in slot {slot + 1}; you have {self.cp} CP."

    def _pass_action(self) -> Action:
        i = rightmost_court_card(self.row)
        return pass_action(None if i is None else self.row[i], self._court_facts()[2])

    def _place_spaces(self) -> list[int]:
        court = self.court
        if None not in court:
            return list(range(COURT_SPACES))
        free = []
        for s, card in enumerate(court):  # (a loop: a list comprehension costs a call here)
            if card is None:
                free.append(s)
        return free

    # ----------------------------------------------------------------------------- phase 2
    def _beatable_slots(self) -> list[int]:
        """The row slots of the Princes you can beat now: a Prince's strength minus the
        Generals' is what you pay, so you can beat those no stronger than the Generals' total
        plus your copper. Callers ask only with a Prince in the row (phase 2 after counting
        them, the fight phase), so the Generals are counted at once."""
        reach = self._court_facts()[1] + self.cp
        beatable = []
        for i, c in enumerate(self.row):  # (a loop: a list comprehension costs a call here)
            if _PRINCE_STRENGTH_IN_SLOT[c] <= reach:
                beatable.append(i)
        return beatable

    def _phase2(self) -> None:
        in_row = princes_in_row(self.row)
        if in_row:
            if self._beatable_slots():
                self.phase = FIGHT
                return
            self.log.append(none_beatable(self.general_total(), self.cp))
        self._phase3(in_row=in_row)

    # ----------------------------------------------------------------------------- phase 3
    def _phase3(self, resting: int = 0, in_row: int | None = None) -> None:
        """The Princes raid; ``resting`` of those in the row do not count (just drawn, see 8.).
        ``in_row``: how many Princes the row holds, when the caller has just counted them."""
        if in_row is None:
            in_row = princes_in_row(self.row)
        raids = in_row - resting
        if raids <= 0:
            self._check_end(in_row)  # the row as it was
            return
        if self.options.get("raids", "one") == "one":
            raids = 1
        for _ in range(raids):
            i = rightmost_court_card(self.row)
            if i is None:
                break
            card = self.row[i]
            self.row[i] = None
            self.daemon_court.append(card)
            self.log.append(RAIDS[card])
            self._refill()
        self._check_end()

    def _check_end(self, in_row: int | None = None) -> None:
        """``in_row``: how many Princes the row holds, when the caller has just counted them."""
        if in_row is None:
            in_row = princes_in_row(self.row)
        if in_row >= 4:
            self.log.append("Four Daemon Princes stand in the Society Row: the game ends.")
        elif _PRINCES.isdisjoint(self.pile):
            self.log.append("All nine Daemon Princes have been drawn: the game ends.")
        else:
            self.turn += 1
            self.phase = BUY
            return
        self.phase = OVER
        self.log.append(f"{{p0}} scores {self.scores()[0]:g} VP.")

    # ----------------------------------------------------------------------------- the row
    def _refill(self, setting_aside: bool = False) -> None:
        """Close every gap by sliding right, then draw into slot 1 until the row is full."""
        row = self.row
        gaps = row.count(None)
        if not gaps:
            return  # nothing to close or draw
        if gaps == 1:  # the common case, without building a new row
            del row[row.index(None)]
            pile = self.pile
            if pile and not setting_aside:  # ... and the loop below, written out for one draw
                card = pile.pop()
                self.reveals += 1
                row.insert(0, card)
                if IS_PRINCE[card]:
                    self.log.append(PRINCE_ENTERS[card])
                return
            row.insert(0, None)
        else:
            row[:] = [None] * gaps + [c for c in row if c is not None]  # the cards keep their order
        pile = self.pile
        for slot in _RIGHT_TO_LEFT[ROW_SLOTS - gaps:]:  # slot gaps-1 down to 0
            while pile:
                card = pile.pop()
                self.reveals += 1  # (self.reveal(), written out: every draw comes here)
                if setting_aside and IS_PRINCE[card]:
                    self.set_aside.append(card)
                    self.log.append(f"The {_name(card)} is drawn during setup and set aside.")
                    continue
                row[slot] = card
                if IS_PRINCE[card]:
                    self.log.append(PRINCE_ENTERS[card])
                break
            if row[slot] is None:
                self.log.append("The draw pile is empty; the gap stays open.")
                break
        # Drawn from slot 1's right neighbour leftwards, so any gap left open (an empty pile)
        # is already on the left: the row stays closed up without another pass.

    # ----------------------------------------------------------------------------- scoring
    def score_parts(self) -> dict[str, int]:
        vp = _vp  # the bots score at every search iteration: sums over a table, not the cards
        return {
            "Royal Court cards": sum(map(vp, [c for c in self.court if c is not None])),
            "Poets' verses": self.verse_vp,
            "Daemon Princes defeated": sum(map(vp, self.defeated)),
            "CP left (1 VP per 3 CP)": self.cp // 3,
            "Daemon court": -sum(map(vp, self.daemon_court)),
        }

    def scores(self) -> list[float]:
        return [float(sum(self.score_parts().values()))]

    def score_breakdown(self) -> list[dict[str, float]]:
        parts: dict[str, float] = {k: float(v) for k, v in self.score_parts().items()}
        parts["Total"] = self.scores()[0]
        return [parts]

    # ------------------------------------------------------------------ hidden pile order
    def view(self, seat: int | None) -> State:
        """The pile's contents are public (everything not elsewhere) but not its order,
        and the RNG is blanked like every view's, so the next reshuffle cannot be foreseen."""
        state = super().view(seat)
        state.pile = sorted(state.pile)
        return state

    def determinize(self, seat: int, rng: Rng) -> State:
        """The pile is the only unknown: reshuffle it (the rng seed is replaced too)."""
        state = self.clone()
        state.rng = Rng(rng.next64(), state.rng.draws)
        rng.shuffle(state.pile)
        return state

    # ------------------------------------------------------------------------ bookkeeping
    def all_cards(self) -> list[int]:
        """Every card wherever it is (the 54-card conservation check)."""
        cards = [c for c in self.row if c is not None] + [c for c in self.court if c is not None]
        cards += self.pile + self.discard + self.daemon_court + self.defeated + self.set_aside
        if self.pending is not None:
            cards.append(self.pending)
        return cards
