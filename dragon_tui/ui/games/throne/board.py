"""Princes of the Dragon Throne: the 6×6 guild board with the prospects, the Clan Houses
beside the Lo'en score track, and the players' line-up beside the viewing player's hand.

The keys go where the decision is. When every choice on offer is a guild (where to deploy,
which guild a Favor moves a pawn to...), the board has the focus: the arrows move a cursor
over the guilds — it stops at the edges — and Enter takes the choice of the guild under it,
or says why that guild is not one. Otherwise (gather, recruit, end the turn...) the action
list has the focus and ↑/↓/Enter pick from it, as in every game; Tab moves between the two
and every choice keeps its key in the list.

At 120×40 everything is shown at once. On a smaller terminal one of three views is shown
— guilds, players & hand, houses & track — and ``v`` switches between them.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive

from ....engine import Action, IllegalAction, State
from ....games.throne import data
from ....session import Table
from ...board_base import BoardBase
from ...layout import has_room
from .guilds import GUILD_ARG, GuildGrid, by_guild, guild_of
from .hand import HandPanel
from .houses import ClanHouses, house_of
from .players import PlayersPanel
from .style import Painter, Palette, Scene, ThronePanel
from .track import ScoreTrack

VIEWS = ("guilds", "players", "houses")
VIEW_NAMES = {"guilds": "guilds", "players": "players & hand", "houses": "houses & track"}
#: Choices that are not about a guild and never stop the cursor from jumping to one.
ASIDE = ("favor_done", "end_turn")


class Board(BoardBase, can_focus=False):  # focusable from the first position on (watch_offered)
    #: Keys the game screen forwards here while the focus is elsewhere (the action list).
    SCREEN_KEYS = {"v": "next_view"}

    BINDINGS = [
        Binding("up", "move(0,-1)", "Cursor", show=False),
        Binding("down", "move(0,1)", "Cursor", show=False),
        Binding("left", "move(-1,0)", "Cursor", show=False),
        Binding("right", "move(1,0)", "Cursor", show=False),
        Binding("enter", "choose", "Choose guild"),
        Binding("v", "next_view", "View"),
    ]

    shown: reactive[str] = reactive("guilds")

    def __init__(self, table: Table, **kwargs) -> None:
        super().__init__(table, **kwargs)
        self.cursor = 0
        self.scene: Scene | None = None
        self._lent_focus = False
        #: Whether the last decision's keys went to the board (None: none placed yet).
        self._keys_on_board: bool | None = None
        #: The panels by what they draw (one widget class, ``ThronePanel``, for the five).
        self._panels: dict[type[Painter], ThronePanel] = {
            painter: ThronePanel(painter(), id=name, classes="throne-panel") for painter, name in (
                (GuildGrid, "throne-guilds"), (PlayersPanel, "throne-players"), (HandPanel, "throne-hand"),
                (ClanHouses, "throne-houses"), (ScoreTrack, "throne-track"))}

    def compose(self) -> ComposeResult:
        # The board's classes before its panels mount (a class set later restyles every panel).
        self.add_class(f"players-{len(self.table.seats)}")
        self.set_class(not has_room(self.screen, "-wider", "-taller"), "-compact")
        self._apply_view()
        panels = self._panels
        # Laid out by the board's own grid (throne.tcss), with no row containers between.
        yield panels[GuildGrid]
        yield panels[PlayersPanel]
        yield panels[HandPanel]
        yield panels[ClanHouses]
        yield panels[ScoreTrack]

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.paint_soon())
        self.call_later(self._place_focus, list(self.offered))
        self.screen.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._check_room())
        self._check_room()
        self._apply_view()
        self.paint_soon()

    # ---------------------------------------------------------------- layout
    @property
    def compact(self) -> bool:
        return self.has_class("-compact")

    def _check_room(self) -> None:
        compact = not has_room(self.screen, "-wider", "-taller")  # room to show every panel at once
        if compact != self.compact:
            self.set_class(compact, "-compact")
            self._apply_view()
            self.refresh_bindings()
            self.paint_soon()

    def _apply_view(self) -> None:
        for name in VIEWS:
            self.set_class(self.shown == name, f"-show-{name}")

    def watch_shown(self, _shown: str) -> None:
        if self.is_mounted:
            self._apply_view()
            self.paint_soon()

    def action_next_view(self) -> None:
        self.shown = VIEWS[(VIEWS.index(self.shown) + 1) % len(VIEWS)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_view":
            return self.compact
        return True

    # ---------------------------------------------------------------- cursor
    def action_move(self, dx: int, dy: int) -> None:
        if self.compact and self.shown != "guilds":
            self.shown = "guilds"
            return
        k, g = divmod(self.cursor, 6)
        k, g = k + dy, g + dx
        if not (0 <= k < 6 and 0 <= g < 6):
            return  # no wrapping: the edge of the board stops the cursor
        self.cursor = k * 6 + g
        self._paint_grid()

    def point_at(self, action: Action) -> None:
        """Move the cursor to the guild an action names (the hint's choice)."""
        gi = guild_of(action)
        if gi is not None:
            self.cursor = gi
            self._paint_grid()

    def cell_actions(self, gi: int | None = None) -> list[Action]:
        return by_guild(list(self.offered)).get(self.cursor if gi is None else gi, [])

    def action_choose(self) -> None:
        offered = list(self.offered)
        if not offered:
            self.notify("Wait: it is not your decision now.", severity="warning")
            return
        cells = by_guild(offered)
        here = cells.get(self.cursor, [])
        if len(here) == 1:
            self.post_message(self.Picked(here[0]))
        elif here:
            # Several choices in one guild (whose supporter, move or take): pick in the list.
            self.post_message(self.ShowInList(here[0]))
            self._lent_focus = True
            self.notify(f"{len(here)} choices in the {data.guild_name(self.cursor)} guild: pick one in the list.")
        elif not cells:
            self.post_message(self.TakeHighlighted())
        else:
            self.notify(self._why_not_here(offered), severity="warning")

    def _why_not_here(self, offered: list[Action]) -> str:
        """Why the guild under the cursor is not a choice, in the rules' own words: each
        kind of guild choice on offer is asked of the engine (``why_illegal``) for this guild."""
        view = self.view
        tried: set[str] = set()
        for action in offered:
            at = GUILD_ARG.get(action.kind)
            if view is None or at is None or len(action.args) <= at or action.kind in tried:
                continue
            tried.add(action.kind)
            args = list(action.args)
            args[at] = self.cursor
            try:
                reason = view.why_illegal(Action(action.kind, tuple(args)))
            except (IllegalAction, TypeError, ValueError, KeyError, IndexError, AttributeError):
                reason = None
            if reason:
                return reason
        return f"No choice in the {data.guild_name(self.cursor)} guild: the guilds marked › have one."

    # ``has_focus`` is only updated after these handlers run: say which it is.
    def on_focus(self) -> None:
        self._paint_grid(focused=True)

    def on_blur(self) -> None:
        self._paint_grid(focused=False)

    # ---------------------------------------------------------------- painting
    @staticmethod
    def only_guilds(offered: list[Action]) -> bool:
        """Whether every choice on offer (but ending the turn or the Favor) is a guild."""
        cells = by_guild(offered)
        rest = [a for a in offered if a.kind not in ASIDE and a.kind not in ("maneuver",)]
        return bool(cells) and all(guild_of(a) is not None for a in rest)

    def _place_focus(self, offered: list[Action]) -> None:
        """The keys go where the decision is: the board for guilds, the list for the rest.
        Only when the kind of decision changes (or the list had lent its keys for a choice
        within one guild), so focus the player moved with Tab stays for this decision."""
        if not (offered and self.interactive and self.is_mounted):
            return
        on_board = self.only_guilds(offered)
        if on_board == self._keys_on_board and not self._lent_focus:
            return
        self._keys_on_board = on_board
        self._lent_focus = False
        if on_board:
            self.focus()
        else:
            self.post_message(self.ShowInList(offered[0]))

    def watch_offered(self, offered: list[Action]) -> None:
        # Only where decisions are made (the replay viewer keeps its arrows for stepping), and
        # only once the first position is here: Textual's first focus would take the board as
        # the screen mounts, before the first decision says whether the keys go to the board
        # or to the action list — and a focus that moves restyles the board's every panel.
        first_position = self.interactive and self.view is not None and not self.can_focus
        self.can_focus = self.interactive and self.view is not None
        cells = by_guild(list(offered))
        rest = [a for a in offered if a.kind not in ASIDE and a.kind not in ("maneuver",)]
        only_guilds = self.only_guilds(list(offered))
        if only_guilds and self.cursor not in cells:
            # Where the player left it if it is a choice, else the nearest guild that is.
            k, g = divmod(self.cursor, 6)
            self.cursor = min(cells, key=lambda gi: (abs(gi // 6 - k) + abs(gi % 6 - g), gi))
        self._place_focus(list(offered))
        if first_position and not offered and self._keys_on_board is None:
            self.focus()  # no decision to place the keys (a bot's turn, the game over): the board has them
        if only_guilds and self.compact and self.shown != "guilds" and self.is_mounted:
            self.shown = "guilds"
        houses = [a for a in rest if house_of(a) is not None or a.kind == "bump"]
        if rest and len(houses) == len(rest) and self.compact and self.is_mounted:
            self.shown = "houses"  # placing a lord or seating a prince: show the houses
        self.paint_soon()

    def viewer(self, v: State) -> int | None:
        """Whose hand the view holds face up (None while hands are hidden)."""
        seen = [s for s in range(v.num_players) if v.hand[s] and all(c >= 0 for c in v.hand[s])]
        if len(seen) == 1:
            return seen[0]
        if v.current_player in seen:
            return v.current_player
        people = self.table.person_seats()
        if len(people) == 1 and (people[0] in seen or not v.hand[people[0]]):
            return people[0]
        return None

    def paint(self, v: State) -> None:
        scene = Scene(v, self.table.names, Palette(self.app.current_theme.variables),
                      list(self.offered), self.viewer(v), self.compact, self.table.text, self._final(v))
        self.scene = scene
        panels = self._panels
        for painter in (PlayersPanel, HandPanel, ClanHouses, ScoreTrack):
            panels[painter].show(scene)
        self._paint_grid()
        for painter in (ClanHouses, ScoreTrack, PlayersPanel, HandPanel):
            panels[painter].border_title = panels[painter].painter.title(scene)
        hint = self._hint()
        panels[HandPanel].border_subtitle = hint
        panels[ScoreTrack].border_subtitle = hint

    def _final(self, v: State) -> tuple[list[float], list[int]] | None:
        """Final scores and winners once the game is over. End scoring counts every card a
        player owns, and the view hides the others' hands and decks, so they are read from
        the finished game itself, where nothing is hidden any more."""
        real = self.table.state
        if not (v.is_over and real.is_over):
            return None
        return real.scores(), real.winners()

    def _hint(self) -> str:
        if not self.compact:
            return ""
        return f"v: {VIEW_NAMES[VIEWS[(VIEWS.index(self.shown) + 1) % len(VIEWS)]]}"

    def _paint_grid(self, focused: bool | None = None) -> None:
        """The guild board alone: the cursor moved or the focus changed."""
        scene = self.scene
        if scene is None:
            return
        grid = self._panels[GuildGrid]
        grid.painter.cursor = self.cursor
        grid.painter.focused = self.has_focus if focused is None else focused
        grid.show(scene)
        grid.border_title = self._grid_title(scene)
        hint = self._hint()
        grid.border_subtitle = self._cursor_line(scene, hint, max(20, (grid.size.width or 80) - 6))

    def _grid_title(self, scene: Scene) -> str:
        v = scene.view
        title = "Guilds · K King's Guard · 1–4 supporters"
        if v.num_players == 2 and v.options.get("neutral", True):
            title += " · n neutral"
        title += " · ⚑ control markers"
        if v.phase == "sorcerer" and v.pending.roll:
            k, g = v.pending.roll
            title += f" · ◆ Sorcery Dice: {data.KINGDOMS[k]}, {data.GUILDS[g]}"
        return title

    def _cursor_line(self, scene: Scene, hint: str, room: int) -> str:
        """The grid's bottom line: the hint, then what the cursor's guild holds. Parts that do
        not fit the border are left out whole, least needed first, so none is cut mid-word."""
        parts = self._cursor_parts(scene)
        keep = [hint] if hint else []
        chosen: set[int] = set()
        for i in (0, 1, 3, 2):  # the guild, its markers, Enter, then what lies under the prospect
            if parts[i] and len(" · ".join([*keep, *(parts[j] for j in sorted(chosen | {i}))])) <= room:
                chosen.add(i)
        return " · ".join([*keep, *(parts[j] for j in sorted(chosen))])

    def _cursor_parts(self, scene: Scene) -> list[str]:
        """The cursor's guild, its control markers, what lies under the prospect, Enter."""
        v = scene.view
        gi = self.cursor
        who = []
        if v.guards[gi]:
            who.append(f"{v.guards[gi]} King's Guard{'s' if v.guards[gi] > 1 else ''}")
        for s in range(v.num_players):
            if v.supporters[gi][s]:
                who.append(f"{v.supporters[gi][s]} {scene.names[s]}")
        if v.neutral_supporters[gi]:
            who.append(f"{v.neutral_supporters[gi]} neutral")
        parts = [f"▶ {data.guild_name(gi)}: {', '.join(who) or 'empty'}", "", "", ""]
        if v.markers[gi]:
            parts[1] = f"⚑ {', '.join(scene.names[s] for s in v.markers[gi])}"
        stack = v.prospects[gi // 6]
        if len(stack) > 1:
            below = ", ".join(data.card(c).name for c in reversed(stack[:-1]))
            parts[2] = f"under the {data.KINGDOMS[gi // 6]} prospect: {below}"
        here = self.cell_actions()
        if len(here) == 1:
            parts[3] = f"Enter: {scene.text(here[0].describe())}"
        elif here:
            parts[3] = f"Enter: {len(here)} choices"
        return parts
