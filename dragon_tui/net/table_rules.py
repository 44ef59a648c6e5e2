"""Rules of shared tables that the lobby's screens and the table server both apply: one
definition, so the server refuses exactly what the screens would never offer. Headless."""

from __future__ import annotations

from dataclasses import dataclass

DAY = 86400.0


@dataclass(frozen=True)
class TimeControl:
    """A shared table's clock, one of the host's presets.

    Each seat's clock runs only during its own *turn* — from when the decision comes to the seat
    until it passes to another seat — however many decisions the turn holds. A turn has
    ``per_turn`` seconds, and a seat may also spend its *bank*: every seat starts with ``bank``
    seconds in it, a turn taking longer than ``per_turn`` takes the overrun from the bank, and a
    turn taking less puts what it left back into the bank, which never holds more than ``bank``
    (Fischer's increment, capped where it started). A seat's time has run out when its turn has
    used ``per_turn`` and the whole bank: then its stand-in bot plays the rest of that turn, the
    bank is empty, and the seat's next turn starts with ``per_turn`` only.

    Each player also has ``vacation_days`` a calendar year at the table: while they are on
    vacation (they say so in the lobby, for all their tables at once) their clock stands still,
    until they come back or the year's days are used up."""

    label: str
    per_turn: float  # seconds; 0: no limit
    bank: float = 0.0  # seconds each seat starts with, and the most it holds
    vacation_days: int = 0  # a player's days of vacation a calendar year at this table


#: The host's choices (one definition for the lobby's screen and the table server). "No limit":
#: the seat to play forfeits only after leaving the table waiting two weeks (:mod:`.endings`).
TIME_CONTROLS = [
    TimeControl("No limit", 0.0),
    TimeControl("1 hour a turn (live)", 3600.0),
    TimeControl("1 day a turn + 3 days bank", DAY, 3 * DAY, 14),
    TimeControl("3 days a turn + 7 days bank", 3 * DAY, 7 * DAY, 21),
    TimeControl("7 days a turn + 14 days bank", 7 * DAY, 14 * DAY, 30),
]
#: The same choices as (label, seconds per turn), for a select list.
MOVE_LIMITS = [(tc.label, tc.per_turn) for tc in TIME_CONTROLS]
#: The time per turn the table server accepts: from the shortest choice to the longest.
MOVE_LIMIT_RANGE = (min(s for _, s in MOVE_LIMITS if s), max(s for _, s in MOVE_LIMITS))
#: The largest bank the table server accepts (0 is always allowed).
BANK_MAX = max(tc.bank for tc in TIME_CONTROLS)
#: The most vacation days a year the table server accepts.
VACATION_MAX = max(tc.vacation_days for tc in TIME_CONTROLS)


def time_control(per_turn: float | None, bank: float | None = 0.0) -> TimeControl | None:
    """The preset with this time per turn and bank (None: no limit, or none matches)."""
    for tc in TIME_CONTROLS:
        if tc.per_turn and tc.per_turn == (per_turn or 0.0) and tc.bank == (bank or 0.0):
            return tc
    return None


def limit_text(seconds: float | None, bank: float | None = 0.0) -> str:
    """'30 min a turn', '24 h a turn', '3 days a turn + 7 days bank' ('' without a limit)."""
    if not seconds:
        return ""
    text = f"{duration_text(seconds)} a turn"
    return f"{text} + {duration_text(bank)} bank" if bank else text


def clock_text(seconds: float) -> str:
    """Time left on a clock, to the unit that matters: '2d 5h', '5h 12m', '12m 05s', '0:42'."""
    left = max(0, int(seconds))
    days, rest = divmod(left, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days}d {hours}h"
    if hours:
        return f"{hours}h {minutes:02d}m"
    return f"{minutes}:{secs:02d}"


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
