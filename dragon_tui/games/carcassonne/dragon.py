"""The Princess & The Dragon: the dragon's flight.

Each step of the dragon is its own decision owned by the seat whose turn it is to move it,
because the rulebook has the players take turns steering it; the state only offers steps
the rules allow, so a dead end ends the flight without asking anyone. The other figures (the
princess, the fairy, the magic portal's meeples) are chosen in the figure step: figures.py.
"""

from __future__ import annotations

from ...engine import Action

from .board import neighbours
from .data import SIDE_NAMES, SIDES

DRAGON_STEPS = 6


class _DragonSteps(dict):
    """pos -> per side, the dragon's step there from its neighbour: the same immutable action
    every time (a plain dict lookup: an ``lru_cache`` call cost more than the step's list).
    Filled on first use; emptied past 4,096 positions so a long-running server stays small."""

    def __missing__(self, pos: str) -> tuple[Action, ...]:
        if len(self) >= 4096:
            self.clear()
        steps = self[pos] = tuple(Action("dragon", (SIDES[side],), f"Move the dragon {SIDE_NAMES[side]} to {pos}")
                                  for side in range(4))
        return steps


_DRAGON_STEPS = _DragonSteps()


class DragonMixin:
    """The dragon's flight, for ``CarcassonneState`` (a meeple it eats goes home through
    ``ScoringMixin.release``, worded by ``FiguresMixin._follower``)."""

    board: dict
    meeples: list
    dragon: str | None
    dragon_path: list
    dragon_steps: int
    fairy: dict | None
    active: int
    num_players: int
    log: list

    # ---------------------------------------------------------------------- the dragon
    def dragon_moves(self) -> list[tuple[int, str]]:
        """(side, position) pairs the dragon may enter now."""
        if self.dragon is None:
            return []
        fairy_pos = self.fairy["pos"] if self.fairy else None
        path = self.dragon_path
        return [
            (side, n)
            for side, n in enumerate(neighbours(self.dragon))
            if n in self.board and n not in path and n != fairy_pos
        ]

    def dragon_mover(self) -> int:
        return (self.active + self.dragon_steps) % self.num_players

    def start_flight(self) -> bool:
        """Begin a flight; False when the dragon is boxed in from the start."""
        self.dragon_path = [self.dragon]
        self.dragon_steps = 0
        if self.dragon_moves():
            self.log.append("The dragon takes flight: six steps, each player steering in turn.")
            return True
        self.log.append("The dragon cannot move: every neighbouring tile is closed to it.")
        return False

    def dragon_step(self, side: int) -> bool:
        """Move one step and eat; True while the flight goes on."""
        target = neighbours(self.dragon)[side]
        mover = self.dragon_mover()
        self.dragon = target
        self.dragon_path.append(target)
        self.dragon_steps += 1
        self.log.append(f"{{p{mover}}} moves the dragon {SIDE_NAMES[side]} to {target}.")
        eaten = [m for m in self.meeples if m[1] == target]
        if eaten:
            for m in eaten:
                self.log.append(f"The dragon eats {{p{m[0]}}}'s {self._follower(m)}.")
            self.release(eaten)
        if self.dragon_steps >= DRAGON_STEPS:
            self.log.append("The dragon has flown its six steps.")
            return False
        if not self.dragon_moves():
            self.log.append("The dragon is at a dead end; its flight ends early.")
            return False
        return True

    def dragon_actions(self) -> list[Action]:
        steps = _DRAGON_STEPS
        return [steps[pos][side] for side, pos in self.dragon_moves()]
