"""Phase 1: the dice, the chairs and seating, and every advisor."""

import pytest

from dragon_tui.engine import Action, IllegalAction

from .helpers import act, duel, kinds


def test_one_die_picks_the_chair_the_other_is_gold():
    s = duel(rolls=[2, 5])
    act(s, "roll")
    assert s.phase == "choose_die"
    act(s, "die", 1)  # the 5 picks chair 5, the 2 is gold
    assert s.gold[0] == 2
    assert s.phase == "seat"
    act(s, "seat", "smith")
    assert s.chairs[0][4] == "smith"


def test_doubles_serve_as_chair_and_gold_without_a_choice():
    s = duel(rolls=[4, 4])
    act(s, "roll")
    assert s.gold[0] == 4
    assert s.phase == "seat"
    act(s, "seat", "treasurer")
    assert s.chairs[0][3] == "treasurer"
    assert s.gold[0] == 7  # 4 + Treasurer's 3, acting at once


def test_newly_seated_advisor_only_sits_when_the_option_says_so():
    s = duel(rolls=[4, 4], activate_on_seating=False)
    act(s, "roll")
    act(s, "seat", "treasurer")
    assert s.gold[0] == 4
    assert s.phase == "arm"


def test_seated_advisor_is_activated_by_its_chair():
    s = duel(rolls=[3, 1])
    s.chairs[0][2] = "treasurer"
    act(s, "roll")
    act(s, "die", 0)
    assert s.gold[0] == 1 + 3


def test_only_unseated_advisors_can_take_an_empty_chair():
    s = duel(rolls=[1, 6])
    s.chairs[0][1] = "smith"
    act(s, "roll")
    act(s, "die", 0)
    offered = {a.args[0] for a in s.legal_actions() if a.kind == "seat"}
    assert offered == {"commander", "priestess", "treasurer", "summoner", "head"}
    with pytest.raises(IllegalAction):
        s.apply(Action("seat", ("smith",)))


@pytest.mark.parametrize("choice", ["shield", "sword"])
def test_commander_adds_a_shield_or_a_sword(choice):
    s = duel(rolls=[1, 2])
    s.chairs[0][0] = "commander"
    act(s, "roll")
    act(s, "die", 0)
    act(s, "commander", choice)
    assert (s.shields[0], s.swords[0]) == ((3, 2) if choice == "shield" else (2, 3))


def test_commander_offers_only_tracks_below_the_top():
    s = duel(rolls=[1, 2])
    s.chairs[0][0] = "commander"
    s.shields[0] = 5
    act(s, "roll")
    act(s, "die", 0)
    assert [a.args for a in s.legal_actions() if a.kind == "commander"] == [("sword",)]


def test_smith_token_doubles_one_purchase_for_one_price():
    s = duel(rolls=[5, 6])
    s.chairs[0][4] = "smith"
    act(s, "roll")
    act(s, "die", 0)  # chair 5, 6 gold
    act(s, "use", "smith")
    assert s.smith_token[0]
    act(s, "buy_sword", 2)
    assert s.swords[0] == 4 and s.gold[0] == 3 and not s.smith_token[0]
    assert ("buy_sword", (2,)) not in {(a.kind, a.args) for a in s.legal_actions()}


def test_smith_doubling_is_not_offered_without_room_for_two():
    s = duel(rolls=[5, 6])
    s.chairs[0][4] = "smith"
    s.shields[0] = 4
    act(s, "roll")
    act(s, "die", 0)
    act(s, "use", "smith")
    offered = {(a.kind, a.args) for a in s.legal_actions()}
    assert ("buy_shield", (1,)) in offered and ("buy_shield", (2,)) not in offered


def test_treasurer_gold_stops_at_the_top_of_the_treasury():
    s = duel(rolls=[4, 6])
    s.chairs[0][3] = "treasurer"
    s.gold[0] = 2
    act(s, "roll")
    act(s, "die", 0)  # +6 then +3, top is 7
    assert s.gold[0] == 7


def test_summoner_moves_the_dragon_one_banner_for_free():
    s = duel(rolls=[6, 1])
    s.chairs[0][5] = "summoner"
    act(s, "roll")
    act(s, "die", 0)
    act(s, "use", "summoner")
    assert s.dragon[0] == 1 and s.gold[0] == 1


def test_head_activates_another_seated_advisor():
    s = duel(rolls=[2, 1])
    s.chairs[0][1] = "head"
    s.chairs[0][3] = "treasurer"
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == "head"
    assert [a.args for a in s.legal_actions() if a.kind == "activate"] == [("treasurer",)]
    assert s.action_key(s.legal_actions()[0]) == "4"  # the chair's number picks it
    act(s, "activate", "treasurer")
    assert s.gold[0] == 4


def test_head_with_nobody_else_seated_does_nothing():
    s = duel(rolls=[2, 1])
    s.chairs[0][1] = "head"
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == "arm" and s.gold[0] == 1


def test_first_full_council_earns_one_bonus_activation():
    s = duel(rolls=[6, 6])
    s.chairs[0][:5] = ["commander", "priestess", "smith", "treasurer", "head"]
    act(s, "roll")
    act(s, "seat", "summoner")  # the summoner acts (dragon 1), then the bonus
    act(s, "use", "summoner")
    assert s.dragon[0] == 1
    assert s.phase == "head"
    act(s, "activate", "treasurer")
    assert s.gold[0] == 7 and s.bonus_taken


def test_arming_prices_and_dragon_banners():
    s = duel(rolls=[1, 1])
    s.phase, s.gold[0] = "arm", 7
    act(s, "buy_dragon")
    assert (s.dragon[0], s.gold[0]) == (1, 5)
    act(s, "buy_dragon")
    assert (s.dragon[0], s.gold[0]) == (2, 2)
    assert "buy_dragon" not in kinds(s)  # banner 3 costs 4
    with pytest.raises(IllegalAction, match="costs 4 gold and you have 2"):
        s.apply(Action("buy_dragon"))


def test_buying_a_step_costs_three_and_stops_at_five():
    s = duel()
    s.phase, s.gold[0], s.shields[0] = "arm", 7, 4
    act(s, "buy_shield", 1)
    assert (s.shields[0], s.gold[0]) == (5, 4)
    assert "buy_shield" not in kinds(s)
    with pytest.raises(IllegalAction, match="top"):
        s.apply(Action("buy_shield", (1,)))


def test_no_battle_on_the_starting_players_first_turn():
    s = duel(rolls=[1, 2])
    s.chairs[0][0] = "treasurer"
    act(s, "roll")
    act(s, "die", 0)
    done = [a for a in s.legal_actions() if a.kind == "done"][0]
    assert "end the turn" in done.describe()
    s.apply(done)
    assert s.active == 1 and s.phase == "roll"


def test_illegal_action_names_the_reason_and_changes_nothing():
    s = duel(rolls=[1, 2])
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(Action("attack"))
    assert "roll the dice" in str(info.value)
    assert s.to_json() == before
