"""Carcassonne tile art: one tile type in one rotation drawn as a w×h block of characters.

Pure drawing, no widgets: the grid, the hand panel and the remaining-tiles window all ask
here. Every feature has its own glyph so nothing depends on colour alone (the monochrome
theme drops the colours): city ``▒``, field ``·``/blank, road box-drawing lines, monastery
``⌂``, pennant ``◆``, princess ``♛``, volcano ``▲``, magic portal ``Ω``, junction ``●``.
Each feature also gets an *anchor* cell, where its meeple (or its spot number) is drawn.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from rich.style import Style

from ....games.carcassonne.data import ROT, TILES

CITY, FIELD, ROAD, CLOISTER = "city", "field", "road", "cloister"

#: Glyphs for tile symbols (also listed in the legend).
SYMBOL_GLYPH = {"volcano": "▲", "portal": "Ω", "princess": "♛", "dragon": None}
GLYPH_MONASTERY = "⌂"
GLYPH_PENNANT = "◆"
GLYPH_JUNCTION = "●"
GLYPH_FAIRY = "✦"
GLYPH_LAST = "◤"
DRAGON_TEXT = "DRG"

# Box-drawing characters by the directions they connect (N, E, S, W).
_BOX = {
    frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└", frozenset("NW"): "┘",
    frozenset("SE"): "┌", frozenset("SW"): "┐", frozenset("NES"): "├", frozenset("NSW"): "┤",
    frozenset("EWS"): "┬", frozenset("EWN"): "┴", frozenset("NESW"): "┼", frozenset("N"): "│",
    frozenset("S"): "│", frozenset("E"): "─", frozenset("W"): "─",
}

#: The monochrome theme's styles (the colour themes' come from their variables: ink).
MONO = {
    CITY: Style(),
    FIELD: Style(dim=True),
    ROAD: Style(bold=True),
    "mark": Style(bold=True),
    "monastery": Style(bold=True, reverse=True),
}
#: ...and on every other tile (a checkerboard, so tile edges show without colours): the city
#: dim and the field's dots bright, the other way round from the tiles beside it.
MONO_SHADED = dict(MONO, **{CITY: Style(dim=True), FIELD: Style()})


@dataclass(frozen=True, slots=True)
class Art:
    """Characters, the feature kind under each cell, and one anchor cell per local feature."""

    width: int
    height: int
    chars: tuple[tuple[str, ...], ...]
    layer: tuple[tuple[str, ...], ...]  # city / field / road / mark / monastery (style key)
    base: tuple[tuple[str, ...], ...]  # city / field: the ground under the cell (for its background)
    anchors: tuple[tuple[int, int] | None, ...]


def _nearest(c: int, r: int, w: int, h: int) -> tuple[list[float], set[int]]:
    u, v = (c + 0.5) / w, (r + 0.5) / h
    d = [v, 1 - u, 1 - v, u]
    low = min(d)
    return d, {s for s in range(4) if d[s] - low < 1e-9}


def _half_cells(h: int, w: int, hgt: int) -> list[tuple[int, int]]:
    side, second = divmod(h, 2)
    cx, cy = w // 2, hgt // 2
    if side == 0:
        return [(c, 0) for c in range(w) if (c > cx if second else c < cx)]
    if side == 1:
        return [(w - 1, r) for r in range(hgt) if (r > cy if second else r < cy)]
    if side == 2:
        return [(c, hgt - 1) for c in range(w) if (c < cx if second else c > cx)]
    return [(0, r) for r in range(hgt) if (r < cy if second else r > cy)]


def _arm(side: int, w: int, h: int) -> list[tuple[int, int]]:
    """Cells from a side's midpoint to the centre (centre excluded), edge first."""
    cx, cy = w // 2, h // 2
    if side == 0:
        return [(cx, r) for r in range(0, cy)]
    if side == 2:
        return [(cx, r) for r in range(h - 1, cy, -1)]
    if side == 3:
        return [(c, cy) for c in range(0, cx)]
    return [(c, cy) for c in range(w - 1, cx, -1)]


def _midpoint(side: int, w: int, h: int) -> tuple[float, float]:
    return ((w - 1) / 2, 0.0) if side == 0 else ((w - 1.0), (h - 1) / 2) if side == 1 else (
        ((w - 1) / 2, h - 1.0) if side == 2 else (0.0, (h - 1) / 2))


@lru_cache(maxsize=None)
def tile_art(tile: int, rot: int, w: int, h: int) -> Art:
    ttype = TILES[tile]
    rotated = ROT[tile][rot]
    cx, cy = w // 2, h // 2
    owner: list[list[int | None]] = [[None] * w for _ in range(h)]
    base = [[FIELD] * w for _ in range(h)]
    chars = [[" "] * w for _ in range(h)]
    layer = [[FIELD] * w for _ in range(h)]
    feats = ttype.features

    # Cities: one side -> a band along that edge; several sides -> the triangles towards them.
    for i, f in enumerate(feats):
        if f.kind != CITY:
            continue
        sides = set(rotated.sides[i])
        for r in range(h):
            for c in range(w):
                d, near = _nearest(c, r, w, h)
                if len(sides) == 1:
                    (s,) = sides
                    hit = s in near and d[s] <= 0.3 + 1e-9
                else:
                    hit = bool(near & sides)
                if hit and owner[r][c] is None:
                    owner[r][c] = i
                    base[r][c] = CITY
                    chars[r][c] = "▒"
                    layer[r][c] = CITY

    # Roads: arms from each side's midpoint to the centre, joined there when the road turns
    # or runs straight through; PD-24's two bends go round the centre.
    road_dirs: dict[tuple[int, int], set[str]] = {}
    road_owner: dict[tuple[int, int], int] = {}
    two_bends = sum(1 for i, f in enumerate(feats) if f.kind == ROAD and len(rotated.sides[i]) == 2) > 1
    dead_ends = 0
    for i, f in enumerate(feats):
        if f.kind != ROAD:
            continue
        sides = list(rotated.sides[i])
        if two_bends and len(sides) == 2:
            for cell, dirs in _bend(sides, w, h):
                if not (0 <= cell[0] < w and 0 <= cell[1] < h):
                    continue  # the whole map's smallest tiles have no room for the bend's corner
                road_dirs.setdefault(cell, set()).update(dirs)
                road_owner[cell] = i
            continue
        for s in sides:
            for cell in _arm(s, w, h):
                road_dirs.setdefault(cell, set()).update("NS" if s in (0, 2) else "EW")
                road_owner[cell] = i
        if len(sides) >= 2:
            road_dirs.setdefault((cx, cy), set()).update("NESW"[s] for s in sides)
            road_owner[(cx, cy)] = i
        else:
            dead_ends += 1
    for (c, r), dirs in road_dirs.items():
        chars[r][c] = _BOX.get(frozenset(dirs), "┼")
        layer[r][c] = ROAD
        owner[r][c] = road_owner[(c, r)]

    cloister = next((i for i, f in enumerate(feats) if f.kind == CLOISTER), None)
    taken: set[tuple[int, int]] = set()
    if cloister is not None:
        chars[cy][cx] = GLYPH_MONASTERY
        layer[cy][cx] = "monastery"
        owner[cy][cx] = cloister
        taken.add((cx, cy))
    elif dead_ends and (cx, cy) not in road_dirs and not SYMBOL_GLYPH.get(ttype.symbol or ""):
        if base[cy][cx] == FIELD or dead_ends > 1:
            chars[cy][cx] = GLYPH_JUNCTION
            layer[cy][cx] = "mark"
            taken.add((cx, cy))

    # Fields: flood from the half-edges each field reaches.
    queue: deque[tuple[int, int]] = deque()
    field_of: dict[tuple[int, int], int] = {}
    for i, f in enumerate(feats):
        if f.kind != FIELD:
            continue
        for half in f.halves:
            for cell in _half_cells((half + 2 * rot) % 8, w, h):
                c, r = cell
                if owner[r][c] is None and cell not in field_of and cell not in taken:
                    field_of[cell] = i
                    queue.append(cell)
    # A field touching no edge (PD-19's, between its two cities) grows from the free cell
    # nearest the centre, so it gets room of its own.
    for i, f in enumerate(feats):
        if f.kind == FIELD and not f.halves:
            free = [(c, r) for r in range(h) for c in range(w)
                    if owner[r][c] is None and (c, r) not in taken and (c, r) not in field_of]
            inner_free = [cell for cell in free if 0 < cell[0] < w - 1 and 0 < cell[1] < h - 1] or free
            if inner_free:
                cell = min(inner_free, key=lambda cell: ((cell[0] - cx) / 2) ** 2 + (cell[1] - cy) ** 2)
                field_of[cell] = i
                queue.appendleft(cell)
    while queue:
        c, r = queue.popleft()
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            n = (c + dc, r + dr)
            if 0 <= n[0] < w and 0 <= n[1] < h and owner[n[1]][n[0]] is None and n not in field_of and n not in taken:
                field_of[n] = field_of[(c, r)]
                queue.append(n)
    inner = next((i for i, f in enumerate(feats) if f.kind == FIELD and not f.halves), None)
    for r in range(h):
        for c in range(w):
            if owner[r][c] is None and (c, r) not in taken:
                owner[r][c] = field_of.get((c, r), inner)
                chars[r][c] = "·" if (c + r) % 2 == 0 else " "

    # Anchors: monastery, roads, cities, then fields, each on a free cell of its own.
    anchors: list[tuple[int, int] | None] = [None] * len(feats)
    order = sorted(range(len(feats)), key=lambda i: {CLOISTER: 0, ROAD: 1, CITY: 2, FIELD: 3}[feats[i].kind])
    for i in order:
        f = feats[i]
        if f.kind == CLOISTER:
            anchors[i] = (cx, cy)
            continue
        cells = [(c, r) for r in range(h) for c in range(w) if owner[r][c] == i and (c, r) not in taken]
        if f.kind == ROAD:
            sides = rotated.sides[i]
            if len(sides) >= 2 and (cx, cy) in cells:
                target = (cx, cy)
            else:
                arm = [cell for cell in _arm(sides[0], w, h) if cell in cells]
                target = arm[len(arm) // 2] if arm else None
                target = target or (cells[0] if cells else None)
            pick = [target] if target else []
        else:
            if f.kind == CITY:
                points = [_midpoint(s, w, h) for s in rotated.sides[i]]
            else:
                points = [_midpoint(((hh + 2 * rot) % 8) // 2, w, h) for hh in f.halves] or [(cx, cy)]
            tx = sum(p[0] for p in points) / len(points)
            ty = sum(p[1] for p in points) / len(points)
            tx, ty = tx + (cx - tx) * 0.45, ty + (cy - ty) * 0.45
            pick = sorted(cells, key=lambda cell: ((cell[0] - tx) / 2) ** 2 + (cell[1] - ty) ** 2)
        for cell in pick:
            if cell not in taken:
                anchors[i] = cell
                taken.add(cell)
                break

    # Pennants, the princess and the tile's symbol on free cells.
    def free_cell(cells: list[tuple[int, int]], tx: float, ty: float) -> tuple[int, int] | None:
        ok = [cell for cell in cells if cell not in taken]
        if not ok:
            return None
        return min(ok, key=lambda cell: ((cell[0] - tx) / 2) ** 2 + (cell[1] - ty) ** 2)

    for i, f in enumerate(feats):
        if f.kind != CITY or not (f.pennant or f.princess):
            continue
        cells = [(c, r) for r in range(h) for c in range(w) if owner[r][c] == i and layer[r][c] == CITY]
        for glyph, wanted in ((GLYPH_PENNANT, f.pennant), (SYMBOL_GLYPH["princess"], f.princess)):
            if not wanted:
                continue
            anchor = anchors[i] or (cx, cy)
            cell = free_cell(cells, anchor[0], anchor[1])
            if cell:
                chars[cell[1]][cell[0]] = glyph
                layer[cell[1]][cell[0]] = "mark"
                taken.add(cell)
    glyph = SYMBOL_GLYPH.get(ttype.symbol or "")
    if glyph and ttype.symbol != "princess":
        cells = [(c, r) for r in range(h) for c in range(w) if layer[r][c] in (FIELD, CITY)]
        cell = free_cell(cells, cx, cy)
        if cell:
            chars[cell[1]][cell[0]] = glyph
            layer[cell[1]][cell[0]] = "mark"
            taken.add(cell)

    return Art(
        w, h,
        tuple(tuple(row) for row in chars),
        tuple(tuple(row) for row in layer),
        tuple(tuple(row) for row in base),
        tuple(anchors),
    )


def _bend(sides: list[int], w: int, h: int) -> list[tuple[tuple[int, int], set[str]]]:
    """A road joining two neighbouring sides without touching the centre (PD-24)."""
    cx, cy = w // 2, h // 2
    a, b = sorted(sides)
    # The corner between the two sides, one step in from the centre.
    dx = 1 if 1 in (a, b) else -1
    dy = 1 if 2 in (a, b) else -1
    out: list[tuple[tuple[int, int], set[str]]] = []
    vertical = 0 if 0 in (a, b) else 2
    horizontal = 1 if 1 in (a, b) else 3
    # From the vertical side's midpoint down/up to the row beside the centre.
    row = cy + dy
    rng = range(0, row) if vertical == 0 else range(h - 1, row, -1)
    for r in rng:
        out.append(((cx, r), set("NS")))
    col = cx + dx
    turn_v = "N" if vertical == 0 else "S"
    turn_h = "E" if horizontal == 1 else "W"
    out.append(((cx, row), {turn_v, turn_h}))
    if cx + dx != cx:
        out.append(((col, row), {"W" if dx > 0 else "E", "N" if dy > 0 else "S"}))
    # Then along to the horizontal side at the centre row.
    if row != cy:
        out.append(((col, cy), {"N" if dy < 0 else "S", turn_h}))
    cols = range(col + 1, w) if horizontal == 1 else range(col - 1, -1, -1)
    for c in cols:
        out.append(((c, cy), set("EW")))
    return out
