"""Dragon's Hoard's hidden information: what each seat may see, and worlds consistent with it.

A mixin for ``HoardState`` (``rules.py``), kept apart so each file reads in one sitting: the
view a seat gets (rules 2 and 10 of ``rules.py``) and ``determinize``, which the search bots
call thousands of times a decision.
"""

from __future__ import annotations

from ...engine import Rng
from . import data
from .data import CARDS, UNKNOWN, back, hidden

#: Every card id (determinize deals those a view replaced by placeholders).
_ALL_CARDS = frozenset(range(data.NUM_CARDS))


class Hidden:
    # ------------------------------------------------------------------------- hidden information
    def view(self, seat: int | None) -> HoardState:
        """Own hand face up; everybody else's cards, field, discard as sheep backs; deck face down."""
        v = self.clone()
        for s in range(self.num_players):
            if s != seat:
                v.hands[s] = sorted((hidden(back(c)) for c in self.hands[s]), reverse=True)
        v.field = [None if c is None else hidden(back(c)) for c in self.field]
        v.discard = [hidden(back(c)) for c in self.discard]
        v.deck = [UNKNOWN] * len(self.deck)
        if self.deck:
            v.deck[-1] = hidden(back(self.deck[-1]))
        if self.pay is not None and self.active != seat:
            v.pay["paid"] = [c if data.kind(c) == "wild" else hidden(back(c)) for c in self.pay["paid"]]
        # The real RNG would predict the thief's pick and the next reshuffle.
        v.rng = Rng(0, self.rng.draws)
        return v

    def determinize(self, seat: int, rng: Rng) -> HoardState:
        """Deal every card ``seat`` cannot see at random among the places it cannot see,
        keeping each place's public sheep-back colour.

        Which places are unseen, their back colours and the pool of unseen cards by colour
        depend only on the position and the seat, not on the random deal: the search
        determinizes the same view thousands of times a decision, so that part is worked out
        once per position (``_deal_plan``) and only the shuffles and the dealing run here."""
        paid, pops, free_places, pools, under = self._deal_plan(seat)
        st = self.clone()
        lists = st.hands + [st.field, st.discard, st.deck, None if st.pay is None else st.pay["paid"]]
        # The unseen cards by back colour (the pool's colours in the order first met), each
        # colour shuffled; every place with a known back takes the last card of its colour.
        by_colour = list(map(list, pools))
        shuffle = rng.shuffle
        for cards in by_colour:
            shuffle(cards)
        for place, i, colour in paid:
            # Sheep spent on a treasure are not Wild Sheep (see ``_deal_plan``).
            cards = by_colour[colour]
            lists[place][i] = cards.pop(max(j for j, c in enumerate(cards) if CARDS[c].kind != "wild"))
        pop = [cards.pop for cards in by_colour]
        for place, i, colour in pops:
            lists[place][i] = pop[colour]()
        rest = []
        for cards in by_colour:
            rest += cards
        shuffle(rest)
        for (place, i), card in zip(free_places, rest):
            lists[place][i] = card
        start = len(free_places)
        dealt = max(0, min(under, len(rest) - start))
        st.deck[:dealt] = rest[start:start + dealt]
        st.rng = Rng(rng.next64(), st.rng.draws)
        return st

    def _deal_plan(self, seat: int) -> tuple:
        """What ``determinize`` deals for ``seat`` in this position, remembered by the
        position's cards (``_DEAL_PLANS``): the unseen places with a known back as
        ``(place, index, colour)`` in dealing order, the paid sheep (dealt first) apart from
        the others (place: a seat's hand, then field, discard, deck, paid sheep; colour: an
        index into the pools), the places whose back is unknown as ``(place, index)``, the
        unseen cards per back colour (the colours in the order the places first meet them,
        each colour's cards in the places' order) and how many cards under the deck's top
        are dealt from what is left."""
        pay, pending = self.pay, self.pending
        key = (seat, self.active, tuple(map(tuple, self.hands)), tuple(self.field), tuple(self.discard),
               tuple(self.deck), tuple(map(tuple, self.treasures)), tuple(map(tuple, self.lairs)),
               None if pay is None else (pay["card"], tuple(pay["paid"])),
               None if pending is None else tuple(pending["cards"]))
        plan = _DEAL_PLANS.get(key)
        if plan is not None:
            return plan
        n = self.num_players
        field, discard, deck = n, n + 1, n + 2
        lists = [*self.hands, self.field, self.discard, self.deck]
        slots: list[tuple[int, int, int | None]] = []
        for s in range(n):
            if s != seat:
                slots += [(s, i, back(c)) for i, c in enumerate(self.hands[s])]
        slots += [(field, i, back(c)) for i, c in enumerate(self.field) if c is not None]
        slots += [(discard, i, back(c)) for i, c in enumerate(self.discard)]
        # Sheep spent on a treasure: a Wild Sheep would have shown its face, so these are not
        # Wild Sheep. Filled first, while every colour still has plain cards to give.
        if pay is not None and self.active != seat:
            paid = pay["paid"]
            lists.append(paid)
            slots = [(n + 3, i, back(c)) for i, c in enumerate(paid) if data.kind(c) != "wild"] + slots
            plain = len([1 for c in paid if data.kind(c) != "wild"])
        else:
            plain = 0
        # The unseen cards: those in the unseen places (the whole deck last, in its order),
        # plus any a view already replaced by placeholders (so a seat's view can be
        # determinized too).
        pool = [lists[place][i] for place, i, _ in slots if lists[place][i] >= 0]
        pool += [c for c in self.deck if c >= 0]
        missing = _ALL_CARDS.difference(self.all_cards())
        if missing:
            pool += sorted(missing)
        # Only the deck's top card shows its back: the cards under it (and the top too, if
        # even its back is unknown) are dealt from what is left, after any other place whose
        # back is unknown.
        top = len(self.deck) - 1
        under = max(top, 0)
        if self.deck:
            top_colour = back(self.deck[top])
            if top_colour is None:
                under += 1
            else:
                slots.append((deck, top, top_colour))
        by_colour: dict[int, list[int]] = {}
        colour_of = data.COLOUR_OF
        for card in pool:
            colour = colour_of[card]
            cards = by_colour.get(colour)
            if cards is None:
                by_colour[colour] = cards = []
            cards.append(card)
        order = {colour: k for k, colour in enumerate(by_colour)}
        slots = [(place, i, None if colour is None else order[colour]) for place, i, colour in slots]
        # The paid sheep first, then the places with a known back in order, each taking a card
        # of its colour; the places whose back is unknown take from what is left.
        paid_slots = tuple(slot for slot in slots[:plain] if slot[2] is not None)
        pops = tuple(slot for slot in slots[plain:] if slot[2] is not None)
        free = tuple((place, i) for place, i, colour in slots if colour is None)
        plan = (paid_slots, pops, free, tuple(map(tuple, by_colour.values())), under)
        if len(_DEAL_PLANS) >= 256:
            _DEAL_PLANS.clear()
        _DEAL_PLANS[key] = plan
        return plan


#: ``_deal_plan``'s answers by position and seat (a search asks for one view's thousands of
#: times; emptied when full, since most positions are met in one decision only).
_DEAL_PLANS: dict[tuple, tuple] = {}
