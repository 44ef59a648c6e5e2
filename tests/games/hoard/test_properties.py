"""Seeded random games over 2, 3 and 4 players with Dragon's Hoard's invariants after every action."""

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.hoard import GAME
from dragon_tui.games.hoard.data import ACTION_NAMES, CARDS, TREASURES, FIELD_SIZE, HAND_LIMIT, back
from tests.protocol_checks import play_random_game, seeds

from .helpers import assert_conserved

FACE_NAMES = [*ACTION_NAMES.values(), *(t[0] for t in TREASURES.values())]
#: Blocks of 17 seeded games per player count. The first two blocks (34 games of each count)
#: already reach every rule branch of dragon_tui/games/hoard that ten blocks (510 games)
#: reach (1,047 arcs, ``coverage run --branch``); four keep a margin (204 games in all).
PER_BLOCK = 17
BLOCKS = 4
#: Views and JSON round-trips are the dear checks: every this many actions.
VIEW_EVERY = 41
FULL_EVERY = 29


class Invariants:
    """Checks with memory: scores and laid treasures never go back."""

    def __init__(self) -> None:
        self.laid: list[int] | None = None
        self.calls = 0
        self.logged = 0

    def __call__(self, st) -> None:
        self.calls += 1
        n = st.num_players
        assert_conserved(st)
        assert len(st.field) == FIELD_SIZE
        # Only the player whose turn it is may hold more than ten cards.
        for s in range(n):
            if s != st.active or st.is_over:
                assert len(st.hands[s]) <= HAND_LIMIT, (s, len(st.hands[s]))
        laid = [len(t) for t in st.treasures]
        if self.laid is not None:
            assert all(a >= b for a, b in zip(laid, self.laid))
        self.laid = laid
        for s in range(n):
            colours = [CARDS[c].colour for c in st.lairs[s]]
            assert len(colours) == len(set(colours)) <= st.lair_limit
            assert all(CARDS[c].kind == "lair" for c in st.lairs[s])
            assert all(CARDS[c].is_treasure and CARDS[c].kind != "lair" for c in st.treasures[s])
        if not st.is_over:
            assert st.current_player is not None and st.legal_actions()
        if self.calls % VIEW_EVERY == 0:
            self.check_views(st)
        # Lines about hidden cards moving name only their sheep colour.
        for line in st.log[self.logged:]:
            if any(w in line for w in ("from the deck", "from the field", "discards a", "steals a")):
                assert not any(name in line for name in FACE_NAMES), line
        self.logged = len(st.log)

    @staticmethod
    def check_views(st) -> None:
        for seat in range(st.num_players):
            v = st.view(seat)
            assert v.hands[seat] == st.hands[seat]
            for other in range(st.num_players):
                if other != seat:
                    assert all(c < 0 for c in v.hands[other])
                    assert sorted(map(back, v.hands[other])) == sorted(map(back, st.hands[other]))
            assert all(c is None or c < 0 for c in v.field) and all(c < 0 for c in v.discard + v.deck)
            # A board renders from the view alone.
            assert v.scores() == st.scores() and v.phase_label() == st.phase_label()
            if seat == st.current_player:
                assert v.legal_actions() == st.legal_actions()
            else:
                v.legal_actions()
        # The bots' copy of the game agrees with what their seat sees.
        seat = st.current_player if st.current_player is not None else 0
        d = st.determinize(seat, Rng(st.rng.draws + 1))
        assert_conserved(d)
        assert d.view(seat).to_json() == st.view(seat).to_json()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("block", seeds(BLOCKS, quick=0))
def test_random_games(n, block):
    for k in range(PER_BLOCK):
        seed = 1000 * n + block * 100 + k
        inv = Invariants()
        final, actions = play_random_game(GAME, n, seed, invariants=inv, full_checks_every=FULL_EVERY)
        assert final.is_over and final.winners()
        assert len(final.treasures) == n


@pytest.mark.slow
@pytest.mark.parametrize("options", [
    {"field_refill": "after_draw"},
    {"mob_battle": "whole"},
    {"reaction_prompt": "holders"},
])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_with_options(n, options):
    for seed in range(8):
        opts = dict(options)
        if n == 3:
            opts["three_player_goal"] = 9
        play_random_game(GAME, n, 77 + seed, invariants=Invariants(), full_checks_every=FULL_EVERY, options=opts)


def test_seed_replays_identically():
    a, acts_a = play_random_game(GAME, 3, 4242, full_checks_every=50)
    b, acts_b = play_random_game(GAME, 3, 4242, full_checks_every=50)
    assert acts_a == acts_b and a.to_json() == b.to_json()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_act_phase_check_agrees_with_the_list(n):
    """``_has_act_choice`` (asked after every act step instead of listing) says whether
    ``_act_choices`` offers anything, for every seat's turn flags and hand met in play."""
    for seed in range(12):
        st = GAME.new_state(n, 500 + seed)
        rng = Rng(seed)
        while not st.is_over:
            for flags in ((False, False), (True, False), (False, True), (True, True)):
                copy = st.clone()
                copy.used_action, copy.used_treasure = flags
                assert copy._has_act_choice() == bool(copy._act_choices())
            st.apply(rng.choice(st.legal_actions()))
