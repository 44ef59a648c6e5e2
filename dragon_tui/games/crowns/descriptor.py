"""What the menu and the registry know of Batalla de Coronas before its rules load."""

from ...engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="crowns",
    title="Batalla de Coronas",
    players="2",
    blurb="Dice duel: seat your council, arm, loose the dragon, take 3 gems.",
    order=3,
)
