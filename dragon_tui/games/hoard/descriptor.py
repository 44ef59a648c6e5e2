"""What the menu and the registry know of Dragon's Hoard before its rules load."""

from ...engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="hoard",
    title="Dragon's Hoard",
    players="2–4",
    blurb="Spend coloured sheep on treasures, hoard them in lairs, rob and raid your rivals.",
    order=2,
)
