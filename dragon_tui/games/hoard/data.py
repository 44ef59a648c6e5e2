"""Dragon's Hoard card list.

The rulebook gives the counts (40 action cards, 50 treasure cards) and one cost: the Jewel
needs two sheep of its own colour and one of any colour. Nothing public lists the other
treasure values or costs, so every number below marked DESIGNED is ours, not the publisher's.

Design rule for treasures (DESIGNED): the victory points equal the number of sheep paid,
and the Prince, the only treasure needing four sheep of its own colour, earns one more.
The lair example of the rulebook (a purple lair with two purple treasures and one orange
worth 7 + 3) is met by a purple Jewel (3), a purple Ring (2) and an orange Harp (2).

Colour distribution: two Battles and one of every other action per colour (8), two Lairs
and one of each of the seven five-colour treasures per colour (9), and the three Damsels
and two Princes spread one per colour (1): 18 sheep backs of each colour, 90 cards, which
matches the 2014 edition's count of 18 backs per colour. Which colours hold a Damsel and
which a Prince is DESIGNED.

Cards live in the state as plain ints (their index in ``CARDS``). A seat that may not see
a card's face sees a placeholder instead: ``hidden(colour)`` (a negative int keeping the
public sheep-back colour) or ``UNKNOWN`` (not even the back is visible, inside the deck).
"""

from __future__ import annotations

from typing import NamedTuple
from functools import lru_cache

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "purple", "orange")
#: A shape per colour, so the game plays without colour (colour-blind players, monochrome).
SYMBOLS: dict[str, str] = {"red": "♦", "blue": "●", "yellow": "★", "purple": "♠", "orange": "▲"}
LETTERS: dict[str, str] = {"red": "R", "blue": "B", "yellow": "Y", "purple": "P", "orange": "O"}

#: Action kinds that are played on the turn as "Action 1".
PLAYABLE_ACTIONS = ("mob", "shepherd", "thief", "knight")
#: Actions aimed at other players: the target may answer them with a Battle.
NEGATIVE_ACTIONS = ("mob", "thief", "knight")

ACTION_NAMES: dict[str, str] = {
    "battle": "Battle",
    "wizard": "Wizard",
    "mob": "Angry Mob",
    "knight": "Knight",
    "thief": "Thief",
    "shepherd": "Shepherd",
    "wild": "Wild Sheep",
}
#: (kind, copies per colour)
ACTION_COUNTS: tuple[tuple[str, int], ...] = (
    ("battle", 2),
    ("wizard", 1),
    ("mob", 1),
    ("knight", 1),
    ("thief", 1),
    ("shepherd", 1),
    ("wild", 1),
)

#: kind -> (name, sheep of own colour, sheep of any colour, victory points). DESIGNED except
#: the Jewel's cost, which is the rulebook's example.
TREASURES: dict[str, tuple[str, int, int, int]] = {
    "lair": ("Lair", 0, 0, 0),
    "coin": ("Coin", 1, 0, 1),
    "ring": ("Ring", 1, 1, 2),
    "harp": ("Harp", 2, 0, 2),
    "jewel": ("Jewel", 2, 1, 3),
    "chest": ("Treasure Chest", 2, 2, 4),
    "kings": ("King's Treasure", 3, 1, 4),
    "tree": ("Wishing Tree", 3, 2, 5),
    "damsel": ("Damsel", 3, 3, 6),
    "prince": ("Prince", 4, 2, 7),
}
#: Treasures with one card in every colour, in the rulebook's order (plus two Lairs each).
FIVE_COLOUR_TREASURES = ("tree", "kings", "chest", "jewel", "harp", "ring", "coin")
#: DESIGNED: which colours carry the three Damsels and the two Princes.
DAMSEL_COLOURS = ("red", "yellow", "purple")
PRINCE_COLOURS = ("blue", "orange")

#: Lair bonus by the number of matching treasures it holds (rulebook's calculator).
LAIR_BONUS = (0, 1, 3, 6, 10)
LAIR_CAPACITY = 4
HAND_LIMIT = 10
FIELD_SIZE = 4


class Card(NamedTuple):
    id: int
    kind: str
    colour: int  # index into COLOURS: the sheep back, and the treasure's border colour
    name: str
    own: int = 0
    any: int = 0
    vp: int = 0

    @property
    def is_action(self) -> bool:
        return self.kind in ACTION_NAMES

    @property
    def is_treasure(self) -> bool:
        return self.kind in TREASURES

    @property
    def colour_name(self) -> str:
        return COLOURS[self.colour]

    @property
    def title(self) -> str:
        """"purple Jewel", "red Battle": the colour matters for every card."""
        return f"{COLOURS[self.colour]} {self.name}"


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for ci, colour in enumerate(COLOURS):
        for kind, copies in ACTION_COUNTS:
            for _ in range(copies):
                cards.append(Card(len(cards), kind, ci, ACTION_NAMES[kind]))
        kinds = ["lair", "lair", *FIVE_COLOUR_TREASURES]
        kinds.append("damsel" if colour in DAMSEL_COLOURS else "prince")
        for kind in kinds:
            name, own, any_, vp = TREASURES[kind]
            cards.append(Card(len(cards), kind, ci, name, own, any_, vp))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
NUM_CARDS = len(CARDS)

#: A placeholder for a card whose face is not visible inside the deck (no back visible either).
UNKNOWN = -6


def hidden(colour: int) -> int:
    """The placeholder for a card seen only from its sheep side."""
    return -1 - colour


def _back(card: int) -> int | None:
    if card >= 0:
        return CARDS[card].colour
    if card == UNKNOWN:
        return None
    return -1 - card


def _kind(card: int) -> str:
    return CARDS[card].kind if card >= 0 else "hidden"


# Every card and placeholder looked up once: the payment rules ask these thousands of times
# per bot decision.
_BACKS = {c: _back(c) for c in range(UNKNOWN, NUM_CARDS)}
_KINDS = {c: _kind(c) for c in range(UNKNOWN, NUM_CARDS)}
#: Cards whose face is a Wild Sheep (they pay as any colour).
WILDS = frozenset(c for c in range(NUM_CARDS) if CARDS[c].kind == "wild")


#: Per colour, every card or placeholder that pays as a sheep of that colour: its back shows
#: the colour, or its face is a Wild Sheep (the payment rules ask this of every card in hand).
PAYS_FOR: tuple[frozenset[int], ...] = tuple(
    frozenset(c for c in range(UNKNOWN, NUM_CARDS) if _BACKS[c] == colour or c in WILDS) for colour in range(len(COLOURS)))
#: Per card or placeholder, its (face kind, back colour): what makes two cards the same choice.
FACES = {c: (_KINDS[c], _BACKS[c]) for c in range(UNKNOWN, NUM_CARDS)}
#: The face kinds of cards and placeholders (``kind`` without the call, for the hot loops).
KINDS = _KINDS
#: Per card id, its colour (``CARDS[card].colour``).
COLOUR_OF: tuple[int, ...] = tuple(c.colour for c in CARDS)
#: The cards that are treasures or lairs (``Card.is_treasure``).
TREASURE_CARDS = frozenset(c.id for c in CARDS if c.is_treasure)
#: The cards played on the turn as an action card (kind in ``PLAYABLE_ACTIONS``), and the Wizards.
PLAYABLE_CARDS = frozenset(c.id for c in CARDS if c.kind in PLAYABLE_ACTIONS)
WIZARD_CARDS = frozenset(c.id for c in CARDS if c.kind == "wizard")


def back(card: int) -> int | None:
    """The sheep-back colour index of a card or placeholder (None if not even that is known)."""
    try:
        return _BACKS[card]
    except KeyError:
        return _back(card)


def kind(card: int) -> str:
    """The face kind, or "hidden" for a placeholder."""
    try:
        return _KINDS[card]
    except KeyError:
        return _kind(card)


@lru_cache(maxsize=None)
def sheep(card: int) -> str:
    """How a card looks from its sheep side: "purple sheep"."""
    b = back(card)
    return "unknown card" if b is None else f"{COLOURS[b]} sheep"


@lru_cache(maxsize=None)
def describe(card: int) -> str:
    if card < 0:
        return sheep(card)
    return CARDS[card].title
