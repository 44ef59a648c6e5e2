"""One test per action card and per reaction, with the rulebook's Battle and Wizard examples."""

import pytest

from dragon_tui.engine import Action
from dragon_tui.games.hoard.data import back

from .helpers import act, arrange, assert_conserved, cid, filler, kinds

#: A Coin and two yellow sheep: a treasure the active player can still lay, so the turn does not
#: end by itself while a test looks at it.
KEEP = [cid("coin", "yellow"), *filler("yellow", 2)]


def test_battle_against_knight_example():
    # Chris (0) plays the Knight on Travis (1); Travis answers with a Battle. Both cards are
    # discarded, Travis is not skipped and Chris plays no other action card this turn.
    knight, thief = cid("knight", "red"), cid("thief", "red")
    battle = cid("battle", "blue")
    st = arrange(2, hands=[[knight, thief, *KEEP], [battle, *filler("orange", 3)]], act=True)
    act(st, "play", knight, 1)
    assert st.phase == "react" and st.current_player == 1
    assert st.phase_label() == "{p1}: answer {p0}'s Knight with a Battle?"
    assert {a.kind for a in st.legal_actions()} == {"battle", "no_battle"}
    act(st, "battle", battle)
    assert knight in st.discard and battle in st.discard
    assert not st.skip_next[1]
    assert st.current_player == 0 and "play" not in kinds(st) and "wizard" not in kinds(st)
    assert_conserved(st)


def test_knight_skips_next_turn_and_never_twice_in_a_row():
    knight = cid("knight", "red")
    knight2 = cid("knight", "blue")
    st = arrange(2, hands=[[knight, knight2, *KEEP], filler("orange", 3)], act=True)
    act(st, "play", knight, 1)
    act(st, "no_battle")
    assert st.skip_next[1]
    act(st, "end_turn")
    # Seat 1 is skipped: seat 0 plays again.
    assert st.active == 0 and st.skipped_last[1] and "skipped" in " ".join(st.log)
    while st.phase == "draw":
        act(st, "draw_deck")
    # Seat 1 was skipped last: the second Knight cannot target it.
    assert Action("play", (knight2, 1)) not in st.legal_actions()
    assert "skipped twice" in st.why_illegal(Action("play", (knight2, 1)))


def test_knight_on_a_player_who_already_played_again_is_allowed():
    knight = cid("knight", "red")
    st = arrange(3, hands=[[knight, *KEEP], [], []], act=True)
    st.skipped_last[2] = True
    targets = {a.args[1] for a in st.legal_actions() if a.kind == "play"}
    assert targets == {1}


def test_thief_takes_two_cards_chosen_by_colour():
    thief = cid("thief", "red")
    target = filler("purple", 2) + filler("blue", 2)
    st = arrange(2, hands=[[thief, *KEEP], target], act=True)
    act(st, "play", thief, 1)
    act(st, "no_battle")
    assert st.phase == "steal"
    assert {a.args for a in st.legal_actions()} == {("blue",), ("purple",)}
    act(st, "steal", "purple")
    act(st, "steal", "purple")
    assert sorted(st.hands[0][-2:]) == sorted(filler("purple", 2))
    assert len(st.hands[1]) == 2 and all(back(c) == 1 for c in st.hands[1])
    assert "steals a purple sheep from {p1}" in st.log[-1]
    assert st.phase == "act" and thief in st.discard
    assert_conserved(st)


def test_thief_takes_the_only_card_and_needs_a_target_with_cards():
    thief = cid("thief", "red")
    st = arrange(3, hands=[[thief, *KEEP], [], filler("blue", 1)], act=True)
    assert {a.args[1] for a in st.legal_actions() if a.kind == "play"} == {2}
    act(st, "play", thief, 2)
    act(st, "no_battle")
    act(st, "steal", "blue")
    assert st.hands[2] == [] and st.phase == "act"


def test_wizard_with_thief_example_cannot_be_stopped():
    wizard, thief = cid("wizard", "red"), cid("thief", "red")
    battle = cid("battle", "blue")
    st = arrange(2, hands=[[wizard, thief, *KEEP], [battle, *filler("orange", 3)]], act=True)
    act(st, "wizard", wizard, thief, 1)
    # No chance to answer: straight to stealing.
    assert st.phase == "steal" and st.current_player == 0
    act(st, "steal", "orange")
    act(st, "steal", "blue")
    assert battle in st.hands[0] and len(st.hands[1]) == 2
    assert wizard in st.discard and thief in st.discard
    assert "cannot be stopped" in " ".join(st.log)


def test_wizard_never_alone_nor_with_battle():
    wizard, battle = cid("wizard", "red"), cid("battle", "red")
    st = arrange(2, hands=[[wizard, battle, *KEEP], []], act=True)
    assert not {"play", "wizard"} & kinds(st)
    assert "paired" in st.why_illegal(Action("play", (wizard,)))
    assert "Battle" in st.why_illegal(Action("wizard", (wizard, battle)))


def test_shepherd_draws_two_more_from_the_deck():
    shepherd = cid("shepherd", "red")
    top = filler("purple", 2)
    st = arrange(2, hands=[[shepherd, *KEEP], filler("orange", 2)], deck_top=top, act=True)
    act(st, "play", shepherd)
    assert st.phase == "react" and st.current_player == 1  # any opponent may answer
    act(st, "no_battle")
    assert set(top) <= set(st.hands[0]) and len(st.hands[0]) == 2 + len(KEEP)
    assert_conserved(st)


def test_any_opponent_may_stop_a_shepherd_in_turn_order():
    shepherd = cid("shepherd", "red")
    battle = cid("battle", "orange")
    st = arrange(3, hands=[[shepherd, *KEEP], filler("blue", 2), [battle]], act=True)
    act(st, "play", shepherd)
    assert st.current_player == 1
    act(st, "no_battle")
    assert st.current_player == 2
    act(st, "battle", battle)
    assert len(st.hands[0]) == len(KEEP) and shepherd in st.discard and battle in st.discard


def test_angry_mob_each_opponent_discards_half_rounded_down_by_choice():
    mob = cid("mob", "red")
    five = filler("blue", 5)
    three = filler("orange", 3)
    st = arrange(3, hands=[[mob, *KEEP], five, three], act=True)
    act(st, "play", mob)
    act(st, "no_battle")
    act(st, "no_battle")
    assert st.phase == "mob" and st.current_player == 1
    assert "discard for the Angry Mob (2 more)" in st.phase_label()
    act(st, "discard", five[0])
    act(st, "discard", five[1])
    assert st.current_player == 2
    act(st, "discard", three[2])
    assert len(st.hands[1]) == 3 and len(st.hands[2]) == 2 and st.phase == "act"
    assert_conserved(st)


def test_angry_mob_asks_only_affected_players():
    mob = cid("mob", "red")
    st = arrange(3, hands=[[mob, *KEEP], filler("blue", 1), filler("orange", 2)], act=True)
    act(st, "play", mob)
    assert st.pending["ask"] == [2]


def test_battle_spares_only_its_player_by_default():
    # Rulebook: "Battle: Play a battle card to defend yourself against any negative action
    # played against you". The Angry Mob is played against every opponent ("all opponents must
    # discard half their hand"), so a Battle defends the player who plays it, not the others.
    mob = cid("mob", "red")
    battle = cid("battle", "blue")
    st = arrange(3, hands=[[mob, *KEEP], [battle, *filler("blue", 3, {battle})], filler("orange", 4)], act=True)
    act(st, "play", mob)
    act(st, "battle", battle)
    assert st.phase == "react" and st.current_player == 2  # the next opponent is still asked
    act(st, "no_battle")
    assert st.phase == "mob" and st.current_player == 2
    act(st, "discard", st.hands[2][0])
    act(st, "discard", st.hands[2][0])
    assert len(st.hands[1]) == 3 and len(st.hands[2]) == 2
    assert mob in st.discard and battle in st.discard
    # "If your action is defeated by a battle card you may not play a second action card."
    assert st.phase == "act" and "play" not in kinds(st) and "wizard" not in kinds(st)
    assert_conserved(st)


def test_battle_stops_the_whole_mob_with_option():
    mob = cid("mob", "red")
    battle = cid("battle", "blue")
    st = arrange(3, hands=[[mob, *KEEP], [battle, *filler("blue", 3, {battle})], filler("orange", 4)],
                 act=True, mob_battle="whole")
    act(st, "play", mob)
    act(st, "battle", battle)
    assert st.phase == "act" and len(st.hands[2]) == 4 and len(st.hands[1]) == 3


def test_everyone_is_asked_even_without_a_battle_unless_option():
    knight = cid("knight", "red")
    st = arrange(2, hands=[[knight, *KEEP], filler("orange", 2)], act=True)
    act(st, "play", knight, 1)
    assert st.current_player == 1 and [a.kind for a in st.legal_actions()] == ["no_battle"]
    st = arrange(2, hands=[[knight, *KEEP], filler("orange", 2)], act=True, reaction_prompt="holders")
    act(st, "play", knight, 1)
    assert st.phase == "act" and st.skip_next[1]


def test_one_action_card_per_turn_and_actions_in_any_order():
    shepherd, thief = cid("shepherd", "red"), cid("thief", "red")
    coin = KEEP[0]
    st = arrange(2, hands=[[shepherd, thief, *KEEP], filler("orange", 2)], act=True)
    act(st, "play", shepherd)
    act(st, "no_battle")
    assert "play" not in kinds(st) and "treasure" in kinds(st)  # the action card first, then a treasure
    assert "only one action card" in st.why_illegal(Action("play", (thief, 1)))
    act(st, "treasure", coin)
    act(st, "pay", KEEP[1])
    # Both actions used: the turn ended by itself.
    assert st.active == 1 and "ends" not in st.log[-1]
    st = arrange(2, hands=[[shepherd, thief, *KEEP], filler("orange", 2)], act=True)
    act(st, "treasure", coin)
    act(st, "pay", KEEP[1])
    assert "play" in kinds(st)  # the treasure first, then the action card


@pytest.mark.parametrize("kind", ["battle", "wild"])
def test_battle_and_wild_sheep_are_not_played_on_the_turn(kind):
    card = cid(kind, "red")
    st = arrange(2, hands=[[card, cid("shepherd", "blue"), *KEEP], []], act=True)
    assert not any(a.args and a.args[0] == card for a in st.legal_actions())
    assert st.why_illegal(Action("play", (card,)))
