"""Every seat's clock at a shared table with a time limit, on one line above the log, each
player's rating beside their name: ``▶ ana (27.4) 3d 23h · bo 4d 0h (bank 3d 0h)`` (a bank
spent: ``(bank empty)``). Without a time limit the line shows the rated players' names and
ratings alone, and no line at all when nobody at the table is rated yet.

The numbers come from the table server's updates (``RemoteTable.clock``: each seat's bank, whose
turn's clock runs, when it runs out and the server's "now" when it sent them); between updates
the running clock counts down by this process's monotonic clock, once a second. A seat that
is not playing shows what its next turn starts with: the time per turn and its bank. When a
seat's time runs out the server's update brings a log line saying what happens next (the
stand-in plays the rest of the turn, or the seat forfeits): it is also shown as a notice.

Colours are the theme's, through component classes: the running clock in ``$accent``, one under
an hour (or run out) in ``$error``, the rest ``$text-muted``.
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from ...net.table_rules import clock_text
from ...session import Snapshot
from .panel import SizedByLayout

#: Where "now" comes from between two updates (tests fix it).
monotonic = time.monotonic
#: A running clock with less than this left is shown as short of time.
LOW = 3600.0


class SeatClocks(SizedByLayout, Static):
    DEFAULT_CSS = """
    SeatClocks { height: 1; width: 1fr; padding: 0 1; color: $text-muted; }
    SeatClocks > .seat-clocks--running { color: $accent; text-style: bold; }
    SeatClocks > .seat-clocks--low { color: $error; text-style: bold; }
    """
    COMPONENT_CLASSES = {"seat-clocks--running", "seat-clocks--low"}

    snapshot: reactive[Snapshot | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, table: Any, **kwargs) -> None:
        super().__init__(**kwargs)
        self.table = table
        self._shown: Text | None = None
        self._told = len(getattr(table, "clock_lines", ()))

    def on_mount(self) -> None:
        self.set_interval(1.0, self.show)
        self.show()

    def watch_snapshot(self, snap: Snapshot | None) -> None:
        self.show()
        self._tell_timeouts()

    # ------------------------------------------------------------------ reading
    def seconds_left(self, seat: int) -> float | None:
        """The time ``seat`` has: what is left of its running turn, else what its next turn
        starts with (None: no clock for it — a bot, or no time limit)."""
        clock = getattr(self.table, "clock", None)
        if not clock or self.table.seats[seat].is_bot:
            return None
        banks = clock.get("banks") or []
        bank = float(banks[seat]) if seat < len(banks) and banks[seat] is not None else 0.0
        if clock.get("running") == seat and clock.get("deadline") is not None:
            server_now = float(clock["now"]) + max(0.0, monotonic() - self.table.clock_received)
            vacation = self.vacation(seat)
            if vacation is not None and vacation.get("until") is not None and server_now < vacation["until"]:
                return float(clock["deadline"]) - float(vacation["until"])  # it stands still meanwhile
            return float(clock["deadline"]) - server_now
        return float(clock["per_turn"]) + bank

    def vacation(self, seat: int) -> dict[str, Any] | None:
        """The seat's vacation as the server sent it, while its player is on one."""
        vacations = (getattr(self.table, "clock", None) or {}).get("vacations") or []
        found = vacations[seat] if seat < len(vacations) else None
        return found if found and found.get("on") else None

    def rated(self, seat: int, name: str) -> str:
        """The seat's name with its player's rating in this game beside it (the club's board's
        number), when the server sent one."""
        seats = getattr(self.table, "seat_info", None) or []
        rating = seats[seat].get("rating") if seat < len(seats) and isinstance(seats[seat], dict) else None
        return f"{name} ({rating:.1f})" if isinstance(rating, (int, float)) and not isinstance(rating, bool) else name

    def line(self) -> Text:
        clock = getattr(self.table, "clock", None)
        text = Text(no_wrap=True, overflow="ellipsis")
        names = list(self.table.names)
        if not clock:  # no time limit: the rated players' names with their ratings, if any
            shown = [self.rated(seat, name) for seat, name in enumerate(names)]
            if any(s != n for s, n in zip(shown, names)):
                text.append(" · ".join(shown))
            return text
        running_style = self.get_component_rich_style("seat-clocks--running", partial=True)
        low_style = self.get_component_rich_style("seat-clocks--low", partial=True)
        for seat, name in enumerate(names):
            left = self.seconds_left(seat)
            if left is None:
                continue
            if len(text):
                text.append(" · ")
            running = clock.get("running") == seat
            style = (low_style if left < LOW else running_style) if running else None
            text.append(f"{'▶ ' if running else ''}{self.rated(seat, name)} {clock_text(left)}", style=style)
            if self.vacation(seat) is not None:
                text.append(" (on vacation)")
                continue
            banks = clock.get("banks") or []
            if not running and clock.get("bank") and seat < len(banks):
                bank = float(banks[seat] or 0)
                text.append(f" (bank {clock_text(bank)})" if bank > 0 else " (bank empty)")
        if clock.get("running") is None and not self.table.state.is_over:
            text.append("  clocks start when every seat is taken")
        return text

    # ------------------------------------------------------------------ showing
    def show(self) -> None:
        line = self.line()
        if self._shown is None or line.plain != self._shown.plain or line.spans != self._shown.spans:
            self._shown = line
            self.update(line)
            self.display = bool(line.plain)  # a table with no clock and nobody rated: no line

    def _tell_timeouts(self) -> None:
        """A notice for each line the clocks added to the log since the last update."""
        lines = list(getattr(self.table, "clock_lines", ()))
        for _, line in lines[self._told:]:
            self.notify(self.table.text(line.removeprefix("⏱ ")), title="Time ran out", severity="warning",
                        timeout=12)
        self._told = len(lines)
