"""Checks every game's engine must pass, shared by the per-game property tests.

``play_random_game`` plays one seeded random game to the end and, after every action,
checks the protocol's promises: JSON round-trips exactly, an illegal action raises
``IllegalAction`` and changes nothing, and the seed plus the action list replays to the
identical state. A game's own tests pass ``invariants`` for its rule-specific checks
(track bounds, conservation of cards and tokens ...).
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from dragon_tui.engine import Action, Game, IllegalAction, Rng, State

Invariant = Callable[[State], None]


def assert_json_round_trip(state: State) -> None:
    doc = state.to_json()
    text = json.dumps(doc)
    again = type(state).from_json(json.loads(text))
    assert again.to_json() == doc
    assert json.dumps(again.to_json()) == text


def assert_illegal_changes_nothing(state: State) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    bogus = Action("no_such_action", (99,))
    with pytest.raises(IllegalAction) as info:
        state.apply(bogus)
    assert str(info.value).strip(), "an illegal action needs a readable reason"
    assert json.dumps(state.to_json(), sort_keys=True) == before


def _malformed_variants(action: Action) -> list[Action]:
    """The offered action with one int argument swapped for a float, a bool, None or a text."""
    variants = []
    for i, arg in enumerate(action.args):
        if type(arg) is int:
            for wrong in (float(arg), bool(arg) if arg in (0, 1) else None, None, str(arg)):
                args = action.args[:i] + (wrong,) + action.args[i + 1 :]
                variants.append(Action(action.kind, args))
    return variants


def assert_malformed_refused(state: State, action: Action) -> None:
    """Wrongly typed arguments (``3.0`` for ``3``, ``true`` for ``1``) give IllegalAction and
    change nothing, although ``3.0 == 3`` in Python: JSON from a file or a socket has them."""
    before = json.dumps(state.to_json(), sort_keys=True)
    for bad in _malformed_variants(action):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert json.dumps(state.to_json(), sort_keys=True) == before, f"{bad} changed the state"


def play_random_game(
    game: Game,
    num_players: int,
    seed: int,
    invariants: Invariant | None = None,
    max_actions: int = 20_000,
    full_checks_every: int = 1,
    options: dict | None = None,
) -> tuple[State, list[Action]]:
    """Play a random game to its end; returns the final state and the actions taken."""
    state = game.new_state(num_players, seed, **(options or {}))
    chooser = Rng(seed * 7919 + 17)
    actions: list[Action] = []
    while not state.is_over:
        legal = state.legal_actions()
        assert legal, f"no legal action but the game is not over: {state.phase_label()}"
        assert state.current_player is not None
        assert len(set(legal)) == len(legal), "legal_actions() lists an action twice"
        if invariants:
            invariants(state)
        if len(actions) % full_checks_every == 0:
            assert_json_round_trip(state)
            assert_illegal_changes_nothing(state)
        action = chooser.choice(legal)
        if len(actions) % full_checks_every == 0:
            assert_malformed_refused(state, action)
        # The JSON form of an action must read back as the same action.
        assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        state.apply(action)
        actions.append(action)
        assert len(actions) < max_actions, "the game does not end"
    if invariants:
        invariants(state)
    assert state.current_player is None
    assert state.legal_actions() == [] or state.is_over
    assert state.winners(), "a finished game names its winner(s)"
    assert_json_round_trip(state)
    # The seed and the action list replay to the identical state.
    replay = game.new_state(num_players, seed, **(options or {}))
    for action in actions:
        replay.apply(action)
    assert replay.to_json() == state.to_json()
    return state, actions


def seeds(count: int, quick: int = 1, start: int = 0) -> list:
    """``range(start, start + count)`` for ``parametrize``: the first ``quick`` seeds in the quick loop
    (``-m "not slow"``), the rest marked ``slow``. How many seeds a game's random tests need is
    measured, not guessed: the seeds' union of covered rule branches (``coverage run --branch``
    over ``dragon_tui/games/<game>``) no longer grows before ``count``."""
    return [seed if seed < start + quick else pytest.param(seed, marks=pytest.mark.slow)
            for seed in range(start, start + count)]


def slow_for(values, *slow) -> list:
    """``values`` for ``parametrize`` with those in ``slow`` marked ``slow`` (the games whose
    run of a check takes a second or more: the others keep the check in the quick loop)."""
    return [pytest.param(v, marks=pytest.mark.slow) if v in slow else v for v in values]
