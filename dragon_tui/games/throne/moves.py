"""The active player's decisions: Ka'yu redraw, filling prospects, the four main actions,
King's Guard free actions, the Vu'ur bonus and the six Guild Favors.

Choices that would multiply into hundreds of actions (a pawn from one of 36 guilds to one of
35 others) are split into two decisions, "which pawn" then "where", so that the list offered
to a player or a bot stays short and readable. The pawn only moves on the second decision,
so no pawn is ever "in the air" between two states. The board has 180 spaces and at most
172 pawns, so a pawn that may leave a guild always has somewhere to go.
"""

from __future__ import annotations

from dragon_tui.engine import Action

from . import card_table, offers
from .board import board_facts, bumped, draw, feed_needed, gain_all, listed_on, move_supporter, owner_name, pay, recruit_price
from .pending import NOTHING, PendingStep, step
from .data import (
    ALL_GUILDS,
    CARDS,
    GUILDS_OF_CLAN,
    GUILD_NAMES,
    IS_DRAGON,
    IS_FAVOR,
    IS_RECRUIT,
    NUM_CLANS,
    NUM_KINGDOMS,
    ROW_OR_COLUMN,
    CLANS,
    CLERIC,
    GUILDS,
    HAWA,
    KINGDOMS,
    MAJI,
    MERCHANT,
    NEUTRAL,
    RESOURCES,
    ROYAL,
    SHEEP,
    SHEPHERD,
    SOLDIER,
    SORCERER,
    VUUR,
    ZEME,
    card,
    guild_name,
)

MAIN_KINDS = ("gather", "recruit", "deploy", "maneuver")

#: ``recruit_price`` of every card, looked up: ``_PRICES[hawa][card][controls_in_kingdom]``
#: (the rule stays in board.recruit_price; listing the main actions asks for six a time).
#: Loaded from ``card_table.py``, generated from ``compute_recruit_prices``.
_PRICES: tuple[tuple[tuple[int, int], ...], ...] = card_table.RECRUIT_PRICES
#: ``feed_of`` of every card, looked up: ``_FEEDS[zeme][card]`` (the rule: board.feed_needed).
#: Loaded from ``card_table.py``, generated from ``compute_feeds``.
_FEEDS: tuple[tuple[int, ...], ...] = card_table.FEEDS
#: Per guild, the pending step of a maneuver out of it (``step(from_guild=guild)``).
_FROM_GUILD: tuple[PendingStep, ...] = tuple(step(from_guild=guild) for guild in ALL_GUILDS)


def compute_recruit_prices() -> tuple[tuple[tuple[int, int], ...], ...]:
    """``_PRICES`` computed with ``board.recruit_price``."""
    return tuple(tuple(tuple(recruit_price(cd.cost, controls, hawa) for controls in (False, True)) for cd in CARDS)
                 for hawa in (False, True))


def compute_feeds() -> tuple[tuple[int, ...], ...]:
    """``_FEEDS`` computed with ``board.feed_needed``."""
    return tuple(tuple(feed_needed(cd.feed, zeme) for cd in CARDS) for zeme in (False, True))
FAVOR_PHASES = ("merchant", "soldier", "soldier_to", "cleric", "cleric_to", "royal", "royal_to", "sorcerer")


class MovesMixin:
    # ================================================================== legal actions
    def _legal_turn(self) -> list[Action]:
        ph = self.phase
        if ph == "main":  # the commonest first
            return _legal_main(self)
        p = self.active
        if ph == "maneuver_to":  # the commonest of the others
            # Every open guild but the one the supporter leaves: the moves to all open guilds
            # depend on which guilds have room alone, so the board facts remember them.
            src, facts = self.pending.from_guild, board_facts(self)
            moves = facts.by_room.get("maneuver_to")
            if moves is None:
                moves = facts.by_room["maneuver_to"] = tuple(map(offers.MANEUVER_TO.__getitem__, facts.open_guilds()))
            if facts.room[src]:
                i = facts.open_guilds().index(src)
                return listed_on(self, [*moves[:i], *moves[i + 1:]], facts)
            return listed_on(self, list(moves), facts)
        if ph == "kayu":
            kayu_discards = offers.KAYU_DISCARD
            acts = [kayu_discards[c] or offers.kayu_discard_of(c) for c in self.hand[p] if c not in self.kayu_sel]
            acts.append(offers.kayu_done(len(self.kayu_sel)))
            return acts
        if ph == "fill":
            k = self.fill_target()
            return [offers.fill(k, d) for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)) if pile]
        if ph == "dismiss":
            acts = [offers.KEEP]
            for where, pile in (("hand", self.hand[p]), ("discard", self.discard[p])):
                dismissals = offers.DISMISS[where]
                acts += [dismissals[c] or offers.dismiss_of(c, where) for c in sorted(set(pile))]
            return acts
        if ph == "deploy_to":
            c, facts = self.pending.card, board_facts(self)
            return listed_on(self, [offers.deploy_to(c, guild) for guild in deploy_targets(self, p, c, facts)], facts)
        if ph == "kg_place":
            acts = []
            for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)):
                if pile:
                    acts += [offers.kg_place(d, k) for k in range(NUM_KINGDOMS)]
            return acts
        if ph == "kg_discard":
            acts = [offers.discard(c) for c in self.hand[p]]
            acts.append(offers.DISCARD_DONE)
            return acts
        if ph in FAVOR_PHASES:
            return self._legal_favor(ph)
        raise AssertionError(f"unknown phase {ph}")

    def _legal_main(self) -> list[Action]:
        p = self.active
        hand = self.hand[p]
        acts: list[Action] = []
        main = self.main
        prince = self.prince[p]  # the seat's Dragon Prince bonus (has_bonus)
        if main in (None, "gather") and self.main_count < 3:
            zeme = prince == ZEME
            sheep, feeds, gathers = self.res[p][SHEEP], _FEEDS[zeme], offers.GATHER[zeme]
            for c in hand:
                # What a Dragon eats (feed_of); nothing for the other cards (their feed is 0).
                if sheep >= feeds[c] and not IS_FAVOR[c]:
                    acts.append(gathers[c] or offers.gather_of(zeme, c, feeds[c]))
        if main == "gather" and prince == MAJI and not self.maji_used:
            for a, b in ((0, 1), (0, 2), (1, 2)):
                acts.append(offers.maji(a, b))
        facts = board_facts(self) if main != "gather" else None
        if main in (None, "recruit"):
            # recruit_cost of each Kingdom's top prospect, what it needs looked up once.
            res, kingdoms, prices = self.res[p], facts.kingdoms(p), _PRICES[prince == HAWA]
            recruits = offers.RECRUIT
            for k, stack in enumerate(self.prospects):
                if stack:
                    c = stack[-1]
                    cost = prices[c][k in kingdoms]
                    if res[IS_DRAGON[c]] >= cost:  # gold for a Dragon, influence for a Citizen
                        acts.append(recruits[k][c][cost] or offers.recruit_of(k, c, cost))
        if main in (None, "deploy") and self.main_count < 2 and self.supply[p] > 0:
            deploys, by_room = offers.DEPLOY, facts.by_room
            for c in hand:
                if IS_RECRUIT[c]:
                    # A Citizen's deploy_targets, once worked out for these facts, looked up.
                    targets = None if IS_DRAGON[c] else by_room.get(c)
                    if targets is None:
                        targets = deploy_targets(self, p, c, facts)
                    if targets:
                        acts.append(deploys[c] or offers.deploy_of(c))
        if main in (None, "maneuver") and self.main_count < 2:
            acts += facts.occupied_as(p, offers.MANEUVER)
        can_main = bool(acts)
        # King's Guard free actions
        if self.guards_in_supply[p] > 0:
            if self.cdeck or self.ddeck:
                acts.append(offers.KG_PROSPECTS)
            for k, stack in enumerate(self.prospects):
                for i in range(len(stack) - 1):
                    acts.append(offers.kg_lift(k, i, stack[i]))
            if hand:
                acts.append(offers.KG_DISCARD)
            if prince == VUUR and not self.vuur_used and self.reserve[p] > 0:
                acts.append(offers.VUUR)
        if not self.favor_used:
            # Every favor card is offered, twins included, so the hand on screen maps 1:1.
            favors = offers.FAVOR
            for c in hand:
                if IS_FAVOR[c]:
                    acts.append(favors[c] or offers.favor_of(c))
        if main is not None:
            acts.append(offers.END_TURN)
        elif not can_main:
            acts.append(offers.END_TURN_NO_MAIN)
        return acts if facts is None else listed_on(self, acts, facts)

    def deploy_targets(self, seat: int, cid: int, facts=None) -> tuple[int, ...]:
        """The guilds ``cid`` may deploy a supporter to, in board order (``facts``: this
        position's ``board_facts()``, when the caller already has it). Where a card may go
        depends on the pawns alone, so the board facts remember it per card."""
        facts = facts or board_facts(self)
        if IS_DRAGON[cid]:
            # feed_of(seat, cid), looked up (listing the main actions asks for every Dragon in hand).
            if self.res[seat][SHEEP] < _FEEDS[self.prince[seat] == ZEME][cid]:
                return ()
            # A Dragon replaces a King's Guard in a guild matching its clan.
            clan = CARDS[cid].clan
            targets = facts.by_guards.get(clan)
            if targets is None:
                guards = self.guards
                matching = GUILDS_OF_CLAN[clan] if clan >= 0 else ()  # a starter has no clan
                facts.by_guards[clan] = targets = tuple([guild for guild in matching if guards[guild] > 0])
            return targets
        # A Citizen joins a guild with room in its Kingdom's row or its Guild's column.
        targets = facts.by_room.get(cid)
        if targets is None:
            cd, room = CARDS[cid], facts.room
            facts.by_room[cid] = targets = tuple([guild for guild in ROW_OR_COLUMN[cd.kingdom][cd.guild] if room[guild]])
        return targets

    def fill_target(self) -> int | None:
        prospects = self.prospects
        if all(prospects):  # the common case, told in C
            return None
        for k in range(NUM_KINGDOMS):
            if not prospects[k]:
                return k
        return None

    def _legal_favor(self, ph: str) -> list[Action]:
        p = self.active
        acts: list[Action] = []
        if ph == "merchant":
            return list(offers.TAKE)
        if ph == "soldier":
            mode = self.pending.soldier_mode
            for guild in ALL_GUILDS:
                if self.guards[guild]:
                    if mode in (None, "move"):
                        acts.append(offers.KG_FROM[guild])
                    if mode in (None, "take"):
                        acts.append(offers.KG_TAKE[guild])
        elif ph == "soldier_to":
            src = self.pending.from_guild
            return [offers.KG_TO[guild] for guild in self.open_guilds() if guild != src]
        elif ph == "cleric":
            # Every owners_in(guild) not protected: whose pawns may move is asked once per owner.
            movable = [seat for seat in range(self.num_players) if not self.protected(seat, p)]
            neutral_movable = not self.protected(NEUTRAL, p)
            supporters, neutral = self.supporters, self.neutral_supporters
            for guild in ALL_GUILDS:
                counts = supporters[guild]
                for owner in movable:
                    if counts[owner]:
                        acts.append(offers.sup_from(owner, guild))
                if neutral[guild] and neutral_movable:
                    acts.append(offers.sup_from(NEUTRAL, guild))
        elif ph == "cleric_to":
            src = self.pending.from_guild
            return [offers.SUP_TO[guild] for guild in self.open_guilds() if guild != src]
        elif ph == "royal":
            for h in range(NUM_CLANS):
                if self.open_houses(h):
                    for owner in self.bump_owners(h, p):
                        acts.append(offers.lord_from(owner, h))
        elif ph == "royal_to":
            return [offers.lord_to(h) for h in self.open_houses(self.pending.from_house)]
        elif ph == "sorcerer":
            k, g = self.pending.roll
            spots = ROW_OR_COLUMN[k][g]
            if self.supply[p] > 0:
                acts += [offers.SORC_ADD[guild] for guild in spots if self.has_space(guild)]
            for guild in spots:
                for owner in self.owners_in(guild):
                    if owner != p and not self.protected(owner, p):
                        acts.append(offers.sorc_remove(owner, guild))
        acts.append(offers.FAVOR_DONE)
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
        feed = _FEEDS[self.prince[p] == ZEME][c] if IS_DRAGON[c] else 0  # feed_of, looked up
        if feed:
            pay(self, p, SHEEP, feed)
        got = gain_all(self, p, cd.produce)
        self.discard[p].append(c)
        self.main, self.main_count = "gather", self.main_count + 1
        eat = f" (fed {feed} sheep)" if feed else ""
        self.log.append(f"{{p{p}}} gathers with {cd.name}{eat}: {offers.gain_text(tuple(got)) or 'nothing left to take'}.")

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
# end of board.py: a plain name costs less than ``self.method`` on the state).
_legal_main = MovesMixin._legal_main
_legal_turn = MovesMixin._legal_turn
deploy_targets = MovesMixin.deploy_targets
fill_target = MovesMixin.fill_target
_apply_turn = MovesMixin._apply_turn
_gather = MovesMixin._gather
