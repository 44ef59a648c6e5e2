"""What Princes says: every action it offers, the status line, the refusals.

An offered action is immutable and depends only on its arguments, so each is made (and
worded) once per distinct argument, and listing the legal actions hands out the same objects
again instead of building and wording new ones: random games and the search bots list them
hundreds of thousands of times. Which actions are legal is decided in offers.py and rules.py;
this module only knows how each one is worded. The log lines are written where the rules do
what they tell (moves.py, board.py).
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action
from ...engine.wording import a_or_an

from .board import owner_name
from .data import (ALL_GUILDS, CLANS, GUILDS, KINGDOMS, MAIN_KINDS, NUM_CARDS, NUM_KINGDOMS, RES_LETTER, RESOURCES, card,
                   guild_name)

#: The highest recruit price (the dearest card's printed cost): sizes ``RECRUIT``.
_MAX_COST = 8


@lru_cache(maxsize=None)
def gain_text(produce: tuple[int, ...]) -> str:
    """"+2i +1s": what a card produces, or what a gather brought (a tuple, remembered)."""
    return " ".join(f"+{n}{RES_LETTER[r]}" for r, n in enumerate(produce) if n)


# ---------------------------------------------------------------------- before the main action
@lru_cache(maxsize=None)
def kayu_discard(c: int) -> Action:
    return Action("kayu_discard", (c,), f"Ka'yu: set aside {card(c).text()}")


#: ``KAYU_DISCARD[card]``: ``kayu_discard(card)``, filled on first use (see ``GATHER``).
KAYU_DISCARD: list[Action | None] = [None] * NUM_CARDS


def kayu_discard_of(c: int) -> Action:
    KAYU_DISCARD[c] = action = kayu_discard(c)
    return action


@lru_cache(maxsize=None)
def kayu_done(n: int) -> Action:
    return Action("kayu_done", (), f"Ka'yu: discard {n} and draw {n}" if n else "Ka'yu: keep the hand")


@lru_cache(maxsize=None)
def fill(k: int, deck: str) -> Action:
    return Action("fill", (deck,), f"Fill the {KINGDOMS[k]} prospect space from the {deck} deck")


# ---------------------------------------------------------------------- the main actions
@lru_cache(maxsize=None)
def gather(c: int, feed: int) -> Action:
    cd = card(c)
    eat = f", feeding {feed} sheep" if feed else ""
    return Action("gather", (c,), f"Gather with {cd.name}{' (starter)' if cd.starter else ''}: {gain_text(cd.produce)}{eat}")


@lru_cache(maxsize=None)
def recruit(k: int, c: int, cost: int) -> Action:
    res = 1 if card(c).is_dragon else 0
    return Action("recruit", (k,), f"Recruit {card(c).text()} from {KINGDOMS[k]} for {cost} {RESOURCES[res]}")


KEEP = Action("keep", (), "Dismiss nothing")


@lru_cache(maxsize=None)
def dismiss(c: int, where: str) -> Action:
    loss = f" (-{card(c).prestige} prestige)" if card(c).prestige else ""
    return Action("dismiss", (c,), f"Dismiss {card(c).text()} from your {where}{loss}")


#: ``DISMISS[where][card]``: ``dismiss(card, where)``, filled on first use (see ``GATHER``).
DISMISS: dict[str, list[Action | None]] = {"hand": [None] * NUM_CARDS, "discard": [None] * NUM_CARDS}


def dismiss_of(c: int, where: str) -> Action:
    DISMISS[where][c] = action = dismiss(c, where)
    return action


@lru_cache(maxsize=None)
def deploy(c: int) -> Action:
    return Action("deploy", (c,), f"Deploy with {card(c).text()}")


@lru_cache(maxsize=None)
def deploy_to(c: int, guild: int) -> Action:
    return Action("deploy_to", (guild,), f"Deploy {card(c).name} to the {guild_name(guild)} guild")


# The main actions listed every time (offers._legal_main), looked up in lists indexed by their
# arguments instead of through the lru_cache above, which builds and hashes a key tuple per
# call: each entry is filled on first use (``... or gather_of(...)``), with the very object
# the function above returns.

#: ``GATHER[zeme][card]``: ``gather(card, feed)``, the feed being the card's with or
#: without the Ze'me bonus.
GATHER: tuple[list[Action | None], list[Action | None]] = ([None] * NUM_CARDS, [None] * NUM_CARDS)
#: ``RECRUIT[kingdom][card][cost]``: ``recruit(kingdom, card, cost)``.
RECRUIT: tuple[tuple[list[Action | None], ...], ...] = tuple(tuple([None] * (_MAX_COST + 1) for _ in range(NUM_CARDS))
                                                              for _ in range(NUM_KINGDOMS))
#: ``DEPLOY[card]``: ``deploy(card)``.
DEPLOY: list[Action | None] = [None] * NUM_CARDS


def gather_of(zeme: bool, c: int, feed: int) -> Action:
    GATHER[zeme][c] = action = gather(c, feed)
    return action


def recruit_of(k: int, c: int, cost: int) -> Action:
    RECRUIT[k][c][cost] = action = recruit(k, c, cost)
    return action


def deploy_of(c: int) -> Action:
    DEPLOY[c] = action = deploy(c)
    return action


#: Per guild, its maneuver action (listed whenever the seat has a supporter there).
MANEUVER = tuple(Action("maneuver", (guild,), f"Maneuver a supporter out of the {guild_name(guild)} guild")
                 for guild in ALL_GUILDS)
#: Per guild, the action that moves the maneuvered supporter there.
MANEUVER_TO = tuple(Action("maneuver_to", (guild,), f"Move the supporter to the {guild_name(guild)} guild")
                    for guild in ALL_GUILDS)

END_TURN = Action("end_turn", (), "End the turn")
END_TURN_NO_MAIN = Action("end_turn", (), "End the turn (no main action is possible)")


# ---------------------------------------------------------------------- King's Guards, bonuses
KG_PROSPECTS = Action("kg_prospects", (), "King's Guard: place two new prospects")
KG_DISCARD = Action("kg_discard", (), "King's Guard: discard cards from your hand")
VUUR = Action("vuur", (), "Vu'ur bonus: turn a King's Guard into a supporter")
DISCARD_DONE = Action("discard_done", (), "Stop discarding")


@lru_cache(maxsize=None)
def maji(a: int, b: int) -> Action:
    return Action("maji", (a, b), f"Ma'ji bonus: +1 {RESOURCES[a]} and +1 {RESOURCES[b]}")


@lru_cache(maxsize=None)
def kg_lift(k: int, i: int, c: int) -> Action:
    return Action("kg_lift", (k, i), f"King's Guard: lift {card(c).name} to the top in {KINGDOMS[k]}")


@lru_cache(maxsize=None)
def kg_place(deck: str, k: int) -> Action:
    return Action("kg_place", (deck, k), f"Draw {a_or_an(deck)} onto the {KINGDOMS[k]} prospects")


@lru_cache(maxsize=None)
def discard(c: int) -> Action:
    return Action("discard", (c,), f"Discard {card(c).text()}")


# ---------------------------------------------------------------------- Guild Favors
@lru_cache(maxsize=None)
def favor(c: int) -> Action:
    return Action("favor", (c,), f"Play the {GUILDS[card(c).guild]} Favor")


#: ``FAVOR[card]``: ``favor(card)``, filled on first use like ``GATHER``.
FAVOR: list[Action | None] = [None] * NUM_CARDS


def favor_of(c: int) -> Action:
    FAVOR[c] = action = favor(c)
    return action


FAVOR_DONE = Action("favor_done", (), "Finish the favor")
#: Merchant Favor: per resource, take three of it.
TAKE = tuple(Action("take", (r,), f"Merchant Favor: take 3 {RESOURCES[r]}") for r in range(3))
KG_FROM = tuple(Action("kg_from", (guild,), f"Soldier Favor: move a King's Guard out of {guild_name(guild)}")
                for guild in ALL_GUILDS)
KG_TAKE = tuple(Action("kg_take", (guild,), f"Soldier Favor: take a King's Guard from {guild_name(guild)}")
                for guild in ALL_GUILDS)
KG_TO = tuple(Action("kg_to", (guild,), f"Soldier Favor: put the King's Guard in {guild_name(guild)}")
              for guild in ALL_GUILDS)
SUP_TO = tuple(Action("sup_to", (guild,), f"Cleric Favor: move it to {guild_name(guild)}") for guild in ALL_GUILDS)
SORC_ADD = tuple(Action("sorc_add", (guild,), f"Sorcerer Favor: add a supporter to {guild_name(guild)}")
                 for guild in ALL_GUILDS)


@lru_cache(maxsize=None)
def sup_from(owner: int, guild: int) -> Action:
    return Action("sup_from", (owner, guild), f"Cleric Favor: move {owner_name(owner)}'s supporter out of {guild_name(guild)}")


@lru_cache(maxsize=None)
def lord_from(owner: int, h: int) -> Action:
    return Action("lord_from", (owner, h), f"Royal Favor: move {owner_name(owner)}'s Dragon Lord out of {CLANS[h]}")


@lru_cache(maxsize=None)
def lord_to(h: int) -> Action:
    return Action("lord_to", (h,), f"Royal Favor: move it to the {CLANS[h]} Clan House")


@lru_cache(maxsize=None)
def sorc_remove(owner: int, guild: int) -> Action:
    return Action("sorc_remove", (owner, guild), f"Sorcerer Favor: remove {owner_name(owner)}'s supporter from {guild_name(guild)}")


# ---------------------------------------------------------------------- rewards, Parliament
# Made anew each time they are offered (they are offered a few times a game).
def house(h: int, full: bool) -> Action:
    return Action("house", (h,), f"Place a Dragon Lord in the {CLANS[h]} Clan House"
                  f"{' (full: move a Dragon Lord out first)' if full else ''}")


def bump(owner: int, h: int) -> Action:
    return Action("bump", (owner,), f"Move {owner_name(owner)}'s Dragon Lord out of {CLANS[h]}")


def bump_to(h: int) -> Action:
    return Action("bump_to", (h,), f"Move that Dragon Lord to the {CLANS[h]} Clan House")


def prince(h: int) -> Action:
    return Action("prince", (h,), f"Seat your Dragon Prince in the {CLANS[h]} Clan House")


# ---------------------------------------------------------------------- the status line, keys, refusals
def phase_label(state) -> str:
    """The status line: whose decision and what kind (``State.phase_label``)."""
    if state.over:
        return "Game over"
    p = state.current_player
    ph = state.phase
    text = {
        "kayu": "Ka'yu bonus: pick cards to redraw",
        "fill": "fill the empty prospect spaces",
        "main": "choose an action" if state.main is None else f"{state.main} — continue or end the turn",
        "dismiss": "dismiss a card (optional)",
        "deploy_to": "choose the guild for the supporter",
        "maneuver_to": "choose where the supporter goes",
        "kg_place": "place the new prospects",
        "kg_discard": "discard cards",
        "merchant": "Merchant Favor: choose a resource",
        "soldier": "Soldier Favor: choose King's Guards",
        "soldier_to": "Soldier Favor: choose the new guild",
        "cleric": "Cleric Favor: choose a supporter",
        "cleric_to": "Cleric Favor: choose the new guild",
        "royal": "Royal Favor: choose a Dragon Lord",
        "royal_to": "Royal Favor: choose the Clan House",
        "sorcerer": "Sorcerer Favor: add or remove a supporter",
        "reward_house": "place a Dragon Lord",
        "reward_bump": "choose the Dragon Lord to move out",
        "reward_bump_to": "choose where it goes",
        "parliament": "Parliament: seat your Dragon Prince",
    }.get(ph, ph)
    return f"{{p{p}}}: {text}"


#: Letter keys for the choices that have a natural letter; the rest go by number.
_KEYS = {("take", 0): "i", ("take", 1): "g", ("take", 2): "s",
         ("fill", "citizen"): "c", ("fill", "dragon"): "d"}


def action_key(state, action: Action) -> str | None:
    """The key that picks ``action`` on the game screen (``State.action_key``)."""
    if action.kind == "end_turn":
        return "e"
    if action.args:
        return _KEYS.get((action.kind, action.args[0]))
    return None


def why_illegal(state, action: Action) -> str | None:
    """Why ``action`` is refused, where the rules can say more than the list of choices
    (``State.why_illegal``)."""
    if state.over:
        return "The game is over."
    p = state.active
    kind, args = action.kind, action.args
    if state.phase != "main" and kind in MAIN_KINDS + ("end_turn", "favor"):
        return f"Finish the current step first ({state.phase_label()})."
    if kind in MAIN_KINDS and state.main not in (None, kind):
        return f"You already chose to {state.main} this turn: one main action per turn."
    if kind == "end_turn" and state.main is None:
        return "You must take a main action (gather, recruit, deploy or maneuver) before ending the turn."
    if kind == "favor" and state.favor_used:
        return "Only one Guild Favor may be played per turn."
    if kind == "gather" and state.main_count >= 3:
        return "Gather plays at most three cards."
    if kind in ("deploy", "maneuver") and state.main_count >= 2:
        return f"{kind.capitalize()} moves at most two supporters."
    if kind in ("gather", "deploy") and args and isinstance(args[0], int) and 0 <= args[0] < 148:
        c = args[0]
        if c not in state.hand[p]:
            return f"{card(c).name} is not in your hand."
        cd = card(c)
        if kind == "deploy" and not cd.is_recruit:
            return "Starter cards and favors cannot deploy supporters."
        if kind == "deploy" and state.supply[p] == 0:
            return "You have no supporter in your supply."
        if cd.is_dragon and state.res[p][2] < state.feed_of(p, c):
            return f"The {cd.name} must eat {state.feed_of(p, c)} sheep and you have {state.res[p][2]}."
        if kind == "gather" and cd.kind == "favor":
            return "Guild Favors cannot gather resources."
    if kind == "recruit" and args and isinstance(args[0], int) and 0 <= args[0] < 6:
        k = args[0]
        if not state.prospects[k]:
            return f"There is no prospect in {KINGDOMS[k]}."
        c = state.prospects[k][-1]
        cost = state.recruit_cost(p, c, k)
        r = 1 if card(c).is_dragon else 0
        return f"{card(c).name} costs {cost} {('influence', 'gold')[r]} and you have {state.res[p][r]}."
    expected = {"deploy_to": "deploy_to", "maneuver_to": "maneuver_to", "sup_to": "cleric_to",
                "kg_to": "soldier_to", "sorc_add": "sorcerer"}
    if expected.get(kind) == state.phase and args and isinstance(args[0], int) and 0 <= args[0] < 36:
        guild = args[0]
        if state.phase == "deploy_to" and card(state.pending.card).is_dragon and kind == "deploy_to":
            if state.guards[guild] == 0:
                return f"A Dragon must replace a King's Guard, and the {guild_name(guild)} guild has none."
            return f"The {card(state.pending.card).name} does not match the {guild_name(guild)} guild's colours."
        if not state.has_space(guild):
            return f"The {guild_name(guild)} guild is full (five pawns)."
        if kind == "deploy_to":
            return f"The {card(state.pending.card).name} matches neither the Kingdom nor the Guild of {guild_name(guild)}."
    if kind in ("kg_prospects", "kg_lift", "kg_discard") and state.guards_in_supply[p] == 0:
        return "You have no King's Guard to spend."
    return None
