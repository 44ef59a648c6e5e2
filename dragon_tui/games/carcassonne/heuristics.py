"""A quick position value for the greedy bot: points now and points the meeples are earning.

The greedy bot looks one decision ahead after ``determinize``, so the value must be cheap and
must see the worth of unfinished features (otherwise placing a meeple never looks good) and,
right after a tile is laid, the best meeple spot that tile opens (otherwise the bot lays tiles
blind to the meeple it is about to place).
"""

from __future__ import annotations

from .rules import CarcassonneState

#: A meeple in the supply is worth something: it can still claim a feature.
SUPPLY_VALUE = 1.5
#: How much of the best meeple spot on the new tile counts before the meeple is placed.
SPOT_WEIGHT = 0.8


def potential(state: CarcassonneState, fid: str) -> float:
    """Expected points of a feature for its owners: today's value plus a share of completion."""
    f = state.feats[fid]
    kind = f["k"]
    if kind == "field":
        # What the field pays now; unfinished cities beside it may still pay at the end.
        now, unfinished = state.field_worth(fid)
        late = len(state.bag) < 30
        return now + unfinished * (1.5 if late else 1.0) - (0 if late else 2.0)
    now = state.feature_value(fid, final=True)
    if kind == "city":
        if f["open"] == 0:
            return float(now)
        chance = 1.0 / (1.0 + 0.5 * f["open"])
        return now + (state.feature_tiles(fid) + f["pen"]) * chance
    if kind == "road":
        return float(now) + (0.5 if f["open"] <= 1 else 0.0)
    if kind == "cloister":
        return now + (9 - now) * 0.5
    return float(now)


def evaluate(state: CarcassonneState, seat: int) -> float:
    if state.is_over:
        scores = state.scores()
        best_other = max(s for i, s in enumerate(scores) if i != seat) if len(scores) > 1 else 0
        return float(scores[seat] - best_other)
    worth = _worth(state)
    worth[seat] += _spot_bonus(state, seat)
    return _relative(worth, seat)


def evaluate_all(state: CarcassonneState) -> list[float]:
    """``[evaluate(state, s) for s in seats]`` with the board walked once."""
    n = state.num_players
    if state.is_over:
        return [evaluate(state, s) for s in range(n)]
    worth = _worth(state)
    values = [_relative(worth, s) for s in range(n)]
    bonus = _spot_bonus(state, state.active)
    if bonus:
        # Only the seat placing a figure counts the spot it could still take.
        values[state.active] += bonus
    return values


def _worth(state: CarcassonneState) -> list[float]:
    worth = [float(sum(p.values())) for p in state.points]
    seg = state.seg
    # The meeples grouped by feature in one pass (meeples_in per feature re-scans them all).
    by_feature: dict[str, list] = {}
    for m in state.meeples:
        by_feature.setdefault(seg[m[1]][m[2]], []).append(m)
    for fid, meeples in by_feature.items():
        value = potential(state, fid)
        for s in state.majority(meeples):
            worth[s] += value
    kept = _figure_kept_value(state)
    for s in range(state.num_players):
        worth[s] += state.supply[s] * kept
    return worth


def _figure_kept_value(state: CarcassonneState) -> float:
    """A follower still in supply: worth more early, when it can still be placed well."""
    return 0.5 if len(state.bag) < 10 else SUPPLY_VALUE


def _spot_bonus(state: CarcassonneState, seat: int) -> float:
    """While ``seat`` decides where a figure goes, the best spot on the tile it just placed."""
    if not (state.phase == "figure" and state.active == seat and state.placed in state.board):
        return 0.0
    ids = state.seg[state.placed]
    kept = _figure_kept_value(state)
    gains = [potential(state, ids[i]) - kept for i in state.here_spots()]
    return SPOT_WEIGHT * max(0.0, max(gains)) if gains else 0.0


def _relative(worth: list[float], seat: int) -> float:
    others = [w for i, w in enumerate(worth) if i != seat]
    return worth[seat] - (sum(others) / len(others) if others else 0.0)
