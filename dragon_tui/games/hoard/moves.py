"""Dragon's Hoard moves: what each action does once it has been taken.

A mixin for ``HoardState`` (``rules.py``), beside ``Offers`` (``offers.py``: what each seat may
do, and why not), so each file reads in one sitting. ``_apply`` is called only with an action
the protocol has already checked.
"""

from __future__ import annotations

from ...engine import Action
from . import data
from .data import CARDS, COLOURS, PAYS_FOR, back, kind
from .offers import _covered_part, a_or_an
from .offers import seat as _seat


class Moves:
    def _apply(self, action: Action) -> None:
        _DO[action.kind](self, *action.args)
        self._settle()

    def _do_draw_deck(self) -> None:
        card = self._pop_deck()
        self.hands[self.active].append(card)
        self.draws_left -= 1
        self.acted = True
        self.log.append(f"{_seat(self.active)} draws {a_or_an(data.sheep(card))} from the deck.")

    def _do_draw_field(self, slot: int) -> None:
        card = self.field[slot]
        self.field[slot] = None
        self.hands[self.active].append(card)
        self.reveal()
        self.draws_left -= 1
        self.acted = True
        self.log.append(f"{_seat(self.active)} takes the {data.sheep(card)} from the field.")
        if self.options.get("field_refill", "immediate") == "immediate":
            self._refill_field()

    def _do_end_turn(self) -> None:
        self.log.append(f"{_seat(self.active)} ends the turn.")
        self._end_turn()

    def _do_play(self, card: int, *target: int) -> None:
        self._start_action([card], target[0] if target else None, wizard=False)

    def _do_wizard(self, wizard: int, card: int, *target: int) -> None:
        self._start_action([wizard, card], target[0] if target else None, wizard=True)

    def _start_action(self, cards: list[int], target: int | None, wizard: bool) -> None:
        actor = self.active
        for c in cards:
            self.hands[actor].remove(c)
        self.used_action = True
        self.acted = True
        k = kind(cards[-1])
        text = f"{_seat(actor)} plays the {data.describe(cards[-1])}"
        if target is not None:
            text += f" on {_seat(target)}"
        if wizard:
            text += f" with the {data.describe(cards[0])}: it cannot be stopped"
        self.log.append(text + ".")
        n = self.num_players
        others = [(actor + i) % n for i in range(1, n)]
        if wizard:
            ask = []
        elif k in ("thief", "knight"):
            ask = [target]
        elif k == "shepherd":
            ask = others
        else:  # mob: only those who would lose a card are affected
            ask = [s for s in others if len(self.hands[s]) >= 2]
        if self.options.get("reaction_prompt") == "holders":
            ask = [s for s in ask if any(kind(c) == "battle" for c in self.hands[s])]
        self.pending = {
            "kind": k,
            "actor": actor,
            "target": target,
            "cards": list(cards),
            "wizard": wizard,
            "ask": ask,
            "shielded": [],
        }
        if ask:
            self.phase = "react"
        else:
            self._resolve()

    def _do_battle(self, card: int) -> None:
        pend = self.pending
        seat = pend["ask"].pop(0)
        self.hands[seat].remove(card)
        pend["cards"].append(card)
        name = data.ACTION_NAMES[pend["kind"]]
        if pend["kind"] == "mob" and self.options.get("mob_battle") == "self":
            pend["shielded"].append(seat)
            self.log.append(f"{_seat(seat)} answers the {name} with a Battle and is spared.")
            if not pend["ask"]:
                self._resolve()
            return
        self.log.append(f"{_seat(seat)} answers the {name} with a Battle: both cards are discarded.")
        self._close_action()

    def _do_no_battle(self) -> None:
        pend = self.pending
        seat = pend["ask"].pop(0)
        self.log.append(f"{_seat(seat)} does not answer the {data.ACTION_NAMES[pend['kind']]} with a Battle.")
        if not pend["ask"]:
            self._resolve()

    def _resolve(self) -> None:
        pend = self.pending
        actor, target, k = pend["actor"], pend["target"], pend["kind"]
        if k == "shepherd":
            got = 0
            for _ in range(2):
                card = self._pop_deck()
                if card is None:
                    break
                self.hands[actor].append(card)
                got += 1
            self.log.append(f"{_seat(actor)} draws {got} card{'s' if got != 1 else ''} with the Shepherd.")
        elif k == "knight":
            self.skip_next[target] = True
            self.log.append(f"{_seat(target)} will skip the next turn.")
        elif k == "thief":
            pend["steals_left"] = min(2, len(self.hands[target]))
            if pend["steals_left"]:
                self.phase = "steal"
                return
        elif k == "mob":
            n = self.num_players
            others = [(actor + i) % n for i in range(1, n)]
            pend["discarders"] = [
                [s, len(self.hands[s]) // 2]
                for s in others
                if s not in pend["shielded"] and len(self.hands[s]) // 2 > 0
            ]
            if pend["discarders"]:
                self.phase = "mob"
                return
        self._close_action()

    def _close_action(self) -> None:
        self.discard.extend(self.pending["cards"])
        self.pending = None
        self.phase = "act"

    def _do_steal(self, colour_name: str) -> None:
        pend = self.pending
        target = pend["target"]
        colour = COLOURS.index(colour_name)
        pool = [c for c in self.hands[target] if back(c) == colour]
        card = pool[self.rng.randint(0, len(pool) - 1)]
        self.hands[target].remove(card)
        self.hands[self.active].append(card)
        self.reveal()
        self.log.append(f"{_seat(self.active)} steals {a_or_an(colour_name)} sheep from {_seat(target)}.")
        pend["steals_left"] -= 1
        if pend["steals_left"] <= 0 or not self.hands[target]:
            self._close_action()

    def _do_discard(self, card: int) -> None:
        seat = self.current_player
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.log.append(f"{_seat(seat)} discards {a_or_an(data.sheep(card))}.")
        if self.phase == "limit":
            if len(self.hands[seat]) <= data.HAND_LIMIT:
                self._next_turn()
            return
        queue = self.pending["discarders"]
        queue[0][1] -= 1
        if queue[0][1] <= 0:
            queue.pop(0)
        if not queue:
            self._close_action()

    def _do_treasure(self, card: int) -> None:
        seat = self.active
        c = CARDS[card]
        self.hands[seat].remove(card)
        self.used_treasure = True
        self.acted = True
        if c.kind == "lair":
            self.lairs[seat].append(card)
            self.log.append(f"{_seat(seat)} opens the {c.title}.")
            return
        self.pay = {"card": card, "own": c.own, "any": c.any, "paid": []}
        self.phase = "pay"
        self.log.append(f"{_seat(seat)} lays the {c.title} ({c.vp} VP): it costs {self._cost_text(card)}.")

    def _do_pay(self, card: int) -> None:
        seat = self.active
        pay = self.pay
        # The card was offered, so it may pay: only which part it covers is asked.
        slot = _covered_part(card in PAYS_FOR[CARDS[pay["card"]].colour], pay["own"], pay["any"])
        pay[slot] -= 1
        self.hands[seat].remove(card)
        pay["paid"].append(card)
        # One line per card paid, each saying only what is new: the price was said when the
        # treasure was laid, so each card is named once, as it is paid.
        spent = "a Wild Sheep" if kind(card) == "wild" else a_or_an(data.sheep(card))
        left = pay["own"] + pay["any"]
        if left:
            self.log.append(f"{_seat(seat)} pays {spent} ({left} more to pay).")
            return
        paid = pay["paid"]
        treasure = pay["card"]
        self.discard.extend(paid)
        self.treasures[seat].append(treasure)
        self.pay = None
        self.phase = "act"
        self.log.append(f"{_seat(seat)} pays {spent}: the {data.describe(treasure)} is paid for.")
        count = len(self.treasures[seat])
        if count >= self.goal and not self.last_round:
            self.last_round = True
            self.log.append(f"{_seat(seat)} has laid {count} treasures: this is the last round.")


#: Each action kind's ``_do_<kind>`` method, looked up once instead of by name at every apply.
_DO = {name[len("_do_"):]: method for name, method in vars(Moves).items() if name.startswith("_do_")}
