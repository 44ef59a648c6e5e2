"""The Treasurer as the sheet words him: "besorgt sofort 3 zusätzliche Goldreserven" — no
"kann", so no question; and the log says what he really brought when the treasury is full."""

from dragon_tui.games.crowns import GAME

from .helpers import act, duel, kinds


def test_the_treasurer_brings_his_gold_at_once_without_a_question():
    s = duel(rolls=[4, 1])
    s.chairs[0][3] = "treasurer"
    act(s, "roll")
    act(s, "die", 0)
    assert s.phase == "arm" and "skip" not in kinds(s) and "use" not in kinds(s)
    assert s.gold[0] == 1 + 3
    assert s.log[-1] == "{p0}'s Treasurer brings 3 gold (4)."


def test_a_treasurer_at_the_cap_brings_nothing_and_says_so():
    s = duel(rolls=[4, 6])
    s.chairs[0][3] = "treasurer"
    s.gold[0] = 1
    act(s, "roll")
    act(s, "die", 0)  # +6 reaches the top, 7
    assert s.gold[0] == 7
    assert s.log[-2:] == ["{p0} takes chair 4 and 6 gold (7).",
                          "{p0}'s Treasurer brings nothing: gold is at its cap of 7."]


def test_a_treasurer_near_the_cap_brings_what_fits():
    s = duel(rolls=[4, 5])
    s.chairs[0][3] = "treasurer"
    act(s, "roll")
    act(s, "die", 0)  # 5 gold, then 2 of the Treasurer's 3 fit under 7
    assert s.gold[0] == 7
    assert s.log[-1] == "{p0}'s Treasurer brings 2 gold (7, the cap); the rest is lost."


def test_the_head_calling_the_treasurer_gets_the_gold_at_once():
    s = duel(rolls=[2, 1])
    s.chairs[0][1], s.chairs[0][3] = "head", "treasurer"
    act(s, "roll")
    act(s, "die", 0)
    act(s, "activate", "treasurer")
    assert s.gold[0] == 4 and s.phase == "arm"


def test_the_rules_revision_names_the_treasurer_reading():
    assert GAME.rules_revision == 3
