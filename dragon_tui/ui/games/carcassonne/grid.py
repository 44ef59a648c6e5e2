"""The Carcassonne tile grid: a focusable, scrolling window onto the table.

It draws only the tiles inside its own size (one Strip per screen row, built from the
cached tile art), follows a cursor, previews the tile in hand at the cursor in the chosen
rotation, and turns Enter (or a second click) into ``Picked`` with the matching
action from ``offered``. It reads the state; it never decides what is legal.

Three zooms (``z``): detailed, compact, and the whole map (the largest tile size at which
every tile fits; the final board opens in it). Rulers along the top and the left give the
x and y of each column and row of tiles, the cursor's own highlighted, so "at 1,-3" in the
log can be found.
"""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ....engine import Action, State
from ....games.carcassonne.board import xy
from ....games.carcassonne.data import CANON, DELTA, SIDES
from ....session import assign_keys
from ...widgets.messages import Picked
from .art import DRAGON_TEXT, GLYPH_FAIRY, GLYPH_LAST, tile_art
from .ink import CarcInk, ink_for
from ...widgets.panel import SizedByLayout

#: Characters per tile (width, height) at each zoom level ("map" picks from MAP_SIZES).
ZOOMS = {"compact": (5, 3), "detailed": (7, 5)}
#: What ``z`` steps through, from close to far.
ZOOM_ORDER = ("detailed", "compact", "map")
#: Tile sizes the whole-map zoom tries, largest first; the smallest is used when none fits.
MAP_SIZES = ((7, 5), (5, 3), (3, 2), (3, 1), (2, 1))
#: Room the rulers take: the left one's width (a label like "-12" and a space), the top one's height.
RULER_W, RULER_H = 4, 1
#: Start in the detailed zoom when this many tiles (columns, rows) fit in it.
DETAILED_FITS = (11, 5)

_BLANK = Style()
#: A cell of the grid being drawn is (character, style).
_char, _style = itemgetter(0), itemgetter(1)


class TileGrid(SizedByLayout, Widget, can_focus=True):
    """The table of tiles with a cursor."""

    BINDINGS = [
        Binding("up,k", "move(0,-1)", "Up", show=False),
        Binding("down,j", "move(0,1)", "Down", show=False),
        Binding("left,h", "move(-1,0)", "Left", show=False),
        Binding("right,l", "move(1,0)", "Right", show=False),
        # Not in the footer: the hand panel beside the grid shows these keys for the decision
        # at hand, and a footer that changed with it would rebuild itself on most moves.
        Binding("r", "rotate", "Rotate", show=False),
        Binding("tab,n", "next_spot", "Next", key_display="tab", show=False),
        Binding("N,p", "next_spot(-1)", "Previous", show=False),
        Binding("enter", "choose", "Choose", key_display="⏎", show=False),
        Binding("z", "zoom", "Zoom", show=False),
    ]

    zoom: reactive[str] = reactive("compact")

    class Moved(Message):
        """The cursor or the rotation changed (the hand panel shows whether it fits)."""

    def __init__(self, letters: list[str], **kwargs) -> None:
        super().__init__(**kwargs)
        self.letters = letters
        self.view_state: State | None = None
        self.offered: list[Action] = []
        self.cursor: tuple[int, int] = (0, 0)
        self.rot = 0
        self.origin: tuple[int, int] | None = None
        self._tile: int | None = None
        self._phase: str | None = None
        self._place: dict[tuple[int, int], set[int]] = {}
        self._dragon: dict[tuple[int, int], tuple[str, Action]] = {}
        self._spots: dict[tuple[int, int], dict[int, str]] = {}
        #: Fairy and princess choices: a key drawn beside the meeple they concern.
        self._beside: dict[tuple[int, int], list[tuple[int | None, str, str]]] = {}
        self._lines: list[Strip] | None = None
        self._spots_before = False
        self._sized = False
        self._theme = ""
        #: Replay: no cursor of one's own; keep the last tile placed in sight.
        self.follow_last = False
        self._map_shown = False

    # ------------------------------------------------------------------ feeding
    def show(self, view: State, offered: list[Action]) -> None:
        prev_tile, prev_phase, had_place = self._tile, self._phase, bool(self._place)
        self.view_state = view
        self.offered = list(offered)
        self._tile = view.tile
        self._phase = view.phase
        self._place = {}
        self._dragon = {}
        self._spots_before = bool(self._spots)
        self._spots = {}
        self._beside = {}
        keys = self._keys(view, offered)
        wanted = {"place": ("place",), "dragon": ("dragon",), "figure": ("meeple", "princess", "fairy", "pass")}
        fresh = [(a, k) for a, k in zip(offered, keys) if a.kind in wanted.get(view.phase, ())]
        for action, key in fresh:
            if action.kind == "place":
                x, y, rot = action.args
                self._place.setdefault((x, y), set()).add(rot)
            elif action.kind == "dragon":
                dx, dy = DELTA[SIDES.index(action.args[0])]
                dxy = xy(view.dragon)
                self._dragon[(dxy[0] + dx, dxy[1] + dy)] = (key, action)
            elif action.kind == "meeple" and key:
                self._spots.setdefault((action.args[0], action.args[1]), {})[action.args[2]] = key
            elif action.kind in ("fairy", "princess") and key:
                idx = action.args[2] if len(action.args) > 2 else None
                self._beside.setdefault((action.args[0], action.args[1]), []).append((idx, key, action.kind))
        if view.phase == "over" and not self.follow_last and not self._map_shown:
            self._map_shown = True  # the final board opens with the whole map in sight
            self.zoom = "map"
        # Put the cursor where the decision is.
        if self.follow_last and view.placed:
            self.cursor = xy(view.placed)
        elif self._place and (view.tile != prev_tile or not had_place):
            self.rot = 0
            if self.cursor not in self._place:
                self.cursor = min(self._place, key=lambda p: (abs(p[0] - self.cursor[0]) + abs(p[1] - self.cursor[1]), p[1], p[0]))
            self._fit_rotation()
        elif self._dragon and view.dragon:
            self.cursor = xy(view.dragon)
        elif view.phase == "figure" and offered and view.placed and (view.phase != prev_phase or not self._spots_before):
            self.cursor = xy(view.placed)
        self._scroll_to_cursor()
        self._dirty()

    @staticmethod
    def _keys(view: State, offered: list[Action]) -> list[str | None]:
        """The keys the action list gives each action (the game's, then free digits)."""
        return assign_keys([view.action_key(a) for a in offered])

    # ------------------------------------------------------------------ questions
    def fits_here(self) -> bool | None:
        """Whether the tile in hand fits at the cursor in the shown rotation (None: not placing)."""
        if not self._place or self._tile is None:
            return None
        return CANON[self._tile][self.rot] in self._place.get(self.cursor, set())

    def legal_here(self) -> bool:
        """Whether the tile in hand fits at the cursor in some rotation."""
        return self.cursor in self._place

    def other_fits_here(self) -> bool:
        """Whether another way of turning the tile (one that looks different) fits here too."""
        if self._tile is None or not self._place:
            return False
        canon = CANON[self._tile]
        return any(c != canon[self.rot] for c in self._place.get(self.cursor, ()))

    def chosen_action(self) -> Action | None:
        if self._place and self.fits_here():
            x, y = self.cursor
            wanted = (x, y, CANON[self._tile][self.rot])
            return next((a for a in self.offered if a.kind == "place" and a.args == wanted), None)
        if self._dragon and self.cursor in self._dragon:
            return self._dragon[self.cursor][1]
        return None

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Rotate, next and choose only act while they can do something."""
        if action == "rotate":
            return bool(self._place)
        if action in ("next_spot", "choose"):
            return bool(self._place or self._dragon)
        return True

    def action_move(self, dx: int, dy: int) -> None:
        self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
        self._scroll_to_cursor()
        self._dirty()
        self.post_message(self.Moved())

    def action_rotate(self) -> None:
        """Where the tile fits at the cursor, turn it to the next way that fits (a symmetric
        tile's look-alike turns are skipped); elsewhere, a quarter turn."""
        if self._tile is None:
            return
        rots = self._place.get(self.cursor) if self._place else None
        canon = CANON[self._tile]
        if rots:
            self.rot = next((r for r in ((self.rot + step) % 4 for step in range(1, 4))
                             if canon[r] in rots and canon[r] != canon[self.rot]), self.rot)
        else:
            self.rot = (self.rot + 1) % 4
        self._dirty()
        self.post_message(self.Moved())

    def action_next_spot(self, step: int = 1) -> None:
        spots = sorted(self._place or self._dragon, key=lambda p: (p[1], p[0]))
        if not spots:
            return
        if step < 0:
            spots.reverse()
            later = [p for p in spots if (p[1], p[0]) < (self.cursor[1], self.cursor[0])]
        else:
            later = [p for p in spots if (p[1], p[0]) > (self.cursor[1], self.cursor[0])]
        self.cursor = (later or spots)[0]
        self._fit_rotation()
        self._scroll_to_cursor()
        self._dirty()
        self.post_message(self.Moved())

    def action_choose(self) -> None:
        action = self.chosen_action()
        if action is not None:
            self.post_message(Picked(action))
        elif self._place:
            if self.cursor in self._place:
                self.notify("The tile does not fit this way round: press r to rotate it.", severity="warning")
            else:
                self.notify("The tile cannot go here: Tab jumps to a place where it fits.", severity="warning")
        elif self._dragon:
            self.notify("Put the cursor on a numbered tile next to the dragon (or press its number).", severity="warning")
        elif self._spots:
            self.notify("Press a spot's number for a meeple, 0 for none.")

    def action_zoom(self) -> None:
        self.zoom = ZOOM_ORDER[(ZOOM_ORDER.index(self.zoom) + 1) % len(ZOOM_ORDER)]

    def point_at(self, action: Action) -> None:
        """Put the cursor where ``action`` happens (the hint's choice): a tile's place, turned
        as the action turns it; the dragon's next tile; the tile of a meeple, fairy or princess."""
        view = self.view_state
        if view is None:
            return
        if action.kind == "place" and self._tile is not None:
            x, y, rot = action.args
            self.cursor = (x, y)
            self.rot = next((r for r in range(4) if CANON[self._tile][r] == rot), self.rot)
        elif action.kind == "dragon":
            target = next((p for p, (_key, a) in self._dragon.items() if a == action), None)
            if target is None:
                return
            self.cursor = target
        elif action.kind in ("meeple", "fairy", "princess") and len(action.args) >= 2:
            self.cursor = (action.args[0], action.args[1])
        else:
            return
        self._scroll_to_cursor()
        self._dirty()
        self.post_message(self.Moved())

    def watch_zoom(self) -> None:
        self.origin = None
        self._scroll_to_cursor()
        self._dirty()

    def on_click(self, event: events.Click) -> None:
        pos = self._cell_at(event.x, event.y)
        if pos is None:
            return
        if pos == self.cursor and (self._place or self._dragon):
            self.action_choose()
            return
        self.cursor = pos
        if self._place and pos in self._place:
            self._fit_rotation()
        self._dirty()
        self.post_message(self.Moved())

    # ------------------------------------------------------------------ geometry
    def _fit_rotation(self) -> None:
        rots = self._place.get(self.cursor)
        if self._tile is None or not rots or CANON[self._tile][self.rot] in rots:
            return
        self.rot = next(r for r in range(4) if CANON[self._tile][r] in rots)

    def _bounds(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) of the tiles on the table and the cursor."""
        view = self.view_state
        cells = ([xy(p) for p in view.board] if view is not None else []) + [self.cursor]
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        return min(xs), min(ys), max(xs), max(ys)

    def tile_size(self) -> tuple[int, int]:
        """Characters per tile now: the zoom's, or for the whole map the largest that fits it."""
        if self.zoom != "map":
            return ZOOMS[self.zoom]
        x0, y0, x1, y1 = self._bounds()
        for tw, th in MAP_SIZES:
            cols, rows, _, _, _, _ = self._window((tw, th))
            if cols >= x1 - x0 + 1 and rows >= y1 - y0 + 1:
                return tw, th
        return MAP_SIZES[-1]

    def _window(self, size: tuple[int, int] | None = None) -> tuple[int, int, int, int, bool, bool]:
        """(columns, rows, left padding, top padding) of tiles that fit, and whether the left
        and the top ruler are drawn: always, unless the grid is too small for two tiles then."""
        tw, th = size or self.tile_size()
        w, h = max(self.size.width, tw), max(self.size.height, th)
        left = (w - RULER_W) // tw >= 2
        top = (h - RULER_H) // th >= 2
        w_room, h_room = w - (RULER_W if left else 0), h - (RULER_H if top else 0)
        cols, rows = w_room // tw, h_room // th
        px = (w_room - cols * tw) // 2 + (RULER_W if left else 0)
        py = (h_room - rows * th) // 2 + (RULER_H if top else 0)
        return cols, rows, px, py, left, top

    def _scroll_to_cursor(self) -> None:
        cols, rows, _, _, _, _ = self._window()
        cx, cy = self.cursor
        if self.zoom == "map":
            # The whole map, centred; scrolled only if it does not fit at the smallest size.
            x0, y0, x1, y1 = self._bounds()
            self.origin = (x0 - (cols - (x1 - x0 + 1)) // 2, y0 - (rows - (y1 - y0 + 1)) // 2)
        if self.origin is None:
            self.origin = (cx - cols // 2, cy - rows // 2)
        ox, oy = self.origin
        mx = 1 if cols >= 5 and self.zoom != "map" else 0
        my = 1 if rows >= 5 and self.zoom != "map" else 0
        if cx < ox + mx:
            ox = cx - mx
        elif cx > ox + cols - 1 - mx:
            ox = cx - cols + 1 + mx
        if cy < oy + my:
            oy = cy - my
        elif cy > oy + rows - 1 - my:
            oy = cy - rows + 1 + my
        self.origin = (ox, oy)

    def _cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        tw, th = self.tile_size()
        cols, rows, px, py, _, _ = self._window((tw, th))
        if self.origin is None or x < px or y < py:
            return None
        c, r = (x - px) // tw, (y - py) // th
        if c >= cols or r >= rows:
            return None
        return self.origin[0] + c, self.origin[1] + r

    def fit_to_size(self) -> None:
        if not self._sized and self.size.width and self.size.height:
            self._sized = True
            self.origin = None  # centre on the cursor once the real size is known
            tw, th = ZOOMS["detailed"]
            roomy = self.size.width // tw >= DETAILED_FITS[0] and self.size.height // th >= DETAILED_FITS[1]
            if roomy and self.zoom == "compact":
                self.zoom = "detailed"  # room enough (120×40): start with the readable tiles
        self._scroll_to_cursor()
        self._dirty()

    def _dirty(self) -> None:
        self._lines = None
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    def render_line(self, y: int) -> Strip:
        if self._lines is None or len(self._lines) != self.size.height or self._theme != self.app.theme:
            self._theme = self.app.theme
            self._lines = self._build()
        if 0 <= y < len(self._lines):
            return self._lines[y]
        return Strip.blank(self.size.width)

    def _build(self) -> list[Strip]:
        width, height = self.size.width, self.size.height
        view = self.view_state
        if view is None or width <= 0 or height <= 0:
            return [Strip.blank(width) for _ in range(height)]
        if self.origin is None:
            self._scroll_to_cursor()
        theme = self.app.current_theme
        ink = ink_for(theme.variables)
        # The frames of the places the tile fits (now, after turning it), made once a drawing.
        if ink.mono:
            self._frame_styles = (Style(bold=True), Style(dim=True))
        else:
            self._frame_styles = (Style(bold=True, color=theme.primary), Style(color=theme.primary, dim=True))
        tw, th = self.tile_size()
        cols, rows, px, py, left, top = self._window((tw, th))
        ox, oy = self.origin
        base = self.rich_style  # the widget's own background under every cell
        grid: list[list[tuple[str, Style]]] = [[(" ", _BLANK)] * width for _ in range(height)]
        for r in range(rows):
            for c in range(cols):
                block = self._block(view, ox + c, oy + r, tw, th, ink)
                for yy in range(th):
                    row = grid[py + r * th + yy]
                    x0 = px + c * tw
                    row[x0:x0 + tw] = block[yy]
        self._rulers(grid, ink, (tw, th), (cols, rows, px, py, left, top))
        lines = []
        add = base.__add__
        for row in grid:
            # One segment per run of equal styles (each run keeps its first cell's style);
            # groupby compares by identity first, and most neighbours share one Style object.
            # Each over the widget's style, as ``Strip.apply_style`` would lay it, in one strip.
            segments = [Segment("".join(map(_char, cells)), add(style)) for style, cells in groupby(row[:width], _style)]
            lines.append(Strip(segments, width))
        return lines

    def _rulers(self, grid: list[list[tuple[str, Style]]], ink: CarcInk, size: tuple[int, int],
                window: tuple[int, int, int, int, bool, bool]) -> None:
        """x over each column of tiles, y left of each row; the cursor's column and row in the
        cursor's style. A label that would touch the one before it is left out (small tiles)."""
        tw, th = size
        cols, rows, px, py, left, top = window
        ox, oy = self.origin
        dim = Style(dim=True)
        if top:
            end = -1
            for c in range(cols):
                label = str(ox + c)
                at = px + c * tw + (tw - len(label)) // 2
                if at <= end or at + len(label) > len(grid[py - 1]):
                    continue
                style = ink.cursor if ox + c == self.cursor[0] else dim
                for i, ch in enumerate(label):
                    grid[py - 1][at + i] = (ch, style)
                end = at + len(label)
        if left:
            for r in range(rows):
                label = str(oy + r)[-(RULER_W - 1):].rjust(RULER_W - 1)
                style = ink.cursor if oy + r == self.cursor[1] else dim
                y = py + r * th + th // 2
                for i, ch in enumerate(label):
                    if ch != " ":
                        grid[y][px - RULER_W + i] = (ch, style)

    def _block(self, view: State, x: int, y: int, tw: int, th: int, ink: CarcInk) -> list[list[tuple[str, Style]]]:
        pos = f"{x},{y}"
        here = (x, y)
        self._protected: set[tuple[int, int]] = set()
        cursor = here == self.cursor
        placed = view.board.get(pos)
        accent, faint = self._frame_styles
        mark = ink.key
        if placed is not None:
            block = self._tile_block(view, pos, placed[0], placed[1], tw, th, ink)
        elif cursor and self._tile is not None and self._place:
            fits = self.fits_here()
            art = tile_art(self._tile, self.rot, tw, th)
            dim = Style(dim=True)
            block = [[(art.chars[r][c], ink.cell(art, c, r) + (Style() if fits else dim)) for c in range(tw)] for r in range(th)]
            if not fits:
                for cx, cy in ((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)):
                    block[cy][cx] = ("✗", mark)
                return block
        elif here in self._place:
            now = self._tile is not None and CANON[self._tile][self.rot] in self._place[here]
            style = accent if now else faint
            block = _frame(tw, th, style, "+" if now else " ")
        else:
            block = [[(" ", _BLANK)] * tw for _ in range(th)]
        if here in self._dragon:
            key = self._dragon[here][0] or "?"
            for cx, cy in ((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)):
                block[cy][cx] = (key, mark)
        if cursor:
            cur = ink.cursor
            for (cx, cy), ch in zip(((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)), "┏┓┗┛"):
                if block[cy][cx][1] is not mark and (cx, cy) not in self._protected:
                    block[cy][cx] = (ch, cur)
        return block

    def _near(self, spot: tuple[int, int] | None, tw: int, th: int, first: tuple[int, int, int, int]) -> tuple[int, int]:
        """A free cell beside a meeple's spot (for the fairy or a key), preferring one side."""
        if spot is None:
            return (tw - 2, 0)
        a, b, c2, d = first
        for dc, dr in ((a, b), (c2, d), (0, -1), (0, 1)):
            cell = (spot[0] + dc, spot[1] + dr)
            if 0 <= cell[0] < tw and 0 <= cell[1] < th and cell not in self._protected:
                return cell
        return (spot[0] + (1 if spot[0] + 1 < tw else -1), spot[1])

    def _tile_block(self, view: State, pos: str, tile: int, rot: int, tw: int, th: int, ink: CarcInk) -> list[list[tuple[str, Style]]]:
        art = tile_art(tile, rot, tw, th)
        x, y = xy(pos)
        shaded = (x + y) % 2 == 1
        block = [[(art.chars[r][c], ink.cell(art, c, r, shaded)) for c in range(tw)] for r in range(th)]
        for seat, mpos, idx in view.meeples:
            if mpos == pos and art.anchors[idx] is not None:
                c, r = art.anchors[idx]
                block[r][c] = (self.letters[seat], ink.player(seat))
                self._protected.add((c, r))
        fairy = view.fairy
        if fairy and fairy["pos"] == pos:
            spot = art.anchors[fairy["idx"]] if fairy.get("idx") is not None else None
            c, r = self._near(spot, tw, th, (1, 0, -1, 0))
            style = ink.fairy
            block[r][c] = (GLYPH_FAIRY, style)
            self._protected.add((c, r))
        for idx, key, kind in self._beside.get(xy(pos), ()):
            spot = art.anchors[idx] if idx is not None else None
            c, r = self._near(spot, tw, th, (-1, 0, 1, 0))
            style = ink.beside_fairy if kind == "fairy" else ink.beside_other
            block[r][c] = (key, style)
            self._protected.add((c, r))
        spots = self._spots.get(xy(pos))
        if spots:
            style = ink.spot
            for idx, key in spots.items():
                if art.anchors[idx] is not None:
                    c, r = art.anchors[idx]
                    block[r][c] = (key, style)
                    self._protected.add((c, r))
        if pos == view.placed and view.phase in ("place", "over") and len(view.board) > 1:
            last = ink.last
            corner = next((c for c in ((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)) if c not in self._protected), None)
            if corner:
                block[corner[1]][corner[0]] = (GLYPH_LAST, last)
        if view.dragon == pos:
            style = ink.dragon
            cy = th // 2
            text = DRAGON_TEXT[:tw]  # "DR" on the whole map's smallest tiles
            start = (tw - len(text)) // 2
            for i, ch in enumerate(text):
                block[cy][start + i] = (ch, style)
        return block


def _frame(tw: int, th: int, style: Style, centre: str) -> list[list[tuple[str, Style]]]:
    block = [[(" ", _BLANK)] * tw for _ in range(th)]
    for c in range(tw):
        block[0][c] = ("┄", style)
        block[th - 1][c] = ("┄", style)
    for r in range(th):
        block[r][0] = ("┆", style)
        block[r][tw - 1] = ("┆", style)
    for (c, r), ch in zip(((0, 0), (tw - 1, 0), (0, th - 1), (tw - 1, th - 1)), "╭╮╰╯"):
        block[r][c] = (ch, style)
    block[th // 2][tw // 2] = (centre, style)
    return block
