"""The greedy bot's heuristic: sensible single decisions, and it beats random play."""

import pytest

from dragon_tui.ai import GreedyAgent, RandomAgent
from dragon_tui.games.hoard import GAME, evaluate
from dragon_tui.games.hoard.data import CARDS

from .helpers import act, arrange, cid, filler


def _best(st, seat):
    return GreedyAgent(evaluate, 1).choose(st.clone(), seat)


def test_lays_the_best_treasure_it_can_pay():
    coin, tree = cid("coin", "purple"), cid("tree", "purple")
    st = arrange(2, hands=[[coin, tree, *filler("purple", 3, {tree}), *filler("red", 2)], filler("blue", 3)], act=True)
    offered = [a.args[0] for a in st.legal_actions() if a.kind == "treasure"]
    assert coin in offered and tree in offered
    choice = _best(st, 0)
    assert choice.kind == "treasure"
    assert CARDS[choice.args[0]].vp == max(CARDS[c].vp for c in offered)


def test_answers_a_knight_with_a_battle():
    knight, battle = cid("knight", "red"), cid("battle", "blue")
    st = arrange(2, hands=[[knight, cid("coin", "red"), *filler("red", 2)], [battle, *filler("orange", 3)]], act=True)
    act(st, "play", knight, 1)
    assert _best(st, 1).kind == "battle"


def test_spends_cheap_cards_before_a_battle():
    jewel, battle = cid("jewel", "blue"), cid("battle", "blue")
    b1, b2 = cid("coin", "blue"), cid("harp", "blue")
    st = arrange(2, hands=[[jewel, battle, b1, b2, cid("coin", "red")], filler("orange", 3)], act=True)
    act(st, "treasure", jewel)
    for _ in range(3):
        choice = _best(st, 0)
        assert choice.args[0] != battle
        st.apply(choice)
    assert battle in st.hands[0]


def test_evaluate_rates_a_finished_win_above_everything():
    st = arrange(2, treasures=[[cid("jewel", "red")], []])
    st._finish()
    assert evaluate(st, 0) > 500 > evaluate(st, 1)


@pytest.mark.slow
def test_greedy_beats_random():
    wins = 0
    for seed in range(6):
        st = GAME.new_state(2, seed)
        agents = [GreedyAgent(evaluate, seed), RandomAgent(seed)]
        if seed % 2:
            agents.reverse()
        greedy_seat = seed % 2
        while not st.is_over:
            seat = st.current_player
            st.apply(agents[seat].choose(st.clone(), seat))
        wins += greedy_seat in st.winners()
    assert wins >= 5
