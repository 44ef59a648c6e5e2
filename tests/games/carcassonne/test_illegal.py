"""Illegal actions: a readable reason, and the state left exactly as it was."""

import json

import pytest

from dragon_tui.engine import Action, IllegalAction, Rng
from dragon_tui.games.carcassonne import GAME, evaluate

from .helpers import fresh, hand, meeple, put


def refused(s, action, reason):
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert reason in str(info.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_tile_placement_reasons():
    s = fresh()
    put(s, "BA-E", 0, 0)
    hand(s, "BA-U", seat=0)
    refused(s, Action("place", (0, -1, 0)), "The edges do not match")
    refused(s, Action("place", (5, 5, 0)), "must share an edge")
    refused(s, Action("place", (0, 0, 0)), "already a tile there")
    refused(s, Action("place", (0, 1, 7)), "rotation from 0 to 3")
    refused(s, Action("meeple", (0, 0, 0)), "must place the tile in hand")


def test_any_rotation_of_a_symmetric_tile_is_accepted():
    s = fresh()
    put(s, "BA-E", 0, 0)
    hand(s, "BA-U", seat=0)
    offered = [a.args for a in s.legal_actions()]
    assert (1, 0, 3) not in offered and (1, 0, 1) in offered
    s.apply(Action("place", (1, 0, 3)))     # the straight road turned 180° looks the same
    assert s.board["1,0"][1] == 1


def test_meeple_reasons():
    s = fresh()
    put(s, "BA-E", 0, 0)
    meeple(s, 1, 0, 0, 0)
    hand(s, "BA-N", seat=0)
    s.apply(Action("place", (0, -1, 3)))        # corner city N+E turned: joins Blue's city
    assert s.phase == "figure"
    refused(s, Action("meeple", (0, -1, 0)), "That city is already occupied")
    refused(s, Action("meeple", (0, 0, 1)), "the tile you just placed")
    refused(s, Action("meeple", (0, -1, 9)), "no such meeple spot")
    refused(s, Action("dragon", ("N",)), "place a meeple or pass")
    s.supply[0] = 0
    refused(s, Action("meeple", (0, -1, 1)), "no meeples left")


def test_dragon_reasons():
    s = fresh(2)
    for x in range(3):
        put(s, "BA-B", x, 0)
    put(s, "BA-B", 1, 1)
    put(s, "BA-B", 2, 1)
    s.dragon = "1,0"
    meeple(s, 1, 1, 1, 0)
    s.fairy = {"pos": "1,1", "seat": 1, "idx": 0}
    hand(s, "PD-07", seat=0)
    s.apply(Action("place", (1, -1, 0)))
    assert s.phase == "dragon"
    refused(s, Action("dragon", ("S",)), "The fairy protects that tile")
    s.apply(Action("dragon", ("E",)))
    assert s.current_player == 1
    refused(s, Action("dragon", ("W",)), "already visited")
    refused(s, Action("dragon", ("E",)), "only move onto a tile")
    refused(s, Action("dragon", ("Q",)), "N, E, S or W")


def test_view_hides_the_bag_order_and_determinize_reshuffles_it():
    s = GAME.new_state(3, 5)
    v = s.view(1)
    assert v.bag == sorted(s.bag) and sorted(v.bag) == sorted(s.bag)
    assert v.board == s.board and v.tile == s.tile
    assert v.rng.state == 0 and v.info_epoch == s.info_epoch
    d = s.determinize(1, Rng(9))
    assert sorted(d.bag) == sorted(s.bag) and d.bag != s.bag
    assert d.board == s.board and d.tile == s.tile and d.meeples == s.meeples


def test_json_native_state():
    s = GAME.new_state(4, 3)
    rng = Rng(3)
    for _ in range(120):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))

    def native(v):
        if isinstance(v, dict):
            return all(isinstance(k, str) and native(x) for k, x in v.items())
        if isinstance(v, list):
            return all(native(x) for x in v)
        return v is None or isinstance(v, (int, str, bool, float))

    data = s.to_json()["data"]
    bad = [k for k, v in data.items() if not native(v)]
    assert not bad


def test_heuristic_and_labels():
    s = GAME.new_state(2, 11)
    assert isinstance(evaluate(s, 0), float)
    assert all(a.label for a in s.legal_actions())
    assert s.phase_label().startswith("{p0}: place the ")
    assert s.score_breakdown()[0] == {"Roads": 0, "Cities": 0, "Monasteries": 0, "Farms": 0, "Fairy": 0}
    assert "Carcassonne" in GAME.help_markdown()


def test_greedy_bot_beats_random():
    from dragon_tui.ai.agents import GreedyAgent, RandomAgent

    s = GAME.new_state(2, 3)
    bots = [GreedyAgent(evaluate, 1), RandomAgent(2)]
    while not s.is_over:
        seat = s.current_player
        s.apply(bots[seat].choose(s, seat))
    assert s.scores()[0] > s.scores()[1]
