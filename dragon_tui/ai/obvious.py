"""Decisions with nothing to think about, answered without a search.

A decision is *forced* when one action is legal, and *near-forced* when every legal action
leads to the same position: applied in a world sampled from what the deciding seat may see
(``view(seat)`` then ``determinize``, as the search's worlds are), each action leaves a state
equal field for field (the game's whole state but its log; the random stream included, so an
action that draws differently differs). Two sampled worlds must agree, so a coincidence of one
dealing (two piles whose top cards happen to match) does not count. The rule is the engine
protocol's only, for every game: nothing here knows a game's cards or names.

Such decisions are played at once by the bots, the hint and the game review skip them (the
moves are the same move), and the turn controller plays them without the think delay. A
search could only choose among equals, spending up to its whole budget on it.
"""

from __future__ import annotations

import pickle

from ..engine import Action, Rng, State

#: Compared only up to this many legal actions: a near-forced decision in the games is a
#: choice among a few equals (use or skip an ability that changes nothing); a long list (a
#: tile's placements) is a real choice, and comparing it would cost the UI thread time.
MAX_COMPARED = 24
#: Sampled worlds every action must agree in.
WORLDS = 2
#: Not the position: the log (the same move says what it did in other words) and the
#: per-state cache of offered actions; the random stream is compared by where it stands
#: (``to_json``), not as an object.
_IGNORED = frozenset({"log", "_offered", "rng"})


def _position(state: State) -> bytes:
    fields = {k: v for k, v in vars(state).items() if k not in _IGNORED}
    return pickle.dumps((fields, state.rng.to_json()), protocol=pickle.HIGHEST_PROTOCOL)


def obvious_action(state: State, seat: int | None = None, legal: list[Action] | None = None) -> Action | None:
    """The action to play at once, if the decision is forced or near-forced; else None.

    ``seat``: whose decision it is (default: the current player); only what that seat may
    see is read. Near-forced decisions answer with the first legal action."""
    legal = state.legal_actions() if legal is None else legal
    if len(legal) == 1:
        return legal[0]
    if not legal or len(legal) > MAX_COMPARED or state.is_over:
        return None
    seat = state.current_player if seat is None else seat
    if seat is None:
        return None
    view = state.view(seat)
    view.log = []
    rng = Rng(0x0B71)  # the worlds' own stream: they only stand in for what the seat cannot see
    for _ in range(WORLDS):
        world = view.determinize(seat, rng)
        first = None
        for action in legal:
            after = world.clone()
            try:
                after._apply(action)
            except Exception:  # legal in the real position, refused in a sampled one: think
                return None
            position = _position(after)
            if first is None:
                first = position
            elif position != first:
                return None
    return legal[0]


__all__ = ["MAX_COMPARED", "obvious_action"]
