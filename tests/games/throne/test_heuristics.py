"""The greedy bot's evaluation: finite everywhere, and it sees what a move is worth."""

import math

from dragon_tui.engine import Rng
from dragon_tui.games.throne import GAME
from dragon_tui.games.throne.data import ELF, ROYAL, card_by_name
from dragon_tui.games.throne.heuristics import evaluate

from .helpers import at_main, new, put, set_res


def greedy(state, seat, rng):
    det = state.determinize(seat, rng)
    best, best_value = None, None
    for action in det.legal_actions():
        nxt = det.clone()
        nxt.apply(action)
        value = evaluate(nxt, seat)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def test_evaluate_is_finite_along_a_game():
    s = GAME.new_state(3, 60)
    rng = Rng(1)
    for _ in range(300):
        if s.is_over:
            break
        for seat in range(3):
            assert math.isfinite(evaluate(s, seat))
        s.apply(rng.choice(s.legal_actions()))


def test_greedy_deploys_to_take_control():
    s = new(2, 61)
    at_main(s, 0)
    gi = ELF * 6 + ROYAL
    s.supporters[gi][0] = 1
    s.supply[0] -= 1
    pine = card_by_name("Pine Dragon")
    put(s, pine, s.hand[0])
    set_res(s, 0, 0, 0, 2)
    rng = Rng(2)
    first = greedy(s, 0, rng)
    assert first.kind == "deploy" and first.args == (pine,)
    s.apply(first)
    second = greedy(s, 0, rng)
    assert second.kind == "deploy_to"
    s.apply(second)
    assert s.controller(second.args[0]) == 0


def test_greedy_plays_legal_moves_from_the_start():
    s = GAME.new_state(4, 62)
    rng = Rng(3)
    for _ in range(60):
        if s.is_over:
            break
        seat = s.current_player
        action = greedy(s, seat, rng)
        assert action in s.legal_actions()
        s.apply(action)
