"""Cards and board of Princes of the Dragon Throne.

The card list was never published (see ``reference/card_data_findings.md`` §1), so most of
the numbers here are DESIGNED for this implementation. The rulebook fixes some of them and
the design is built around those; every fixed fact is marked "rulebook" below, everything
else "designed".

Card ids are plain ints so that hands, decks and piles stay JSON-native lists:

* ``0..35``    Citizen prospects, id = kingdom * 6 + guild (one per Kingdom x Guild).
* ``36..71``   Dragon prospects, id = 36 + clan * 6 + tier.
* ``72..111``  Starters, id = 72 + seat * 10 + i (four identical decks of ten).
* ``112..147`` Guild Favors, id = 112 + guild * 6 + i.

A guild on the board is numbered kingdom * 6 + guild, the same as the Citizen of that pair.
"""

from __future__ import annotations

from typing import NamedTuple

from . import tables

# --------------------------------------------------------------------------- names
KINGDOMS = ("Troll", "Dwarf", "Human", "Goblin", "Elf", "Kobold")
GUILDS = ("Merchant", "Cleric", "Soldier", "Shepherd", "Sorcerer", "Royal")
CLANS = ("Ha'wa", "Ka'yu", "Ma'ji", "U'siku", "Vu'ur", "Ze'me")
CLAN_COLOURS = ("orange", "green", "blue", "purple", "red", "yellow")  # rulebook
HAWA, KAYU, MAJI, USIKU, VUUR, ZEME = range(6)
MERCHANT, CLERIC, SOLDIER, SHEPHERD, SORCERER, ROYAL = range(6)
TROLL, DWARF, HUMAN, GOBLIN, ELF, KOBOLD = range(6)

#: Clan (colour) of each Kingdom. Rulebook: Elf green, Kobold purple, Goblin yellow (the
#: sample round's Goblin Sorcerer lord goes to the yellow house and Sorcerer is green).
#: Designed: Troll red, Dwarf orange, Human blue.
KINGDOM_CLAN = (VUUR, HAWA, MAJI, ZEME, KAYU, USIKU)
#: Clan (colour) of each Guild. Rulebook: Cleric orange, Soldier red, Sorcerer green,
#: Royal purple. Designed: Merchant yellow (gold), Shepherd blue.
GUILD_CLAN = (ZEME, HAWA, VUUR, MAJI, KAYU, USIKU)

RESOURCES = ("influence", "gold", "sheep")
INFLUENCE, GOLD, SHEEP = range(3)
RES_LETTER = ("i", "g", "s")

GUILD_SPACES = 5  # rulebook: five pawn spaces per guild
HOUSE_SPACES = 5  # issue / BGG review: 30 Dragon Lords fill the six houses
START_KINGS_GUARDS = 2  # rulebook: two per guild, 72 in all
KINGS_GUARDS = 72
SUPPORTERS_PER_PLAYER = 20  # rulebook
START_SUPPLY = 5  # rulebook
DRAGON_LORDS_PER_PLAYER = 15  # 60 / 4
GUILD_MARKERS_PER_PLAYER = 20  # rulebook: "80 Guild Markers - 20 each in Red, Green, Blue & Yellow"
HAND_SIZE = 5
#: The four main actions: a turn takes steps of one of them.
MAIN_KINDS = ("gather", "recruit", "deploy", "maneuver")
START_RESOURCES = 3  # of each, rulebook
PARLIAMENT_SPACES = (6, 13, 21, 30, 40, 50)  # rulebook
#: 2-player rules: non-player supporters placed at the n-th Parliament (rulebook).
NEUTRAL_ROLLS = (1, 2, 3, 4, 5, 6)
NEUTRAL_SUPPORTERS = 20  # one unused colour's pawns
NEUTRAL = -1  # owner id of the non-player Dragon Lords
CONTROL_PRESTIGE = 2  # rulebook
MAJORITY_PRESTIGE = 5  # rulebook, end scoring
TIED_PRESTIGE = 2  # rulebook, end scoring

#: The box holds 35 influence, 35 gold and 25 sheep (rulebook). How many go into play per
#: player count is not printed: DESIGNED, scaled so each player's share stays similar.
RESOURCE_TOTALS = (35, 35, 25)
STOCKS_BY_PLAYERS = {2: (24, 24, 16), 3: (30, 30, 20), 4: (35, 35, 25)}


# --------------------------------------------------------------------------- the board's guilds
#: The board is a grid: one row per Kingdom, one column per Guild type (Merchant .. Royal).
#: Each cell is "a guild" (the Elf Soldier guild), numbered ``kingdom * GUILD_TYPES + type``
#: from 0 to NUM_GUILDS - 1; the same number as the Citizen card of that pair.
NUM_KINGDOMS = len(KINGDOMS)
NUM_CLANS = len(CLANS)  # one Clan House each
GUILD_TYPES = len(GUILDS)
NUM_GUILDS = NUM_KINGDOMS * GUILD_TYPES
#: Every guild number, in board order (row by row).
ALL_GUILDS = range(NUM_GUILDS)


def guild_at(kingdom: int, guild_type: int) -> int:
    """The number of the guild of ``kingdom``'s row and ``guild_type``'s column."""
    return kingdom * GUILD_TYPES + guild_type


#: Per guild number: its Kingdom (row) and its Guild type (column), looked up, not computed.
KINGDOM_OF = tuple(guild // GUILD_TYPES for guild in ALL_GUILDS)
GUILD_TYPE_OF = tuple(guild % GUILD_TYPES for guild in ALL_GUILDS)
#: Per Kingdom, its six guilds.
GUILDS_OF_KINGDOM = tuple(tuple(guild_at(k, g) for g in range(GUILD_TYPES)) for k in range(NUM_KINGDOMS))
#: The guilds in ``kingdom``'s row or ``guild_type``'s column: where a Citizen deploys and
#: what the Sorcery Dice select. ``ROW_OR_COLUMN[kingdom][guild_type]``.
#: Loaded from ``tables.py`` (literal data, generated from ``compute_row_or_column``).
ROW_OR_COLUMN: tuple[tuple[tuple[int, ...], ...], ...] = tables.ROW_OR_COLUMN


def compute_row_or_column() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``ROW_OR_COLUMN`` computed: the rule that ``tables.py`` holds the result of."""
    return tuple(
        tuple(tuple(guild for guild in ALL_GUILDS if KINGDOM_OF[guild] == k or GUILD_TYPE_OF[guild] == g)
              for g in range(GUILD_TYPES))
        for k in range(NUM_KINGDOMS))

GUILD_NAMES = tuple(f"{KINGDOMS[KINGDOM_OF[guild]]} {GUILDS[GUILD_TYPE_OF[guild]]}" for guild in ALL_GUILDS)


def guild_name(guild: int) -> str:
    return GUILD_NAMES[guild]


def guild_clans(guild: int) -> tuple[int, ...]:
    """The clan colours a guild space matches: its Kingdom's and its Guild's."""
    k, g = KINGDOM_CLAN[KINGDOM_OF[guild]], GUILD_CLAN[GUILD_TYPE_OF[guild]]
    return (k,) if k == g else (k, g)


# --------------------------------------------------------------------------- cards
class Card(NamedTuple):
    """One card of the game (every copy of a starter is its own card, with its own id).
    A named tuple: it never changes once made, and a frozen dataclass compiled its methods
    as the module loaded (and set each of the 148 cards' eleven fields one by one)."""

    id: int
    name: str
    kind: str  # "citizen", "dragon", "favor"
    starter: bool = False
    kingdom: int = -1  # citizens
    guild: int = -1  # citizens and favors
    clan: int = -1  # dragons
    feed: int = 0  # sheep a dragon eats when used
    produce: tuple[int, int, int] = (0, 0, 0)  # influence, gold, sheep
    cost: int = 0  # influence for citizens, gold for dragons
    prestige: int = 0

    @property
    def is_dragon(self) -> bool:
        return self.kind == "dragon"

    @property
    def is_recruit(self) -> bool:
        return self.kind in ("citizen", "dragon") and not self.starter

    def text(self) -> str:
        """A one-line summary a player can read without the card art (``compute_text``'s,
        loaded from ``tables.py``)."""
        return tables.CARD_TEXTS[self.id]

    def compute_text(self) -> str:
        """The rule for ``text``: ``tables.py`` holds what it gives for every card."""
        parts = [self.name + (" (starter)" if self.starter else "")]
        if self.kind == "favor":
            return f"{GUILDS[self.guild]} Favor"
        got = " ".join(f"+{n}{RES_LETTER[r]}" for r, n in enumerate(self.produce) if n)
        if self.is_dragon:
            got += f" eats {self.feed}s"
        parts.append(got)
        if self.cost:
            parts.append(f"cost {self.cost}{'g' if self.is_dragon else 'i'}")
        if self.prestige:
            parts.append(f"{self.prestige} prestige")
        return ", ".join(parts)


# Citizens, DESIGNED by formula around the rulebook's fixed points (Goblin Shepherd costs 4,
# Elf Soldier costs 6, Goblin Cleric gives 1 sheep). Each Guild has a base yield and cost;
# the Kingdom's rank (0 for Goblin and Kobold, 1 for Troll and Human, 2 for Dwarf and Elf)
# adds to the cost and as many of the guild's main resource; Royals of rank 1 and 2 carry
# 1 prestige. (The sample round recruits an Elf Soldier and dismisses an Elf Shepherd without
# any prestige changing hands, so those two carry none.)
_GUILD_YIELD = ((0, 2, 0), (0, 0, 1), (2, 0, 0), (0, 0, 2), (1, 1, 0), (1, 1, 1))
_GUILD_MAIN = (GOLD, SHEEP, INFLUENCE, SHEEP, INFLUENCE, GOLD)
_GUILD_COST = (3, 2, 4, 4, 3, 5)
_KINGDOM_RANK = (1, 2, 1, 0, 2, 0)

# Dragons, DESIGNED: six per clan in six tiers (cost, sheep eaten, influence, gold, prestige).
# Rulebook fixed points: Zephyr 2 gold, Spark 4 gold, Copper >= 6 gold, Armadillo 8 gold and
# 1 prestige, Pyrite gives 3 influence for 1 sheep, Pine is green and eats 2 sheep. The
# sample round fixes the Armadillo at 8: Player 2 holds the Ha'wa bonus and controls the
# Goblin Sorcerer guild, pays "six gold" for the Goblin Armadillo (8 - 1 - 1) and "now has
# only four gold left" of ten, too few for the Copper (6 - 1), enough for the Spark (4 - 1).
_TIERS = ((2, 1, 2, 0, 0), (3, 1, 0, 2, 0), (4, 1, 1, 2, 0), (5, 1, 3, 0, 0), (6, 2, 2, 2, 1), (8, 2, 2, 3, 1))
#: Ha'wa, Ma'ji and Vu'ur dragons yield influence and gold the other way round.
_SWAPPED = (HAWA, MAJI, VUUR)
DRAGON_NAMES = (
    ("Marigold", "Saffron", "Amber", "Tiger", "Copper", "Armadillo"),  # Ha'wa orange
    ("Moss", "Willow", "Jade", "Malachite", "Pine", "Emerald"),  # Ka'yu green
    ("Zephyr", "Frost", "Tide", "Cobalt", "Sapphire", "Glacier"),  # Ma'ji blue
    ("Dusk", "Plum", "Violet", "Shadow", "Amethyst", "U'siku"),  # U'siku purple
    ("Cinder", "Ember", "Spark", "Blaze", "Ruby", "Wildfire"),  # Vu'ur red
    ("Dune", "Brass", "Citrine", "Pyrite", "Topaz", "Sunburst"),  # Ze'me yellow
)

# Starter deck, DESIGNED around the sample round (rulebook: Human Royal 2 gold + 1 sheep,
# Goblin Clergy 1 sheep, Scrub Dragon 2 influence for 1 sheep). Citizen starters carry grey
# Kingdom/Guild icons that deploy nothing, so only their yield matters.
STARTER_DECK = (
    ("Human Royal", "citizen", (0, 2, 1), 0),
    ("Goblin Clergy", "citizen", (0, 0, 1), 0),
    ("Scrub Dragon", "dragon", (2, 0, 0), 1),
    ("Scrub Dragon", "dragon", (2, 0, 0), 1),
    ("Troll Merchant", "citizen", (0, 2, 0), 0),
    ("Dwarf Merchant", "citizen", (0, 2, 0), 0),
    ("Troll Soldier", "citizen", (2, 0, 0), 0),
    ("Kobold Soldier", "citizen", (2, 0, 0), 0),
    ("Elf Shepherd", "citizen", (0, 0, 2), 0),
    ("Kobold Sorcerer", "citizen", (1, 1, 0), 0),
)

CITIZEN_IDS = tuple(range(0, 36))
DRAGON_IDS = tuple(range(36, 72))
STARTER_BASE = 72
FAVOR_BASE = 112
NUM_CARDS = 148


def compute_cards() -> tuple[Card, ...]:
    """Every card, built from the designed tables above: the rule that ``tables.py``
    holds the result of (as literal rows, loaded with no computing at start-up)."""
    cards: list[Card] = []
    for k in range(6):
        for g in range(6):
            y = list(_GUILD_YIELD[g])
            rank = _KINGDOM_RANK[k]
            y[_GUILD_MAIN[g]] += rank
            cards.append(
                Card(len(cards), f"{KINGDOMS[k]} {GUILDS[g]}", "citizen", kingdom=k, guild=g,
                     produce=tuple(y), cost=_GUILD_COST[g] + rank, prestige=1 if rank >= 1 and g == ROYAL else 0)
            )
    for c in range(6):
        for t, (cost, feed, inf, gold, pres) in enumerate(_TIERS):
            if c in _SWAPPED:
                inf, gold = gold, inf
            name = DRAGON_NAMES[c][t]
            cards.append(Card(len(cards), f"{name} Dragon", "dragon", clan=c, feed=feed,
                              produce=(inf, gold, 0), cost=cost, prestige=pres))
    for _seat in range(4):
        for name, kind, produce, feed in STARTER_DECK:
            cards.append(Card(len(cards), name, kind, starter=True, feed=feed, produce=produce))
    for g in range(6):
        for _ in range(6):
            cards.append(Card(len(cards), f"{GUILDS[g]} Favor", "favor", guild=g))
    return tuple(cards)


#: Every card by id, made from ``tables.py``'s literal rows (what ``compute_cards`` gives:
#: tests/games/throne/test_data.py checks; ``python -m dragon_tui.games.throne.make_tables``
#: writes the file again). Computing the cards and their texts as the rules loaded cost about
#: 4 million instructions at every start.
CARDS: tuple[Card, ...] = tuple(map(Card._make, tables.CARD_ROWS))


def card(cid: int) -> Card:
    return CARDS[cid]


# Per card id, the card's derived facts looked up instead of computed: listing the legal
# actions and valuing a position read them for every card of a hand, thousands of times a
# second in the search. Each is made from the Card above, so the rule stays there.
# Loaded from ``tables.py``; ``compute_card_facts`` is the rule.
IS_DRAGON: tuple[bool, ...] = tables.IS_DRAGON
IS_RECRUIT: tuple[bool, ...] = tables.IS_RECRUIT
IS_FAVOR: tuple[bool, ...] = tables.IS_FAVOR


def compute_card_facts(cards: tuple[Card, ...]) -> tuple[tuple[bool, ...], ...]:
    """``(IS_DRAGON, IS_RECRUIT, IS_FAVOR)`` computed from ``cards``."""
    return (tuple(c.is_dragon for c in cards), tuple(c.is_recruit for c in cards),
            tuple(c.kind == "favor" for c in cards))


#: Per clan colour, the guilds (in board order) whose spaces match it: where a Dragon of
#: that clan may replace a King's Guard (``guild_clans``, looked up per clan). Loaded from
#: ``tables.py``; ``compute_guilds_of_clan`` is the rule.
GUILDS_OF_CLAN: tuple[tuple[int, ...], ...] = tables.GUILDS_OF_CLAN


def compute_guilds_of_clan() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(guild for guild in ALL_GUILDS if clan in guild_clans(guild)) for clan in range(NUM_CLANS))


def card_by_name(name: str, starter: bool = False) -> int:
    """The id of a named card (the first starter copy when ``starter``); for tests and docs."""
    for c in CARDS:
        if c.name == name and c.starter == starter and c.kind != "favor":
            return c.id
    raise KeyError(name)


def starter_ids(seat: int) -> list[int]:
    return list(range(STARTER_BASE + seat * 10, STARTER_BASE + seat * 10 + 10))


def favor_ids(guild: int) -> list[int]:
    return list(range(FAVOR_BASE + guild * 6, FAVOR_BASE + guild * 6 + 6))
