"""Placeholder evaluation (replaced below)."""
def evaluate(state, seat):
    return state.scores()[seat]
