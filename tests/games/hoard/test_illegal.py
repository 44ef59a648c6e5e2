"""Illegal actions: refused with a reason a player can read, and nothing changes."""

import pytest

from dragon_tui.engine import Action, IllegalAction

from .helpers import arrange, cid, filler, snapshot

KEEP = [cid("coin", "yellow"), *filler("yellow", 2)]


def refused(st, action: Action, words: str) -> None:
    before = snapshot(st)
    with pytest.raises(IllegalAction) as info:
        st.apply(action)
    assert words in str(info.value)
    assert snapshot(st) == before


def test_acting_before_drawing():
    st = arrange(2, hands=[[cid("shepherd", "red"), *KEEP], []])
    refused(st, Action("play", (cid("shepherd", "red"),)), "Draw first")


def test_card_not_in_hand():
    st = arrange(2, hands=[KEEP, []], act=True)
    refused(st, Action("treasure", (cid("jewel", "blue"),)), "not in your hand")


def test_unaffordable_treasure_says_the_cost():
    jewel = cid("jewel", "purple")
    st = arrange(2, hands=[[jewel, *KEEP], []], act=True)
    refused(st, Action("treasure", (jewel,)), "costs 2 purple + 1 any")


def test_second_treasure_in_a_turn():
    coin, lair = KEEP[0], cid("lair", "red")
    st = arrange(2, hands=[[lair, cid("shepherd", "red"), *KEEP], []], act=True)
    st.apply(Action("treasure", (lair,)))
    refused(st, Action("treasure", (coin,)), "already played a treasure or lair")


def test_second_lair_of_a_colour():
    lair2 = cid("lair", "red", 1)
    st = arrange(2, hands=[[lair2, *KEEP], []], lairs=[[cid("lair", "red")], []], act=True)
    refused(st, Action("treasure", (lair2,)), "never two lairs of one colour")


def test_battle_on_own_turn():
    battle = cid("battle", "red")
    st = arrange(2, hands=[[battle, *KEEP], []], act=True)
    refused(st, Action("battle", (battle,)), "only in answer")
    refused(st, Action("play", (battle,)), "only in answer")


def test_wild_sheep_is_not_played():
    wild = cid("wild", "red")
    st = arrange(2, hands=[[wild, *KEEP], []], act=True)
    refused(st, Action("play", (wild,)), "spend it as any colour")


def test_thief_on_self_or_without_target():
    thief = cid("thief", "red")
    st = arrange(2, hands=[[thief, *KEEP], filler("blue", 2)], act=True)
    refused(st, Action("play", (thief, 0)), "target")
    refused(st, Action("play", (thief,)), "target")


def test_paying_with_a_useless_card():
    jewel = cid("jewel", "purple")
    p1, p2 = filler("purple", 2)
    b1 = filler("blue", 1)[0]
    st = arrange(2, hands=[[jewel, p1, p2, b1, *KEEP], []], act=True)
    st.apply(Action("treasure", (jewel,)))
    st.apply(Action("pay", (b1,)))
    refused(st, Action("pay", (KEEP[1],)), "still owed 2 purple")
    refused(st, Action("end_turn"), "Not yet")


def test_acting_after_the_game_is_over():
    st = arrange(2, hands=[KEEP, []], act=True)
    st._finish()
    refused(st, Action("end_turn"), "over")


def test_garbage_actions_always_refused_cleanly():
    from dragon_tui.engine import Rng

    from .test_views import _mid_game

    kinds_ = ["play", "wizard", "treasure", "pay", "discard", "battle", "no_battle", "steal", "draw_field",
              "draw_deck", "end_turn", "bogus"]
    values = [-7, -1, 0, 1, 3, 5, 89, 90, 1000, "red", "mauve", ""]
    rng = Rng(5)
    for n, seed in [(2, 11), (3, 12), (4, 13)]:
        st = _mid_game(n, seed, steps=60 + seed)
        legal = st.legal_actions()
        for _ in range(300):
            args = tuple(rng.choice(values) for _ in range(rng.randint(0, 3)))
            action = Action(rng.choice(kinds_), args)
            if action in legal:
                continue
            before = snapshot(st)
            with pytest.raises(IllegalAction) as info:
                st.apply(action)
            assert str(info.value).strip()
            assert snapshot(st) == before
