"""Rules of shared tables that the lobby's screens and the table server both apply: one
definition, so the server refuses exactly what the screens would never offer. Headless."""

from __future__ import annotations

#: The host's choices of time per move (seconds; 0: no limit, the table waits for ever).
MOVE_LIMITS = [("No limit", 0.0), ("1 hour a move", 3600.0), ("24 hours a move", 86400.0),
               ("3 days a move", 3 * 86400.0), ("7 days a move", 7 * 86400.0)]
#: The time limits per move the table server accepts: from the shortest choice to the longest.
MOVE_LIMIT_RANGE = (min(s for _, s in MOVE_LIMITS if s), max(s for _, s in MOVE_LIMITS))


def limit_text(seconds: float | None) -> str:
    """'24 h a move', '3 d a move' ('' without a limit)."""
    if not seconds:
        return ""
    hours = seconds / 3600
    return f"{hours / 24:g} d a move" if hours >= 48 else f"{hours:g} h a move"


def span_text(seconds: float) -> str:
    """'1 hour', '24 hours', '7 days' (seconds below an hour)."""
    if seconds < 3600:
        return f"{seconds:g} seconds"
    hours = seconds / 3600
    if hours >= 48:
        return f"{hours / 24:g} days"
    return f"{hours:g} hour{'s' if hours != 1 else ''}"
