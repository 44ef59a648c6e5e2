"""Who sits at a new game nobody named: one rule for every way in (the command line, the
setup screen, a hotseat game), so a seat is called the same wherever the game was started.

A person's seat takes a first name by its place at the table (Ana, Ben, Cai, Dara, Eli); a
bot's seat says it is a bot, with its place ("Bot 1" is the second seat: the first is the
player's own). A name the player typed is never replaced.
"""

from __future__ import annotations

#: The persons' names, by seat: five, the most seats any game has.
PERSON_NAMES = ("Ana", "Ben", "Cai", "Dara", "Eli")


def default_name(seat: int, kind: str = "person") -> str:
    """The name of seat ``seat`` (0 for the first) when it is a ``kind`` ("person" or "bot")."""
    if kind == "bot":
        return f"Bot {seat}" if seat else "Bot"
    return PERSON_NAMES[seat] if 0 <= seat < len(PERSON_NAMES) else f"Player {seat + 1}"


def is_default_name(name: str, seat: int) -> bool:
    """Whether ``name`` is what the rule would give seat ``seat`` as any kind (the setup screen
    renames such a seat when its kind changes, and leaves a typed one alone)."""
    return not name.strip() or name.strip() in (default_name(seat, "person"), default_name(seat, "bot"))
