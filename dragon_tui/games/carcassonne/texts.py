"""Every tile type's name in plain words, for the labels, the log and the side panel.

The ids (``BA-D``, ``PD-21``) are the tile list's, good for the code and the tests but not
for players: "place the city cap with a straight road" says what is in hand. Names describe
the tile as printed; tiles that differ only in a detail the picture shows (which side a road
bends to, how a field is split) share a name. An expansion symbol ends the name in brackets ("road curve (dragon)").
tests/games/carcassonne/test_tile_names.py checks every type has one and that each name
agrees with the tile's edges.
"""

from __future__ import annotations

NAMES = {
    "BA-A": "monastery with a road",
    "BA-B": "monastery",
    "BA-C": "city on all four sides with a pennant",
    "BA-D": "city cap with a straight road",
    "BA-E": "city cap",
    "BA-F": "city across the tile with a pennant",
    "BA-G": "city across the tile",
    "BA-H": "two city caps, opposite",
    "BA-I": "two city caps, side by side",
    "BA-J": "city cap with a road curve",
    "BA-K": "city cap with a road curve",
    "BA-L": "city cap with a road junction",
    "BA-M": "city corner with a pennant",
    "BA-N": "city corner",
    "BA-O": "city corner with a road curve and a pennant",
    "BA-P": "city corner with a road curve",
    "BA-Q": "three-sided city with a pennant",
    "BA-R": "three-sided city",
    "BA-S": "three-sided city with a road and a pennant",
    "BA-T": "three-sided city with a road",
    "BA-U": "straight road",
    "BA-V": "road curve",
    "BA-W": "road junction",
    "BA-X": "crossroads",
    "PD-01": "volcano",
    "PD-02": "road end (volcano)",
    "PD-03": "city cap (volcano)",
    "PD-04": "two city caps (volcano)",
    "PD-05": "road curve (volcano)",
    "PD-06": "straight road (volcano)",
    "PD-07": "city cap (dragon)",
    "PD-08": "monastery at a road junction (dragon)",
    "PD-09": "road junction (dragon)",
    "PD-10": "three-sided city with a monastery (dragon)",
    "PD-11": "road curve (dragon)",
    "PD-12": "straight road (dragon)",
    "PD-13": "city corner (dragon)",
    "PD-14": "city across the tile with a pennant (dragon)",
    "PD-15": "city across the tile, a road under it (dragon)",
    "PD-16": "city cap with a road curve (dragon)",
    "PD-17": "city cap with a road curve (dragon)",
    "PD-18": "city cap with a road junction (princess)",
    "PD-19": "city cap and city corner with a pennant (princess)",
    "PD-20": "three-sided city (princess)",
    "PD-21": "city corner (princess)",
    "PD-22": "city corner (princess)",
    "PD-23": "city corner with a road curve (princess)",
    "PD-24": "two road curves (magic portal)",
    "PD-25": "road junction (magic portal)",
    "PD-26": "three-sided city with a pennant (magic portal)",
    "PD-27": "city corner with a road curve (magic portal)",
    "PD-28": "city cap with a road curve (magic portal)",
    "PD-29": "city cap with a road curve (magic portal)",
}


def tile_name(tile_id: str) -> str:
    """The plain-words name of a tile type (its id if a new type has none yet)."""
    return NAMES.get(tile_id, tile_id)
