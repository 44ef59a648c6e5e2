"""Princes' hand-written ``clone`` copies exactly the lists it declares it copies
(``_COPIED_NESTED``, ``_COPIED_OUTER``) and shares the rest (``_SHARED``: lists the rules
replace whole on every change), so a clone and its original never change each other."""

from __future__ import annotations

from dragon_tui.engine import Rng
from dragon_tui.engine.state import _ATOMS, _BASE_FIELDS
from dragon_tui.games import GAMES


def test_clone_copies_what_it_declares_and_shares_the_rest():
    game = GAMES["throne"]
    cls = game.state_class
    for players in (2, 4):
        state = game.new_state(players, 3)
        rng = Rng(5)
        for _ in range(300):
            if state.is_over:
                break
            copy = state.clone()
            mutable = {k for k, v in vars(state).items()
                       if k not in _BASE_FIELDS and k not in cls.SHARED_FIELDS and type(v) not in _ATOMS}
            declared = set(cls._COPIED_NESTED) | set(cls._COPIED_OUTER) | set(cls._SHARED)
            assert mutable <= declared, f"neither copied nor shared: {mutable - declared}"
            for name in cls._COPIED_NESTED:
                original, copied = getattr(state, name), getattr(copy, name)
                assert copied == original and copied is not original, name
                assert all(a is not b for a, b in zip(copied, original)), name
            for name in cls._COPIED_OUTER:
                original, copied = getattr(state, name), getattr(copy, name)
                assert copied == original and copied is not original, name
            for name in cls._SHARED:
                assert getattr(copy, name, None) is getattr(state, name, None), name
            assert copy.copy_fields().keys() == declared
            state.apply(rng.choice(state.legal_actions()))
