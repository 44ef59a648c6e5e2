"""The 72 base tiles and the 30 tiles of The Princess & The Dragon.

The data is transcribed from ``shared/reference/carcassonne_tiles.md`` (checked there against
JCloisterZone and a second open implementation) into one compact line per tile type, so that a
reviewer can hold each line against the reference table row by row.

Line format: ``id count NESW | feature | feature ... [@symbol]``.

- ``C:NW`` a city segment joining the N and W edges; ``+`` a pennant; ``*`` the princess sits
  in it.
- ``R:ES`` a road through E and S; ``R:S`` a road that ends inside the tile (junction,
  monastery, city gate, volcano), so it has one open end only.
- ``M`` a monastery.
- ``F:En,Sw>0`` a field made of half-edges (``N`` alone = both halves of N) touching local city
  0; ``F:>0,1`` an inner field that touches no edge.

Local feature indices (the meeple spots) follow the order of the line, which is also the
order the meeple choices are numbered in.

Where the reference flags a doubt we follow both code sources it cites: P&D has 3 pennants
(PD-14, PD-19, PD-26), PD-19's west field touches only the princess's city, the tunnel's road
does not split the field on either side, and PD-21's two fields are separate.

Geometry: sides 0..3 = N, E, S, W; half-edges 0..7 clockwise = Nw Ne En Es Se Sw Ws Wn.
A rotation ``r`` turns the tile ``r`` quarter turns clockwise: side s -> s+r, half h -> h+2r.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


SIDES = "NESW"
SIDE_NAMES = ("north", "east", "south", "west")
HALVES = ("Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn")
#: The corner of the tile each half-edge lies in, for naming small fields.
CORNERS = ("north-west", "north-east", "north-east", "south-east", "south-east", "south-west", "south-west", "north-west")
#: Step to the neighbour on each side; y grows downwards (south).
DELTA = ((0, -1), (1, 0), (0, 1), (-1, 0))

TILE_LINES = """
BA-A 2 FFRF | R:S | M | F:N,E,Se,Sw,W
BA-B 4 FFFF | M | F:N,E,S,W
BA-C 1 CCCC | C:NESW+
BA-D 4 CRFR | C:N | R:EW | F:En,Wn>0 | F:Es,S,Ws
BA-E 5 CFFF | C:N | F:E,S,W>0
BA-F 2 FCFC | C:EW+ | F:N>0 | F:S>0
BA-G 1 FCFC | C:EW | F:N>0 | F:S>0
BA-H 3 CFCF | C:N | C:S | F:E,W>0,1
BA-I 2 CFFC | C:N | C:W | F:E,S>0,1
BA-J 3 CRRF | C:N | R:ES | F:En,W,Sw>0 | F:Es,Se
BA-K 3 CFRR | C:N | R:SW | F:Wn,E,Se>0 | F:Ws,Sw
BA-L 3 CRRR | C:N | R:E | R:S | R:W | F:En,Wn>0 | F:Ws,Sw | F:Es,Se
BA-M 2 CFFC | C:NW+ | F:E,S>0
BA-N 3 CFFC | C:NW | F:E,S>0
BA-O 2 CRRC | C:NW+ | R:ES | F:En,Sw>0 | F:Es,Se
BA-P 3 CRRC | C:NW | R:ES | F:En,Sw>0 | F:Es,Se
BA-Q 1 CCFC | C:NEW+ | F:S>0
BA-R 3 CCFC | C:NEW | F:S>0
BA-S 2 CCRC | C:NEW+ | R:S | F:Se>0 | F:Sw>0
BA-T 1 CCRC | C:NEW | R:S | F:Se>0 | F:Sw>0
BA-U 8 FRFR | R:EW | F:Wn,N,En | F:Es,S,Ws
BA-V 9 FFRR | R:SW | F:Wn,N,E,Se | F:Ws,Sw
BA-W 4 FRRR | R:E | R:S | R:W | F:Wn,N,En | F:Es,Se | F:Sw,Ws
BA-X 1 RRRR | R:N | R:E | R:S | R:W | F:Wn,Nw | F:Ne,En | F:Es,Se | F:Sw,Ws
PD-01 1 FFFF | F:N,E,S,W @volcano
PD-02 1 FFRF | R:S | F:N,E,Se,Sw,W @volcano
PD-03 1 CFFF | C:N | F:E,S,W>0 @volcano
PD-04 1 CCFF | C:N | C:E | F:S,W>0,1 @volcano
PD-05 1 FFRR | R:SW | F:Wn,N,E,Se | F:Ws,Sw @volcano
PD-06 1 FRFR | R:EW | F:Wn,N,En | F:Es,S,Ws @volcano
PD-07 1 CFFF | C:N | F:E,S,W>0 @dragon
PD-08 1 FRRR | R:E | R:S | R:W | M | F:Wn,N,En | F:Es,Se | F:Sw,Ws @dragon
PD-09 1 FRRR | R:E | R:S | R:W | F:Wn,N,En | F:Es,Se | F:Sw,Ws @dragon
PD-10 1 CCFC | C:NEW | M | F:S>0 @dragon
PD-11 2 FFRR | R:SW | F:Wn,N,E,Se | F:Ws,Sw @dragon
PD-12 1 FRFR | R:EW | F:Wn,N,En | F:Es,S,Ws @dragon
PD-13 1 CFFC | C:NW | F:E,S>0 @dragon
PD-14 1 FCFC | C:EW+ | F:N>0 | F:S>0 @dragon
PD-15 1 RCRC | C:EW | R:NS | F:N>0 | F:S>0 @dragon
PD-16 1 CFRR | C:N | R:SW | F:Wn,E,Se>0 | F:Ws,Sw @dragon
PD-17 1 CRRF | C:N | R:ES | F:En,W,Sw>0 | F:Es,Se @dragon
PD-18 1 CRRR | C:N* | R:E | R:S | R:W | F:En,Wn>0 | F:Ws,Sw | F:Es,Se @princess
PD-19 1 CCCF | C:N* | C:ES+ | F:W>0 | F:>0,1 @princess
PD-20 1 CCFC | C:NEW* | F:S>0 @princess
PD-21 1 CFFC | C:NW* | F:E>0 | F:S>0 @princess
PD-22 1 CFFC | C:NW* | F:E,S>0 @princess
PD-23 1 CRRC | C:NW* | R:ES | F:En,Sw>0 | F:Es,Se @princess
PD-24 1 RRRR | R:NW | R:SE | F:Nw,Wn | F:Se,Es | F:Ne,En,Sw,Ws @portal
PD-25 1 FRRR | R:E | R:S | R:W | F:Wn,N,En | F:Es,Se | F:Sw,Ws @portal
PD-26 1 CCFC | C:NEW+ | F:S>0 @portal
PD-27 1 CRRC | C:NW | R:ES | F:En,Sw>0 | F:Es,Se @portal
PD-28 1 CFRR | C:N | R:SW | F:Wn,E,Se>0 | F:Ws,Sw @portal
PD-29 1 CRRF | C:N | R:ES | F:En,W,Sw>0 | F:Es,Se @portal
"""

START_TILE = "BA-D"
KIND_NAMES = {"city": "city", "road": "road", "cloister": "monastery", "field": "field"}
FOLLOWER_NAMES = {"city": "knight", "road": "highwayman", "cloister": "monk", "field": "farmer"}


@dataclass(frozen=True, slots=True)
class Feature:
    """One feature of a tile type (a meeple spot), as the tile is printed (rotation 0)."""

    kind: str  # city, road, cloister, field
    sides: tuple[int, ...] = ()  # city/road: tile sides it reaches
    halves: tuple[int, ...] = ()  # field: half-edges it reaches
    pennant: bool = False
    princess: bool = False
    cities: tuple[int, ...] = ()  # field: local indices of the cities it touches


@dataclass(frozen=True, slots=True)
class TileType:
    """One line of ``TILE_LINES``: a tile type, how many the box holds, its features."""

    index: int
    id: str
    count: int
    edges: str  # "CRFR": kind letter per side N E S W
    features: tuple[Feature, ...]
    symbol: str | None  # volcano, dragon, princess, portal or None

    @property
    def expansion(self) -> bool:
        return self.id.startswith("PD")


@dataclass(frozen=True, slots=True)
class Rotated:
    """One tile type in one rotation, with everything placement and merging look up."""

    edges: str  # kind letter per side after rotation
    side_owner: tuple[int | None, ...]  # per side: local city/road feature on it
    half_owner: tuple[int | None, ...]  # per half-edge: local field feature on it
    sides: tuple[tuple[int, ...], ...]  # per local feature: rotated sides (or halves' sides)
    #: per local feature: (kind, open edges when laid, pennants), what a new feature record starts from
    starts: tuple[tuple[str, int, int], ...] = ()
    #: per side: (its city/road feature or None, the facing side of the neighbour there,
    #: ((field feature on a half-edge, the neighbour's half-edge touching it), ...), the
    #: table taking an empty neighbour's frontier pattern to the one with this side's edge
    #: set): what laying the tile next to another joins, or demands of an empty cell
    joins: tuple[tuple[int | None, int, tuple[tuple[int, int], ...], dict[str, str]], ...] = ()


def _halves(token: str) -> list[int]:
    if len(token) == 1:
        side = SIDES.index(token)
        return [2 * side, 2 * side + 1]
    return [HALVES.index(token)]


def _parse(index: int, line: str) -> TileType:
    symbol = None
    if "@" in line:
        line, symbol = line.split("@")
        symbol = symbol.strip()
    parts = [p.strip() for p in line.split("|")]
    tid, count, edges = parts[0].split()
    cities: list[int] = []
    features: list[Feature] = []
    for spec in parts[1:]:
        if spec == "M":
            features.append(Feature("cloister"))
            continue
        kind, body = spec.split(":")
        if kind == "C":
            sides = tuple(SIDES.index(c) for c in body.rstrip("+*"))
            cities.append(len(features))
            features.append(Feature("city", sides=sides, pennant="+" in body, princess="*" in body))
        elif kind == "R":
            features.append(Feature("road", sides=tuple(SIDES.index(c) for c in body)))
        else:
            edge_part, _, adj = body.partition(">")
            halves = [h for tok in edge_part.split(",") if tok for h in _halves(tok)]
            near = tuple(cities[int(i)] for i in adj.split(",")) if adj else ()
            features.append(Feature("field", halves=tuple(sorted(halves)), cities=near))
    return TileType(index, tid, int(count), edges, tuple(features), symbol)


def compute_tiles() -> tuple[TileType, ...]:
    """``TILES`` as ``TILE_LINES`` says: one tile type a line, in order."""
    return tuple(_parse(i, line) for i, line in enumerate(TILE_LINES.strip().splitlines()))


def opposite_half(h: int) -> int:
    """The neighbour's half-edge that touches half-edge h (Nw meets Sw, En meets Wn)."""
    return ((h + 4) % 8) ^ 1


def _patterns() -> list[str]:
    """Every frontier pattern: per side N, E, S, W the edge a neighbour shows, '.' for none."""
    out = [""]
    for _ in range(4):
        out = [p + c for p in out for c in ".CRF"]
    return out


def compute_set_edge() -> tuple[dict[str, dict[str, str]], ...]:
    """``_SET_EDGE`` as the rule says: per side and edge letter, every frontier pattern -> the
    same pattern with that side's letter set."""
    patterns = _patterns()
    return tuple(
        {letter: {p: p[:side] + letter + p[side + 1:] for p in patterns} for letter in "CRF"}
        for side in range(4)
    )


def _rotate(tile: TileType, r: int, set_edge: tuple[dict[str, dict[str, str]], ...]) -> Rotated:
    edges = "".join(tile.edges[(s - r) % 4] for s in range(4))
    side_owner: list[int | None] = [None] * 4
    half_owner: list[int | None] = [None] * 8
    sides = []
    for i, f in enumerate(tile.features):
        if f.kind in ("city", "road"):
            rs = tuple((s + r) % 4 for s in f.sides)
            for s in rs:
                side_owner[s] = i
            sides.append(rs)
        elif f.kind == "field":
            rh = tuple((h + 2 * r) % 8 for h in f.halves)
            for h in rh:
                half_owner[h] = i
            sides.append(tuple(sorted({h // 2 for h in rh})))
        else:
            sides.append(())
    starts = tuple((f.kind, len(sides[i]) if f.kind in ("city", "road") else 0, int(f.pennant))
                   for i, f in enumerate(tile.features))
    joins = tuple(
        (side_owner[s], (s + 2) % 4,
         tuple((half_owner[h], opposite_half(h)) for h in (2 * s, 2 * s + 1) if half_owner[h] is not None),
         set_edge[(s + 2) % 4][edges[s]])
        for s in range(4)
    )
    return Rotated(edges, tuple(side_owner), tuple(half_owner), tuple(sides), starts, joins)


def compute_rot(set_edge: tuple[dict[str, dict[str, str]], ...],
                tile_types: tuple[TileType, ...] | None = None) -> tuple[tuple[Rotated, ...], ...]:
    """``ROT`` as the rules say for ``tile_types`` (``TILES``), its ``joins`` pointing into ``set_edge``."""
    return tuple(tuple(_rotate(t, r, set_edge) for r in range(4)) for t in tile_types or TILES)


def _signature(tile: TileType, r: int, rot: Rotated) -> tuple:
    feats = []
    for i, f in enumerate(tile.features):
        if f.kind == "field":
            key = tuple(sorted((h + 2 * r) % 8 for h in f.halves))
        else:
            key = tuple(sorted(rot.sides[i]))
        feats.append((f.kind, key, f.pennant, f.princess))
    return (rot.edges, tuple(sorted(feats)))


def _canonical(tile: TileType, rotations: tuple[Rotated, ...]) -> tuple[int, ...]:
    seen: dict[tuple, int] = {}
    out = []
    for r in range(4):
        out.append(seen.setdefault(_signature(tile, r, rotations[r]), r))
    return tuple(out)


def compute_canon(rot: tuple[tuple[Rotated, ...], ...],
                  tile_types: tuple[TileType, ...] | None = None) -> tuple[tuple[int, ...], ...]:
    """``CANON`` as the rules say for ``tile_types`` (``TILES``)."""
    return tuple(_canonical(t, rot[t.index]) for t in tile_types or TILES)


# The four tables above (the tile types too) are computed once, by ``make_tables``, into the
# generated module ``tables`` (literal data, loaded from its .pyc): computing the three
# tables here cost about 40 million instructions at every start, a tenth of what the game adds
# to a bare app's first frame, and parsing TILE_LINES about 5 million more.
# tests/games/carcassonne/test_tiles.py checks that the module holds exactly what the
# functions above compute; after a change to TILE_LINES or to them, regenerate it with
#     python -m dragon_tui.games.carcassonne.make_tables
from .tables import build as _build_tables  # noqa: E402

#: Every tile type, in the order of TILE_LINES (a type's index is its place here).
TILES: tuple[TileType, ...]
#: _SET_EDGE[side][edge letter]: frontier pattern -> the same pattern with that side's letter
#: set (a tile laid next to an empty cell demands its edge there): a lookup instead of slicing.
_SET_EDGE: tuple[dict[str, dict[str, str]], ...]
#: ROT[type][r]: the tile type in rotation r.
ROT: tuple[tuple[Rotated, ...], ...]
#: CANON[type][r]: the lowest rotation that looks exactly like rotation r (symmetric tiles).
CANON: tuple[tuple[int, ...], ...]
TILES, _SET_EDGE, ROT, CANON = _build_tables(TileType, Feature, Rotated)
TILE_BY_ID = {t.id: t for t in TILES}
#: DISTINCT[type]: the rotations worth offering.
DISTINCT: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(set(c))) for c in CANON)


#: FOLLOWERS[type][i]: what a meeple on local feature i is called (knight, highwayman, ...).
FOLLOWERS: tuple[tuple[str, ...], ...] = tuple(tuple(FOLLOWER_NAMES[f.kind] for f in t.features) for t in TILES)
#: NEAR_CITIES[type][i]: the local cities field i of the tile touches (empty for the rest).
NEAR_CITIES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(tuple(f.cities for f in t.features) for t in TILES)
#: CLOISTERS[type]: local indices of the tile's monasteries (most tiles have none).
CLOISTERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, f in enumerate(t.features) if f.kind == "cloister") for t in TILES
)


@lru_cache(maxsize=None)
def fit_table(tile: int) -> dict[str, tuple[int, ...]]:
    """Every frontier pattern the tile type fits (``"C.F."``: city to the north, field to the
    south, '.' no neighbour) -> its distinct rotations that fit, in rising order; a pattern it
    fits in no rotation is absent.

    Built from the 16 choices of which sides have a neighbour: each distinct rotation's edges
    with the other sides blanked is exactly one pattern it fits. Listing placements is then one
    dict lookup per empty cell, with no table to fill in while a game runs."""
    table: dict[str, list[int]] = {}
    for mask in range(16):
        for rot in DISTINCT[tile]:
            edges = ROT[tile][rot].edges
            pattern = "".join(edges[s] if mask >> s & 1 else "." for s in range(4))
            table.setdefault(pattern, []).append(rot)
    return {pattern: tuple(rots) for pattern, rots in table.items()}


@lru_cache(maxsize=None)
def fit_counts(tile: int) -> dict[str, int]:
    """``fit_table``'s lengths: how many distinct rotations of the tile fit each pattern. A
    random placement is drawn from these counts, and only the cell drawn looks its rotations up."""
    return {pattern: len(rots) for pattern, rots in fit_table(tile).items()}


def tile_set(expansion: bool = True) -> list[int]:
    """Every tile in the box as type indices, the start tile included once."""
    out: list[int] = []
    for t in TILES:
        if t.expansion and not expansion:
            continue
        out.extend([t.index] * t.count)
    return out


def feature_label(tile: TileType, rot: int, index: int) -> str:
    """'city (north, west)': the words a player sees when picking a meeple spot."""
    return _label(tile.index, rot, index)


@lru_cache(maxsize=None)
def _label(t: int, rot: int, index: int) -> str:
    tile = TILES[t]
    f = tile.features[index]
    name = KIND_NAMES[f.kind]
    if f.kind == "cloister":
        return name
    r = ROT[tile.index][rot]
    if f.kind == "field":
        if not f.halves:
            return "inner field"
        halves = {(h + 2 * rot) % 8 for h in f.halves}
        full = [SIDE_NAMES[s] for s in range(4) if {2 * s, 2 * s + 1} <= halves]
        corners = dict.fromkeys(CORNERS[h] for h in sorted(halves))
        return f"{name} ({', '.join(full or corners)})"
    where = ", ".join(SIDE_NAMES[s] for s in sorted(r.sides[index]))
    return f"{name} ({where})"
