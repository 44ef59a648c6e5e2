"""The Princess & The Dragon: the dragon's flight.

Each step of the dragon is its own decision owned by the seat whose turn it is to move it,
because the rulebook has the players take turns steering it; the state only offers steps
the rules allow, so a dead end ends the flight without asking anyone. The other figures (the
princess, the fairy, the magic portal's meeples) are chosen in the figure step: figures.py.

Functions of the state (``CarcassonneState`` calls them; a meeple the dragon eats goes home
through its ``release``, worded by its ``_follower``).
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


def dragon_moves(state) -> list[tuple[int, str]]:
    """(side, position) pairs the dragon may enter now."""
    if state.dragon is None:
        return []
    fairy_pos = state.fairy["pos"] if state.fairy else None
    path = state.dragon_path
    return [
        (side, n)
        for side, n in enumerate(neighbours(state.dragon))
        if n in state.board and n not in path and n != fairy_pos
    ]


def dragon_mover(state) -> int:
    return (state.active + state.dragon_steps) % state.num_players


def start_flight(state) -> bool:
    """Begin a flight; False when the dragon is boxed in from the start."""
    state.dragon_path = [state.dragon]
    state.dragon_steps = 0
    if dragon_moves(state):
        state.log.append("The dragon takes flight: six steps, each player steering in turn.")
        return True
    state.log.append("The dragon cannot move: every neighbouring tile is closed to it.")
    return False


def dragon_step(state, side: int) -> bool:
    """Move one step and eat; True while the flight goes on."""
    target = neighbours(state.dragon)[side]
    mover = dragon_mover(state)
    state.dragon = target
    state.dragon_path.append(target)
    state.dragon_steps += 1
    state.log.append(f"{{p{mover}}} moves the dragon {SIDE_NAMES[side]} to {target}.")
    eaten = [m for m in state.meeples if m[1] == target]
    if eaten:
        for m in eaten:
            state.log.append(f"The dragon eats {{p{m[0]}}}'s {state._follower(m)}.")
        state.release(eaten)
    if state.dragon_steps >= DRAGON_STEPS:
        state.log.append("The dragon has flown its six steps.")
        return False
    if not dragon_moves(state):
        state.log.append("The dragon is at a dead end; its flight ends early.")
        return False
    return True


def dragon_actions(state) -> list[Action]:
    steps = _DRAGON_STEPS
    return [steps[pos][side] for side, pos in dragon_moves(state)]
