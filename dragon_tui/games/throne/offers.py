"""What the player to move is offered: the legal lists of every phase but Parliament's.

Choices that would multiply into hundreds of actions (a pawn from one of 36 guilds to one of
35 others) are split into two decisions, "which pawn" then "where", so that the list offered
to a player or a bot stays short and readable. The pawn only moves on the second decision
(moves.py), so no pawn is ever "in the air" between two states. The board has 180 spaces and
at most 172 pawns, so a pawn that may leave a guild always has somewhere to go.

The action objects themselves, each made and worded once, are texts.py's.
"""

from __future__ import annotations

from ...engine import Action

from . import texts
from .board import FEEDS, PRICES, board_facts, listed_on
from .data import (
    ALL_GUILDS,
    CARDS,
    GUILDS_OF_CLAN,
    HAWA,
    HOUSE_SPACES,
    IS_DRAGON,
    IS_FAVOR,
    IS_RECRUIT,
    MAJI,
    NEUTRAL,
    NUM_CLANS,
    NUM_KINGDOMS,
    ROW_OR_COLUMN,
    SHEEP,
    VUUR,
    ZEME,
)

FAVOR_PHASES = ("merchant", "soldier", "soldier_to", "cleric", "cleric_to", "royal", "royal_to", "sorcerer")


class OffersMixin:
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
                moves = facts.by_room["maneuver_to"] = tuple(map(texts.MANEUVER_TO.__getitem__, facts.open_guilds()))
            if facts.room[src]:
                i = facts.open_guilds().index(src)
                return listed_on(self, [*moves[:i], *moves[i + 1:]], facts)
            return listed_on(self, list(moves), facts)
        if ph == "kayu":
            kayu_discards = texts.KAYU_DISCARD
            acts = [kayu_discards[c] or texts.kayu_discard_of(c) for c in self.hand[p] if c not in self.kayu_sel]
            acts.append(texts.kayu_done(len(self.kayu_sel)))
            return acts
        if ph == "fill":
            k = self.fill_target()
            return [texts.fill(k, d) for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)) if pile]
        if ph == "dismiss":
            acts = [texts.KEEP]
            for where, pile in (("hand", self.hand[p]), ("discard", self.discard[p])):
                dismissals = texts.DISMISS[where]
                acts += [dismissals[c] or texts.dismiss_of(c, where) for c in sorted(set(pile))]
            return acts
        if ph == "deploy_to":
            c, facts = self.pending.card, board_facts(self)
            return listed_on(self, [texts.deploy_to(c, guild) for guild in deploy_targets(self, p, c, facts)], facts)
        if ph == "kg_place":
            acts = []
            for d, pile in (("citizen", self.cdeck), ("dragon", self.ddeck)):
                if pile:
                    acts += [texts.kg_place(d, k) for k in range(NUM_KINGDOMS)]
            return acts
        if ph == "kg_discard":
            acts = [texts.discard(c) for c in self.hand[p]]
            acts.append(texts.DISCARD_DONE)
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
            sheep, feeds, gathers = self.res[p][SHEEP], FEEDS[zeme], texts.GATHER[zeme]
            for c in hand:
                # What a Dragon eats (feed_of); nothing for the other cards (their feed is 0).
                if sheep >= feeds[c] and not IS_FAVOR[c]:
                    acts.append(gathers[c] or texts.gather_of(zeme, c, feeds[c]))
        if main == "gather" and prince == MAJI and not self.maji_used:
            for a, b in ((0, 1), (0, 2), (1, 2)):
                acts.append(texts.maji(a, b))
        facts = board_facts(self) if main != "gather" else None
        if main in (None, "recruit"):
            # recruit_cost of each Kingdom's top prospect, what it needs looked up once.
            res, kingdoms, prices = self.res[p], facts.kingdoms(p), PRICES[prince == HAWA]
            recruits = texts.RECRUIT
            for k, stack in enumerate(self.prospects):
                if stack:
                    c = stack[-1]
                    cost = prices[c][k in kingdoms]
                    if res[IS_DRAGON[c]] >= cost:  # gold for a Dragon, influence for a Citizen
                        acts.append(recruits[k][c][cost] or texts.recruit_of(k, c, cost))
        if main in (None, "deploy") and self.main_count < 2 and self.supply[p] > 0:
            deploys, by_room = texts.DEPLOY, facts.by_room
            for c in hand:
                if IS_RECRUIT[c]:
                    # A Citizen's deploy_targets, once worked out for these facts, looked up.
                    targets = None if IS_DRAGON[c] else by_room.get(c)
                    if targets is None:
                        targets = deploy_targets(self, p, c, facts)
                    if targets:
                        acts.append(deploys[c] or texts.deploy_of(c))
        if main in (None, "maneuver") and self.main_count < 2:
            acts += facts.occupied_as(p, texts.MANEUVER)
        can_main = bool(acts)
        # King's Guard free actions
        if self.guards_in_supply[p] > 0:
            if self.cdeck or self.ddeck:
                acts.append(texts.KG_PROSPECTS)
            for k, stack in enumerate(self.prospects):
                for i in range(len(stack) - 1):
                    acts.append(texts.kg_lift(k, i, stack[i]))
            if hand:
                acts.append(texts.KG_DISCARD)
            if prince == VUUR and not self.vuur_used and self.reserve[p] > 0:
                acts.append(texts.VUUR)
        if not self.favor_used:
            # Every favor card is offered, twins included, so the hand on screen maps 1:1.
            favors = texts.FAVOR
            for c in hand:
                if IS_FAVOR[c]:
                    acts.append(favors[c] or texts.favor_of(c))
        if main is not None:
            acts.append(texts.END_TURN)
        elif not can_main:
            acts.append(texts.END_TURN_NO_MAIN)
        return acts if facts is None else listed_on(self, acts, facts)

    def deploy_targets(self, seat: int, cid: int, facts=None) -> tuple[int, ...]:
        """The guilds ``cid`` may deploy a supporter to, in board order (``facts``: this
        position's ``board_facts()``, when the caller already has it). Where a card may go
        depends on the pawns alone, so the board facts remember it per card."""
        facts = facts or board_facts(self)
        if IS_DRAGON[cid]:
            # feed_of(seat, cid), looked up (listing the main actions asks for every Dragon in hand).
            if self.res[seat][SHEEP] < FEEDS[self.prince[seat] == ZEME][cid]:
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
            return list(texts.TAKE)
        if ph == "soldier":
            mode = self.pending.soldier_mode
            for guild in ALL_GUILDS:
                if self.guards[guild]:
                    if mode in (None, "move"):
                        acts.append(texts.KG_FROM[guild])
                    if mode in (None, "take"):
                        acts.append(texts.KG_TAKE[guild])
        elif ph == "soldier_to":
            src = self.pending.from_guild
            return [texts.KG_TO[guild] for guild in self.open_guilds() if guild != src]
        elif ph == "cleric":
            # Every owners_in(guild) not protected: whose pawns may move is asked once per owner.
            movable = [seat for seat in range(self.num_players) if not self.protected(seat, p)]
            neutral_movable = not self.protected(NEUTRAL, p)
            supporters, neutral = self.supporters, self.neutral_supporters
            for guild in ALL_GUILDS:
                counts = supporters[guild]
                for owner in movable:
                    if counts[owner]:
                        acts.append(texts.sup_from(owner, guild))
                if neutral[guild] and neutral_movable:
                    acts.append(texts.sup_from(NEUTRAL, guild))
        elif ph == "cleric_to":
            src = self.pending.from_guild
            return [texts.SUP_TO[guild] for guild in self.open_guilds() if guild != src]
        elif ph == "royal":
            for h in range(NUM_CLANS):
                if self.open_houses(h):
                    for owner in self.bump_owners(h, p):
                        acts.append(texts.lord_from(owner, h))
        elif ph == "royal_to":
            return [texts.lord_to(h) for h in self.open_houses(self.pending.from_house)]
        elif ph == "sorcerer":
            k, g = self.pending.roll
            spots = ROW_OR_COLUMN[k][g]
            if self.supply[p] > 0:
                acts += [texts.SORC_ADD[guild] for guild in spots if self.has_space(guild)]
            for guild in spots:
                for owner in self.owners_in(guild):
                    if owner != p and not self.protected(owner, p):
                        acts.append(texts.sorc_remove(owner, guild))
        acts.append(texts.FAVOR_DONE)
        return acts

    def owners_in(self, guild: int) -> list[int]:
        owners = [s for s in range(self.num_players) if self.supporters[guild][s]]
        if self.neutral_supporters[guild]:
            owners.append(-1)
        return owners

    def _legal_reward(self) -> list[Action]:
        seat, guild = self.rewards[0]
        if self.phase == "reward_house":
            return [texts.house(h, len(self.houses[h]) >= HOUSE_SPACES) for h in self.reward_houses()]
        h = self.pending.full_house
        if self.phase == "reward_bump":
            return [texts.bump(owner, h) for owner in self.bump_owners(h, seat)]
        return [texts.bump_to(h2) for h2 in self.open_houses(h)]


# The methods the rules call on (nearly) every step, also by plain name (see the note at the
# end of board.py: a plain name costs less than ``self.method`` on the state).
_legal_main = OffersMixin._legal_main
_legal_turn = OffersMixin._legal_turn
deploy_targets = OffersMixin.deploy_targets
fill_target = OffersMixin.fill_target
