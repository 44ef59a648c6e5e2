"""The bookkeeping the duel keeps for speed says exactly what the position says.

- ``is_over`` is a plain attribute mirroring ``winner``: never in the JSON, restored when a
  save is read back.
- The game's own generator rolls its dice through ``Rng.choice`` over the six faces, every
  other generator with ``randint(1, 6)``: the same numbers either way.
- ``_legal_actions`` is ``legal_actions`` itself, so ``apply`` must forget what its full check
  listed: an action from an earlier list is checked again.
"""

import json

import pytest

from dragon_tui.engine import Action, IllegalAction, Rng
from dragon_tui.games import get_game
from tests.protocol_checks import seeds

GAME = get_game("crowns")

OPTION_SETS = [
    {},
    {"church": "digital", "gem_lock": "loser", "dragon_tokens": False},
    {"gold_harm": "minus_one", "activate_on_seating": False, "full_council_bonus": False},
]


def _doc(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("seed", range(12))
def test_is_over_mirrors_the_winner_and_stays_out_of_the_json(seed):
    state = GAME.new_state(2, seed, **OPTION_SETS[seed % 3])
    rng = Rng(seed + 1)
    steps = 0
    while True:
        assert state.is_over == (state.winner is not None)
        assert "is_over" not in state.to_json()["data"]
        if steps % 50 == 0 or state.is_over:
            back = GAME.state_from_json(state.to_json())
            assert back.is_over == state.is_over and _doc(back) == _doc(state)
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert state.legal_actions() == [] and state.winners() == [state.winner]


def test_a_damaged_save_cannot_claim_the_game_is_over():
    state = GAME.new_state(2, 3)
    doc = state.to_json()
    doc["data"]["is_over"] = True  # no such field: is_over follows winner
    back = GAME.state_from_json(doc)
    assert back.is_over is False and back.legal_actions()


@pytest.mark.parametrize("seed", seeds(8, quick=0))
def test_dice_through_choice_roll_what_randint_rolls(seed):
    """The same game twice: once with its own generator (dice from choice's batches), once
    with a copy of it (a copy rolls with randint). Every position is the same."""
    options = OPTION_SETS[seed % 3]
    own = GAME.new_state(2, seed, **options)
    plain = GAME.new_state(2, seed, **options)
    plain.rng = plain.rng.copy()
    assert own._dice_rng is own.rng and plain._dice_rng is not plain.rng
    rng = Rng(seed + 7)
    while not own.is_over:
        index = rng.randint(0, len(own.legal_actions()) - 1)
        own.apply(own.legal_actions()[index])
        plain.apply(plain.legal_actions()[index])
        assert _doc(own) == _doc(plain)
        assert own.rng.state == plain.rng.state and own.rng.draws == plain.rng.draws
    assert plain.is_over and own.winner == plain.winner


@pytest.mark.parametrize("seed", seeds(6, quick=0))
def test_clones_equal_a_deep_copy_and_roll_their_own_dice(seed):
    """A clone is the position read back from its JSON (a deep copy), rolls with randint,
    and plays on exactly as the original does."""
    state = GAME.new_state(2, seed, **OPTION_SETS[seed % 3])
    rng = Rng(seed + 3)
    step = 0
    while not state.is_over:
        if step % 9 == 0:
            copy = state.clone()
            deep = GAME.state_from_json(state.to_json())
            assert _doc(copy) == _doc(deep) == _doc(state)
            assert copy.is_over == deep.is_over == state.is_over
            assert copy._dice_rng is None and deep._dice_rng is None
            # Both play on with the same choices: the original's batches, the copies' randint.
            picks = Rng(step)
            for _ in range(15):
                if state.is_over:
                    break
                index = picks.randint(0, len(state.legal_actions()) - 1)
                for s in (state, copy, deep):
                    s.apply(s.legal_actions()[index])
                assert _doc(copy) == _doc(deep) == _doc(state)
            continue
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def test_an_action_from_an_earlier_list_is_checked_again_after_the_full_check():
    state = GAME.new_state(2, 1)
    state.turn, state.phase, state.gold[0] = 3, "arm", 3  # gold for one shield, not two
    offered = state.legal_actions()
    buy = next(a for a in offered if a.kind == "buy_shield")
    # An equal action that is not one of the offered objects takes the full check, which
    # lists the legal actions (the very objects offered above, made once and reused) ...
    state.apply(Action.from_json(buy.to_json()))
    assert (state.phase, state.gold[0], state.shields[0]) == ("arm", 0, 3)
    # ... and apply forgets that list: the same purchase again is checked and refused.
    with pytest.raises(IllegalAction, match="costs 3 gold"):
        state.apply(buy)
    assert (state.gold[0], state.shields[0]) == (0, 3)
    # The search's _legal_actions is the same list as legal_actions.
    assert state._legal_actions() == state.legal_actions()
