"""The engine's speed-ups (``dragon_tui/engine/hooks.py``) agree with the plain path in every
game: one test per entry of ``HOOKS``, each playing a short seeded random game (the example
game to its end) and comparing what the game's override gives with what the default would.
A game that overrides nothing passes trivially; ``tests/engine/`` plays the same checks on
longer games."""

from __future__ import annotations

import dataclasses
import json

from dragon_tui.engine import Action, Rng
from dragon_tui.engine.hooks import HOOKS
from dragon_tui.engine.values import _ATOMS, _BASE_FIELDS, arg_types
from tests.engine.test_fast_legality import _near_misses, _vouched_only_if_legal

from .conftest import is_example, kit_players

#: Steps per game: enough to reach each game's second round of decisions, few enough to keep
#: the kit quick (a Princes step can take a few milliseconds with the checks here).
_STEPS = 120


def _positions(game, seed: int):
    """A seeded random game, yielding the state at each step (the caller may look, not play)."""
    state = game.new_state(kit_players(game), seed)
    chooser = Rng(seed + 1000)
    steps = 0
    while not state.is_over and (is_example(game) or steps < _STEPS):
        yield state
        state.apply(chooser.choice(state.legal_actions()))
        steps += 1


def test_every_hook_has_a_check_here():
    names = {check for _, _, check in HOOKS}
    missing = {name for name in names if not callable(globals().get(name))}
    assert not missing, f"hooks without a conformance check: {missing}"


def test_legal_actions_is_remembered_for_the_identity_fast_path(game):
    """``legal_actions()`` remembers the very list it returns, and ``apply`` then carries out
    one of its objects without asking the game's checks (``quick_legal``, ``_legal_actions``)."""
    for seed in (1, 2):
        for state in _positions(game, seed):
            listed = state.legal_actions()
            assert state._offered is listed
            probe = state.clone()
            offered = probe.legal_actions()
            asked = []
            probe.quick_legal = lambda action: asked.append(action) or False  # type: ignore[method-assign]
            probe._legal_actions = lambda: asked.append("list") or []  # type: ignore[method-assign]
            probe.apply(offered[len(offered) // 2])
            assert asked == [], "an offered action was checked again"
            assert probe._offered is None


def test_random_action_is_a_draw_from_the_legal_list(game):
    """``random_action`` (the ``_random_action`` hook) is ``rng.choice(legal_actions())``: the
    same action, label and draws, and offered so that ``apply`` takes it unchecked."""
    for seed in (1, 2):
        rng = Rng(seed)
        for state in _positions(game, seed):
            twin = rng.copy()
            listed = twin.choice(state.legal_actions())
            drawn = state.random_action(rng)
            assert drawn == listed and drawn.label == listed.label
            assert (rng.state, rng.draws) == (twin.state, twin.draws)
            assert any(a is drawn for a in state._offered)


def test_actions_of_kind_and_quick_legal_agree_with_the_legal_list(game):
    """``actions_of_kind`` lists a kind exactly as the whole list does; ``quick_legal`` vouches
    only for legal actions with the offered argument types (near misses included)."""
    rng = Rng(7)
    for state in _positions(game, 3):
        legal = state.legal_actions()
        for kind in {a.kind for a in legal} | {"no_such_kind"}:
            listed = state.actions_of_kind(kind)
            if listed is not None:
                want = [a for a in legal if a.kind == kind]
                assert listed == want and [a.label for a in listed] == [a.label for a in want], kind
        for action in rng.choice([legal, legal[:2]]):
            _vouched_only_if_legal(state, action, legal)
            for miss in _near_misses(action):
                _vouched_only_if_legal(state, miss, legal)


def test_canonical_keeps_the_offered_spellings(game):
    """``canonical`` maps every offered action (rebuilt, as from a save) to itself; any other
    it respells keeps its kind and is a fixed point (the list's one spelling of it)."""
    for state in _positions(game, 4):
        legal = state.legal_actions()
        for action in legal:
            again = state.canonical(Action(action.kind, action.args))
            assert again == action and arg_types(again.args) == arg_types(action.args)
            for miss in _near_misses(action):
                if type(miss.args) is tuple and all(type(a) in (int, str, tuple) for a in miss.args):
                    spelled = state.canonical(miss)
                    if spelled != miss:
                        assert spelled.kind == miss.kind and len(spelled.args) == len(miss.args), (miss, spelled)
                        assert state.canonical(spelled) == spelled, (miss, spelled)


def _doc(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_clones_are_equal_and_independent(game):
    """``clone`` (``copy_fields`` and the declared field shapes): an equal copy, every
    mutable field copied or, if shared, frozen, and play on either copy leaves the other as
    it was."""
    cls = game.state_class
    rng = Rng(5)
    for state in _positions(game, 5):
        for name in cls.FLAT_FIELDS:
            value = getattr(state, name, None)
            assert value is None or (type(value) is list and all(type(v) in _ATOMS for v in value)), name
        for name in cls.NESTED_FIELDS:
            value = getattr(state, name)
            assert type(value) is list and all(type(v) is list and all(type(x) in _ATOMS for x in v)
                                                for v in value), name
        for name in cls.SHARED_FIELDS:
            value = getattr(state, name)
            assert dataclasses.is_dataclass(value) and value.__dataclass_params__.frozen, name
        mutable = {k for k, v in vars(state).items()
                   if k not in _BASE_FIELDS and k not in cls.SHARED_FIELDS and type(v) not in _ATOMS}
        assert mutable <= set(state.copy_fields()), f"not copied: {mutable - set(state.copy_fields())}"
        before = _doc(state)
        copy = state.clone()
        assert type(copy) is type(state) and _doc(copy) == before
        for _ in range(6):
            if copy.is_over:
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert _doc(state) == before, "playing on a clone changed the original"
