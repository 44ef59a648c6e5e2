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

from bisect import bisect_left, insort
from functools import lru_cache
from operator import itemgetter

from .data import DELTA, NEAR_CITIES, ROT, TILES, fit_table


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
def around(pos: str) -> tuple[str, ...]:
    """pos and the eight positions around it: the monasteries a tile laid at pos may finish."""
    return (pos, *ring(pos))


#: Feature ids as texts, made once: str(n) for every id a game can reach (each tile in the
#: box brings its features; a merge makes none), not more (4,096 of them took 5 million
#: instructions at every start).
_NAMED = sum(t.count * len(t.features) for t in TILES)
_NAMES = tuple(str(n) for n in range(_NAMED))


#: _BLANK_RECORDS[type][i]: the record local feature i of the tile type starts from, but for
#: its segment: copied, never handed out. A copy of a dict takes its key table whole, where
#: writing the record out inserts its four keys one by one.
_BLANK_RECORDS = tuple([tuple([{"k": kind, "segs": None, "open": opens, "pen": pennants}
                               for kind, opens, pennants in turned[0].starts]) for turned in ROT])

#: A segment's position ([pos, i] -> pos).
_first = itemgetter(0)


class _RowOrder(dict):
    """pos -> its place in the listing order of placements, row by row (y), then column (x),
    as one number (sorting numbers is quicker than sorting (y, x) pairs); filled on demand.
    The number orders like (y, x) while |x| < 2**63: a board of 102 tiles reaches 102."""

    def __missing__(self, pos: str) -> int:
        x, y = xy(pos)
        order = self[pos] = (y << 64) + x
        return order


ROW_ORDER = _RowOrder()
_row_key = ROW_ORDER.__getitem__


def _set_edge(demand: str, side: int, letter: str) -> str:
    return demand[:side] + letter + demand[side + 1:]


class BoardMixin:
    board: dict
    seg: dict
    feats: dict
    frontier: dict
    next_fid: int
    #: The frontier's positions in row order (``ROW_ORDER``), the order placements are listed
    #: in: kept up to date by ``put_tile`` (a tile takes one position off and adds at most
    #: four), so listing needs no sort. Not saved (a leading underscore keeps it out of the
    #: JSON): a state read back from a save starts without it and sorts it on first use.
    _rows: list[str] | None = None

    def _init_board(self) -> None:
        self.board = {}
        self.seg = {}
        self.feats = {}
        self.frontier = {}
        self.next_fid = 0
        self._rows = []

    def frontier_rows(self) -> list[str]:
        """The frontier's positions in row order (the state's own list: do not change it)."""
        rows = self._rows
        if rows is None:
            rows = self._rows = sorted(self.frontier, key=_row_key)
        return rows

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
        fits = fit_table(tile)
        return [(pos, rot) for pos, pattern in self.frontier.items() if pattern in fits for rot in fits[pattern]]

    def can_place(self, tile: int) -> bool:
        # True when some frontier pattern is one the tile fits (the table holds no others).
        # Newest cells first: most have one neighbour and take most tiles (1.5 cells looked
        # at on average in random games), where the oldest are the holes left unfilled (7.3).
        return not fit_table(tile).keys().isdisjoint(reversed(self.frontier.values()))

    # ------------------------------------------------------------------- putting a tile
    # Laid tiles (``board[pos]``), feature records and ``seg[pos]`` lists are never changed
    # in place once a put_tile is over: a change makes a new one. So a clone copies the
    # three dicts that hold them and shares the rest (see ``copy_fields``), which makes the
    # search's many clones cheap. While a put_tile runs, what it made itself is in no clone
    # yet and is changed in place: the new tile's seg list, and the record of every feature
    # that list names (each was made by this call: see ``_merge``).
    def put_tile(self, tile: int, pos: str, rot: int) -> list[str]:
        """Lay the tile and merge its features; returns the ids of its features afterwards.

        An empty neighbour's frontier pattern changes only on its side facing the new tile, so
        that one letter is set (a cell not yet on the frontier had no tile around it)."""
        board, frontier, seg, feats = self.board, self.frontier, self.seg, self.feats
        board[pos] = [tile, rot]
        rows = self._rows
        at = -1  # where pos stood in rows, once taken off (-1: it was not there)
        if frontier.pop(pos, None) is not None and rows is not None:
            at = bisect_left(rows, ROW_ORDER[pos], key=_row_key)
            del rows[at]
        r = ROT[tile][rot]
        blanks = _BLANK_RECORDS[tile]
        fid = self.next_fid
        end = self.next_fid = fid + len(blanks)
        ids = list(_NAMES[fid:end]) if end <= _NAMED else [str(n) for n in range(fid, end)]
        for i, blank in enumerate(blanks):
            record = feats[ids[i]] = blank.copy()
            record["segs"] = [[pos, i]]
        seg[pos] = ids  # merges relabel this new list in place: it stays seg[pos]
        for npos, (mine, facing, halves, set_edge) in zip(neighbours(pos), r.joins):
            other = board.get(npos)
            if other is None:
                demand = frontier.get(npos)
                if demand is None:
                    demand = "...."
                    if rows is not None:
                        # Where pos stood, an east or west neighbour goes with no search (no
                        # cell lies between them in row order); north is before, south after.
                        if at < 0:
                            insort(rows, npos, key=_row_key)
                        elif facing & 1:
                            rows.insert(at, npos)
                        elif facing == 2:
                            insort(rows, npos, 0, at, key=_row_key)
                            at += 1
                        else:
                            insort(rows, npos, at, key=_row_key)
                # (a damaged save's odd pattern is not in the table: it is sliced the long way)
                frontier[npos] = set_edge.get(demand) or _set_edge(demand, facing, r.edges[facing ^ 2])
                continue
            nr = ROT[other[0]][other[1]]
            # the neighbour's seg list is replaced when a merge relabels it: read it afresh.
            if mine is not None:
                a = ids[mine]
                b = seg[npos][nr.side_owner[facing]]
                if a != b:
                    self._merge(a, b, pos)["open"] -= 2
                else:  # the feature meets itself (a ring): its record is this call's
                    feats[a]["open"] -= 2
            for mine_half, back in halves:
                a = ids[mine_half]
                b = seg[npos][nr.half_owner[back]]
                if a != b:
                    self._merge(a, b, pos)
        return list(ids)

    def _merge(self, a: str, b: str, here: str) -> dict:
        """Join feature b into a (or a into b, whichever is smaller goes); returns the joined
        record, not shared with any clone: the caller may still change it.

        a is named by the seg list of the tile put_tile is laying at ``here``, so its record
        was made by this call (a new feature's, or one this method returned) and is joined in
        place; b's may be in clones, so when b is the larger and keeps its id, the joined
        record is a new one. Relabelling changes ``here``'s list in place, and replaces every
        other seg list by a changed copy."""
        # Union by size: relabelling the smaller feature keeps a whole game near-linear.
        feats = self.feats
        fa, fb = feats[a], feats[b]
        if len(fa["segs"]) < len(fb["segs"]):
            keep, gone, moved = b, a, fa["segs"]
            joined = feats[b] = fb.copy()  # (a copy takes the key table whole)
            joined["segs"] = fb["segs"] + moved
            joined["open"] += fa["open"]
            joined["pen"] += fa["pen"]
        else:
            keep, gone, moved = a, b, fb["segs"]
            joined = fa
            fa["segs"] += moved
            fa["open"] += fb["open"]
            fa["pen"] += fb["pen"]
        seg = self.seg
        for pos, i in moved:
            if pos == here:
                seg[pos][i] = keep
            else:
                ids = seg[pos].copy()
                ids[i] = keep
                seg[pos] = ids
        del feats[gone]
        return joined

    # ------------------------------------------------------------------------ questions
    def feature_tiles(self, fid: str) -> int:
        return len(set(map(_first, self.feats[fid]["segs"])))

    def cloister_neighbours(self, pos: str) -> int:
        return sum(map(self.board.__contains__, ring(pos)))

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
            near = NEAR_CITIES[board[pos][0]][i]
            if near:
                ids = seg[pos]
                for c in near:
                    out.add(ids[c])
        return out
