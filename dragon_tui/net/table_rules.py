"""Rules of shared tables that the lobby's screens and the table server both apply: one
definition, so the server refuses exactly what the screens would never offer. Headless."""

from __future__ import annotations

#: The host's choices of time per move (seconds; 0: no limit — the seat to play forfeits only after
#: leaving the table waiting two weeks, see :mod:`.endings`).
MOVE_LIMITS = [("No limit", 0.0), ("1 hour a move", 3600.0), ("24 hours a move", 86400.0),
               ("3 days a move", 3 * 86400.0), ("7 days a move", 7 * 86400.0)]
#: The time limits per move the table server accepts: from the shortest choice to the longest.
MOVE_LIMIT_RANGE = (min(s for _, s in MOVE_LIMITS if s), max(s for _, s in MOVE_LIMITS))


def limit_text(seconds: float | None) -> str:
    """'30 min a move', '24 h a move', '3 days a move' ('' without a limit)."""
    if not seconds:
        return ""
    return f"{duration_text(seconds)} a move"


def duration_text(seconds: float) -> str:
    """A span in the unit a person reads it in: '45 s', '30 min', '2 h', '36 h', '3 days'
    (up to 48 hours in hours, as a day of play is often counted; to one decimal at most)."""
    seconds = max(0.0, float(seconds))
    for size, unit in ((86400.0, "days"), (3600.0, "h"), (60.0, "min"), (1.0, "s")):
        if seconds >= (2 * size if unit == "days" else size) or unit == "s":
            value = round(seconds / size, 1)
            text = f"{value:g}"
            if unit == "days" and value == 1:
                unit = "day"
            return f"{text} {unit}"
    return "0 s"


def span_text(seconds: float) -> str:
    """'1 hour', '24 hours', '7 days' ('30 min' below an hour)."""
    if seconds < 3600:
        return duration_text(seconds)
    hours = seconds / 3600
    if hours >= 48:
        return f"{round(hours / 24, 1):g} days"
    return f"{round(hours, 1):g} hour{'s' if hours != 1 else ''}"


def ending_text(ending: dict, names: list[str]) -> str:
    """What a shared table's players are told when a game ends other than by its rules (or a
    seat leaves it): 'bo resigned: the game is over.'"""
    seats = [int(s) for s in ending.get("seats", []) if isinstance(s, int) and 0 <= s < len(names)]
    if ending.get("how") == "abort":
        return "The game was aborted: nothing is rated."
    if ending.get("how") == "declined":
        return f"{str(ending.get('by') or 'The invited player')[:24]} declined the invitation: the table is closed."
    if not seats:
        return "The game is over."
    who = names[seats[-1]]
    did = "resigned" if ending.get("how") == "resign" else "forfeited (away too long)"
    then = "the game is over." if ending.get("ended") else "a bot plays their seat from now on, placed last."
    return f"{who} {did}: {then}"
