"""The tile grid and its features, kept incrementally.

Features are merged as tiles go down (union by size, with an open-edge counter per city and
road), because re-flooding the board for every question would make bots and the benchmark
hundreds of times slower (see engine_anchors §4). Everything is stored JSON-native on the
state: positions are ``"x,y"`` strings, the frontier maps each empty position next to a tile
to the edge pattern it demands (``"C.F."``: city to the north, field to the south), a feature is ``{"k": kind, "segs": [[pos, i], ...],
"open": n, "pen": n}`` under a string id, and ``seg[pos][i]`` is the id of local feature ``i``
of the tile at ``pos``.
"""

from __future__ import annotations

from functools import lru_cache

from .tiles import DELTA, DISTINCT, ROT, TILES, opposite_half


@lru_cache(maxsize=None)
def xy(pos: str) -> tuple[int, int]:
    x, _, y = pos.partition(",")
    return int(x), int(y)


@lru_cache(maxsize=None)
def key(x: int, y: int) -> str:
    return f"{x},{y}"


@lru_cache(maxsize=None)
def neighbours(pos: str) -> tuple[str, str, str, str]:
    """The four orthogonal positions, in side order N, E, S, W."""
    x, y = xy(pos)
    return tuple(key(x + dx, y + dy) for dx, dy in DELTA)  # type: ignore[return-value]


@lru_cache(maxsize=None)
def ring(pos: str) -> tuple[str, ...]:
    """The eight positions around pos (a monastery's surroundings)."""
    x, y = xy(pos)
    return tuple(key(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@lru_cache(maxsize=None)
def fitting(tile: int, pattern: str) -> tuple[int, ...]:
    """The distinct rotations of a tile type that satisfy a frontier pattern like 'C.F.'."""
    return tuple(
        rot
        for rot in DISTINCT[tile]
        if all(p == "." or p == e for p, e in zip(pattern, ROT[tile][rot].edges))
    )


class _Fits(dict):
    """pattern -> ``fitting(tile, pattern)`` for one tile, filled in as patterns turn up."""

    def __init__(self, tile: int) -> None:
        super().__init__()
        self.tile = tile

    def __missing__(self, pattern: str) -> tuple[int, ...]:
        rots = self[pattern] = fitting(self.tile, pattern)
        return rots


@lru_cache(maxsize=None)
def fits_table(tile: int) -> dict[str, tuple[int, ...]]:
    """``fitting(tile, pattern)`` for the tile as one dict: listing placements is then one
    plain lookup per empty cell (late in a game there are ~80)."""
    return _Fits(tile)


class BoardMixin:
    board: dict
    seg: dict
    feats: dict
    frontier: dict
    next_fid: int

    def _init_board(self) -> None:
        self.board = {}
        self.seg = {}
        self.feats = {}
        self.frontier = {}
        self.next_fid = 0

    # ------------------------------------------------------------------ placement tests
    def fits(self, tile: int, pos: str, rot: int) -> str | None:
        """None if the tile fits there; otherwise why not, in words ``why_illegal`` can quote."""
        if pos in self.board:
            return "there is already a tile there"
        pattern = self.frontier.get(pos)
        if pattern is None:
            return "a tile must share an edge with a tile already on the table"
        edges = ROT[tile][rot].edges
        if all(p == "." or p == e for p, e in zip(pattern, edges)):
            return None
        return "the edges do not match"

    def placements(self, tile: int, rotations: tuple[int, ...] | None = None) -> list[tuple[str, int]]:
        """Every (position, distinct rotation) where the tile fits."""
        fits = fits_table(tile)
        return [(pos, rot) for pos, pattern in self.frontier.items() for rot in fits[pattern]]

    def can_place(self, tile: int) -> bool:
        fits = fits_table(tile)
        return any(fits[p] for p in set(self.frontier.values()))

    def _pattern(self, pos: str) -> str:
        """What an empty position demands ('.' = no neighbour): kept per frontier cell so that
        listing placements is one cached lookup per cell and rotation class."""
        board = self.board
        out = []
        for side, n in enumerate(neighbours(pos)):
            o = board.get(n)
            out.append("." if o is None else ROT[o[0]][o[1]].edges[(side + 2) % 4])
        return "".join(out)

    # ------------------------------------------------------------------- putting a tile
    def put_tile(self, tile: int, pos: str, rot: int) -> list[str]:
        """Lay the tile and merge its features; returns the ids of its features afterwards."""
        self.board[pos] = [tile, rot]
        self.frontier.pop(pos, None)
        for n in neighbours(pos):
            if n not in self.board:
                self.frontier[n] = self._pattern(n)
        ttype = TILES[tile]
        r = ROT[tile][rot]
        ids = []
        for i, f in enumerate(ttype.features):
            fid = str(self.next_fid)
            self.next_fid += 1
            opens = len(r.sides[i]) if f.kind in ("city", "road") else 0
            self.feats[fid] = {"k": f.kind, "segs": [[pos, i]], "open": opens, "pen": int(f.pennant)}
            ids.append(fid)
        self.seg[pos] = ids
        for side, npos in enumerate(neighbours(pos)):
            other = self.board.get(npos)
            if other is None:
                continue
            nr = ROT[other[0]][other[1]]
            back = (side + 2) % 4
            mine = r.side_owner[side]
            if mine is not None:
                a = self.seg[pos][mine]
                b = self.seg[npos][nr.side_owner[back]]
                if a == b:
                    self.feats[a]["open"] -= 2
                else:
                    self._merge(a, b)["open"] -= 2
            for h in (2 * side, 2 * side + 1):
                mine = r.half_owner[h]
                if mine is None:
                    continue
                a = self.seg[pos][mine]
                b = self.seg[npos][nr.half_owner[opposite_half(h)]]
                if a != b:
                    self._merge(a, b)
        return list(self.seg[pos])

    def _merge(self, a: str, b: str) -> dict:
        # Union by size: relabelling the smaller feature keeps a whole game near-linear.
        fa, fb = self.feats[a], self.feats[b]
        if len(fa["segs"]) < len(fb["segs"]):
            a, b, fa, fb = b, a, fb, fa
        seg = self.seg
        for pos, i in fb["segs"]:
            seg[pos][i] = a
        fa["segs"].extend(fb["segs"])
        fa["open"] += fb["open"]
        fa["pen"] += fb["pen"]
        del self.feats[b]
        return fa

    # ------------------------------------------------------------------------ questions
    def feature_tiles(self, fid: str) -> int:
        return len({pos for pos, _ in self.feats[fid]["segs"]})

    def cloister_neighbours(self, pos: str) -> int:
        board = self.board
        return sum(1 for n in ring(pos) if n in board)

    def is_complete(self, fid: str) -> bool:
        f = self.feats[fid]
        if f["k"] == "cloister":
            return self.cloister_neighbours(f["segs"][0][0]) == 8
        if f["k"] == "field":
            return False
        return f["open"] == 0

    def field_cities(self, fid: str) -> set[str]:
        """Ids of the cities a field touches, joined across every tile it lies on."""
        out: set[str] = set()
        seg = self.seg
        board = self.board
        for pos, i in self.feats[fid]["segs"]:
            for c in TILES[board[pos][0]].features[i].cities:
                out.add(seg[pos][c])
        return out
