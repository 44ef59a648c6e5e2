"""The engine protocol: a seeded random game to the end with every promise checked
(tests/protocol_checks.py), and what bots and the server rely on: a view hides and a
determinized world agrees with what the seat saw."""

from __future__ import annotations

import json

from dragon_tui.engine import Rng
from tests.protocol_checks import play_random_game

from .conftest import is_example, kit_players


def test_a_random_game_keeps_every_promise_of_the_protocol(game):
    # The real games run the same checks move by move in their own suites; here every tenth
    # move keeps the kit quick. The example game checks every move.
    play_random_game(game, kit_players(game), seed=3, full_checks_every=1 if is_example(game) else 10)


def _positions(game, seed: int = 5, moves: int = 60):
    """A few positions of a seeded random game (its first ``moves`` at most)."""
    state = game.new_state(kit_players(game), seed)
    chooser = Rng(seed)
    out = []
    while not state.is_over and len(out) < moves:
        out.append(state.clone())
        state.apply(chooser.choice(state.legal_actions()))
    return out


def test_the_seat_to_play_sees_its_choices_and_a_guessed_world_agrees_with_its_view(game):
    for state in _positions(game)[::3]:
        seat = state.current_player
        view = state.view(seat)
        # Bots and remote players decide from their view: it must offer the same choices.
        assert view.legal_actions() == state.legal_actions()
        # A view travels as JSON (the table server) and reads back the same.
        doc = view.to_json()
        assert type(view).from_json(json.loads(json.dumps(doc))).to_json() == doc
        # The dice's future is never in a view.
        assert view.rng.to_json()[0] == 0
        # A world the search guesses for the seat looks, from its seat, like what it saw.
        world = view.determinize(seat, Rng(11))
        assert world.view(seat).to_json()["data"] == doc["data"]
        assert world.legal_actions() == state.legal_actions()


def test_seats_hold_secrets_from_each_other_exactly_when_the_game_says_so(game):
    """``hidden_information`` (the hot seat's "pass the keyboard" screen, what a remote seat
    is sent) means one seat may see what another may not: then two seats' views differ
    somewhere in a game; without it every seat sees the same (the future of a deck may still
    be hidden from all, as in the solitaire)."""
    states = _positions(game)
    seats = range(kit_players(game))
    differ = any(len({json.dumps(s.view(seat).to_json()["data"], sort_keys=True) for seat in seats}) > 1
                 for s in states)
    assert differ == game.hidden_information
