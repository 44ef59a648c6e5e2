"""Hand-built boards for rule tests: tiles laid directly, meeples put where a test needs them."""

from __future__ import annotations

from dragon_tui.games.carcassonne import GAME
from dragon_tui.games.carcassonne.data import TILE_BY_ID


def fresh(players: int = 2, **options):
    """A state with an empty board, full supplies and no figures out."""
    s = GAME.new_state(players, 1, **options)
    s._init_board()
    s.meeples = []
    s.supply = [7] * players
    s.fairy = None
    s.dragon = None
    s.aside = []
    s.discarded = []
    s.log = []
    return s


def put(s, tid: str, x: int, y: int, rot: int = 0, check: bool = True) -> None:
    if check and s.board:
        pos = f"{x},{y}"
        why = s.fits(TILE_BY_ID[tid].index, pos, rot) if pos in s.frontier else None
        assert why is None, f"{tid} at {pos} rot {rot}: {why}"
    s.put_tile(TILE_BY_ID[tid].index, f"{x},{y}", rot)


def meeple(s, seat: int, x: int, y: int, idx: int) -> None:
    s.meeples.append([seat, f"{x},{y}", idx])
    s.supply[seat] -= 1


def hand(s, tid: str, seat: int = 0, bag: list[str] | None = None) -> None:
    """Give seat the tile tid to place now; bag lists the tiles to come, drawn from the end."""
    s.tile = TILE_BY_ID[tid].index
    s.active = seat
    s.phase = "place"
    s.todo = []
    s.bag = [TILE_BY_ID[t].index for t in (bag if bag is not None else ["BA-B"] * 5)]


def idx(tid: str, kind: str, n: int = 0) -> int:
    """Local index of the n-th feature of that kind on a tile type."""
    feats = [i for i, f in enumerate(TILE_BY_ID[tid].features) if f.kind == kind]
    return feats[n]
