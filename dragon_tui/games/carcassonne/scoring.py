"""Scoring: completed features during play, everything left at the end, farms, the fairy.

Kept apart from the turn sequence so the heuristic can ask "what would each feature pay if
the game ended now" without playing anything out.
"""

from __future__ import annotations

from .board import around, neighbours
from .data import CLOISTERS, TILES

#: _ENDED[type]: the local indices of the tile type's cities and roads, the features a
#: placement completes by closing their last open edge (merges join features of one kind, so
#: the local kind is the joined feature's): fields are not looked at after every placement.
_ENDED: tuple[tuple[int, ...], ...] = tuple([
    tuple([i for i, f in enumerate(t.features) if f.kind == "city" or f.kind == "road"]) for t in TILES
])
#: The tile types with a monastery (8 tiles of 102): the other laid tiles around a placement
#: are passed over at once.
_WITH_CLOISTER = frozenset([t for t, found in enumerate(CLOISTERS) if found])

CATEGORY = {"road": "Roads", "city": "Cities", "cloister": "Monasteries", "field": "Farms"}
CATEGORIES = ("Roads", "Cities", "Monasteries", "Farms", "Fairy")


class ScoringMixin:
    feats: dict
    seg: dict
    meeples: list
    supply: list
    points: list
    fairy: dict | None
    options: dict
    log: list

    # ------------------------------------------------------------------------ helpers
    def meeples_in(self, fid: str) -> list[list]:
        seg = self.seg
        return [m for m in self.meeples if seg[m[1]][m[2]] == fid]

    def majority(self, meeples: list[list]) -> list[int]:
        """Seats with the most meeples in a feature (all tied seats win)."""
        if len(meeples) == 1:  # the usual case: one meeple, one winner
            return [meeples[0][0]]
        counts: dict[int, int] = {}
        for m in meeples:
            counts[m[0]] = counts.get(m[0], 0) + 1
        if not counts:
            return []
        best = max(counts.values())
        return sorted(s for s, c in counts.items() if c == best)

    def feature_value(self, fid: str, final: bool) -> int:
        f = self.feats[fid]
        kind = f["k"]
        if kind == "road":
            return self.feature_tiles(fid)
        if kind == "city":
            tiles = self.feature_tiles(fid)
            if f["open"] == 0:
                if tiles == 2 and self.options.get("tiny_city") == "first-edition":
                    return tiles + f["pen"]
                return 2 * tiles + 2 * f["pen"]
            return tiles + f["pen"]
        if kind == "cloister":
            return 1 + self.cloister_neighbours(f["segs"][0][0])
        if kind == "field":
            return self.field_worth(fid)[0]
        return 0

    def field_worth(self, fid: str) -> tuple[int, int]:
        """(what the field pays: 3 per completed city it supplies, how many unfinished cities
        it touches), from one walk over the field (the heuristic wants both)."""
        feats = self.feats
        done = unfinished = 0
        for c in self.field_cities(fid):
            if feats[c]["open"] == 0:
                done += 1
            else:
                unfinished += 1
        return 3 * done, unfinished

    def fairy_meeple_in(self, meeples: list[list]) -> int | None:
        """The seat earning the fairy's +3 for a feature holding these meeples, if any."""
        fairy = self.fairy
        if not fairy or fairy.get("seat") is None:
            return None
        for m in meeples:
            if m[0] != fairy["seat"] or m[1] != fairy["pos"]:
                continue
            if self.options.get("fairy") == "on-tile" or m[2] == fairy["idx"]:
                return m[0]
        return None

    def award(self, seat: int, category: str, amount: int) -> None:
        if amount:
            self.points[seat][category] = self.points[seat][category] + amount

    def release(self, meeples: list[list]) -> None:
        """Meeples go back to their owners; a fairy beside one of them stays on its tile."""
        for m in meeples:
            self.meeples.remove(m)
            self.supply[m[0]] += 1
            fairy = self.fairy
            if fairy and fairy["seat"] == m[0] and fairy["pos"] == m[1] and fairy["idx"] == m[2]:
                fairy["seat"] = None
                fairy["idx"] = None
            elif fairy and self.options.get("fairy") == "on-tile" and fairy["seat"] == m[0]:
                if not any(o[0] == m[0] and o[1] == fairy["pos"] for o in self.meeples):
                    fairy["seat"] = None

    # ------------------------------------------------------------------------ scoring
    def score_feature(self, fid: str, final: bool) -> None:
        meeples = self.meeples_in(fid)
        if not meeples:
            return
        kind = self.feats[fid]["k"]
        value = self.feature_value(fid, final)
        winners = self.majority(meeples)
        what = {"city": "city", "road": "road", "cloister": "monastery", "field": "field"}[kind]
        state = "" if kind == "field" else ("unfinished " if final else "completed ")
        for seat in winners:
            self.award(seat, CATEGORY[kind], value)
        if value:
            names = " and ".join(f"{{p{s}}}" for s in winners)
            self.log.append(f"{names} score{'s' if len(winners) == 1 else ''} {value} for the {state}{what}.")
        bonus = self.fairy_meeple_in(meeples)
        if bonus is not None:
            self.award(bonus, "Fairy", 3)
            self.log.append(f"{{p{bonus}}} scores 3 more: the fairy stands beside their meeple.")
        if not final:
            self.release(meeples)

    def score_completed(self, pos: str) -> None:
        """Score every feature the tile at pos completed (monasteries around it included)."""
        feats, seg, board = self.feats, self.seg, self.board
        done = []
        ids = seg[pos]
        for i in _ENDED[board[pos][0]]:  # each feature once, in the order of its first spot
            fid = ids[i]
            if feats[fid]["open"] == 0 and fid not in done:
                done.append(fid)
        # A monastery the tile finishes has the tile and at least two of its four neighbours
        # in its square (three, or all four for its own): with fewer there is none to find.
        if sum(map(board.__contains__, neighbours(pos))) >= 2:
            for p in around(pos):
                laid = board.get(p)
                if laid is not None and laid[0] in _WITH_CLOISTER:
                    for i in CLOISTERS[laid[0]]:
                        if self.cloister_neighbours(p) == 8:
                            done.append(seg[p][i])
        for fid in done:
            self.score_feature(fid, final=False)

    def final_scoring(self) -> None:
        """After the last tile: unfinished roads, cities, monasteries, then the farms."""
        fids = list(dict.fromkeys(self.seg[m[1]][m[2]] for m in self.meeples))
        for fid in fids:
            if self.feats[fid]["k"] != "field" and not self.is_complete(fid):
                self.score_feature(fid, final=True)
        if self.options.get("farmers", True) is False:
            return
        fields = [f for f in fids if self.feats[f]["k"] == "field"]
        if self.options.get("farm_scoring") == "first-edition":
            self._farms_by_city(fields)
        else:
            for fid in fields:
                self.score_feature(fid, final=True)

    def _farms_by_city(self, fields: list[str]) -> None:
        """1st edition: each completed city pays 4 once, to the most farmers supplying it."""
        touching: dict[str, list[str]] = {}
        for fid in fields:
            for c in self.field_cities(fid):
                if self.feats[c]["open"] == 0:
                    touching.setdefault(c, []).append(fid)
        for city in sorted(touching, key=int):
            farmers = [m for fid in touching[city] for m in self.meeples_in(fid)]
            winners = self.majority(farmers)
            for seat in winners:
                self.award(seat, "Farms", 4)
            names = " and ".join(f"{{p{s}}}" for s in winners)
            self.log.append(f"{names} score 4 for farmers supplying a finished city.")
        for fid in fields:
            bonus = self.fairy_meeple_in(self.meeples_in(fid))
            if bonus is not None:
                self.award(bonus, "Fairy", 3)
                self.log.append(f"{{p{bonus}}} scores 3 more: the fairy stands beside their farmer.")
