"""Who controls a guild and whether it has room: the two rules every count of pawns is read by.

The same ``controller`` decides in-turn rewards, end-of-turn rewards, recruit discounts and
end scoring, so they can never disagree. The state answers them as methods
(``BoardMixin.controller``, ``BoardMixin.has_space`` are these functions), and the board facts
(facts.py) remember their answers per arrangement of the pawns; both import them from here.
They read only the state's three pawn lists: ``supporters`` (per guild, per seat),
``guards`` and ``neutral_supporters`` (per guild).
"""

from __future__ import annotations

from .data import GUILD_SPACES


def has_space(state, guild: int) -> bool:
    """Whether ``guild`` has room for another pawn."""
    # The guild's pawns (``BoardMixin.pawns``) below GUILD_SPACES, written out: asked for every
    # guild a move changes.
    return state.guards[guild] + sum(state.supporters[guild]) + state.neutral_supporters[guild] < GUILD_SPACES


def controller(state, guild: int) -> int | None:
    """The seat with more supporters than any other player (the neutral included) and
    than the King's Guards there; None when nobody does."""
    counts = state.supporters[guild]
    best = max(counts)
    if best == 0 or best <= state.guards[guild] or best <= state.neutral_supporters[guild] or counts.count(best) > 1:
        return None
    return counts.index(best)
