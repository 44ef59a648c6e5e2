"""Shared helpers for the Batalla de Coronas tests: loaded dice and hand-played turns."""

from dragon_tui.engine import Rng
from dragon_tui.games import get_game


GAME = get_game("crowns")


class LoadedDice(Rng):
    """An RNG that rolls what the test says, so a rule can be checked at a known roll."""

    def __init__(self, rolls):
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, low, high):
        self.draws += 1
        return self.rolls.pop(0)


def duel(rolls=(), **options):
    """A two-player game at its start whose dice roll ``rolls`` in order."""
    state = GAME.new_state(2, 1, **options)
    state.rng = LoadedDice(rolls)
    return state


def act(state, kind, *args):
    """Apply the offered action of that kind and args (fails loudly if it is not offered)."""
    for action in state.legal_actions():
        if action.kind == kind and action.args == tuple(args):
            state.apply(action)
            return action
    raise AssertionError(f"{kind}{args} not offered: {[a.describe() for a in state.legal_actions()]}")


def kinds(state):
    return {a.kind for a in state.legal_actions()}
