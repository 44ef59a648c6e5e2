"""The active player's decisions: Ka'yu redraw, filling prospects, the four main actions,
King's Guard free actions, the Vu'ur bonus and the six Guild Favors.

Choices that would multiply into hundreds of actions (a pawn from one of 36 guilds to one of
35 others) are split into two decisions, "which pawn" then "where", so that the list offered
to a player or a bot stays short and readable. The pawn only moves on the second decision,
so no pawn is ever "in the air" between two states. The board has 180 spaces and at most
172 pawns, so a pawn that may leave a guild always has somewhere to go.
"""

from __future__ import annotations

from functools import lru_cache

from dragon_tui.engine import Action
from dragon_tui.engine.wording import a_or_an

from .board import owner_name
from .pending import NOTHING, PendingStep
from .data import (
    ALL_GUILDS,
    CARDS,
    GUILDS_OF_CLAN,
    IS_DRAGON,
    IS_FAVOR,
    IS_RECRUIT,
    NUM_CLANS,
    NUM_KINGDOMS,
    ROW_OR_COLUMN,
    CLANS,
    CLERIC,
    GUILDS,
    KINGDOMS,
    MAJI,
    MERCHANT,
    RES_LETTER,
    RESOURCES,
    ROYAL,
    SHEEP,
    SHEPHERD,
    SOLDIER,
    SORCERER,
    VUUR,
    card,
    guild_name,
)

MAIN_KINDS = ("gather", "recruit", "deploy", "maneuver")
FAVOR_PHASES = ("merchant", "soldier", "soldier_to", "cleric", "cleric_to", "royal", "royal_to", "sorcerer")


def _gain_text(produce) -> str:
    return " ".join(f"+{n}{RES_LETTER[r]}" for r, n in enumerate(produce) if n)


class MovesMixin:
    # ================================================================== legal actions
    def _legal_turn(self) -> list[Action]:
        p = self.active
        ph = self.phase
        if ph == "kayu":
            acts = [Action("kayu_discard", (c,), f"Ka'yu: set aside {card(c).text()}")
                    for c in self.hand[p] if c not in self.kayu_sel]
            n = len(self.kayu_sel)
            acts.append(Action("kayu_done", (), f"Ka'yu: discard {n} and draw {n}" if n else "Ka'yu: keep the hand"))
            return acts
        if ph == "fill":
            k = self.fill_target()
            return [Action("fill", (d,), f"Fill the {KINGDOMS[k]} prospect space from the {d} deck")
                    for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)) if pile]
        if ph == "main":
            return self._legal_main()
        if ph == "dismiss":
            acts = [Action("keep", (), "Dismiss nothing")]
            for where, pile in (("hand", self.hand[p]), ("discard", self.discard[p])):
                for c in sorted(set(pile)):
                    loss = f" (-{card(c).prestige} prestige)" if card(c).prestige else ""
                    acts.append(Action("dismiss", (c,), f"Dismiss {card(c).text()} from your {where}{loss}"))
            return acts
        if ph == "deploy_to":
            c = self.pending.card
            return [_deploy_to_action(c, guild) for guild in self.deploy_targets(p, c)]
        if ph == "maneuver_to":
            src = self.pending.from_guild
            return [_maneuver_to_action(guild) for guild in self.open_guilds() if guild != src]
        if ph == "kg_place":
            acts = []
            for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)):
                if pile:
                    acts += [Action("kg_place", (d, k), f"Draw {a_or_an(d)} onto the {KINGDOMS[k]} prospects")
                             for k in range(NUM_KINGDOMS)]
            return acts
        if ph == "kg_discard":
            acts = [Action("discard", (c,), f"Discard {card(c).text()}") for c in self.hand[p]]
            acts.append(Action("discard_done", (), "Stop discarding"))
            return acts
        if ph in FAVOR_PHASES:
            return self._legal_favor(ph)
        raise AssertionError(f"unknown phase {ph}")

    def _legal_main(self) -> list[Action]:
        p = self.active
        hand = self.hand[p]
        acts: list[Action] = []
        main = self.main
        if main in (None, "gather") and self.main_count < 3:
            sheep = self.res[p][SHEEP]
            for c in hand:
                if IS_FAVOR[c]:
                    continue
                feed = self.feed_of(p, c) if IS_DRAGON[c] else 0
                if sheep >= feed:
                    acts.append(_gather_action(c, feed))
        if main == "gather" and self.has_bonus(p, MAJI) and not self.maji_used:
            for a, b in ((0, 1), (0, 2), (1, 2)):
                acts.append(Action("maji", (a, b), f"Ma'ji bonus: +1 {RESOURCES[a]} and +1 {RESOURCES[b]}"))
        if main in (None, "recruit"):
            res = self.res[p]
            for k, stack in enumerate(self.prospects):
                if stack:
                    c = stack[-1]
                    cost = self.recruit_cost(p, c, k)
                    if res[1 if IS_DRAGON[c] else 0] >= cost:
                        acts.append(_recruit_action(k, c, cost))
        if main in (None, "deploy") and self.main_count < 2 and self.supply[p] > 0:
            open_now = None
            for c in hand:
                if IS_RECRUIT[c]:
                    if open_now is None:
                        open_now = set(self.open_guilds())
                    if self.deploy_targets(p, c, open_now):
                        acts.append(_deploy_action(c))
        if main in (None, "maneuver") and self.main_count < 2:
            supporters = self.supporters
            acts += [MANEUVER_ACTIONS[guild] for guild in ALL_GUILDS if supporters[guild][p]]
        can_main = bool(acts)
        # King's Guard free actions
        if self.guards_in_supply[p] > 0:
            if self.cdeck or self.ddeck:
                acts.append(_KG_PROSPECTS)
            for k, stack in enumerate(self.prospects):
                for i in range(len(stack) - 1):
                    acts.append(_kg_lift_action(k, i, stack[i]))
            if hand:
                acts.append(_KG_DISCARD)
            if self.has_bonus(p, VUUR) and not self.vuur_used and self.reserve[p] > 0:
                acts.append(_VUUR)
        if not self.favor_used:
            # Every favor card is offered, twins included, so the hand on screen maps 1:1.
            for c in hand:
                if IS_FAVOR[c]:
                    acts.append(_favor_action(c))
        if main is not None:
            acts.append(_END_TURN)
        elif not can_main:
            acts.append(_END_TURN_NO_MAIN)
        return acts

    def deploy_targets(self, seat: int, cid: int, open_guilds=None) -> list[int]:
        """The guilds ``cid`` may deploy a supporter to, in board order (``open_guilds``: a
        set of this position's ``open_guilds()``, when the caller already has it)."""
        cd = CARDS[cid]
        if cd.kind == "dragon":
            if self.res[seat][SHEEP] < self.feed_of(seat, cid):
                return []
            guards = self.guards
            matching = GUILDS_OF_CLAN[cd.clan] if cd.clan >= 0 else ()  # a starter has no clan
            return [guild for guild in matching if guards[guild] > 0]
        if open_guilds is None:
            open_guilds = set(self.open_guilds())
        return [guild for guild in ROW_OR_COLUMN[cd.kingdom][cd.guild] if guild in open_guilds]

    def fill_target(self) -> int | None:
        for k in range(NUM_KINGDOMS):
            if not self.prospects[k]:
                return k
        return None

    def _legal_favor(self, ph: str) -> list[Action]:
        p = self.active
        done = Action("favor_done", (), "Finish the favor")
        acts: list[Action] = []
        if ph == "merchant":
            return [Action("take", (r,), f"Merchant Favor: take 3 {RESOURCES[r]}") for r in range(3)]
        if ph == "soldier":
            mode = self.pending.soldier_mode
            for guild in ALL_GUILDS:
                if self.guards[guild]:
                    if mode in (None, "move"):
                        acts.append(Action("kg_from", (guild,), f"Soldier Favor: move a King's Guard out of {guild_name(guild)}"))
                    if mode in (None, "take"):
                        acts.append(Action("kg_take", (guild,), f"Soldier Favor: take a King's Guard from {guild_name(guild)}"))
        elif ph == "soldier_to":
            src = self.pending.from_guild
            return [Action("kg_to", (guild,), f"Soldier Favor: put the King's Guard in {guild_name(guild)}")
                    for guild in self.open_guilds() if guild != src]
        elif ph == "cleric":
            for guild in ALL_GUILDS:
                for owner in self.owners_in(guild):
                    if not self.protected(owner, p):
                        acts.append(Action("sup_from", (owner, guild), f"Cleric Favor: move {owner_name(owner)}'s supporter out of {guild_name(guild)}"))
        elif ph == "cleric_to":
            src = self.pending.from_guild
            return [Action("sup_to", (guild,), f"Cleric Favor: move it to {guild_name(guild)}")
                    for guild in self.open_guilds() if guild != src]
        elif ph == "royal":
            for h in range(NUM_CLANS):
                if self.open_houses(h):
                    for owner in self.bump_owners(h, p):
                        acts.append(Action("lord_from", (owner, h), f"Royal Favor: move {owner_name(owner)}'s Dragon Lord out of {CLANS[h]}"))
        elif ph == "royal_to":
            return [Action("lord_to", (h,), f"Royal Favor: move it to the {CLANS[h]} Clan House")
                    for h in self.open_houses(self.pending.from_house)]
        elif ph == "sorcerer":
            k, g = self.pending.roll
            spots = ROW_OR_COLUMN[k][g]
            if self.supply[p] > 0:
                acts += [Action("sorc_add", (guild,), f"Sorcerer Favor: add a supporter to {guild_name(guild)}")
                         for guild in spots if self.has_space(guild)]
            for guild in spots:
                for owner in self.owners_in(guild):
                    if owner != p and not self.protected(owner, p):
                        acts.append(Action("sorc_remove", (owner, guild), f"Sorcerer Favor: remove {owner_name(owner)}'s supporter from {guild_name(guild)}"))
        acts.append(done)
        return acts

    def owners_in(self, guild: int) -> list[int]:
        owners = [s for s in range(self.num_players) if self.supporters[guild][s]]
        if self.neutral_supporters[guild]:
            owners.append(-1)
        return owners

    # ================================================================== carrying out
    def _apply_turn(self, a: Action) -> None:
        p = self.active
        kind, args = a.kind, a.args
        if kind == "kayu_discard":
            self.kayu_sel.append(args[0])
        elif kind == "kayu_done":
            n = len(self.kayu_sel)
            for c in self.kayu_sel:
                self.hand[p].remove(c)
                self.discard[p].append(c)
            if n:
                names = ", ".join(card(c).name for c in self.kayu_sel)
                self.log.append(f"{{p{p}}} uses the Ka'yu bonus: discards {names} and draws {n}.")
            self.kayu_sel = []
            self.draw(p, n)
            self.phase = "fill"
        elif kind == "fill":
            k = self.fill_target()
            c = self._draw_prospect(args[0])
            self.prospects[k].append(c)
            self.log.append(f"{{p{p}}} fills the {KINGDOMS[k]} prospect space: {card(c).name}.")
        elif kind == "gather":
            self._gather(p, args[0])
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
            self.dismissed.append(c)
            self.add_prestige(p, -card(c).prestige)
            self.log.append(f"{{p{p}}} dismisses {card(c).name} from the game.")
            self.phase = "main"
        elif kind == "deploy":
            self.pending = PendingStep(card=args[0])
            self.shown[p].append(args[0])  # announced: known to be in the hand until played
            self.phase = "deploy_to"
        elif kind == "deploy_to":
            self._deploy(p, self.pending.card, args[0])
        elif kind == "maneuver":
            self.pending = PendingStep(from_guild=args[0])
            self.phase = "maneuver_to"
        elif kind == "maneuver_to":
            src, dst = self.pending.from_guild, args[0]
            self.supporters[src][p] -= 1
            self.supporters[dst][p] += 1
            self.main, self.main_count = "maneuver", self.main_count + 1
            self.log.append(f"{{p{p}}} maneuvers a supporter from {guild_name(src)} to {guild_name(dst)}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "kg_prospects":
            self._spend_kg(p)
            self.pending = PendingStep(steps_left=2)
            self.phase = "kg_place"
            self.log.append(f"{{p{p}}} spends a King's Guard to place two new prospects.")
        elif kind == "kg_place":
            d, k = args
            c = self._draw_prospect(d)
            self.prospects[k].append(c)
            self.log.append(f"{{p{p}}} places {card(c).name} on the {KINGDOMS[k]} prospects.")
            self.pending = self.pending.but(steps_left=self.pending.steps_left - 1)
            if self.pending.steps_left == 0 or not (self.cdeck or self.ddeck):
                self.pending, self.phase = NOTHING, "main"
        elif kind == "kg_lift":
            k, i = args
            self._spend_kg(p)
            c = self.prospects[k].pop(i)
            self.prospects[k].append(c)
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
            self.reserve[p] -= 1
            self.supply[p] += 1
            self.log.append(f"{{p{p}}} uses the Vu'ur bonus: a King's Guard becomes a supporter.")
        elif kind == "favor":
            self._play_favor(p, args[0])
        else:
            self._apply_favor_step(p, a)

    def _draw_prospect(self, which: str) -> int:
        pile = self.cdeck if which == "citizen" else self.ddeck
        self.reveal()
        return pile.pop()

    def _spend_kg(self, p: int) -> None:
        self.guards_in_supply[p] -= 1
        self.guards_spent += 1

    def _gather(self, p: int, c: int) -> None:
        cd = card(c)
        self.hand[p].remove(c)
        feed = self.feed_of(p, c) if cd.is_dragon else 0
        if feed:
            self.pay(p, SHEEP, feed)
        got = [self.gain(p, r, n) if n else 0 for r, n in enumerate(cd.produce)]
        self.discard[p].append(c)
        self.main, self.main_count = "gather", self.main_count + 1
        eat = f" (fed {feed} sheep)" if feed else ""
        self.log.append(f"{{p{p}}} gathers with {cd.name}{eat}: {_gain_text(got) or 'nothing left to take'}.")

    def _recruit(self, p: int, k: int) -> None:
        c = self.prospects[k].pop()
        cd = card(c)
        cost = self.recruit_cost(p, c, k)
        res = 1 if cd.is_dragon else 0
        self.pay(p, res, cost)
        self.discard[p].append(c)
        if self.reserve[p] > 0:
            self.reserve[p] -= 1
            self.supply[p] += 1
        self.add_prestige(p, cd.prestige)
        pres = f" (+{cd.prestige} prestige)" if cd.prestige else ""
        self.log.append(f"{{p{p}}} recruits {cd.name} from {KINGDOMS[k]} for {cost} {RESOURCES[res]}{pres}.")
        self.main, self.main_count = "recruit", self.main_count + 1
        self.phase = "dismiss"

    def _deploy(self, p: int, c: int, guild: int) -> None:
        cd = card(c)
        self.hand[p].remove(c)
        self.discard[p].append(c)
        self.supply[p] -= 1
        self.supporters[guild][p] += 1
        if cd.is_dragon:
            feed = self.feed_of(p, c)
            self.pay(p, SHEEP, feed)
            self.guards[guild] -= 1
            self.guards_in_supply[p] += 1
            self.log.append(f"{{p{p}}} deploys with {cd.name} (fed {feed} sheep): a supporter replaces a King's Guard in {guild_name(guild)}.")
        else:
            self.log.append(f"{{p{p}}} deploys with {cd.name}: a supporter joins the {guild_name(guild)} guild.")
        self.main, self.main_count = "deploy", self.main_count + 1
        self.pending, self.phase = NOTHING, "main"

    def _play_favor(self, p: int, c: int) -> None:
        g = card(c).guild
        self.hand[p].remove(c)
        self.favors[g].append(c)
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
            self.guards[src] -= 1
            self.guards[dst] += 1
            self.log.append(f"{{p{p}}} moves a King's Guard from {guild_name(src)} to {guild_name(dst)}.")
            self._favor_step_done("move")
        elif kind == "kg_take":
            self.guards[args[0]] -= 1
            self.guards_in_supply[p] += 1
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
                self.neutral_supporters[src] -= 1
                self.neutral_supporters[dst] += 1
            else:
                self.supporters[src][owner] -= 1
                self.supporters[dst][owner] += 1
            self.log.append(f"{{p{p}}} moves {owner_name(owner)}'s supporter from {guild_name(src)} to {guild_name(dst)}.")
            self.phase = "cleric"
            self._favor_step_done(None)
        elif kind == "lord_from":
            self.pending = self.pending.but(owner=args[0], from_house=args[1])
            self.phase = "royal_to"
        elif kind == "lord_to":
            owner, src = self.pending.owner, self.pending.from_house
            self.houses[src].remove(owner)
            self.houses[args[0]].append(owner)
            self.log.append(f"{{p{p}}} moves {owner_name(owner)}'s Dragon Lord from {CLANS[src]} to {CLANS[args[0]]}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "sorc_add":
            self.supply[p] -= 1
            self.supporters[args[0]][p] += 1
            self.log.append(f"{{p{p}}} adds a supporter to {guild_name(args[0])}.")
            self.pending, self.phase = NOTHING, "main"
        elif kind == "sorc_remove":
            owner, guild = args
            if owner == -1:
                self.neutral_supporters[guild] -= 1
                self.neutral_reserve += 1
            else:
                self.supporters[guild][owner] -= 1
                self.reserve[owner] += 1
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


# ====================================================================== offered actions
# An offered action is immutable and depends only on these arguments, so each is made (and
# worded) once, not at every listing: bots list the main actions hundreds of thousands of times.
@lru_cache(maxsize=None)
def _gather_action(c: int, feed: int) -> Action:
    cd = card(c)
    eat = f", feeding {feed} sheep" if feed else ""
    return Action("gather", (c,), f"Gather with {cd.name}{' (starter)' if cd.starter else ''}: {_gain_text(cd.produce)}{eat}")


@lru_cache(maxsize=None)
def _recruit_action(k: int, c: int, cost: int) -> Action:
    res = 1 if card(c).is_dragon else 0
    return Action("recruit", (k,), f"Recruit {card(c).text()} from {KINGDOMS[k]} for {cost} {RESOURCES[res]}")


@lru_cache(maxsize=None)
def _deploy_action(c: int) -> Action:
    return Action("deploy", (c,), f"Deploy with {card(c).text()}")


@lru_cache(maxsize=None)
def _maneuver_action(guild: int) -> Action:
    return Action("maneuver", (guild,), f"Maneuver a supporter out of the {guild_name(guild)} guild")


#: Per guild, its maneuver action (listed whenever the seat has a supporter there).
MANEUVER_ACTIONS = tuple(_maneuver_action(guild) for guild in ALL_GUILDS)


@lru_cache(maxsize=None)
def _favor_action(c: int) -> Action:
    return Action("favor", (c,), f"Play the {GUILDS[card(c).guild]} Favor")


_KG_PROSPECTS = Action("kg_prospects", (), "King's Guard: place two new prospects")
_KG_DISCARD = Action("kg_discard", (), "King's Guard: discard cards from your hand")
_VUUR = Action("vuur", (), "Vu'ur bonus: turn a King's Guard into a supporter")
_END_TURN = Action("end_turn", (), "End the turn")
_END_TURN_NO_MAIN = Action("end_turn", (), "End the turn (no main action is possible)")


@lru_cache(maxsize=None)
def _kg_lift_action(k: int, i: int, c: int) -> Action:
    return Action("kg_lift", (k, i), f"King's Guard: lift {card(c).name} to the top in {KINGDOMS[k]}")


@lru_cache(maxsize=None)
def _deploy_to_action(c: int, guild: int) -> Action:
    return Action("deploy_to", (guild,), f"Deploy {card(c).name} to the {guild_name(guild)} guild")


@lru_cache(maxsize=None)
def _maneuver_to_action(guild: int) -> Action:
    return Action("maneuver_to", (guild,), f"Move the supporter to the {guild_name(guild)} guild")
