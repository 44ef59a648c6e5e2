"""Build Court positions by card name, so a test reads like the situation it checks."""

from __future__ import annotations

import json

from dragon_tui.games.court import GAME
from dragon_tui.games.court.data import CARDS

BY_NAME = {c.name: c.id for c in CARDS}


def cid(name: str) -> int:
    return BY_NAME[name]


def ids(names) -> list:
    return [None if n is None else cid(n) for n in names]


def make_state(
    row=(None, None, None, None),
    court=None,
    draws=(),
    cp=10,
    phase="buy",
    options=None,
    daemon_court=(),
    defeated=(),
    rest="pile",
):
    """A position in the middle of the game.

    ``court`` maps space letters ("A".."H") to card names; ``draws`` are the next cards drawn,
    in order. Every card not named goes to the bottom of the pile (``rest="pile"``) or to the
    discard pile (``rest="discard"``), so the 54 cards are always all there.
    """
    state = GAME.new_state(1, 0, **(options or {}))
    state.row = ids(row)
    state.court = [None] * 8
    for letter, name in (court or {}).items():
        state.court["ABCDEFGH".index(letter)] = cid(name)
    state.daemon_court = ids(daemon_court)
    state.defeated = ids(defeated)
    state.discard = []
    state.set_aside = []
    state.pending = None
    draw_ids = ids(draws)
    used = set(c for c in state.row + state.court if c is not None)
    used |= set(state.daemon_court) | set(state.defeated) | set(draw_ids)
    others = [c for c in range(len(CARDS)) if c not in used]
    if rest == "discard":
        state.discard = others
        others = []
    state.pile = others + list(reversed(draw_ids))
    state.cp = cp
    state.phase = phase
    state.turn = 1
    state.taken = 3
    state.verse_vp = 0
    state.log = []
    assert sorted(state.all_cards()) == list(range(54))
    return state


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def find(state, kind, *args):
    """The legal action with this kind and args (fails the test when it is not offered)."""
    for action in state.legal_actions():
        if action.kind == kind and tuple(action.args) == tuple(args):
            return action
    raise AssertionError(f"{kind}{args} not offered; legal: {[a.describe() for a in state.legal_actions()]}")


def offered(state, kind, *args) -> bool:
    return any(a.kind == kind and tuple(a.args) == tuple(args) for a in state.legal_actions())
