"""A quick position value for the greedy bot: points now and points the meeples are earning.

The bot looks one decision ahead after ``determinize``, so this must be cheap and must see
the worth of an unfinished feature (otherwise placing a meeple would never look good).
"""

from __future__ import annotations

from .rules import CarcassonneState

#: A meeple in the supply is worth something: it can still claim a feature.
SUPPLY_VALUE = 1.5


def evaluate(state: CarcassonneState, seat: int) -> float:
    if state.is_over:
        scores = state.scores()
        best_other = max(s for i, s in enumerate(scores) if i != seat) if len(scores) > 1 else 0
        return scores[seat] - best_other
    worth = state.projected()
    # Nearly finished features pay double soon: reward meeples in them a little extra.
    for fid in dict.fromkeys(state.seg[m[1]][m[2]] for m in state.meeples):
        f = state.feats[fid]
        if f["k"] in ("city", "road") and 0 < f["open"] <= 2:
            bonus = state.feature_tiles(fid) * (0.6 if f["k"] == "city" else 0.2)
            for s in state.majority(state.meeples_in(fid)):
                worth[s] += bonus
    late = len(state.bag) < 10
    for s in range(state.num_players):
        worth[s] += state.supply[s] * (0.5 if late else SUPPLY_VALUE)
    others = [w for i, w in enumerate(worth) if i != seat]
    return worth[seat] - (sum(others) / len(others) if others else 0.0)
