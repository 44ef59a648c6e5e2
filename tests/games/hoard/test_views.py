"""Hidden hands: what each seat's view shows, and determinize staying consistent with it."""

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.hoard import GAME
from dragon_tui.games.hoard.data import CARDS, UNKNOWN, back

from .helpers import act, all_cards, arrange, assert_conserved, cid, filler


def _mid_game(n, seed, steps=120):
    st = GAME.new_state(n, seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if st.is_over:
            break
        st.apply(chooser.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("n", [2, 3, 4])
def test_other_hands_show_only_backs(n):
    st = _mid_game(n, 3)
    for seat in range(n):
        v = st.view(seat)
        assert v.hands[seat] == st.hands[seat]
        for other in range(n):
            if other != seat:
                assert all(c < 0 for c in v.hands[other])
                assert sorted(back(c) for c in v.hands[other]) == sorted(back(c) for c in st.hands[other])


def test_deck_field_and_discard_hidden_but_top_back_public():
    st = _mid_game(3, 5)
    v = st.view(0)
    assert all(c is None or c < 0 for c in v.field)
    assert [back(c) for c in v.field if c is not None] == [back(c) for c in st.field if c is not None]
    assert all(c < 0 for c in v.discard) and len(v.discard) == len(st.discard)
    assert all(c == UNKNOWN for c in v.deck[:-1]) and back(v.deck[-1]) == back(st.deck[-1])
    # Laid treasures and lairs are public.
    assert v.treasures == st.treasures and v.lairs == st.lairs
    # The view cannot predict the thief's pick or the next shuffle.
    assert v.rng.state != st.rng.state


def test_spectator_sees_no_hand():
    st = _mid_game(2, 8)
    v = st.view(None)
    assert all(c < 0 for h in v.hands for c in h)


def test_payment_cards_hidden_except_wild_sheep():
    jewel, wild = cid("jewel", "purple"), cid("wild", "red")
    p1, b1 = filler("purple", 1)[0], filler("blue", 1)[0]
    st = arrange(2, hands=[[jewel, wild, p1, b1, cid("shepherd", "red")], []], act=True)
    act(st, "treasure", jewel)
    act(st, "pay", wild)
    act(st, "pay", b1)
    v = st.view(1)
    assert v.pay["card"] == jewel  # the treasure being laid is shown
    assert v.pay["paid"][0] == wild and v.pay["paid"][1] < 0 and back(v.pay["paid"][1]) == back(b1)
    assert st.view(0).pay["paid"] == [wild, b1]


def test_log_never_names_a_hidden_face():
    prince = cid("prince", "blue")
    jewel = cid("jewel", "yellow")
    st = arrange(2, hands=[filler("red", 2), [prince, *filler("blue", 3, {prince})]], deck_top=[jewel])
    act(st, "draw_deck")
    assert "Jewel" not in st.log[-1] and "yellow sheep" in st.log[-1]
    # An Angry Mob discard shows only the back.
    mob = cid("mob", "red")
    st = arrange(2, hands=[[mob, *filler("red", 2), cid("coin", "red")], [prince, *filler("blue", 3, {prince})]], act=True)
    act(st, "play", mob)
    act(st, "no_battle")
    act(st, "discard", prince)
    assert "Prince" not in " ".join(st.log) and "discards a blue sheep" in st.log[-1]


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 2), (4, 3), (4, 9)])
def test_determinize_is_consistent_with_the_view(n, seed):
    st = _mid_game(n, seed)
    for seat in range(n):
        changed = False
        for k in range(5):
            d = st.determinize(seat, Rng(100 + k))
            assert_conserved(d)
            assert d.view(seat).to_json() == st.view(seat).to_json()
            assert d.hands[seat] == st.hands[seat]
            changed |= any(d.hands[o] != st.hands[o] for o in range(n) if o != seat) or d.deck != st.deck
            # The copy plays on.
            if not d.is_over:
                d.apply(d.legal_actions()[0])
        assert changed, "determinize never reshuffled the unseen cards"


def test_determinize_keeps_a_payment_in_progress_consistent():
    jewel = cid("jewel", "purple")
    p1, b1, b2 = filler("purple", 1)[0], *filler("blue", 2)
    st = arrange(2, hands=[[jewel, p1, b1, cid("wild", "red"), b2], filler("orange", 3)], act=True)
    act(st, "treasure", jewel)
    act(st, "pay", b1)
    d = st.determinize(1, Rng(4))
    assert d.view(1).to_json() == st.view(1).to_json()
    assert sorted(all_cards(d)) == list(range(len(CARDS)))


@pytest.mark.parametrize("n,seed", [(2, 4), (4, 6)])
def test_a_view_can_be_determinized_too(n, seed):
    st = _mid_game(n, seed)
    v = st.view(1)
    d = v.determinize(1, Rng(3))
    assert_conserved(d)
    assert d.view(1).to_json() == st.view(1).to_json()
