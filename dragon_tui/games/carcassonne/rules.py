"""Carcassonne with The Princess & The Dragon: the turn sequence and the protocol state.

Rule decisions (also in help.md, where players read them):

- The start tile is one of the four BA-D tiles, laid at 0,0 as printed (city north, road
  west-east); the other 101 tiles (71 with the base game alone) are shuffled face down.
- A drawn tile that fits nowhere is discarded (logged) and another drawn (new-edition wording).
- Until the first volcano is placed a drawn dragon tile is set aside and another drawn; when
  the first volcano goes down the set-aside tiles are shuffled back into the bag. If the bag
  runs out with dragon tiles still set aside (no volcano could be placed), they are discarded.
- Symmetric tiles offer each distinct rotation once; ``apply`` accepts any of the four
  rotations and stores the lowest equivalent one, so the UI may rotate freely.
- A volcano turn still scores whatever the tile completed ("then it is the next player's
  turn" is read as: no meeple step). The volcano carries the dragon at once; since no meeple may share a tile with the dragon,
  no meeple can go on it that turn (the same rule later keeps the dragon's tile empty). A
  magic portal may reach a volcano tile the dragon has left.
- Dragon timing (option ``dragon_move``): New Edition (default) moves the dragon right after
  the dragon tile is placed, before the meeple step; 1st edition HiG/Z-Man after the meeple
  step and before scoring (JCloisterZone's default); RGG after scoring.
- Each dragon step is asked of seat ``(turn player + steps so far) % players``; the flight ends
  after six steps or at a dead end (no unvisited tile that is not the fairy's).
- The princess: removing a knight is the turn's figure action, so the player then places no
  meeple and does not move the fairy (the Phantom clarification: "may not deploy or move any
  other figure"). Option ``princess``: may (HiG, default) or must (RGG, Z-Man).
- The magic portal: the meeple may go on the new tile under the normal rules (a feature this
  tile just completed included, scored at once), or on any other tile's feature that is
  unoccupied and not complete (Wikicarpedia clarification 12) and not under the dragon.
- The fairy: instead of placing a meeple the player may move it beside one of their own
  meeples (not where it already is). It stays on its tile when that meeple leaves and is then
  assigned to nobody. 1 point at the start of its owner's turn (only when a tile remains to
  draw) while it stands beside their meeple; +3 whenever a feature holding that meeple is
  scored, finals and farms included, whether or not the meeple wins. Option ``fairy``
  "on-tile" (RGG, Z-Man): the fairy stands on a tile holding one of the mover's meeples and
  helps the mover's meeples on that tile.
- The figure step is skipped without asking when there is nothing to choose but "no meeple".
- Final scoring keeps meeples on the board (so the last position stays visible); farms use the
  3-points-per-completed-city rule of the 2nd edition onwards, or by option the 1st edition's
  4 points per city to the most farmers supplying it. Option ``tiny_city`` "first-edition"
  scores a completed two-tile city 2 instead of 4.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate, repeat

from ...engine import Action, Rng, State
from ...engine.action import new_action
from ...engine.wording import count_of, plural

from .board import BoardMixin, key, neighbours, xy
from . import dragon as flight
from .figures import FiguresMixin, placing_words
from .scoring import CATEGORIES, ScoringMixin
from .texts import tile_name
from .data import CANON, DISTINCT, SIDES, START_TILE, TILE_BY_ID, TILES, fit_counts, fit_table, tile_set

MEEPLES = 7

TURN_ORDER = {
    "new-edition": ("dragon", "figure", "score"),
    "before-scoring": ("figure", "dragon", "score"),
    "after-scoring": ("figure", "score", "dragon"),
}

#: dragon_move option -> the turn's steps after placing, [False] without a dragon tile and
#: [True] with one (the dragon's step only then); indexed by the bool, no key pair to hash.
_STEPS = {timing: tuple(tuple(s for s in steps if s != "dragon" or dragon) for dragon in (False, True))
          for timing, steps in TURN_ORDER.items()}


class CarcassonneState(BoardMixin, ScoringMixin, FiguresMixin, State):
    game_id = "carcassonne"

    # ------------------------------------------------------------------------ setup
    def setup(self) -> None:
        self.options.setdefault("expansion", True)
        self._init_board()
        start = TILE_BY_ID[START_TILE].index
        self.put_tile(start, "0,0", 0)
        bag = tile_set(self.options["expansion"])
        bag.remove(start)
        self.rng.shuffle(bag)
        self.bag: list[int] = bag
        self.aside: list[int] = []
        self.discarded: list[int] = []
        self.meeples: list[list] = []
        self.supply: list[int] = [MEEPLES] * self.num_players
        self.points: list[dict] = [{c: 0 for c in CATEGORIES} for _ in range(self.num_players)]
        self.dragon: str | None = None
        self.dragon_path: list[str] = []
        self.dragon_steps = 0
        self.fairy: dict | None = None
        #: The seat whose turn it is (the dragon's steps are asked of others in turn).
        self.active = 0
        self.tile: int | None = None
        self.placed: str | None = "0,0"
        self.todo: list[str] = []
        self.phase = "place"
        self.princess_used = False
        #: Turn number (1 for the first player's first turn), for the status bar.
        self.turn = 0
        self.log.append(f"The start tile lies at 0,0. {len(bag)} tiles are in the bag.")
        self._begin_turn()

    # --------------------------------------------------------------------- protocol
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "dragon":
            return flight.dragon_mover(self)
        return self.active

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[float]:
        return [sum(p.values()) for p in self.points]

    def score_breakdown(self) -> list[dict[str, float]]:
        return [dict(p) for p in self.points]

    def _legal_actions(self) -> list[Action]:
        if self.phase == "place":
            wording = _PLACE_LABEL[self.tile]  # worded only when read (most lists never are)
            all_args = _PLACE_ARGS
            out = []
            append = out.append
            for pos, rots in zip(*self._fits_by_row()):  # rots is empty where it fits not
                args = all_args[pos]
                for rot in rots:  # this loop makes most of a game's actions
                    append(new_action("place", args[rot], wording))
            return out
        if self.phase == "dragon":
            return flight.dragon_actions(self)
        if self.phase == "figure":
            choices = self.figure_actions()  # a new list: "No meeple" joins it at the end
            if choices and choices[0].kind == "princess" and self.options.get("princess") == "must":
                return choices
            choices.append(_NO_MEEPLE)
            return choices
        return []

    def _fits_by_row(self) -> tuple[list[str], list[tuple[int, ...]]]:
        """The order placements are offered in (row by row, then column, then rotation): the
        frontier's cells by row, and for each the tile's distinct rotations that fit it,
        empty where none does. Looked up by ``map`` in C: a turn's frontier has ~50 cells.
        ``_random_action`` counts along the same order (``fit_counts`` has these lengths)."""
        rows = self.frontier_rows()
        return rows, list(map(fit_table(self.tile).get, map(self.frontier.__getitem__, rows), repeat(())))

    def _random_action(self, rng: Rng) -> Action:
        """A placement drawn without building the ~35 others: the rotations that fit each
        cell are counted (``fit_counts``), the draw picks the cell by bisection of the running
        totals, and only that cell's rotations are read and one placement becomes an Action:
        the same draw as from the listed actions, counted in their order (``_fits_by_row``).
        Likewise the figure step's choice (``random_figure_action``)."""
        if self.phase == "place":
            tile, rows, frontier = self.tile, self.frontier_rows(), self.frontier
            # ends[j]: the placements up to cell j's last, in _fits_by_row's order (row order,
            # then rotation), counted by fit_counts; only the drawn cell's rotations are read.
            ends = list(accumulate(map(fit_counts(tile).get, map(frontier.__getitem__, rows), repeat(0))))
            if ends and ends[-1]:
                k = rng.choice(range(ends[-1]))
                j = bisect_right(ends, k)
                pos = rows[j]
                rots = fit_table(tile)[frontier[pos]]
                return new_action("place", _PLACE_ARGS[pos][rots[k - ends[j] + len(rots)]], _PLACE_LABEL[tile])
        elif self.phase == "figure":
            return self.random_figure_action(rng, _NO_MEEPLE)
        return rng.choice(self._legal_actions())

    def canonical(self, action: Action) -> Action:
        # Any rotation of a symmetric tile is accepted as its canonical twin (the offered
        # actions are canonical already; the protocol asks only about others, well-formed).
        if self.phase == "place" and self.tile is not None and action.kind == "place" and len(action.args) == 3:
            rot = action.args[2]
            if type(rot) is int and 0 <= rot < 4 and CANON[self.tile][rot] != rot:
                return Action("place", (action.args[0], action.args[1], CANON[self.tile][rot]), action.label)
        return action

    def quick_legal(self, action: Action) -> bool:
        """The common moves checked directly: listing every placement (and every portal
        spot) per move is slow for bots. Anything this does not vouch for goes through the
        protocol's full check, so it can only be stricter than ``legal_actions()``, never
        looser."""
        kind, args = action.kind, action.args
        if not all(type(a) is int for a in args):  # "-2" would format like -2 below
            return False
        if kind == "place" and self.phase == "place" and len(args) == 3:
            if args[2] not in DISTINCT[self.tile]:
                return False
            pos = f"{args[0]},{args[1]}"
            return pos in self.frontier and self.fits(self.tile, pos, args[2]) is None
        if kind == "meeple" and self.phase == "figure" and len(args) == 3:
            if self.options.get("princess") == "must" and self.princess_city() is not None:
                return False
            return (f"{args[0]},{args[1]}", args[2]) in self.meeple_spots()
        if kind == "pass" and self.phase == "figure" and not args:
            return not (self.options.get("princess") == "must" and self.princess_city() is not None)
        return super().quick_legal(action)

    def actions_of_kind(self, kind: str) -> list[Action] | None:
        if kind == "dragon" and self.phase == "dragon":
            return flight.dragon_actions(self)
        return None

    def copy_fields(self) -> dict:
        """Hand-written copies for ``clone`` (bots make thousands per decision): laid tiles
        (``board[pos]``), ``seg[pos]`` lists, feature records with their segments and meeples
        (``[seat, pos, i]``) are never changed in place once made (board.py replaces them),
        so copies of their containers may share them."""
        return {
            "board": dict(self.board),
            "seg": dict(self.seg),
            "feats": dict(self.feats),
            "frontier": dict(self.frontier),
            "_rows": None if self._rows is None else list(self._rows),
            "bag": list(self.bag),
            "aside": list(self.aside),
            "discarded": list(self.discarded),
            "meeples": list(self.meeples),
            "supply": list(self.supply),
            "points": [dict(p) for p in self.points],
            "dragon_path": list(self.dragon_path),
            "fairy": dict(self.fairy) if self.fairy is not None else None,
            "todo": list(self.todo),
        }

    def _apply(self, action: Action) -> None:
        kind, args = action.kind, action.args
        if kind == "place":
            self._place(key(args[0], args[1]), args[2])
        elif kind == "dragon":
            if flight.dragon_step(self, SIDES.index(args[0])):
                return
            self._advance()
        elif kind == "meeple":
            pos = f"{args[0]},{args[1]}"
            self.meeples.append([self.active, pos, args[2]])
            self.supply[self.active] -= 1
            via = " through the magic portal" if pos != self.placed else ""
            t, r = self.board[pos]
            self.log.append(f"{{p{self.active}}} places {placing_words(t, r, args[2])} at {pos}{via}.")
            self._advance()
        elif kind == "princess":
            pos = f"{args[0]},{args[1]}"
            m = next(m for m in self.meeples if m[1] == pos and m[2] == args[2])
            self.log.append(f"The princess sends {{p{m[0]}}}'s knight at {pos} home.")
            self.release([m])
            self.princess_used = True
            self._advance()
        elif kind == "fairy":
            pos = f"{args[0]},{args[1]}"
            idx = args[2] if len(args) > 2 else None
            self.fairy = {"pos": pos, "seat": self.active, "idx": idx}
            if idx is None:
                self.log.append(f"{{p{self.active}}} moves the fairy onto the tile at {pos}.")
            else:
                whom = self._follower([self.active, pos, idx])
                self.log.append(f"{{p{self.active}}} moves the fairy beside their {whom} at {pos}.")
            self._advance()
        elif kind == "pass":
            self._advance()

    # ------------------------------------------------------------------ turn sequence
    def _place(self, pos: str, rot: int) -> None:
        tile = self.tile
        ttype = TILES[tile]
        self.put_tile(tile, pos, rot)
        self.placed = pos
        self.tile = None
        self.princess_used = False
        self.log.append(f"{{p{self.active}}} places the {tile_name(ttype.id)} at {pos}.")
        symbol = ttype.symbol if self.options["expansion"] else None
        if symbol == "volcano":
            if self.dragon is None and self.aside:
                self.bag.extend(self.aside)
                self.aside = []
                self.rng.shuffle(self.bag)
                self.log.append("The set-aside dragon tiles are shuffled back into the bag.")
            self.dragon = pos
            self.log.append(f"The dragon appears on the volcano at {pos}.")
        self.todo = list(_STEPS[self.options.get("dragon_move", "new-edition")][symbol == "dragon"])
        self._advance()

    def _advance(self) -> None:
        while self.todo:
            step = self.todo.pop(0)
            if step == "score":
                self.score_completed(self.placed)
            elif step == "dragon":
                if flight.start_flight(self):
                    self.phase = "dragon"
                    return
            elif step == "figure":
                # No meeple has gone down this turn yet: surely_free_here() may answer first.
                if self.surely_free_here() or self.has_figure_choice():
                    self.phase = "figure"
                    return
        self.active = (self.active + 1) % self.num_players
        self._begin_turn()

    def _begin_turn(self) -> None:
        self.phase = "place"
        self.turn += 1
        if self.bag:
            self._fairy_point()
        while self.bag:
            tile = self.bag.pop()
            self.reveal()
            ttype = TILES[tile]
            if self.options["expansion"] and ttype.symbol == "dragon" and self.dragon is None:
                self.aside.append(tile)
                self.log.append(f"{{p{self.active}}} draws the {tile_name(ttype.id)}, before any volcano: set aside.")
                continue
            if not self.can_place(tile):
                self.discarded.append(tile)
                self.log.append(f"{{p{self.active}}} draws the {tile_name(ttype.id)}, which fits nowhere: discarded.")
                continue
            self.tile = tile
            return
        if self.aside:
            self.discarded.extend(self.aside)
            self.log.append(f"{count_of(len(self.aside), 'dragon tile')} set aside {'was' if len(self.aside) == 1 else 'were'} never played: no volcano came.")
            self.aside = []
        self.phase = "over"
        self.tile = None
        self.log.append("The last tile is placed: final scoring.")
        self.final_scoring()
        best = max(self.scores())
        names = " and ".join(f"{{p{s}}}" for s, v in enumerate(self.scores()) if v == best)
        self.log.append(f"{names} win{'s' if ' and ' not in names else ''} with {best:g} {plural('point', best)}.")

    def _fairy_point(self) -> None:
        fairy = self.fairy
        if not fairy or fairy["seat"] != self.active:
            return
        if self.options.get("fairy") == "on-tile":
            here = any(m[0] == self.active and m[1] == fairy["pos"] for m in self.meeples)
        else:
            here = [self.active, fairy["pos"], fairy["idx"]] in self.meeples
        if here:
            self.award(self.active, "Fairy", 1)
            self.log.append(f"{{p{self.active}}} scores 1: the fairy stands beside their meeple.")

    # ------------------------------------------------------------------- descriptions
    def phase_label(self) -> str:
        if self.phase == "over":
            return "Game over"
        if self.phase == "place":
            # The count is the side panel's and the tiles window's: tiles still to come after
            # the one in hand, set-aside dragon tiles included.
            return (f"{{p{self.active}}}: place the {tile_name(TILES[self.tile].id)} "
                    f"· {self.tiles_to_come()} more to come")
        if self.phase == "dragon":
            return f"{{p{self.current_player}}}: move the dragon (step {self.dragon_steps + 1} of 6)"
        return f"{{p{self.active}}}: place a meeple, use the princess or the fairy, or pass"

    def action_key(self, action: Action) -> str | None:
        if action.kind == "meeple" and f"{action.args[0]},{action.args[1]}" == self.placed:
            return str(action.args[2] + 1)
        if action.kind == "pass":
            return "0"
        return None

    def why_illegal(self, action: Action) -> str | None:
        need = {"place": "place the tile in hand", "dragon": "move the dragon", "figure": "place a meeple or pass"}
        wanted = {"place": ("place",), "dragon": ("dragon",), "figure": ("meeple", "princess", "fairy", "pass")}
        if self.phase == "over":
            return "The game is over."
        if action.kind not in wanted[self.phase]:
            return f"That is not possible now: {{p{self.current_player}}} must {need[self.phase]}."
        args = action.args
        if action.kind == "place":
            if len(args) != 3 or not all(isinstance(a, int) for a in args) or not 0 <= args[2] < 4:
                return "A tile placement needs x, y and a rotation from 0 to 3."
            return _sentence(self.fits(self.tile, f"{args[0]},{args[1]}", args[2]))
        if action.kind == "dragon":
            if not args or args[0] not in SIDES:
                return "The dragon moves N, E, S or W."
            target = self._dragon_target(args[0])
            if target not in self.board:
                return "The dragon can only move onto a tile."
            if target in self.dragon_path:
                return "The dragon has already visited that tile during this move."
            if self.fairy and self.fairy["pos"] == target:
                return "The fairy protects that tile: the dragon may not enter it."
            return None
        if action.kind == "pass" and self.princess_actions() and self.options.get("princess") == "must":
            return "The princess must send a knight home from her city: choose which."
        if action.kind == "princess" or action.kind == "meeple" or action.kind == "fairy":
            if action.kind != "princess" and self.princess_actions() and self.options.get("princess") == "must":
                return "The princess must send a knight home from her city first."
            return self.figure_reason(action)
        return None

    def _dragon_target(self, side: str) -> str:
        return neighbours(self.dragon)[SIDES.index(side)]

    def view(self, seat: int | None) -> State:
        """Everyone sees the board; the bag's order is secret, so the view holds it sorted,
        and the RNG's seed (which would predict the reshuffle after the first volcano) is
        blanked while its draw count is kept for undo barriers."""
        state = self.clone()
        state.bag.sort()
        state.rng = Rng(0, self.rng.draws)
        return state

    def determinize(self, seat: int, rng: Rng) -> State:
        state = self.clone()
        rng.shuffle(state.bag)
        state.rng = Rng(rng.next64(), state.rng.draws)
        return state

    # ------------------------------------------------------------------ for the UI
    def remaining(self) -> dict[str, int]:
        """Tiles still to come by type id (the bag plus any set-aside dragon tiles)."""
        out: dict[str, int] = {}
        for t in sorted(self.bag + self.aside):
            out[TILES[t].id] = out.get(TILES[t].id, 0) + 1
        return out

    def tiles_to_come(self) -> int:
        """Tiles still to be drawn, not counting the one in hand: the bag and the set-aside
        dragon tiles (they return with the first volcano)."""
        return len(self.bag) + len(self.aside)

    def meeples_left(self, seat: int) -> int:
        return self.supply[seat]


#: "No meeple": the same immutable action in every figure step's list.
_NO_MEEPLE = Action("pass", (), "No meeple")
class _PlaceLabel:
    """A placement's label, worded from its arguments when first read (``Action.label``):
    "City cap with a straight road at 1,-2, turned 270°". One per tile type, shared by all its placements, so
    listing them words nothing (random playouts and the search never read a label)."""

    __slots__ = ("head",)

    def __init__(self, tile_id: str) -> None:
        name = tile_name(tile_id)  # every row of the list places this tile: the name leads
        self.head = f"{name[0].upper()}{name[1:]} at "

    def __call__(self, args: tuple[int, int, int]) -> str:
        x, y, rot = args
        return f"{self.head}{x},{y}, turned {rot * 90}°"


_PLACE_LABEL = tuple(_PlaceLabel(t.id) for t in TILES)


class _PlaceArgs(dict):
    """pos -> a placement's arguments per rotation, made once per position on first use."""

    def __missing__(self, pos: str) -> tuple[tuple[int, int, int], ...]:
        x, y = xy(pos)
        args = self[pos] = tuple((x, y, rot) for rot in range(4))
        return args


_PLACE_ARGS = _PlaceArgs()


def _sentence(text: str | None) -> str | None:
    return None if text is None else text[0].upper() + text[1:] + "."

