"""What the decisions do: Ka'yu redraw, filling prospects, the four main actions, King's
Guard free actions, the Vu'ur bonus, the six Guild Favors and the Dragon Lord rewards.

Each runs once the action is known to be legal (texts.py lists them); the turn flow that
follows (control, rewards, the end of the turn) is rules.py's.
"""

from __future__ import annotations

from ...engine import Action

from . import texts
from .board import FEEDS, bumped, draw, gain_all, move_supporter, owner_name, pay
from .data import (
    ALL_GUILDS,
    CLANS,
    CLERIC,
    GUILD_NAMES,
    GUILDS,
    HOUSE_SPACES,
    IS_DRAGON,
    KINGDOMS,
    MERCHANT,
    RESOURCES,
    ROYAL,
    SHEEP,
    SHEPHERD,
    SOLDIER,
    SORCERER,
    ZEME,
    card,
    guild_name,
)
from .pending import NOTHING, PendingStep, step

#: Per guild, the pending step of a maneuver out of it (``step(from_guild=guild)``).
_FROM_GUILD: tuple[PendingStep, ...] = tuple(step(from_guild=guild) for guild in ALL_GUILDS)


class MovesMixin:
    def _apply_turn(self, a: Action) -> None:
        p = self.active
        kind, args = a.kind, a.args
        # The commonest kinds of a game first.
        if kind == "maneuver":
            self.pending = _FROM_GUILD[args[0]]
            self.phase = "maneuver_to"
        elif kind == "maneuver_to":
            src, dst = self.pending.from_guild, args[0]
            move_supporter(self, p, src, dst)
            self.main, self.main_count = "maneuver", self.main_count + 1
            self.log.append(f"{{p{p}}} maneuvers a supporter from {GUILD_NAMES[src]} to {GUILD_NAMES[dst]}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "gather":
            _gather(self, p, args[0])
        elif kind == "kayu_discard":
            self.kayu_sel = self.kayu_sel + [args[0]]
        elif kind == "kayu_done":
            n = len(self.kayu_sel)
            for c in self.kayu_sel:
                self.hand[p].remove(c)
                self.discard[p].append(c)
            if n:
                names = ", ".join(card(c).name for c in self.kayu_sel)
                self.log.append(f"{{p{p}}} uses the Ka'yu bonus: discards {names} and draws {n}.")
            self.kayu_sel = []
            draw(self, p, n)
            self.phase = "fill"
        elif kind == "fill":
            k = self.fill_target()
            c = self._draw_prospect(args[0])
            self.prospects[k] = self.prospects[k] + [c]
            self.log.append(f"{{p{p}}} fills the {KINGDOMS[k]} prospect space: {card(c).name}.")
        elif kind == "maji":
            self.maji_used = True
            for r in args:
                self.gain(p, r, 1)
            self.log.append(f"{{p{p}}} takes the Ma'ji bonus: 1 {RESOURCES[args[0]]} and 1 {RESOURCES[args[1]]}.")
        elif kind == "recruit":
            self._recruit(p, args[0])
        elif kind == "keep":
            self.phase = "main"
        elif kind == "dismiss":
            c = args[0]
            pile = self.hand[p] if c in self.hand[p] else self.discard[p]
            pile.remove(c)
            self.dismissed = self.dismissed + [c]
            self.add_prestige(p, -card(c).prestige)
            self.log.append(f"{{p{p}}} dismisses {card(c).name} from the game.")
            self.phase = "main"
        elif kind == "deploy":
            self.pending = step(card=args[0])
            self.shown[p] = self.shown[p] + [args[0]]  # announced: known to be in the hand until played
            self.phase = "deploy_to"
        elif kind == "deploy_to":
            self._deploy(p, self.pending.card, args[0])
        elif kind == "kg_prospects":
            self._spend_kg(p)
            self.pending = PendingStep(steps_left=2)
            self.phase = "kg_place"
            self.log.append(f"{{p{p}}} spends a King's Guard to place two new prospects.")
        elif kind == "kg_place":
            d, k = args
            c = self._draw_prospect(d)
            self.prospects[k] = self.prospects[k] + [c]
            self.log.append(f"{{p{p}}} places {card(c).name} on the {KINGDOMS[k]} prospects.")
            self.pending = self.pending.but(steps_left=self.pending.steps_left - 1)
            if self.pending.steps_left == 0 or not (self.cdeck or self.ddeck):
                self.pending, self.phase = NOTHING, "main"
        elif kind == "kg_lift":
            k, i = args
            self._spend_kg(p)
            stack = self.prospects[k][:]
            c = stack.pop(i)
            stack.append(c)
            self.prospects[k] = stack
            self.log.append(f"{{p{p}}} spends a King's Guard to lift {card(c).name} to the top in {KINGDOMS[k]}.")
        elif kind == "kg_discard":
            self._spend_kg(p)
            self.phase = "kg_discard"
            self.log.append(f"{{p{p}}} spends a King's Guard to discard cards.")
        elif kind == "discard":
            self.hand[p].remove(args[0])
            self.discard[p].append(args[0])
            self.log.append(f"{{p{p}}} discards {card(args[0]).name}.")
            if not self.hand[p]:
                self.phase = "main"
        elif kind == "discard_done":
            self.phase = "main"
        elif kind == "vuur":
            self._spend_kg(p)
            self.vuur_used = True
            self.reserve = bumped(self.reserve, p, -1)
            self.supply = bumped(self.supply, p, 1)
            self.log.append(f"{{p{p}}} uses the Vu'ur bonus: a King's Guard becomes a supporter.")
        elif kind == "favor":
            self._play_favor(p, args[0])
        else:
            self._apply_favor_step(p, a)

    def _draw_prospect(self, which: str) -> int:
        self.reveal()
        if which == "citizen":
            c, self.cdeck = self.cdeck[-1], self.cdeck[:-1]
        else:
            c, self.ddeck = self.ddeck[-1], self.ddeck[:-1]
        return c

    def _spend_kg(self, p: int) -> None:
        self.guards_in_supply = bumped(self.guards_in_supply, p, -1)
        self.guards_spent += 1

    def _gather(self, p: int, c: int) -> None:
        cd = card(c)
        self.hand[p].remove(c)
        feed = FEEDS[self.prince[p] == ZEME][c] if IS_DRAGON[c] else 0  # feed_of, looked up
        if feed:
            pay(self, p, SHEEP, feed)
        got = gain_all(self, p, cd.produce)
        self.discard[p].append(c)
        self.main, self.main_count = "gather", self.main_count + 1
        eat = f" (fed {feed} sheep)" if feed else ""
        self.log.append(f"{{p{p}}} gathers with {cd.name}{eat}: {texts.gain_text(tuple(got)) or 'nothing left to take'}.")

    def _recruit(self, p: int, k: int) -> None:
        stack = self.prospects[k]
        c = stack[-1]
        self.prospects[k] = stack[:-1]
        cd = card(c)
        cost = self.recruit_cost(p, c, k)
        res = 1 if cd.is_dragon else 0
        self.pay(p, res, cost)
        self.discard[p].append(c)
        if self.reserve[p] > 0:
            self.reserve = bumped(self.reserve, p, -1)
            self.supply = bumped(self.supply, p, 1)
        self.add_prestige(p, cd.prestige)
        pres = f" (+{cd.prestige} prestige)" if cd.prestige else ""
        self.log.append(f"{{p{p}}} recruits {cd.name} from {KINGDOMS[k]} for {cost} {RESOURCES[res]}{pres}.")
        self.main, self.main_count = "recruit", self.main_count + 1
        self.phase = "dismiss"

    def _deploy(self, p: int, c: int, guild: int) -> None:
        cd = card(c)
        self.hand[p].remove(c)
        self.discard[p].append(c)
        self.supply = bumped(self.supply, p, -1)
        self.add_supporters(guild, p, 1)
        if cd.is_dragon:
            feed = self.feed_of(p, c)
            self.pay(p, SHEEP, feed)
            self.guards = bumped(self.guards, guild, -1)
            self.guards_in_supply = bumped(self.guards_in_supply, p, 1)
            self.log.append(f"{{p{p}}} deploys with {cd.name} (fed {feed} sheep): a supporter replaces a King's Guard in {guild_name(guild)}.")
        else:
            self.log.append(f"{{p{p}}} deploys with {cd.name}: a supporter joins the {guild_name(guild)} guild.")
        self.main, self.main_count = "deploy", self.main_count + 1
        self.pending, self.phase = NOTHING, "main"

    def _play_favor(self, p: int, c: int) -> None:
        g = card(c).guild
        self.hand[p].remove(c)
        self.favors[g] = self.favors[g] + [c]
        self.favor_used = True
        self.log.append(f"{{p{p}}} plays the {GUILDS[g]} Favor.")
        if g == SHEPHERD:
            got = self.gain(p, SHEEP, 4)
            self.log.append(f"{{p{p}}} takes {got} sheep.")
        elif g == MERCHANT:
            self.phase = "merchant"
        elif g == SOLDIER:
            self.pending, self.phase = PendingStep(steps_left=2), "soldier"
        elif g == CLERIC:
            self.pending, self.phase = PendingStep(steps_left=2), "cleric"
        elif g == ROYAL:
            self.pending, self.phase = NOTHING, "royal"
        elif g == SORCERER:
            k, gg = self.rng.randint(0, 5), self.rng.randint(0, 5)
            self.pending, self.phase = PendingStep(roll=(k, gg)), "sorcerer"
            self.log.append(f"{{p{p}}} rolls the Sorcery Dice: {KINGDOMS[k]} and {GUILDS[gg]}.")

    def _apply_favor_step(self, p: int, a: Action) -> None:
        kind, args = a.kind, a.args
        if kind == "favor_done":
            self.pending, self.phase = NOTHING, "main"
        elif kind == "take":
            got = self.gain(p, args[0], 3)
            self.log.append(f"{{p{p}}} takes {got} {RESOURCES[args[0]]}.")
            self.phase = "main"
        elif kind == "kg_from":
            self.pending = self.pending.but(from_guild=args[0])
            self.phase = "soldier_to"
        elif kind == "kg_to":
            src, dst = self.pending.from_guild, args[0]
            self.pending = self.pending.but(from_guild=None)
            self.guards = bumped(self.guards, src, -1)
            self.guards = bumped(self.guards, dst, 1)
            self.log.append(f"{{p{p}}} moves a King's Guard from {guild_name(src)} to {guild_name(dst)}.")
            self._favor_step_done("move")
        elif kind == "kg_take":
            self.guards = bumped(self.guards, args[0], -1)
            self.guards_in_supply = bumped(self.guards_in_supply, p, 1)
            self.log.append(f"{{p{p}}} takes a King's Guard from {guild_name(args[0])}.")
            self._favor_step_done("take")
        elif kind == "sup_from":
            self.pending = self.pending.but(owner=args[0], from_guild=args[1])
            self.phase = "cleric_to"
        elif kind == "sup_to":
            owner, src = self.pending.owner, self.pending.from_guild
            self.pending = self.pending.but(owner=None, from_guild=None)
            dst = args[0]
            if owner == -1:
                self.neutral_supporters = bumped(self.neutral_supporters, src, -1)
                self.neutral_supporters = bumped(self.neutral_supporters, dst, 1)
            else:
                move_supporter(self, owner, src, dst)
            self.log.append(f"{{p{p}}} moves {owner_name(owner)}'s supporter from {guild_name(src)} to {guild_name(dst)}.")
            self.phase = "cleric"
            self._favor_step_done(None)
        elif kind == "lord_from":
            self.pending = self.pending.but(owner=args[0], from_house=args[1])
            self.phase = "royal_to"
        elif kind == "lord_to":
            owner, src = self.pending.owner, self.pending.from_house
            self.move_lord(owner, src, args[0])
            self.log.append(f"{{p{p}}} moves {owner_name(owner)}'s Dragon Lord from {CLANS[src]} to {CLANS[args[0]]}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "sorc_add":
            self.supply = bumped(self.supply, p, -1)
            self.add_supporters(args[0], p, 1)
            self.log.append(f"{{p{p}}} adds a supporter to {guild_name(args[0])}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "sorc_remove":
            owner, guild = args
            if owner == -1:
                self.neutral_supporters = bumped(self.neutral_supporters, guild, -1)
                self.neutral_reserve += 1
            else:
                self.add_supporters(guild, owner, -1)
                self.reserve = bumped(self.reserve, owner, 1)
            self.log.append(f"{{p{p}}} sends {owner_name(owner)}'s supporter in {guild_name(guild)} back to the reserve.")
            self.pending, self.phase = NOTHING, "main"
        else:
            raise AssertionError(kind)

    def _favor_step_done(self, mode: str | None) -> None:
        self.pending = self.pending.but(steps_left=self.pending.steps_left - 1)
        if mode:
            self.pending = self.pending.but(soldier_mode=mode)
            self.phase = "soldier"
        if self.pending.steps_left == 0:
            self.pending, self.phase = NOTHING, "main"


# The methods the rules call on (nearly) every step, also by plain name (see the note at the

    def _apply_reward(self, a: Action) -> None:
        seat = self.rewards[0][0]
        if a.kind == "house":
            h = a.args[0]
            if len(self.houses[h]) < HOUSE_SPACES:
                self.pending = NOTHING
                self.place_lord(seat, h)
            else:
                self.pending = PendingStep(full_house=h)
                self.phase = "reward_bump"
        elif a.kind == "bump":
            self.pending = self.pending.but(owner=a.args[0])
            self.phase = "reward_bump_to"
        else:
            h, owner, dst = self.pending.full_house, self.pending.owner, a.args[0]
            self.move_lord(owner, h, dst)
            self.log.append(f"{{p{seat}}} moves {owner_name(owner)}'s Dragon Lord from {CLANS[h]} to {CLANS[dst]}.")
            self.pending = NOTHING
            self.place_lord(seat, h)


# The methods the rules call on (nearly) every step, also by plain name (see the note at the
# end of board.py: a plain name costs less than ``self.method`` on the state).
_apply_turn = MovesMixin._apply_turn
_gather = MovesMixin._gather
