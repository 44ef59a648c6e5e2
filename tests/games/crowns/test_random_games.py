"""Property tests: seeded random duels with the invariants checked after every action.

Every activation may be declined and the dragon may burn fewer shields, so a duel between
random players runs about 700 actions. The first ten duels (seeds 0-9, the three option sets
in turn) already reach every rule branch of dragon_tui/games/crowns that 130 duels reach
(600 arcs, ``coverage run --branch``); 30 duels keep a margin."""

import pytest

from dragon_tui.games import get_game
from dragon_tui.games.crowns import data
from tests.protocol_checks import play_random_game, seeds

GAME = get_game("crowns")


def invariants(s):
    for p in (0, 1):
        assert data.GOLD_MIN <= s.gold[p] <= s.max_gold(p)
        assert data.STEP_MIN <= s.swords[p] <= data.STEP_MAX
        assert data.STEP_MIN <= s.shields[p] <= data.STEP_MAX
        assert 0 <= s.dragon[p] < data.DRAGON_FIELD
        seated = s.seated(p)
        assert len(seated) == len(set(seated)) <= data.CHAIRS
    assert sum(s.gems_held) + sum(s.gems_won) == 6
    assert s.gems_held[0] + s.gems_won[1] == 3 and s.gems_held[1] + s.gems_won[0] == 3
    assert s.crown_holder is None or s.crown_holder != s.cross_holder


OPTION_SETS = [
    {},
    {"church": "digital", "gem_lock": "loser", "dragon_tokens": False},
    {"gold_harm": "minus_one", "activate_on_seating": False, "full_council_bonus": False},
]


@pytest.mark.parametrize("chunk", seeds(3, quick=0))
def test_random_duels_keep_every_invariant(chunk):
    for seed in range(chunk * 10, chunk * 10 + 10):
        options = OPTION_SETS[seed % len(OPTION_SETS)]
        final, actions = play_random_game(GAME, 2, seed, invariants, full_checks_every=7, options=options)
        assert final.gems_won[final.winners()[0]] == 3


def test_a_view_cannot_predict_the_dice():
    state = GAME.new_state(2, 5)
    view = state.view(0)
    assert view.rng.state != state.rng.state and view.rng.draws == state.rng.draws
    assert view.to_json()["data"] == state.to_json()["data"]
