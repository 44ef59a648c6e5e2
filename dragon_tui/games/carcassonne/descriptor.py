"""What the menu and the registry know of Carcassonne + The Princess & The Dragon before its rules load."""

from ...engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="carcassonne",
    title="Carcassonne + The Princess & The Dragon",
    players="2–5",
    blurb="Lay tiles, claim cities, roads, monasteries and fields; steer the dragon, court the fairy.",
    order=5,
)
