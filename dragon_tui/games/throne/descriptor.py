"""What the menu and the registry know of Princes of the Dragon Throne before its rules load."""

from ...engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="throne",
    title="Princes of the Dragon Throne",
    players="2–4",
    blurb="Recruit citizens and dragons, win the guilds of six kingdoms and fill the Clan Houses.",
    order=1,
)
