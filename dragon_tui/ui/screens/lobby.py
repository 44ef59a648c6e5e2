"""The shared-tables lobby (shown when the app runs under ``dragon-tui serve``): your tables
first (those where it is your turn at the top), then the other open tables; hosting a table for
any game (seats: remote players or bots, and a time control — time per turn and a bank — for
correspondence play), joining a free seat, coming back to your own seat, watching, today's solitaire deal, and the
boards (ratings per game, the day's deal). The table itself lives in the serve process; here it
is a :class:`~dragon_tui.net.client.RemoteTable` shown on the ordinary game screen."""

from __future__ import annotations

import os

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...ai.levels import level_label
from ...engine import IllegalAction
from ...engine.wording import count_of
from ...games import GAMES
from ...net.client import Connection, RemoteTable, TablesError, player_name, saved_tokens, tables_socket
from ...net.club import decline_invitation, follow_lobby, list_rooms, set_vacation
from ...net.table_rules import limit_text  # the table server applies the same
from .game import GameScreen
from .host import HostScreen
from .shared_game import SharedGameScreen



def time_left(deadline: float | None, now: float | None = None) -> str:
    """'5 h 12 min left' until the running turn's time (and bank) runs out ('' without a running clock)."""
    if not deadline:
        return ""
    left = max(0.0, deadline - (time.time() if now is None else now))
    hours, minutes = int(left // 3600), int(left % 3600 // 60)
    if hours >= 48:
        return f"{hours // 24} d {hours % 24} h left"
    return f"{hours} h {minutes} min left" if hours else f"{minutes} min left"


def _seat_text(seat: dict, me: str, to_move: bool = False, game_id: str = "") -> str:
    arrow = "▶" if to_move else ""
    if seat["kind"] == "bot":
        level = level_label(seat["level"], game_id) if game_id in GAMES else seat["level"]
        return f"{arrow}{seat['name']} (bot {level})"
    if seat["player"] is None:
        if seat.get("invited"):
            return f"{arrow}· kept for {'you' if seat['invited'] == me else seat['invited']} ·"
        return f"{arrow}· free ·"
    dot = "●" if seat["connected"] else "○"
    notes = (["you"] if seat["player"] == me else []) + (
        [f"{seat['rating']:.1f}"] if isinstance(seat.get("rating"), (int, float)) else [])
    return f"{arrow}{dot} {seat['player']}" + (f" ({', '.join(notes)})" if notes else "")




def room_text(room: dict, me: str) -> Text:
    """One table in the list: game, whose turn, time limit; then the seats (▶ to move)."""
    seats = "  ".join(_seat_text(s, me, i == room.get("to_move"), room.get("game", ""))
                      for i, s in enumerate(room["seats"]))
    if room["over"] and room.get("rematch") == "you":
        state = ("finished · a rematch is offered: j to answer", "bold yellow")
    elif room["over"]:
        state = ("finished", "dim")
    elif room.get("invites_you"):
        state = ("invites you: j to sit down, x to decline", "bold yellow")
    elif room.get("seek") and not room.get("mine"):
        state = ("seeks a player", "bold")
    elif room.get("your_turn"):
        state = ("your turn", "bold yellow")
    elif room.get("to_move") is not None:
        state = (f"{room['seats'][room['to_move']]['player'] or 'a free seat'} to play", "")
    else:
        state = (f"move {room['moves']}", "dim")
    extra = f" · {limit_text(room.get('move_limit'), room.get('bank'))}" if room.get("move_limit") else ""
    if room.get("on_vacation"):
        extra += " · you are on vacation"
    if room.get("deadline") and not room["over"]:
        extra += f" · {time_left(room['deadline'])}"
    if room.get("daily"):
        extra += f" · deal of {room['daily']}"
    text = Text.assemble((f"{room['title']}", "bold"), "  ", state,
                         (f"  [{room['id']}] by {room['host']} · move {room['moves']}{extra}", "dim"), f"\n  {seats}")
    if room["watchers"]:
        text.append(f"  · {room['watchers']} watching", "dim")
    return text


#: Seconds between checks of the push connection (and, while it is down, refreshes by polling).
POLL_EVERY = 2.0


class LobbyScreen(Screen):
    DEFAULT_CSS = """
    LobbyScreen #lobby-box { margin: 0 2; height: 1fr; }
    LobbyScreen #lobby-title { color: $primary; text-style: bold; margin: 1 0 0 0; }
    LobbyScreen #rooms { height: 1fr; border: round $primary; }
    LobbyScreen #lobby-hint { color: $text-muted; }
    """
    BINDINGS = [
        # short words: the whole footer fits in 80 columns (the hint above says the long form)
        Binding("h", "host", "Host"),
        Binding("j", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("d", "daily", "Daily", show=False),  # the lobby's hint names it
        Binding("b", "boards", "Boards"),
        Binding("s", "seek", "Seek"),
        Binding("p", "profile", "Profile"),
        Binding("x", "decline", "Decline", show=False),  # shown in the table's line when it invites you
        Binding("r", "refresh", "Refresh", show=False),  # the list refreshes itself; r is for the impatient
        Binding("escape", "leave", "Menu"),
        # not in the footer (it would not fit 80 columns): the hint above names it
        Binding("v", "vacation", "Vacation", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.path = tables_socket()
        self.player = player_name()
        self.rooms: list[dict] = []
        self.table: RemoteTable | None = None
        #: The table whose going away was told (once: the connection may report it again).
        self._told_gone: RemoteTable | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(f"Shared tables — you are {self.player}", id="lobby-title")
            yield Static("Your tables first: take your turn and leave, the table waits. Host a table, "
                         "join a free seat (or come back to yours), watch, seek a player for a game (s), "
                         "or play today's deal (d). Away for a while? v stops your clocks (vacation), v again "
                         "starts them.", id="lobby-hint")
            yield OptionList(id="rooms")
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh()
        #: the list by push (and the your-turn notices) while this session lasts; polled only
        #: while the push connection is down
        self._follower: Connection | None = None
        self.set_interval(POLL_EVERY, self._poll_or_follow)
        self.set_interval(15.0, self._tick)
        self._follow()
        self.query_one("#rooms", OptionList).focus()

    def on_unmount(self) -> None:
        if self._follower is not None:
            self._follower.close()
            self._follower = None

    def _follow(self) -> None:
        try:
            self._follower = follow_lobby(self.path, self.player, self._pushed)
        except (TablesError, IllegalAction):
            self._follower = None

    def _poll_or_follow(self) -> None:
        """Without the push connection: refresh by polling, and try to follow again."""
        if self._follower is None or self._follower.closed.is_set():
            self._follower = None
            self.action_refresh()
            self._follow()

    def _pushed(self, msg: dict) -> None:
        try:
            self.app.call_from_thread(self._on_push, msg)
        except RuntimeError:  # the app has closed meanwhile
            pass

    def _on_push(self, msg: dict) -> None:
        kind = msg.get("event")
        if kind == "lobby":
            self.action_refresh()
        elif kind == "your_turn":
            screen = self.app.screen
            if isinstance(screen, GameScreen) and getattr(screen.table, "room", None) == msg.get("room"):
                return  # the player is at that table and sees it is their turn
            self.notify(f"It is your turn at {str(msg.get('title'))[:60]} (table {str(msg.get('room'))[:12]}): "
                        "j in the lobby takes you there.", title="Your turn", timeout=10)
            if self.app.bell_on_turn:
                self.app.bell()

    def on_screen_resume(self) -> None:
        self.action_refresh()

    # ---------------------------------------------------------------- the list
    def action_refresh(self) -> None:
        if not self.is_current:
            return
        menu = self.query_one("#rooms", OptionList)
        try:
            rooms = list_rooms(self.path, self.player) if self.path else []
        except (TablesError, IllegalAction) as exc:
            menu.clear_options()
            menu.add_option(Option(Text(f"The table server is not reachable: {exc}", "bold red"), disabled=True))
            return
        self._draw(rooms)

    def _tick(self) -> None:
        """The time left on the tables changes by the minute: redraw from what we have."""
        if self.is_current and self.rooms:
            self._draw(self.rooms)

    def _draw(self, rooms: list[dict]) -> None:
        menu = self.query_one("#rooms", OptionList)
        minute = int(time.time() // 60)  # the time left changes by the minute
        if rooms == self.rooms and menu.option_count and minute == getattr(self, "_drawn_minute", None):
            return
        self._drawn_minute = minute
        highlighted = menu.highlighted
        self.rooms = rooms
        menu.clear_options()
        if not rooms:
            menu.add_option(Option(Text("No tables yet: press h to host one.", "dim"), id="none", disabled=True))
            return
        invites = [r for r in rooms if r.get("invites_you")]
        mine = [r for r in rooms if r.get("mine")]
        others = [r for r in rooms if not r.get("mine") and not r.get("invites_you")]
        waiting = sum(1 for r in mine if r.get("your_turn"))
        for title, group, key in (
            ("Invitations for you", invites, "head-invites"),
            (f"Your tables — your turn at {waiting}" if waiting else "Your tables", mine, "head-mine"),
            ("Other tables", others, "head-others"),
        ):
            if not group:
                continue
            menu.add_option(Option(Text(title, "bold underline"), id=key, disabled=True))
            for room in group:
                menu.add_option(Option(room_text(room, self.player), id=room["id"]))
        count = menu.option_count
        if highlighted is not None and 0 <= highlighted < count and not menu.get_option_at_index(highlighted).disabled:
            menu.highlighted = highlighted
        else:
            menu.highlighted = next(i for i in range(count) if not menu.get_option_at_index(i).disabled)

    def _selected(self) -> dict | None:
        menu = self.query_one("#rooms", OptionList)
        if menu.highlighted is None or not self.rooms:
            return None
        option = menu.get_option_at_index(menu.highlighted)
        return next((r for r in self.rooms if r["id"] == option.id), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_join()

    # ---------------------------------------------------------------- sitting down
    def _open(self, make) -> None:
        try:
            table = make()
        except (TablesError, IllegalAction) as exc:
            self.notify(str(exc), severity="warning")
            self.action_refresh()
            return
        self.table = table
        table.subscribe(self._watch_connection)
        self.app.push_screen(SharedGameScreen(table, bot_delay=0))

    def _watch_connection(self, table: RemoteTable) -> None:
        if table.gone and table is self.table and table is not self._told_gone:
            self._told_gone = table
            self.notify(table.gone, severity="error", timeout=10)

    def action_join(self) -> None:
        room = self._selected()
        if room is None:
            self.notify("Choose a table first (or press h to host one).", severity="warning")
            return
        tokens = saved_tokens()
        seats = room["seats"]
        # your seat: by its token here, or (keys mode, another node of a club) by your key
        mine = [i for i, s in enumerate(seats) if s["player"] == self.player
                and (f"{room['id']}:{i}" in tokens or os.environ.get("DRAGON_TUI_KEY"))]
        invited = [i for i, s in enumerate(seats) if s["player"] is None and s.get("invited") == self.player]
        free = invited or [i for i, s in enumerate(seats)
                           if s["kind"] == "remote" and s["player"] is None and not s.get("invited")]
        if mine:
            seat = mine[0]
        elif free and not room["over"]:
            seat = free[0]
        else:
            self.notify("No free seat at that table: press w to watch.", severity="warning")
            return
        dispatch = self.app.call_from_thread
        self._open(lambda: RemoteTable.join(self.path, self.player, room["id"], seat, dispatch=dispatch))

    def action_decline(self) -> None:
        """Say no to the selected table's invitation: the table is closed, its host told."""
        room = self._selected()
        if room is None or not room.get("invites_you"):
            self.notify("Choose a table that invites you (it is marked 'invites you').", severity="warning")
            return
        try:
            decline_invitation(self.path, self.player, room["id"])
        except (TablesError, IllegalAction) as exc:
            self.notify(str(exc), severity="warning")
            return
        self.notify(f"You declined {room['host']}'s invitation to {room['title']}.")
        self.action_refresh()

    def action_watch(self) -> None:
        room = self._selected()
        if room is None:
            self.notify("Choose a table to watch.", severity="warning")
            return
        dispatch = self.app.call_from_thread
        self._open(lambda: RemoteTable.watch(self.path, self.player, room["id"], dispatch=dispatch))
        if self.table is not None and self.table.seat is None:
            self.notify(f"Watching {room['title']}: you see what every player may see. Escape leaves.")

    def action_daily(self) -> None:
        """Today's solitaire deal at a table of your own; your first finished attempt goes on
        the day's board."""
        dispatch = self.app.call_from_thread
        self._open(lambda: RemoteTable.daily(self.path, self.player, dispatch=dispatch))

    def action_vacation(self) -> None:
        """Go on vacation at every table of yours whose time control allows it (your clocks
        stand still there), or come back if you are on one."""
        back = any(r.get("on_vacation") for r in self.rooms)
        try:
            reply = set_vacation(self.path, self.player, not back)
        except (TablesError, IllegalAction) as exc:
            self.notify(str(exc), severity="warning")
            return
        changed, refused = len(reply.get("tables", [])), len(reply.get("no_days_left", []))
        if back:
            self.notify(f"Welcome back: your clocks run again at {count_of(changed, 'table')}.")
        elif changed or refused:
            told = f"On vacation at {count_of(changed, 'table')}: your clocks there stand still until you come back (v)."
            if refused:
                told += f" No vacation days are left this year at {count_of(refused, 'table')}."
            self.notify(told, timeout=10)
        else:
            self.notify("None of your tables has a time control with vacation days.", severity="warning")
        self.action_refresh()

    def action_boards(self) -> None:
        from .leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen(self.path, self.player))

    def action_profile(self) -> None:
        from .profile import ProfileScreen

        self.app.push_screen(ProfileScreen(self.path, self.player))

    def action_host(self) -> None:
        def hosted(spec: dict | None) -> None:
            if spec is None:
                return
            dispatch = self.app.call_from_thread
            self._open(lambda: RemoteTable.host(self.path, self.player, spec["game"], spec["seats"],
                                                options=spec.get("options"), move_limit=spec.get("move_limit"),
                                                bank=spec.get("bank"), vacation_days=spec.get("vacation_days"),
                                                limit_level=spec.get("limit_level"), dispatch=dispatch))

        self.app.push_screen(HostScreen(), hosted)

    def action_seek(self) -> None:
        """Any player, this game, this time: paired with a matching seek, or a table that waits."""
        def sought(spec: dict | None) -> None:
            if spec is None:
                return
            dispatch = self.app.call_from_thread
            self._open(lambda: RemoteTable.seek(self.path, self.player, spec["game"], players=len(spec["seats"]),
                                                move_limit=spec.get("move_limit"), limit_level=spec.get("limit_level"),
                                                bank=spec.get("bank"), vacation_days=spec.get("vacation_days"),
                                                dispatch=dispatch))
            if self.table is not None:
                self.notify("Paired: you sat down at a table that sought the same game." if self.table.paired
                            else "Seeking: your table waits for a player (it shows in everyone's lobby).")

        self.app.push_screen(HostScreen(seek=True), sought)

    def action_leave(self) -> None:
        self.app.pop_screen()
