"""Batalla de Coronas: the duel's rules as a state machine of small decisions.

A turn runs through phases, and every phase is one kind of decision by one seat:

``roll`` → ``choose_die`` (skipped on doubles) → ``seat`` (only for an empty chair) →
activations (``activation`` to use or rest an advisor without a further question,
``commander`` / ``priestess`` / ``head`` for those that ask one — every activation but the
Treasurer's may be declined) → ``dragon`` (when the stone reaches the dragon field: how many shields burn) →
``arm`` → ``battle`` → ``reroll`` (the loser of each roll decides, out of turn when it is
the defender) → ``breach`` (the attacker chooses how many sword steps to trade) → the
rival's ``roll``.

Activations queue up in ``pending`` because one can cause another (the Head, the full
council bonus); ``after_pending`` is the phase to return to once the queue is empty, which
also lets the cross call the Priestess in the middle of any phase. The crown and the cross
can be spent in any of the active player's main phases; the crown also during a re-roll
dispute, as in the digital edition. Numbers and rule options: see ``data.py``.
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action, Rng, State
from ...engine.wording import a_or_an
from . import choices, data, log_lines
from .data import ADVISOR_BY_ID

#: The log's few nouns with their article, worked out once ("a shield", "a sword step").
_a_or_an = lru_cache(maxsize=64)(a_or_an)

#: A die's faces. A die is ``rng.randint(1, 6)``; from the engine's own generator (the class
#: ``Rng`` itself: SplitMix64) ``rng.choice(_DIE)`` is the very same draw: the same number
#: from the same output (``1 + out % 6``) and the same step of the generator, so every game
#: and save rolls exactly as before. ``choice`` reads its draws from batches worked out ahead
#: (see ``Rng.choice``), where ``randint`` works out each one alone with a handful of 64-bit
#: operations: in a generator that rolls hundreds of dice (a game's own, ``_dice_rng``) that
#: is cheaper, and the dice were about a sixth of a random playout's step. A generator that
#: rolls a die or two pays more for its first batch than it saves, and a search gives each
#: iteration's world a fresh one, so every other generator (the search's, a view's, the
#: keyed stream of secret seeds, a test's loaded dice that answer ``randint``) is asked
#: ``randint`` as before.
_DIE = (1, 2, 3, 4, 5, 6)

#: On doubles the first die picks the chair, as if its player had chosen it.
_FIRST_DIE = Action("die", (0,))

# Phases in which the active player may cash the crown or spend the cross.
_TOKEN_PHASES = ("roll", "choose_die", "arm", "battle")


class CrownsState(State):
    game_id = "crowns"
    #: Field shapes (see State.FLAT_FIELDS), which copy_fields below relies on.
    FLAT_FIELDS = frozenset({"dice", "gold", "swords", "shields", "dragon", "gems_held", "gems_won", "church", "smith_token", "pending"})
    NESTED_FIELDS = frozenset({"chairs"})

    def copy_fields(self) -> dict:
        """Hand-written copies of the mutable fields for ``clone`` (bots clone at every
        iteration): flat lists of numbers and names, the two seats' chairs, the battle's dict
        of numbers and lists of numbers."""
        battle = self.battle
        if battle is not None:
            battle = {k: v[:] if type(v) is list else v for k, v in battle.items()}  # rolls, rerolls
        first, second = self.chairs  # the duel's two seats (setup makes them; saves replay)
        return {
            "dice": self.dice[:],
            "chairs": [first[:], second[:]],
            "gold": self.gold[:],
            "swords": self.swords[:],
            "shields": self.shields[:],
            "dragon": self.dragon[:],
            "gems_held": self.gems_held[:],
            "gems_won": self.gems_won[:],
            "church": self.church[:],
            "smith_token": self.smith_token[:],
            "pending": self.pending[:],
            "battle": battle,
            "_dice_rng": None,  # a copy rolls with randint (see _DIE)
        }

    # ------------------------------------------------------------------------ setup
    def setup(self) -> None:
        n = 2
        self.turn = 1
        self.active = 0
        self.phase = "roll"
        self.dice: list[int] = []
        #: Which of the two dice picked the chair (the other one is the gold).
        self.chair_die = 0
        self.chairs: list[list[str | None]] = [[None] * data.CHAIRS for _ in range(n)]
        self.gold = [data.START_GOLD] * n
        self.swords = [data.START_STEPS] * n
        self.shields = [data.START_STEPS] * n
        self.dragon = [0] * n
        self.gems_held = [data.GEMS_EACH] * n
        self.gems_won = [0] * n
        self.church: list[str | None] = [None] * n
        self.smith_token = [False] * n
        self.crown_holder: int | None = None
        self.cross_holder: int | None = None
        self.bonus_taken = False
        self.pending: list[str] = []
        #: The advisor whose activation is being decided (None outside activations).
        self.activating: str | None = None
        self.after_pending = "arm"
        self.battle: dict | None = None
        self.winner: int | None = None
        #: The game's own generator while it is the engine's SplitMix64 one: its dice come from
        #: ``choice``'s batches (see _DIE). Not part of the position (no JSON); a copy, a view,
        #: a search's world or a state read from a save has none and rolls with ``randint``.
        self._dice_rng = self.rng if type(self.rng) is Rng else None
        self.log.append("{p0} plays first. Three gems each: take all three of the rival's to win.")

    # --------------------------------------------------------------------- protocol
    @property
    def current_player(self) -> int | None:
        if self.winner is not None:
            return None
        if self.phase == "reroll":
            return self.battle["loser"]
        return self.active

    #: Whether a seat has won: the class's False until then, and True in the instance from the
    #: moment ``winner`` is set (``_capture_gem``). A plain attribute because every step of a
    #: playout or a search rollout reads it, and a property's call cost about 90 ns, a
    #: twentieth of a random step. It only mirrors ``winner``, so the JSON leaves it out and
    #: reading a save restores it (``to_json``, ``from_json``).
    is_over = False
    #: See setup.
    _dice_rng: Rng | None = None

    def to_json(self) -> dict:
        doc = State.to_json(self)
        doc["data"].pop("is_over", None)
        return doc

    @classmethod
    def from_json(cls, doc: dict) -> CrownsState:
        state = super().from_json(doc)
        state.__dict__.pop("is_over", None)  # (never written by to_json)
        if getattr(state, "winner", None) is not None:
            state.is_over = True
        return state

    def scores(self) -> list[float]:
        return list(self.gems_won)

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [
            {
                "Gems taken": self.gems_won[p],
                "Gems kept": self.gems_held[p],
                "Swords": self.swords[p],
                "Shields": self.shields[p],
                "Gold": self.gold[p],
                "Dragon banner": self.dragon[p],
            }
            for p in range(2)
        ]

    def phase_label(self) -> str:
        if self.winner is not None:
            return f"{{p{self.winner}}} ascends the throne"
        p = f"turn {self.turn} · {{p{self.current_player}}}"
        return {
            "roll": f"{p}: roll the dice",
            "choose_die": f"{p}: choose a die for the chair",
            "seat": f"{p}: seat an advisor on chair {self._chosen_chair()}",
            "activation": f"{p}: activate the {self._activating_name()} or let it rest",
            "commander": f"{p}: the Commander gives a shield or a sword",
            "priestess": f"{p}: choose the church harm",
            "head": f"{p}: choose an advisor to activate",
            "dragon": f"{p}: the dragon attacks — how many shields burn",
            "arm": f"{p}: arm (spend gold) or finish",
            "battle": f"{p}: attack or end the turn",
            "reroll": f"{p}: lost the roll — re-roll for gold or accept",
            "breach": f"{p}: won — trade sword steps for shields",
        }[self.phase]

    def max_gold(self, seat: int) -> int:
        """The top open space of a treasury: each captured gem covers one (7, then 6 ...)."""
        if self.options["gem_lock"] == "winner":
            covered = self.gems_won[seat]
        else:
            covered = data.GEMS_EACH - self.gems_held[seat]
        return data.GOLD_MAX - covered

    def reroll_price(self, seat: int) -> int:
        return self.battle["rerolls"][seat] + 1 if self.battle else 1

    def battle_allowed(self) -> bool:
        """Whether the active player may attack this turn (see ``choices.battle_allowed``)."""
        return _battle_allowed(self.turn > 1, self.swords[self.active])

    def seated(self, seat: int) -> list[str]:
        return [a for a in self.chairs[seat] if a is not None]

    def _chosen_chair(self) -> int:
        return self.dice[self.chair_die] if self.dice else 0

    def _activating_name(self) -> str:
        return ADVISOR_BY_ID[self.activating].name if self.activating else "advisor"

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """The phase's choices (see ``choices.py``, where each phase's rule is written; this
        passes each one the few numbers it depends on) and the tokens the player may spend now.

        ``State.legal_actions`` and ``_legal_actions`` in one: a random duel takes about a
        thousand steps, and the protocol's two calls and a dispatch call per phase cost about
        a twentieth of a step. The phases come in order of how often they do. The list is new each
        time (the caller may keep it; the tokens are added to it), and remembered for
        ``apply``, as ``State.legal_actions`` does.
        """
        if self.winner is not None:
            self._offered = offered = []
            return offered
        phase = self.phase
        if phase == "arm":
            me = self.active
            offered = [*_arm(self.gold[me], self.shields[me], self.swords[me], self.smith_token[me], self.dragon[me],
                             self.turn > 1)]
        elif phase == "roll":
            offered = [*_ROLL]
        elif phase == "choose_die":
            first, second = self.dice
            chairs = self.chairs[self.active]
            offered = [*_choose_die(first, second, chairs[first - 1], chairs[second - 1])]
        elif phase == "battle":
            offered = [*_BATTLE]
        elif phase == "activation":
            offered = [*_activation(self.activating)]
        elif phase == "reroll":
            me = self.battle["loser"]
            price = self.reroll_price(me)
            offered = [*_reroll(price, self.gold[me] >= price)]
        else:
            offer = _OFFERS.get(phase)
            if offer is None:  # no phase of the duel (a damaged position): nothing to offer
                self._offered = offered = []
                return offered
            offered = offer(self)
        # The crown and the cross (see _TOKEN_PHASES); mostly nobody holds either.
        if self.crown_holder is not None or self.cross_holder is not None:
            me = self.battle["loser"] if phase == "reroll" else self.active
            if self.crown_holder == me or self.cross_holder == me:
                own_turn_phase = me == self.active and phase in _TOKEN_PHASES
                if self.crown_holder == me and (own_turn_phase or phase == "reroll"):
                    offered.append(choices.CROWN)
                if self.cross_holder == me and own_turn_phase:
                    offered.append(choices.CROSS)
        self._offered = offered
        return offered

    #: The protocol's full check and the search ask ``_legal_actions``: here it is
    #: ``legal_actions`` itself (one call instead of two). Remembering the list does no harm
    #: there: the search's worlds carry actions out with ``_apply`` and are never asked to
    #: ``apply``, and ``apply`` forgets the list after the full check.
    _legal_actions = legal_actions

    # The rarer phases' choices, as a new list (the caller may add the tokens to it; [*t]
    # makes it a little faster than list(t)).
    def _offer_priestess(self) -> list[Action]:
        options = self.options
        return [*choices.priestess(options["church"], options["gold_harm"], self.church[self.active], self.activating)]

    def _offer_commander(self) -> list[Action]:
        me = self.active
        return [*choices.commander(self.shields[me] < data.STEP_MAX, self.swords[me] < data.STEP_MAX, self.activating)]

    def _offer_head(self) -> list[Action]:
        return [*choices.head(tuple(self.chairs[self.active]), self.activating)]

    def _offer_breach(self) -> list[Action]:
        me = self.active
        shields = self.shields[1 - me]
        return [*choices.breach(min(self.battle["margin"], self.swords[me], shields), shields)]

    def _offer_seat(self) -> list[Action]:
        return [*choices.seat(frozenset(self.chairs[self.active]))]

    def _offer_burn(self) -> list[Action]:
        foe = 1 - self.active
        return [*choices.burn(foe, self.shields[foe])]

    #: Kinds each phase always offers with no arguments (see legal_actions): the protocol's
    #: fast legality check vouches for them without listing the phase's other choices.
    #: Choices offered in every position of their phase (see legal_actions): declining an
    #: activation that asks ("kann") is always possible, so "skip" is one of them.
    _ALWAYS = {"roll": ("roll",), "battle": ("attack", "end_turn"), "reroll": ("accept",), "arm": ("done",),
               "activation": ("skip",), "commander": ("skip",), "priestess": ("skip",), "head": ("skip",)}

    def quick_legal(self, action: Action) -> bool:
        if self.winner is not None:
            return False
        kind, args, phase = action.kind, action.args, self.phase
        if not args and kind in self._ALWAYS.get(phase, ()):
            return True
        if kind == "use" and phase == "activation":
            return args == (self.activating,) and type(args[0]) is str
        if kind == "die" and phase == "choose_die":
            return len(args) == 1 and type(args[0]) is int and args[0] in (0, 1)
        return super().quick_legal(action)

    def action_key(self, action: Action) -> str | None:
        if action.kind == "die":
            return str(self.dice[action.args[0]])
        if action.kind == "activate":
            return str(self.chairs[self.active].index(action.args[0]) + 1)
        if action.kind == "seat":
            return ADVISOR_BY_ID[action.args[0]].letter.lower()
        if action.kind == "skip":
            return "n"
        if action.kind == "crown":
            return "k"
        if action.kind == "cross":
            return "x"
        if action.kind == "roll":
            return "r"
        return None

    def why_illegal(self, action: Action) -> str | None:
        me = self.current_player
        if action.kind in ("buy_shield", "buy_sword", "buy_dragon") and self.phase == "arm":
            if action.kind == "buy_dragon":
                if self.dragon[me] >= data.DRAGON_FIELD:
                    return "The dragon stone is already on the dragon field."
                price = data.DRAGON_PRICES[self.dragon[me]]
            else:
                track = self.shields if action.kind == "buy_shield" else self.swords
                if track[me] + (action.args[0] if action.args else 1) > data.STEP_MAX:
                    return f"That track is at its top ({data.STEP_MAX})."
                if action.args and action.args[0] == 2 and not self.smith_token[me]:
                    return "You do not hold the Smith token."
                price = data.STEP_PRICE
            if self.gold[me] < price:
                return f"That costs {price} gold and you have {self.gold[me]}."
        if action.kind == "attack" and self.phase == "arm":
            return "Finish arming first."
        if action.kind == "reroll" and self.phase == "reroll":
            price = self.reroll_price(me)
            return f"A re-roll now costs {price} gold and you have {self.gold[me]}."
        if action.kind == "harm" and action.args and action.args[0] == self.church[me]:
            return "The Priestess must choose a different harm from her previous one."
        return None

    # ------------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        """Each kind's handler (``_HANDLERS``), looked up and called at once: ``apply`` calls
        this for every step of a duel, offered or checked."""
        _HANDLERS[action.kind](self, action)

    def _seat_to_move(self) -> int:
        """current_player while the game runs: the loser of the roll decides a re-roll."""
        return self.battle["loser"] if self.phase == "reroll" else self.active

    def _on_done(self, action: Action) -> None:
        if _battle_allowed(self.turn > 1, self.swords[self.active]):
            self.phase = "battle"
        else:
            self._end_turn()

    def _on_die(self, action: Action) -> None:
        """One die picks the chair, the other is gold (on doubles both are the first die)."""
        me = self.active
        index = self.chair_die = action.args[0]
        dice = self.dice
        chair = dice[index]
        gold = dice[1 - index]
        self._gain(me, gold)
        who = self.chairs[me][chair - 1]
        self.log.append(log_lines.takes_chair(me, chair, gold, self.gold[me]))
        if who is not None:
            self._queue([who], "arm")
        else:  # six chairs, six advisors: an empty chair always has an advisor to take it
            self.phase = "seat"

    def _on_skip(self, action: Action) -> None:
        self.log.append(log_lines.rests(self.active, self._activating_name()))
        self._run_pending()

    def _on_buy_step(self, action: Action) -> None:
        me = self.active
        kind = action.kind
        steps = action.args[0]
        track = self.shields if kind == "buy_shield" else self.swords
        self.gold[me] -= data.STEP_PRICE
        track[me] += steps
        if steps == 2:
            self.smith_token[me] = False
        self.log.append(log_lines.buys(me, "shield" if kind == "buy_shield" else "sword step", steps == 2))

    def _on_use(self, action: Action) -> None:
        self._activate(self.active, action.args[0])
        self._run_pending()

    def _on_buy_dragon(self, action: Action) -> None:
        me = self.active
        self.gold[me] -= data.DRAGON_PRICES[self.dragon[me]]
        self._advance_dragon(me)
        self.after_pending = "arm"
        self._run_pending()

    def _on_reroll(self, action: Action) -> None:
        self._reroll(self.battle["loser"])

    def _on_breach(self, action: Action) -> None:
        self._breach(action.args[0])

    def _on_harm(self, action: Action) -> None:
        self._harm(self.active, action.args[0])
        self._run_pending()

    def _on_activate(self, action: Action) -> None:
        me = self.active
        self.log.append(f"{{p{me}}}'s Head activates the {ADVISOR_BY_ID[action.args[0]].name}.")
        self.pending.insert(0, action.args[0])
        self._run_pending()

    def _on_commander(self, action: Action) -> None:
        me = self.active
        track = self.shields if action.args[0] == "shield" else self.swords
        track[me] += 1
        self.log.append(f"{{p{me}}}'s Commander adds {_a_or_an(action.args[0])}.")
        self._run_pending()

    def _on_seat(self, action: Action) -> None:
        self._seat(self.active, action.args[0])

    def _on_burn(self, action: Action) -> None:
        self._burn(self.active, action.args[0])
        self._run_pending()

    def _on_crown(self, action: Action) -> None:
        me = self._seat_to_move()  # also during a re-roll dispute
        self.crown_holder = None
        self._gain(me, data.CROWN_GOLD)
        self.log.append(f"{{p{me}}} cashes the crown: {self.gold[me]} gold.")

    def _on_cross(self, action: Action) -> None:
        me = self.active
        self.cross_holder = None
        self.log.append(f"{{p{me}}} spends the cross to call the Priestess.")
        self._queue(["priestess"], self.phase)


    # ----------------------------------------------------------- phase 1: the dice
    def _roll(self, action: Action | None = None) -> None:
        me = self.active
        rng = self.rng
        if rng is self._dice_rng:  # two dice (see _DIE)
            first, second = rng.choice(_DIE), rng.choice(_DIE)
        else:
            first, second = rng.randint(1, 6), rng.randint(1, 6)
        self.dice = [first, second]
        self.log.append(log_lines.rolls(me, first, second))
        if first == second:
            self._on_die(_FIRST_DIE)
        else:
            self.phase = "choose_die"

    def _seat(self, me: int, adv_id: str) -> None:
        chair = self.dice[self.chair_die]
        self.chairs[me][chair - 1] = adv_id
        self.log.append(f"{{p{me}}} seats the {ADVISOR_BY_ID[adv_id].name} on chair {chair}.")
        queue = [adv_id] if self.options["activate_on_seating"] else []
        chairs = self.chairs[me]
        full = len(chairs) - chairs.count(None) >= data.CHAIRS  # len(self.seated(me)), without the list
        if full and self.options["full_council_bonus"] and not self.bonus_taken:
            self.bonus_taken = True
            self.log.append(f"{{p{me}}} is first with a full council: one bonus activation.")
            queue.append("head")
        self._queue(queue, "arm")

    # ------------------------------------------------------------------ activations
    def _queue(self, advisors: list[str], then: str) -> None:
        self.pending = advisors + self.pending
        self.after_pending = then
        self._run_pending()

    def _run_pending(self) -> None:
        """Resolve queued activations until one needs a decision, or the queue is empty.

        An activation may be declined where the sheet's advisor "kann" (the digital edition's
        skipActivation), so each of those that can do something stops here for its player. The
        Treasurer "besorgt sofort" three gold, with no "kann": he brings it at once, and an
        advisor with nothing to do passes by itself.
        """
        me = self.active
        self.activating = None
        if self.winner is not None:  # (a won game has nothing pending)
            return
        pending = self.pending
        while pending:
            adv = pending.pop(0)
            if adv == "dragon":
                self.phase = "dragon"
                return
            if adv == "commander":
                if self.shields[me] < data.STEP_MAX or self.swords[me] < data.STEP_MAX:
                    self.activating, self.phase = adv, "commander"
                    return
                self.log.append(f"{{p{me}}}'s Commander has nothing left to raise.")
            elif adv == "priestess":
                self.activating, self.phase = adv, "priestess"
                return
            elif adv == "head":
                chairs = self.chairs[me]
                if len(chairs) - chairs.count(None) - chairs.count("head"):  # anyone else seated
                    self.activating, self.phase = adv, "head"
                    return
                self.log.append(f"{{p{me}}}'s Head finds no one else to activate.")
            elif adv == "smith" and self.smith_token[me]:
                self.log.append(f"{{p{me}}} already holds the Smith token.")
            elif adv == "treasurer":  # "besorgt sofort": no "kann", so no question
                self._activate(me, adv)
            else:  # the Smith, the Summoner: use it or let it rest
                self.activating, self.phase = adv, "activation"
                return
        self.phase = self.after_pending

    def _activate(self, me: int, adv: str) -> None:
        """The effect of an advisor that asks no further question."""
        if adv == "smith":
            self.smith_token[me] = True
            self.log.append(log_lines.smith(me))
        elif adv == "treasurer":
            before = self.gold[me]
            self._gain(me, data.TREASURER_GOLD)
            self.log.append(log_lines.treasurer(me, self.gold[me] - before, self.gold[me]))
        elif adv == "summoner":
            self.log.append(log_lines.summoner(me))
            self._advance_dragon(me)

    def _harm(self, me: int, harm: str) -> None:
        foe = 1 - me
        self.church[me] = harm
        if harm == "gold":
            self.gold[foe] = data.GOLD_MIN
        elif harm == "gold_less":
            self.gold[foe] = max(data.GOLD_MIN, self.gold[foe] - 1)
        elif harm == "shield":
            self.shields[foe] = max(data.STEP_MIN, self.shields[foe] - 1)
        elif harm == "sword":
            self.swords[foe] = max(data.STEP_MIN, self.swords[foe] - 1)
        elif harm == "dragon":
            self.dragon[foe] = max(0, self.dragon[foe] - 1)
        self.log.append(log_lines.strikes(me, foe, harm))

    def _gain(self, seat: int, amount: int) -> None:
        gold = self.gold[seat] + amount
        top = self.max_gold(seat)
        self.gold[seat] = gold if gold < top else top

    # ------------------------------------------------------------------- the dragon
    def _advance_dragon(self, me: int) -> None:
        """One banner on; on the dragon field the dragon attacks (queued: its player chooses
        how many shields burn) and the stone goes back to the start."""
        self.dragon[me] += 1
        if self.dragon[me] < data.DRAGON_FIELD:
            self.log.append(log_lines.banner(me, self.dragon[me]))
            return
        foe = 1 - me
        self.dragon[me] = 0
        self.log.append(f"{{p{me}}}'s dragon stone reaches the dragon field: the dragon attacks!")
        if self.shields[foe] == 0:  # nothing to burn: the castle falls at once
            self._capture_gem(me, foe, tokens=self.options["dragon_tokens"])
        else:
            self.pending.insert(0, "dragon")

    def _burn(self, me: int, shields: int) -> None:
        foe = 1 - me
        self.shields[foe] -= shields
        if shields:
            self.log.append(f"{{p{me}}}'s dragon burns {shields} of {{p{foe}}}'s shields!")
        else:
            self.log.append(f"{{p{me}}}'s dragon spares {{p{foe}}}'s shields.")
        if shields and self.shields[foe] == 0:
            self._capture_gem(me, foe, tokens=self.options["dragon_tokens"])

    # ------------------------------------------------------------------ the battle
    def _attack(self, action: Action | None = None) -> None:
        att = self.active
        rng = self.rng  # both roll a die (see _DIE)
        rolls = [rng.choice(_DIE), rng.choice(_DIE)] if rng is self._dice_rng else [rng.randint(1, 6), rng.randint(1, 6)]
        self.battle = {"rolls": rolls, "rerolls": [0, 0], "loser": None, "margin": 0}
        self.log.append(log_lines.attacks(att, rolls[0], rolls[1]))
        self._after_battle_roll()

    def _after_battle_roll(self) -> None:
        att_roll, def_roll = self.battle["rolls"]
        if att_roll == def_roll:
            self.log.append("A tie: nothing happens.")
            self._end_turn()
            return
        att = self.active
        self.battle["loser"] = 1 - att if att_roll > def_roll else att
        self.phase = "reroll"

    def _reroll(self, me: int) -> None:
        price = self.reroll_price(me)
        self.gold[me] -= price
        self.battle["rerolls"][me] += 1
        side = 0 if me == self.active else 1
        rng = self.rng  # a die (see _DIE)
        self.battle["rolls"][side] = rng.choice(_DIE) if rng is self._dice_rng else rng.randint(1, 6)
        self.log.append(log_lines.rerolls(me, price, self.battle["rolls"][side]))
        self._after_battle_roll()

    def _accept(self, action: Action | None = None) -> None:
        att, dfd = self.active, 1 - self.active
        att_roll, def_roll = self.battle["rolls"]
        margin = abs(att_roll - def_roll)
        if def_roll > att_roll:
            lost = min(margin, self.swords[att])
            self.swords[att] -= lost
            self.log.append(log_lines.holds(dfd, att, lost))
            self._end_turn()
        elif self.shields[dfd] == 0:
            self.log.append(f"{{p{att}}} wins against a castle without shields.")
            self._capture_gem(att, dfd, tokens=True)
            self._end_turn()
        else:
            self.battle["margin"] = margin
            self.phase = "breach"

    def _breach(self, steps: int) -> None:
        att, dfd = self.active, 1 - self.active
        self.swords[att] -= steps
        self.shields[dfd] -= steps
        self.log.append(log_lines.trades(att, dfd, steps))
        if steps and self.shields[dfd] == 0:
            self._capture_gem(att, dfd, tokens=True)
        self._end_turn()

    def _capture_gem(self, winner: int, loser: int, tokens: bool) -> None:
        """``winner`` takes a gem; with ``tokens`` the crown goes to them, the cross to ``loser``."""
        self.gems_held[loser] -= 1
        self.gems_won[winner] += 1
        self.log.append(f"{{p{winner}}} takes a gem from {{p{loser}}} ({self.gems_won[winner]} of 3).")
        if tokens:
            self.crown_holder = winner
            self.cross_holder = loser
            self.log.append(f"{{p{winner}}} receives the crown, {{p{loser}}} the cross.")
        for seat in (winner, loser):
            self.gold[seat] = min(self.gold[seat], self.max_gold(seat))
        if self.gems_won[winner] >= data.GEMS_TO_WIN:
            self.winner = winner
            self.is_over = True
            self.pending = []
            self.log.append(f"{{p{winner}}} ascends the throne!")

    def _end_turn(self, action: Action | None = None) -> None:
        if self.winner is not None:
            return
        self.active = 1 - self.active
        self.turn += 1
        self.phase = "roll"
        self.dice = []
        self.battle = None
        self.pending = []
        self.activating = None
        self.after_pending = "arm"



#: Each kind's handler (a module global: a class attribute read through ``self`` costs a
#: lookup in the instance first); every kind but "reroll", "accept" and "crown" is decided
#: by the active player (see current_player).
_HANDLERS = {
    "roll": CrownsState._roll,
    "done": CrownsState._on_done,
    "die": CrownsState._on_die,
    "skip": CrownsState._on_skip,
    "attack": CrownsState._attack,
    "end_turn": CrownsState._end_turn,
    "buy_sword": CrownsState._on_buy_step,
    "buy_shield": CrownsState._on_buy_step,
    "accept": CrownsState._accept,
    "use": CrownsState._on_use,
    "buy_dragon": CrownsState._on_buy_dragon,
    "reroll": CrownsState._on_reroll,
    "breach": CrownsState._on_breach,
    "harm": CrownsState._on_harm,
    "activate": CrownsState._on_activate,
    "commander": CrownsState._on_commander,
    "seat": CrownsState._on_seat,
    "burn": CrownsState._on_burn,
    "crown": CrownsState._on_crown,
    "cross": CrownsState._on_cross,
}

#: The rarer phases' choices (see CrownsState.legal_actions, which makes the frequent ones).
_OFFERS = {
    "priestess": CrownsState._offer_priestess,
    "commander": CrownsState._offer_commander,
    "head": CrownsState._offer_head,
    "breach": CrownsState._offer_breach,
    "seat": CrownsState._offer_seat,
    "dragon": CrownsState._offer_burn,
}

# The frequent phases' choices, read as module globals by legal_actions.
_arm, _choose_die, _activation, _reroll = choices.arm, choices.choose_die, choices.activation, choices.reroll
_ROLL, _BATTLE = choices.ROLL, choices.BATTLE
_battle_allowed = choices.battle_allowed
