"""The fast legality path (``State.quick_legal`` / ``actions_of_kind``) is exactly as strict
as the full list: every game, random positions, the offered actions and near misses."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Action, Rng
from dragon_tui.engine.state import arg_types
from dragon_tui.games import GAMES
from tests.protocol_checks import slow_for


def _near_misses(action: Action) -> list[Action]:
    """The action with one argument nudged, retyped or dropped, and under other kinds."""
    out = [Action(action.kind, action.args[:-1]), Action(action.kind, action.args + (0,)),
           Action("no_such_kind", action.args)]
    for i, arg in enumerate(action.args):
        def swap(value, i=i):
            return Action(action.kind, action.args[:i] + (value,) + action.args[i + 1:])
        if type(arg) is int:
            out += [swap(arg + 1), swap(arg - 1), swap(10**6), swap(-7), swap(float(arg)), swap(str(arg)), swap(arg == 1)]
        elif type(arg) is str:
            out += [swap(arg + "x"), swap(arg[:-1]), swap(0)]
        elif type(arg) is tuple:
            out += [swap(arg[:-1]), swap(list(arg))]
    return out


def _vouched_only_if_legal(state, action: Action, legal: list[Action]) -> None:
    if state.quick_legal(action):
        match = [a for a in legal if a == action]
        assert match, f"quick_legal vouched for {action} not in legal_actions()"
        assert arg_types(match[0].args) == arg_types(action.args), f"{action}: wrong types vouched for"


@pytest.mark.parametrize("game_id", slow_for(sorted(GAMES), "carcassonne", "throne"))
def test_fast_path_agrees_with_the_legal_list(game_id):
    game = GAMES[game_id]
    vouched = total = 0
    for players in sorted({game.min_players, min(game.max_players, game.min_players + 2)}):
        for seed in range(3):
            state = game.new_state(players, seed)
            rng = Rng(seed + 50)
            steps = 0
            while not state.is_over and steps < 700:
                legal = state.legal_actions()
                kinds = {a.kind for a in legal}
                for kind in kinds | {"no_such_kind"}:
                    listed = state.actions_of_kind(kind)
                    if listed is not None:
                        want = [a for a in legal if a.kind == kind]
                        assert listed == want, f"actions_of_kind({kind!r}) differs from legal_actions()"
                        assert [a.label for a in listed] == [a.label for a in want]
                for action in legal:
                    vouched += state.quick_legal(action)
                    total += 1
                for action in rng.choice([legal, legal[:3]]):
                    for miss in _near_misses(action):
                        _vouched_only_if_legal(state, miss, legal)
                state.apply(rng.choice(legal))
                steps += 1
    # The point of the fast path: most offered actions skip the full list. In Princes only
    # the follow-up choices and ending the turn take it (its main-phase rules are in flux).
    floor = 0.4 if game_id == "throne" else 0.5
    assert vouched / total > floor, f"only {vouched}/{total} legal actions take the fast path"
