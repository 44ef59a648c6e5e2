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
dispute, as in the digital edition.

This file holds the state, what it tells the protocol and the turn's flow (the queue of
activations, the end of a turn). What each decision does is in ``moves.py``, what each phase
offers in ``offers.py``, the log's wording in ``texts.py``, numbers and rule options in
``data.py``.
"""

from __future__ import annotations

from ...engine import Action, Rng, State
from . import data, moves, offers
from .data import ADVISOR_BY_ID

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
            "_dice_rng": None,  # a copy rolls with randint (see moves._DIE)
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
        #: ``choice``'s batches (see moves._DIE). Not part of the position (no JSON); a copy, a view,
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
    #: moment ``winner`` is set (``moves.capture_gem``). A plain attribute because every step of a
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
            "activation": f"{p}: activate the {self.activating_name()} or let it rest",
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
        """Whether the active player may attack this turn (see ``offers.battle_allowed``)."""
        return _battle_allowed(self.turn > 1, self.swords[self.active])

    def seated(self, seat: int) -> list[str]:
        return [a for a in self.chairs[seat] if a is not None]

    def _chosen_chair(self) -> int:
        return self.dice[self.chair_die] if self.dice else 0

    def activating_name(self) -> str:
        return ADVISOR_BY_ID[self.activating].name if self.activating else "advisor"

    # ---------------------------------------------------------------- legal actions
    def legal_actions(self) -> list[Action]:
        """The phase's choices (see ``offers.py``, where each phase's rule is written; this
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
                    offered.append(offers.CROWN)
                if self.cross_holder == me and own_turn_phase:
                    offered.append(offers.CROSS)
        self._offered = offered
        return offered

    #: The protocol's full check and the search ask ``_legal_actions``: here it is
    #: ``legal_actions`` itself (one call instead of two). Remembering the list does no harm
    #: there: the search's worlds carry actions out with ``_apply`` and are never asked to
    #: ``apply``, and ``apply`` forgets the list after the full check.
    _legal_actions = legal_actions

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

    def seat_to_move(self) -> int:
        """current_player while the game runs: the loser of the roll decides a re-roll."""
        return self.battle["loser"] if self.phase == "reroll" else self.active

    # ------------------------------------------------------------------ the turn's flow
    def queue_activations(self, advisors: list[str], then: str) -> None:
        self.pending = advisors + self.pending
        self.after_pending = then
        self.run_pending()

    def run_pending(self) -> None:
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
                moves.activate(self, me, adv)
            else:  # the Smith, the Summoner: use it or let it rest
                self.activating, self.phase = adv, "activation"
                return
        self.phase = self.after_pending

    def end_turn(self, action: Action | None = None) -> None:
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


#: Each kind's handler (see moves.py; a module global: a class attribute read through ``self``
#: costs a lookup in the instance first).
_HANDLERS = {**moves.HANDLERS, "end_turn": CrownsState.end_turn}

# The frequent phases' choices, read as module globals by legal_actions.
_arm, _choose_die, _activation, _reroll = offers.arm, offers.choose_die, offers.activation, offers.reroll
_ROLL, _BATTLE, _OFFERS = offers.ROLL, offers.BATTLE, offers.BY_STATE
_battle_allowed = offers.battle_allowed
