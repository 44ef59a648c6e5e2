"""The Princess & The Dragon's figure step: after a tile is laid, the player may put a meeple on
it (or, from a magic portal, on any unfinished feature), send a knight home with the princess,
or move the fairy beside one of their meeples. The dragon's flight is in dragon.py.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress, count

from ...engine import Action, Rng
from ...engine.action import new_action
from ...engine.wording import a_or_an

from .board import xy
from .data import FOLLOWERS, TILES, feature_label


class _SpotLabel:
    """A meeple spot's label, worded from the meeple action's arguments (x, y, spot) when
    first read (``Action.label``): 'Knight on the city (north)' on the tile just placed,
    'Portal: knight on the city (north) at 2,-1' through the magic portal. One per tile
    type, rotation and way (``_spot_label``), shared by that tile's spots: a portal offers
    some ninety spots, every figure step a few, and random playouts read none of them."""

    __slots__ = ("t", "rot", "portal")

    def __init__(self, t: int, rot: int, portal: bool) -> None:
        self.t = t
        self.rot = rot
        self.portal = portal

    def __call__(self, args: tuple[int, int, int]) -> str:
        t, i = self.t, args[2]
        where = feature_label(TILES[t], self.rot, i)
        if self.portal:
            return f"Portal: {FOLLOWERS[t][i]} on the {where} at {args[0]},{args[1]}"
        return f"{FOLLOWERS[t][i].capitalize()} on the {where}"


def _add_meeple_actions(out: list[Action], pos: str, spots: list[int], label: _SpotLabel) -> None:
    """Append the meeple actions on ``spots`` of the tile at ``pos`` to ``out``, all worded by
    ``label`` when read (``new_action``: every figure step lists these, and a magic portal
    some ninety)."""
    x, y = xy(pos)
    append = out.append
    for i in spots:
        append(new_action("meeple", (x, y, i), label))


#: _SPOT_LABELS[(type * 4 + rotation) * 2 + portal]: made on first use (``_spot_label``);
#: read by index in the portal's loop over every laid tile, where a cached function's call
#: and key cost more.
_SPOT_LABELS: list[_SpotLabel | None] = [None] * (8 * len(TILES))


def _spot_label(t: int, rot: int, portal: bool) -> _SpotLabel:
    """The wording of the spots of a tile turned rot, on the tile just placed or (portal)
    reached through the magic portal."""
    k = (t * 4 + rot) * 2 + portal
    label = _SPOT_LABELS[k]
    if label is None:
        label = _SPOT_LABELS[k] = _SpotLabel(t, rot, portal)
    return label


class _ColumnOrder(dict):
    """pos -> one number ordering positions like their ``xy`` pairs (column, then row), for
    sorting: numbers compare faster than pairs. Exact while |y| < 2**63 (a board of 102
    tiles reaches 102); filled on demand. Its lowest four bits are free, so that adding a
    meeple spot (a tile has at most eight) orders (position, spot) pairs too."""

    def __missing__(self, pos: str) -> int:
        x, y = xy(pos)
        order = self[pos] = ((x << 64) + y) << 4
        _POSITION_AT[order] = pos
        return order


_COLUMN_ORDER = _ColumnOrder()

#: The other way round: a position's number in ``_COLUMN_ORDER`` -> the position, so that a
#: meeple spot can be kept as the one number ``_COLUMN_ORDER[pos] + spot`` (``_fairy_spots``).
_POSITION_AT: dict[int, str] = {}


#: "a knight", "a farmer", ...: a follower with its article, worked out once per word (a
#: handful) rather than once per tile type, rotation and spot (``placing_words``).
_a_follower = lru_cache(maxsize=None)(a_or_an)


@lru_cache(maxsize=None)
def placing_words(t: int, rot: int, i: int) -> str:
    """'a knight on the city (north)': the log's words for a meeple put on spot i."""
    return f"{_a_follower(FOLLOWERS[t][i])} on the {feature_label(TILES[t], rot, i)}"


def _make_fairy_action(pos: str, t: int, idx: int | None) -> Action:
    """The fairy's move beside a meeple (or, idx None, onto a tile)."""
    x, y = xy(pos)
    if idx is None:
        return Action("fairy", (x, y), f"Move the fairy onto your tile at {pos}")
    return Action("fairy", (x, y, idx), f"Move the fairy beside your {FOLLOWERS[t][idx]} at {pos}")


#: The same immutable action every time that choice comes up ("on-tile" fairies).
_fairy_action = lru_cache(maxsize=4096)(_make_fairy_action)

#: Per tile type: a meeple spot's place in the offered order (``_fairy_spots``) -> the fairy's
#: move beside a meeple there, made once (a dict lookup by number: the ``lru_cache`` call
#: with its key tuple cost several times more, and every figure step lists these). Each is
#: emptied past 1,024 spots so a long-running server stays small.
_FAIRY_BESIDE: tuple[dict[int, Action], ...] = tuple({} for _ in TILES)


def _fairy_beside(order: int, board: dict) -> Action:
    """The fairy's move beside the meeple ``order`` stands for (``_COLUMN_ORDER[pos] + spot``,
    see ``_fairy_spots``) on ``board``: from ``_FAIRY_BESIDE``."""
    pos = _POSITION_AT[order & -16]
    t = board[pos][0]
    known = _FAIRY_BESIDE[t]
    action = known.get(order)
    if action is None:
        if len(known) >= 1024:
            known.clear()
        action = known[order] = _make_fairy_action(pos, t, order & 15)
    return action


#: Per tile type: the local index of the city the princess stands in (princess tiles only).
_PRINCESS_SPOT: tuple[int | None, ...] = tuple(
    next((i for i, f in enumerate(t.features) if f.princess), None) if t.symbol == "princess" else None
    for t in TILES
)


class FiguresMixin:
    """The figure step for ``CarcassonneState``: what it offers (``figure_actions``, and
    ``random_figure_action`` drawing one of them without the list), whether it offers anything,
    and why a choice is refused."""

    board: dict
    seg: dict
    feats: dict
    meeples: list
    supply: list
    dragon: str | None
    fairy: dict | None
    active: int
    placed: str | None
    princess_used: bool
    num_players: int
    options: dict
    log: list

    # ----------------------------------------------------------------- figure choices
    def _follower(self, m: list) -> str:
        return FOLLOWERS[self.board[m[1]][0]][m[2]]

    def princess_city(self) -> str | None:
        """Id of the city the princess on the just-placed tile stands in, if she has knights to dismiss."""
        placed = self.placed
        if placed is None or not self.options.get("expansion", True):
            return None
        i = _PRINCESS_SPOT[self.board[placed][0]]
        if i is None:
            return None
        fid = self.seg[placed][i]
        return fid if self.meeples_in(fid) else None

    def princess_actions(self) -> list[Action]:
        city = self.princess_city()
        if city is None:
            return []
        out = []
        for m in sorted(self.meeples_in(city), key=lambda m: (xy(m[1]), m[2])):
            x, y = xy(m[1])
            out.append(Action("princess", (x, y, m[2]), f"Princess: send {{p{m[0]}}}'s knight at {m[1]} home"))
        return out

    def meeple_spots(self) -> list[tuple[str, int]]:
        """(position, local index) of every spot the current player may put a meeple on: the
        new tile's first, then (a magic portal) the other tiles' in board order."""
        occupied = self._occupied()
        if occupied is None:
            return []
        here = self.placed
        out = [(here, i) for i in self._free_here(occupied)]
        for pos, spots in self._portal_spots(occupied):
            out += [(pos, i) for i in spots]
        return out

    def _portal_spots(self, occupied: set[str]) -> list[tuple[str, list[int]]]:
        """The spots on other tiles that a magic portal just placed reaches: per tile in board
        order, its spots' local indices (tiles with none left out)."""
        here = self.placed
        if not (self.options.get("expansion", True) and TILES[self.board[here][0]].symbol == "portal"):
            return []
        # Which features a meeple may go on is decided once per feature, not per spot; each
        # tile's spots are then picked out without a Python step per spot.
        reachable = self._portal_features(occupied).__contains__
        seg = self.seg
        dragon = self.dragon
        out = []
        for pos in sorted(self.board, key=_COLUMN_ORDER.__getitem__):
            if pos == here or pos == dragon:
                continue
            spots = list(compress(count(), map(reachable, seg[pos])))
            if spots:
                out.append((pos, spots))
        return out

    def _portal_features(self, occupied: set[str]) -> set[str]:
        """The ids of the features a magic portal lets a meeple go on: unoccupied, not
        complete (``is_complete``), and no field when the game is played without farmers."""
        farmers = self.options.get("farmers", True) is not False
        is_complete = self.is_complete
        return {fid for fid, f in self.feats.items()
                if fid not in occupied and (farmers or f["k"] != "field") and not is_complete(fid)}

    def _occupied(self) -> set[str] | None:
        """The ids of the features holding a meeple, or None when the current player may not
        place a meeple at all this turn (none in supply, the princess used, no tile laid)."""
        if not self._may_place():
            return None
        seg = self.seg
        return {seg[pos][i] for _, pos, i in self.meeples}

    def _may_place(self) -> bool:
        """Whether the current player may place a meeple this turn at all: one in supply, the
        princess not used, a tile laid."""
        return self.supply[self.active] > 0 and not self.princess_used and self.placed is not None

    def _free_here(self, occupied: set[str]) -> list[int]:
        """The meeple spots of the tile just placed, by local index: its features not yet
        occupied (fields only with farmers), none while the dragon sits on it."""
        here = self.placed
        if here == self.dragon:
            return []
        ids = self.seg[here]
        if self.options.get("farmers", True) is not False:
            return [i for i, fid in enumerate(ids) if fid not in occupied]
        feats = self.feats
        return [i for i, fid in enumerate(ids) if fid not in occupied and feats[fid]["k"] != "field"]

    def here_spots(self) -> list[int]:
        """The local indices of the spots ``meeple_spots`` lists on the tile just placed."""
        occupied = self._occupied()
        return [] if occupied is None else self._free_here(occupied)

    def meeple_actions(self) -> list[Action]:
        occupied = self._occupied()
        if occupied is None:
            return []
        here = self.placed
        board = self.board
        out: list[Action] = []
        free = self._free_here(occupied)
        if free:
            _add_meeple_actions(out, here, free, _spot_label(*board[here], False))
        spot_labels = _SPOT_LABELS
        for pos, spots in self._portal_spots(occupied):
            t, rot = board[pos]
            _add_meeple_actions(out, pos, spots, spot_labels[(t * 4 + rot) * 2 + 1] or _spot_label(t, rot, True))
        return out

    def _fairy_spots(self) -> list[int]:
        """The seat's meeples the fairy may move beside (or, "on-tile", whose tile it may move
        onto), unordered, each as the one number ``_COLUMN_ORDER[pos] + spot`` (a tile has at
        most 8 spots): sorted, they are in the offered order (board order, then spot), and
        ``_POSITION_AT`` gives the position back. One number per meeple, not a tuple:
        every figure step counts these and most draw one. Asking whether there is any needs
        no sort (the turn sequence asks after every placement)."""
        if not self._fairy_allowed_this_turn():
            return []
        seat = self.active
        order = _COLUMN_ORDER
        fairy = self.fairy
        if not fairy or fairy["seat"] != seat:
            return [order[pos] + i for s, pos, i in self.meeples if s == seat]
        at = fairy["pos"]  # it moves, so not to where it stands already
        if self.options.get("fairy") == "on-tile":
            return [order[pos] + i for s, pos, i in self.meeples if s == seat and pos != at]
        beside = fairy["idx"]
        return [order[pos] + i for s, pos, i in self.meeples if s == seat and (i != beside or pos != at)]

    def fairy_targets(self) -> list[tuple[str, int | None]]:
        """Where the fairy may move now: (position, meeple spot), the spot None with the
        "on-tile" option; in the order the choices are offered."""
        mine = self._fairy_spots()
        if len(mine) > 1:
            mine.sort()
        if self.options.get("fairy") == "on-tile":
            return [(pos, None) for pos in dict.fromkeys(_POSITION_AT[o & -16] for o in mine)]
        return [(_POSITION_AT[o & -16], o & 15) for o in mine]

    def fairy_actions(self) -> list[Action]:
        if self.options.get("fairy") == "on-tile":
            return [_fairy_action(pos, self.board[pos][0], idx) for pos, idx in self.fairy_targets()]
        mine = self._fairy_spots()  # fairy_targets() without its pairs
        if len(mine) > 1:
            mine.sort()
        board = self.board
        return [_fairy_beside(order, board) for order in mine]

    def random_figure_action(self, rng: Rng, no_meeple: Action) -> Action:
        """``rng.choice`` of the figure step's whole list (``figure_actions``, then
        ``no_meeple`` unless the princess must be used), the same draw, building only the
        action drawn: the list's parts (princess, spots on the new tile, spots through a
        portal, fairy moves) are counted first, in ``figure_actions``' order.
        tests/engine/test_random_action.py checks the two agree in every position it meets."""
        princess = [] if self.princess_city() is None else self.princess_actions()
        if princess and self.options.get("princess") == "must":
            return rng.choice(princess)
        occupied = self._occupied()
        free: list[int] = []
        portal: list[tuple[str, list[int]]] = []
        if occupied is not None:
            free = self._free_here(occupied)
            portal = self._portal_spots(occupied)
        on_tile = self.options.get("fairy") == "on-tile"
        fairy = self.fairy_actions() if on_tile else self._fairy_spots()
        reach = sum([len(spots) for _, spots in portal]) if portal else 0
        before = len(princess)  # the choices listed before the next part
        k = rng.choice(range(before + len(free) + reach + len(fairy) + 1))
        if k < before:
            return princess[k]
        k -= before
        board = self.board
        if k < len(free):
            here = self.placed
            x, y = xy(here)
            t, rot = board[here]
            return new_action("meeple", (x, y, free[k]), _spot_label(t, rot, False))
        k -= len(free)
        if k < reach:
            for pos, spots in portal:
                if k < len(spots):
                    x, y = xy(pos)
                    t, rot = board[pos]
                    return new_action("meeple", (x, y, spots[k]), _spot_label(t, rot, True))
                k -= len(spots)
        k -= reach
        if k < len(fairy):
            if on_tile:
                return fairy[k]
            fairy.sort()
            return _fairy_beside(fairy[k], board)
        return no_meeple

    def figure_actions(self) -> list[Action]:
        princess = self.princess_actions()
        if princess and self.options.get("princess") == "must":
            return princess
        out = self.meeple_actions()  # a new list, extended in place
        if princess:
            out = princess + out
        out += self.fairy_actions()
        return out

    def has_figure_choice(self) -> bool:
        """Whether ``figure_actions()`` offers anything, without wording every choice (the
        turn sequence asks this after every placement). The cheap questions come first: the
        seat's fairy may move as soon as they have a meeple out, which is most turns, before
        every occupied feature is gathered."""
        if self._may_move_fairy() or self.princess_city() is not None:
            return True
        occupied = self._occupied()
        return occupied is not None and bool(self._free_here(occupied) or self._portal_spots(occupied))

    def surely_free_here(self) -> bool:
        """A quick yes to "does the new tile offer a meeple spot" (``_free_here``) without
        gathering every occupied feature, for the turn's figure step (before any meeple of this
        turn went down): a feature of the new tile that lies on no other tile was made this
        turn, so nobody's meeple stands on it yet. False means "not sure". It repeats
        ``_free_here``'s two limits (not under the dragon; fields only with farmers) in a loop
        that stops at the first free feature: going through ``_free_here`` with a set of the
        other features cost ~0.6M instructions a game (callgrind), all this shortcut saves;
        ``tests/games/carcassonne/test_fast_paths.py`` checks every yes against ``here_spots``."""
        if not self._may_place():
            return False
        here = self.placed
        if here == self.dragon:
            return False
        feats = self.feats
        farmers = self.options.get("farmers", True) is not False
        for fid in self.seg[here]:
            f = feats[fid]
            if len(f["segs"]) == 1 and (farmers or f["k"] != "field"):
                return True
        return False

    def _fairy_allowed_this_turn(self) -> bool:
        """Whether the fairy may move this turn at all: the expansion played and the princess
        not used (the figure step's one choice)."""
        return bool(self.options.get("expansion", True)) and not self.princess_used

    def _may_move_fairy(self) -> bool:
        """``bool(self._fairy_spots())``, stopping at the first of the seat's meeples when
        the fairy is not theirs yet (any of them will do)."""
        fairy = self.fairy
        if fairy and fairy["seat"] == self.active:
            return bool(self._fairy_spots())
        if not self._fairy_allowed_this_turn():
            return False
        seat = self.active
        for m in self.meeples:
            if m[0] == seat:
                return True
        return False

    def figure_reason(self, action: Action) -> str | None:
        """Why a meeple, princess or fairy choice is refused, in the player's words."""
        args = action.args
        if action.kind == "meeple":
            if len(args) != 3:
                return "A meeple goes on a tile and a feature: x, y and the spot number."
            pos = f"{args[0]},{args[1]}"
            if self.princess_used:
                return "The princess sent a knight home this turn, so you may not place a meeple."
            if self.supply[self.active] <= 0:
                return "You have no meeples left in your supply."
            if pos not in self.board:
                return "There is no tile there."
            if pos == self.dragon:
                return "No meeple may stand on the dragon's tile."
            if not 0 <= args[2] < len(self.seg[pos]):
                return "That tile has no such meeple spot."
            fid = self.seg[pos][args[2]]
            kind = self.feats[fid]["k"]
            word = {"cloister": "monastery"}.get(kind, kind)
            if pos != self.placed and TILES[self.board[self.placed][0]].symbol != "portal":
                return "A meeple goes on the tile you just placed (only a magic portal reaches other tiles)."
            if self.meeples_in(fid):
                return f"That {word} is already occupied."
            if kind == "field" and self.options.get("farmers", True) is False:
                return "This game is played without farmers."
            if pos != self.placed and self.is_complete(fid):
                return f"That {word} is already complete, so the portal cannot reach it."
        if action.kind == "fairy":
            if self.princess_used:
                return "The princess sent a knight home this turn, so the fairy stays where it is."
            pos = f"{args[0]},{args[1]}" if len(args) >= 2 else "?"
            if not any(m[0] == self.active and m[1] == pos for m in self.meeples):
                return "The fairy can only go beside one of your own meeples."
        if action.kind == "princess":
            if self.princess_city() is None:
                return "The princess can only dismiss a knight from the city her tile continues."
            return "That is not a knight in the princess's city."
        return None
