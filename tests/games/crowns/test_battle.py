"""Phase 3 (battle), the church, the dragon, gems, the crown and cross, and the win."""

import pytest

from dragon_tui.engine import Action, IllegalAction

from .helpers import act, duel, kinds


def at_battle(duel, rolls, **options):
    """Seat 0 on turn 3, armed and ready to attack."""
    s = duel(rolls=rolls, **options)
    s.turn, s.phase = 3, "battle"
    return s


def test_tie_does_nothing():
    s = at_battle(duel, [4, 4])
    before = (s.swords[:], s.shields[:], s.gems_won[:])
    act(s, "attack")
    assert (s.swords, s.shields, s.gems_won) == before
    assert s.active == 1 and s.phase == "roll"


def test_defender_win_costs_the_attacker_the_difference_in_sword_steps():
    s = at_battle(duel, [2, 3])
    s.swords[0] = 3
    act(s, "attack")
    assert s.current_player == 0 and s.phase == "reroll"  # the loser decides
    act(s, "accept")
    assert s.swords[0] == 2 and s.active == 1


def test_defender_win_never_drives_swords_below_zero():
    s = at_battle(duel, [1, 6])
    s.swords[0] = 2
    act(s, "attack")
    act(s, "accept")
    assert s.swords[0] == 0


def test_attacker_win_trades_up_to_the_difference():
    s = at_battle(duel, [5, 2])
    s.swords[0], s.shields[1] = 4, 4
    act(s, "attack")
    assert s.current_player == 1  # the defender lost the roll: an out-of-turn decision
    act(s, "accept")
    assert s.phase == "breach" and s.current_player == 0
    assert sorted(a.args[0] for a in s.legal_actions() if a.kind == "breach") == [0, 1, 2, 3]
    act(s, "breach", 2)
    assert (s.swords[0], s.shields[1]) == (2, 2) and s.gems_won[0] == 0


def test_breach_is_capped_by_swords_and_shields():
    s = at_battle(duel, [6, 1])
    s.swords[0], s.shields[1] = 2, 1
    act(s, "attack")
    act(s, "accept")
    assert max(a.args[0] for a in s.legal_actions() if a.kind == "breach") == 1


def test_breaking_the_last_shield_takes_a_gem_the_crown_and_gives_the_cross():
    s = at_battle(duel, [6, 3])
    s.swords[0], s.shields[1] = 3, 2
    act(s, "attack")
    act(s, "accept")
    act(s, "breach", 2)
    assert s.gems_won[0] == 1 and s.gems_held[1] == 2
    assert s.crown_holder == 0 and s.cross_holder == 1


def test_win_against_a_castle_without_shields_takes_a_gem_at_once():
    s = at_battle(duel, [3, 2])
    s.shields[1] = 0
    act(s, "attack")
    act(s, "accept")
    assert s.gems_won[0] == 1 and s.swords[0] == 2


def test_rerolls_cost_one_then_two_then_three():
    s = at_battle(duel, [1, 5, 2, 3, 4])
    s.gold[0] = 7
    act(s, "attack")  # 1 v 5
    act(s, "reroll")  # pays 1: 2 v 5
    act(s, "reroll")  # pays 2: 3 v 5
    assert s.gold[0] == 4
    assert "3 gold" in [a for a in s.legal_actions() if a.kind == "reroll"][0].describe()
    act(s, "reroll")  # pays 3: 4 v 5
    assert s.gold[0] == 1
    assert "reroll" not in kinds(s)  # 4 gold needed: broke
    with pytest.raises(IllegalAction, match="costs 4 gold"):
        s.apply(Action("reroll"))


def test_reroll_can_turn_the_battle_and_the_other_side_may_answer():
    s = at_battle(duel, [2, 4, 6, 5])
    s.gold = [3, 3]
    act(s, "attack")  # 2 v 4: attacker loses
    act(s, "reroll")  # 6 v 4: now the defender loses
    assert s.current_player == 1
    act(s, "reroll")  # defender's first re-roll costs 1: 6 v 5
    assert s.gold == [2, 2]
    assert s.current_player == 1


def test_reroll_prices_start_again_each_battle():
    s = at_battle(duel, [1, 5])
    s.gold[0] = 7
    act(s, "attack")
    assert "1 gold" in [a for a in s.legal_actions() if a.kind == "reroll"][0].describe()


def test_church_harms_per_sheet():
    s = duel(rolls=[2, 1, 2, 1])
    s.chairs[0][1] = "priestess"
    s.gold[1], s.shields[1], s.swords[1] = 5, 2, 2
    act(s, "roll")
    act(s, "die", 0)
    assert {a.args[0] for a in s.legal_actions() if a.kind == "harm"} == {"gold", "shield", "sword"}
    act(s, "harm", "shield")
    assert s.shields[1] == 1
    # Her next activation must choose differently.
    s.phase = "roll"
    act(s, "roll")
    act(s, "die", 0)
    assert {a.args[0] for a in s.legal_actions() if a.kind == "harm"} == {"gold", "sword"}
    with pytest.raises(IllegalAction, match="different harm"):
        s.apply(Action("harm", ("shield",)))
    act(s, "harm", "gold")
    assert s.gold[1] == -1


def test_church_harms_of_the_digital_edition():
    s = duel(rolls=[2, 1], church="digital", gold_harm="minus_one")
    s.chairs[0][1] = "priestess"
    s.dragon[1], s.gold[1] = 3, 4
    act(s, "roll")
    act(s, "die", 0)
    assert {a.args[0] for a in s.legal_actions() if a.kind == "harm"} == {"gold_less", "sword", "dragon"}
    act(s, "harm", "dragon")
    assert s.dragon[1] == 2
    s2 = duel(rolls=[2, 1], gold_harm="minus_one")
    s2.chairs[0][1] = "priestess"
    s2.gold[1] = 4
    act(s2, "roll")
    act(s2, "die", 0)
    act(s2, "harm", "gold_less")
    assert s2.gold[1] == 3


def test_sword_harm_and_cross_in_any_own_phase():
    s = duel()
    s.cross_holder = 0
    act(s, "cross")
    assert s.phase == "priestess" and s.cross_holder is None
    act(s, "harm", "sword")
    assert s.swords[1] == 1 and s.phase == "roll"


def test_crown_is_cashed_for_three_gold_in_own_turn_and_in_a_dispute():
    s = duel()
    s.crown_holder = 1
    assert "crown" not in kinds(s)
    s.crown_holder, s.gold[0] = 0, 1
    act(s, "crown")
    assert s.gold[0] == 4 and s.crown_holder is None
    d = at_battle(duel, [2, 5])
    d.crown_holder = 0
    act(d, "attack")
    assert "crown" in kinds(d)


def test_dragon_field_burns_up_to_four_shields_and_returns():
    s = duel()
    s.phase, s.gold[0], s.dragon[0], s.shields[1] = "arm", 7, 4, 5
    act(s, "buy_dragon")  # 6 gold for the field
    assert s.phase == "dragon" and s.dragon[0] == 0
    assert [a.args[0] for a in s.legal_actions() if a.kind == "burn"] == [4, 3, 2, 1, 0]
    act(s, "burn", 4)
    assert s.shields[1] == 1 and s.gems_won[0] == 0 and s.phase == "arm"


def test_dragon_leaving_no_shield_takes_a_gem_and_by_default_the_tokens():
    s = duel(rolls=[6, 1])
    s.chairs[0][5] = "summoner"
    s.dragon[0], s.shields[1] = 4, 3
    act(s, "roll")
    act(s, "die", 0)
    act(s, "use", "summoner")
    act(s, "burn", 3)
    assert s.shields[1] == 0 and s.gems_won[0] == 1
    assert s.crown_holder == 0 and s.cross_holder == 1


def test_captured_gems_lock_the_winners_treasury():
    s = at_battle(duel, [6, 1])
    s.gold[0], s.shields[1] = 7, 0
    act(s, "attack")
    act(s, "accept")
    assert s.max_gold(0) == 6 and s.gold[0] == 6 and s.max_gold(1) == 7


def test_captured_gems_lock_the_losers_treasury_in_that_variant():
    s = at_battle(duel, [6, 1], gem_lock="loser")
    s.gold[1], s.shields[1] = 7, 0
    act(s, "attack")
    act(s, "accept")
    assert s.max_gold(1) == 6 and s.gold[1] == 6 and s.max_gold(0) == 7


def test_second_gem_locks_six_as_well():
    s = at_battle(duel, [6, 1])
    s.gems_won[0], s.gems_held[1], s.shields[1] = 1, 2, 0
    act(s, "attack")
    act(s, "accept")
    assert s.max_gold(0) == 5


def test_third_gem_wins_the_throne():
    s = at_battle(duel, [6, 1])
    s.gems_won[0], s.gems_held[1], s.shields[1] = 2, 1, 0
    act(s, "attack")
    act(s, "accept")
    assert s.is_over and s.winners() == [0] and s.current_player is None
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Action("roll"))
