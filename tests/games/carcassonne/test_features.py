"""The incremental feature merging checked against a from-scratch flood fill of the board."""

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.carcassonne import GAME
from dragon_tui.games.carcassonne.board import neighbours
from dragon_tui.games.carcassonne.data import ROT, TILES, opposite_half


def flood(s):
    """Components of (pos, index) and each city/road component's count of open edges."""
    links = {}
    open_edges = {}
    for pos, (t, r) in s.board.items():
        rot = ROT[t][r]
        for i in range(len(TILES[t].features)):
            links.setdefault((pos, i), set())
        for side, n in enumerate(neighbours(pos)):
            o = s.board.get(n)
            mine = rot.side_owner[side]
            if mine is not None:
                if o is None:
                    open_edges[(pos, mine)] = open_edges.get((pos, mine), 0) + 1
                else:
                    theirs = ROT[o[0]][o[1]].side_owner[(side + 2) % 4]
                    links[(pos, mine)].add((n, theirs))
            if o is None:
                continue
            for h in (2 * side, 2 * side + 1):
                mine = rot.half_owner[h]
                if mine is not None:
                    links[(pos, mine)].add((n, ROT[o[0]][o[1]].half_owner[opposite_half(h)]))
    seen, comps = set(), []
    for start in links:
        if start in seen:
            continue
        comp, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node in comp:
                continue
            comp.add(node)
            todo.extend(links[node])
        seen |= comp
        comps.append((comp, sum(open_edges.get(n, 0) for n in comp)))
    return comps


@pytest.mark.parametrize("seed", range(12))
def test_incremental_features_match_a_flood_fill(seed):
    s = GAME.new_state(2 + seed % 4, seed)
    rng = Rng(seed)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    comps = flood(s)
    assert len(comps) == len(s.feats)
    for comp, opens in comps:
        fids = {s.seg[pos][i] for pos, i in comp}
        assert len(fids) == 1
        f = s.feats[fids.pop()]
        assert {(p, i) for p, i in f["segs"]} == comp
        if f["k"] in ("city", "road"):
            assert f["open"] == opens
        expected_pen = sum(TILES[s.board[p][0]].features[i].pennant for p, i in comp)
        assert f["pen"] == expected_pen
