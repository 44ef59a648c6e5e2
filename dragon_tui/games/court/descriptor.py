"""What the menu and the registry know of The Court of Xiang Chi before its rules load."""

from ...engine.descriptor import GameDescriptor

DESCRIPTOR = GameDescriptor(
    id="court",
    title="The Court of Xiang Chi",
    players="1",
    blurb="Solitaire: buy ministers, generals and poets from the Society Row; hold off nine Daemon Princes.",
    order=4,
    daily=True,  # the server's game of the day
)
