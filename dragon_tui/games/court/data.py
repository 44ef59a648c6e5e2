"""The 54 cards of The Court of Xiang Chi — a DESIGNED list, not the published one.

The published card list of Todd Sanders' 2015 print-and-play solitaire is not public (see
``shared/reference/card_data_findings.md`` §3). The rulebook fixes only this much, and the list
honours all of it: 54 cards; nine Daemon Princes of the Fire Clan, each with a strength (the
"black number") and a VP value; court cards of five roles (Ministers, Tax Collectors, Generals,
Poets, Courtesans) in three clans (Sun, Moon, Earth); every card has a listed VP (a Daemon court
subtracts "its listed VP"); Tax Collectors give +1 CP in phase 1B; Generals have a strength and
three or more Generals covering all three clans add +2; Ministers bring copper (the 2015 review).

Everything below is designed, and every number is ours:

* 45 court cards = 5 roles x 3 clans x 3 ranks. The clans are symmetric (the same three ranks
  in each clan) so no clan is simply better; what differs is which clans the row offers you.
* Clans pull two ways, which is the puzzle: Generals want all three clans (the +2 bonus), while
  Ministers (copper per same-clan card in their row), Poets (VP per same-clan neighbour) and
  Courtesans (rescue a same-clan card from the Daemon court) want a court built around one clan.
* The 2x4 Royal Court matters through rows (Ministers) and orthogonal neighbours (Poets), so
  where a starting card goes already shapes the game.
* Costs sit between 2 and 5 CP so that with 10 CP to start, +1 CP (+1 per Tax Collector) for a
  pass, and the Dutch-auction surcharge of +3/+2/+1/+0 by row slot (see ``rules``), a turn is a
  real choice between buying now, waiting for the card to get cheaper (and maybe lose it to a
  pass or a raid), and passing for copper. A first version at 2-6 CP made the greedy bot pass
  four turns in five; one CP off the upper ranks brought buying back into play.
* Listed VP is 0-4 for court cards: low-VP cards (clerks, captains) are cheap engine parts and
  cost little when a Daemon Prince carries them off; Poets and Courtesans carry the VP and are
  the cards worth protecting. Per clan the court cards list 24 VP (72 in all).
* Princes run from strength 4 to 13 and 1 to 6 VP. Three rank-2 Generals of different clans
  plus the clan bonus (8) beat the middle Princes; the strongest need copper on top, so copper
  has a use beyond the 1 VP per 3 CP it scores at the end — and a hoard of copper is a real
  alternative to a court full of Generals.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CLANS = ("Sun", "Moon", "Earth")
#: One letter per clan for narrow displays (Moon is "L", luna, so it never clashes with Ministers).
CLAN_LETTERS = {"Sun": "S", "Moon": "L", "Earth": "E", "Fire": "F"}

MINISTER = "Minister"
TAX_COLLECTOR = "Tax Collector"
GENERAL = "General"
POET = "Poet"
COURTESAN = "Courtesan"
DAEMON = "Daemon Prince"
ROLES = (MINISTER, TAX_COLLECTOR, GENERAL, POET, COURTESAN)
ROLE_LETTERS = {MINISTER: "M", TAX_COLLECTOR: "T", GENERAL: "G", POET: "P", COURTESAN: "C", DAEMON: "D"}

#: Designed: a Minister entering the court brings this much copper, plus 1 CP for every other
#: card of her clan already in the same row of the Royal Court.
MINISTER_BASE_CP = 2
#: Designed: a Courtesan who finds no card of her clan to rescue brings this much copper instead.
COURTESAN_FALLBACK_CP = 2
#: Rulebook: three or more Generals covering all three clans add +2 to their strength.
CLAN_BONUS = 2


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    role: str
    clan: str
    #: Printed copper cost (the price in the rightmost row slot; see rules.price()).
    cost: int
    #: Listed VP: scored in the Royal Court, subtracted in the Daemon court, gained on defeat.
    vp: int
    #: Generals' and Daemon Princes' strength; 0 for everyone else.
    strength: int = 0
    #: The entry power / standing rule in one line, for the help and the card display.
    power: str = ""

    #: A Daemon Prince (set from the role; a plain field because the rules ask it so often).
    is_prince: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_prince", self.role == DAEMON)

    @property
    def short(self) -> str:
        """A 3-4 character code for narrow layouts: role, clan, then strength or VP."""
        if self.role == DAEMON:
            return f"D{self.strength}"
        if self.role == GENERAL:
            return f"G{CLAN_LETTERS[self.clan]}{self.strength}"
        return f"{ROLE_LETTERS[self.role]}{CLAN_LETTERS[self.clan]}{self.vp}"


# (title, cost, vp, strength) per rank, the same in every clan. All designed.
_RANKS: dict[str, tuple[tuple[str, int, int, int], ...]] = {
    MINISTER: (("Minister of Rites", 3, 1, 0), ("Minister of Works", 4, 2, 0), ("Grand Chancellor", 5, 2, 0)),
    TAX_COLLECTOR: (("Tax Clerk", 2, 1, 0), ("Tax Collector", 3, 1, 0), ("Salt Commissioner", 4, 2, 0)),
    GENERAL: (("Captain", 2, 0, 1), ("General", 3, 1, 2), ("Grand Marshal", 4, 1, 3)),
    POET: (("Wandering Poet", 2, 1, 0), ("Court Poet", 3, 2, 0), ("Poet Laureate", 5, 4, 0)),
    COURTESAN: (("Tea-House Courtesan", 2, 1, 0), ("Courtesan", 3, 2, 0), ("Favoured Consort", 4, 3, 0)),
}

_POWERS = {
    MINISTER: f"Enters: gain {MINISTER_BASE_CP} CP + 1 CP per other card of her clan in her row.",
    TAX_COLLECTOR: "Phase 1B: +1 CP.",
    GENERAL: "Phase 2: adds her strength; 3+ Generals of all three clans add +2.",
    POET: "Enters: +1 VP per orthogonally adjacent card of her clan.",
    COURTESAN: (
        "Enters: rescue the highest-VP card of her clan from the Daemon court "
        f"(to the discard pile); if there is none, gain {COURTESAN_FALLBACK_CP} CP."
    ),
}

# (name, strength, vp): the nine Daemon Princes of the Fire Clan. Designed.
_PRINCES = (
    ("Prince of Embers", 4, 1),
    ("Prince of Cinders", 5, 2),
    ("Prince of Smoke", 6, 2),
    ("Prince of Ash", 7, 3),
    ("Prince of Sparks", 8, 3),
    ("Prince of Flames", 9, 4),
    ("Prince of Blazes", 10, 4),
    ("Prince of Wildfire", 11, 5),
    ("Prince of the Inferno", 13, 6),
)


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for clan in CLANS:
        for role in ROLES:
            for title, cost, vp, strength in _RANKS[role]:
                cards.append(Card(len(cards), f"{clan} {title}", role, clan, cost, vp, strength, _POWERS[role]))
    for name, strength, vp in _PRINCES:
        cards.append(
            Card(len(cards), name, DAEMON, "Fire", 0, vp, strength,
                 f"Strength {strength}; defeat for {vp} VP. While in the row, carries a card off each turn.")
        )
    return tuple(cards)


#: Every card, indexed by its id (0-44 court cards, 45-53 Daemon Princes).
CARDS: tuple[Card, ...] = _build()
PRINCE_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.is_prince)
COURT_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if not c.is_prince)

assert len(CARDS) == 54 and len(PRINCE_IDS) == 9 and len(COURT_IDS) == 45

#: A card's name by id (``card_name(c)`` is ``CARDS[c].name``, looked up without a Python call).
card_name = tuple(card.name for card in CARDS).__getitem__

#: Copper at the start, and how many starting cards are taken.
START_CP = 10
STARTING_CARDS = 3

#: The phases (``CourtState.phase``) and the decision each waits for.
SETUP_TAKE = "setup_take"
SETUP_PLACE = "setup_place"
BUY = "buy"
PLACE = "place"
FIGHT = "fight"
OVER = "over"
