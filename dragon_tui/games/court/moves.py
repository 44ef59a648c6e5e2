"""What the Court's decisions do: taking and buying a card, placing it (and its entry power),
passing, fighting a Daemon Prince.

A mixin for ``CourtState`` (``rules.py``), which holds the turn flow these hand over to (the
refill, phases 2 and 3, the end) and calls them with an action already checked.
"""

from __future__ import annotations

from ...engine.wording import count_of
from .board import NEIGHBOURS, SAME_ROW, SPACE_LETTERS, princes_in_row, rightmost_court_card
from .data import (
    BUY, CARDS, COURTESAN, COURTESAN_FALLBACK_CP, MINISTER, MINISTER_BASE_CP, PLACE, POET, SETUP_PLACE, SETUP_TAKE,
    STARTING_CARDS, card_name as _name,
)
from .texts import PASS_DISCARDS, PLACES, TAKES, buys, collects


class Moves:
    def _take(self, slot: int) -> None:
        self.pending = self.row[slot]
        self.row[slot] = None
        self.phase = SETUP_PLACE
        self.log.append(TAKES[self.pending])

    def _buy(self, slot: int) -> None:
        cost = self.price(slot)
        self.pending = self.row[slot]
        self.row[slot] = None
        self.cp -= cost
        self.phase = PLACE
        self.log.append(buys(self.pending, slot, cost))

    def _place(self, space: int) -> None:
        card = self.pending
        self.pending = None
        old = self.court[space]
        if old is not None:
            self.discard.append(old)
            self.log.append(f"{{p0}} dismisses the {_name(old)} from space {SPACE_LETTERS[space]}.")
        self.court[space] = card
        self.log.append(PLACES[card][space])
        if self.phase == SETUP_PLACE:
            self.taken += 1
            if self.taken < STARTING_CARDS:
                self.phase = SETUP_TAKE
                return
            self._finish_setup()
            return
        self._entry_power(space)
        self._refill()
        self._phase2()

    def _finish_setup(self) -> None:
        if self.set_aside:
            self.pile.extend(self.set_aside)
            self.log.append(f"{count_of(len(self.set_aside), 'Daemon Prince')} set aside {'is' if len(self.set_aside) == 1 else 'are'} shuffled back into the draw pile.")
            self.set_aside = []
            self.rng.shuffle(self.pile)
        self._refill()
        self.turn = 1
        self.phase = BUY

    def _entry_power(self, space: int) -> None:
        card = CARDS[self.court[space]]
        if card.role == MINISTER:
            kin = self._kin(SAME_ROW[space], card.clan)
            gain = MINISTER_BASE_CP + kin
            self.cp += gain
            self.log.append(f"The {card.name} brings {gain} CP.")
        elif card.role == POET:
            kin = self._kin(NEIGHBOURS[space], card.clan)
            if kin:
                self.verse_vp += kin
                self.log.append(f"The {card.name} writes verses for {count_of(kin, 'neighbour')} of her clan: +{kin} VP.")
        elif card.role == COURTESAN:
            kin = [c for c in self.daemon_court if CARDS[c].clan == card.clan]
            if kin:
                best = max(kin, key=lambda c: (CARDS[c].vp, -self.daemon_court.index(c)))
                self.daemon_court.remove(best)
                self.discard.append(best)
                self.log.append(f"The {card.name} lures the {_name(best)} back from the Daemon court.")
            else:
                self.cp += COURTESAN_FALLBACK_CP
                self.log.append(f"The {card.name} finds no one to rescue and brings {COURTESAN_FALLBACK_CP} CP.")

    def _kin(self, spaces: tuple[int, ...], clan: str) -> int:
        """How many cards of ``clan`` the Royal Court holds in ``spaces``."""
        court, kin = self.court, 0
        for s in spaces:
            c = court[s]
            if c is not None and CARDS[c].clan == clan:
                kin += 1
        return kin

    def _pass(self) -> None:
        i = rightmost_court_card(self.row)
        if i is not None:
            card = self.row[i]
            self.row[i] = None
            self.discard.append(card)
            self.log.append(PASS_DISCARDS[card][i])
            self._refill()
        else:
            self.log.append("{p0} passes.")
        income = self._court_facts()[2]
        self.cp += income
        self.log.append(collects(income))
        self._phase2()

    def _fight(self, slot: int) -> None:
        prince = CARDS[self.row[slot]]
        strength = self.general_total()
        pay = max(0, prince.strength - strength)
        self.cp -= pay
        self.row[slot] = None
        self.defeated.append(prince.id)
        paid = f" and {pay} CP" if pay else ""
        self.log.append(f"{{p0}} defeats the {prince.name} with Generals {strength}{paid}: +{prince.vp} VP.")
        gaps = self.row.count(None)
        self._refill()
        # Princes the refill just drew (into the first ``gaps`` slots): with
        # fresh_prince="waits" they sit out this turn's raid.
        fresh = princes_in_row(self.row[:gaps]) if self.options.get("fresh_prince", "raids") == "waits" else 0
        self._phase3(resting=fresh)
