"""Turn structure, drawing, paying, lairs, the end and scoring - with the rulebook's examples."""

import pytest

from dragon_tui.engine import Action
from dragon_tui.games.hoard import GAME
from dragon_tui.games.hoard.data import CARDS, HAND_LIMIT

from .helpers import act, arrange, assert_conserved, cid, filler, give, kinds


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_four_cards_each_four_field_seat_zero_starts(n):
    st = GAME.new_state(n, 7)
    # Seat 0 starts and is drawing; every other player holds four cards.
    assert st.active == 0 and st.phase == "draw" and st.current_player == 0
    assert all(len(st.hands[s]) == 4 for s in range(1, n))
    assert all(c is not None for c in st.field) and len(st.field) == 4
    assert len(st.deck) == 90 - 4 * n - 4
    assert_conserved(st)


@pytest.mark.parametrize("n,hand,draws", [(2, 4, 2), (2, 3, 3), (2, 0, 3), (3, 4, 3), (3, 2, 3), (4, 1, 3), (4, 6, 3)])
def test_number_of_draws(n, hand, draws):
    hands = [filler("red", hand)] + [[] for _ in range(n - 1)]
    st = arrange(n, hands=hands)
    assert st.draws_left == draws


def test_field_draw_example_after_draw_refill():
    # Chris takes the purple sheep from the field, then the purple from the top of the deck as his
    # second card; then the blue from the deck top goes into the empty field space.
    purple_field, purple_top, blue_next = filler("purple", 2) + filler("blue", 1)
    field = [purple_field] + filler("red", 3)
    st = arrange(2, hands=[filler("yellow", 4), filler("orange", 4)], field=field,
                 deck_top=[purple_top, blue_next], field_refill="after_draw")
    act(st, "draw_field", 0)
    assert st.field[0] is None
    act(st, "draw_deck")
    assert purple_field in st.hands[0] and purple_top in st.hands[0]
    assert st.field[0] == blue_next and st.phase == "act"
    assert_conserved(st)


def test_field_refilled_at_once_by_default():
    a, b = filler("purple", 2)
    st = arrange(2, hands=[filler("yellow", 4), []], field=[a] + filler("red", 3), deck_top=[b])
    act(st, "draw_field", 0)
    assert st.field[0] == b and st.draws_left == 1


def test_draw_mix_deck_and_field_and_labels():
    st = arrange(2, hands=[filler("yellow", 4), []])
    labels = [a.describe() for a in st.legal_actions()]
    assert labels[0].startswith("Draw from the deck")
    assert sum("field slot" in l for l in labels) == 4


def test_empty_deck_reshuffles_discards():
    st = arrange(2, hands=[filler("yellow", 4), []])
    st.discard, st.deck = st.deck[:-1], st.deck[-1:]
    act(st, "draw_deck")
    assert st.deck == [] and st.discard
    act(st, "draw_deck")
    assert st.discard == [] and len(st.deck) > 0
    assert "shuffled" in " ".join(st.log)
    assert_conserved(st)


def test_jewel_payment_example_two_purple_one_any():
    jewel = cid("jewel", "purple")
    p1, p2 = filler("purple", 2)
    blue = filler("blue", 1)[0]
    st = arrange(2, hands=[[jewel, p1, p2, blue], []], act=True)
    act(st, "treasure", jewel)
    assert st.phase == "pay" and (st.pay["own"], st.pay["any"]) == (2, 1)
    assert "2 purple and 1 of any colour still owed" in st.phase_label()
    act(st, "pay", blue)
    act(st, "pay", p1)
    assert {a.args[0] for a in st.legal_actions()} == {p2}
    act(st, "pay", p2)
    assert st.treasures[0] == [jewel] and st.hands[0] == [] and st.pay is None
    assert st.scores()[0] == 3
    assert_conserved(st)


def test_unaffordable_treasure_not_offered():
    jewel = cid("jewel", "purple")
    st = arrange(2, hands=[[jewel, *filler("purple", 1), *filler("blue", 2)], []], act=True)
    assert Action("treasure", (jewel,)) not in st.legal_actions()


def test_wild_sheep_pays_as_any_colour_and_is_no_action():
    jewel = cid("jewel", "purple")
    wild = cid("wild", "red")
    p1 = filler("purple", 1)[0]
    orange = filler("orange", 1)[0]
    thief = cid("thief", "blue")
    st = arrange(2, hands=[[jewel, wild, p1, orange, thief], filler("red", 3)], act=True)
    act(st, "treasure", jewel)
    act(st, "pay", wild)  # stands in for the second purple
    act(st, "pay", p1)
    act(st, "pay", orange)
    assert st.treasures[0] == [jewel]
    # Spending the wild sheep used no action: the action card is still playable.
    assert not st.used_action and "play" in kinds(st)
    assert "a Wild Sheep" in st.log[-3]  # paid first, named as it is paid


def test_payment_never_gets_stuck():
    # Offering an off-colour card for "any" first must keep enough purple for the rest.
    jewel = cid("jewel", "purple")
    p1, p2 = filler("purple", 2)
    b1, b2 = filler("blue", 2)
    st = arrange(2, hands=[[jewel, p1, p2, b1, b2], []], act=True)
    act(st, "treasure", jewel)
    act(st, "pay", b1)
    assert b2 not in {a.args[0] for a in st.legal_actions()}


def test_lair_is_free_and_excludes_a_treasure_that_turn():
    lair = cid("lair", "purple")
    coin = cid("coin", "purple")
    p = filler("purple", 2)
    shepherd = cid("shepherd", "red")
    st = arrange(2, hands=[[lair, coin, shepherd, *p], []], act=True)
    act(st, "treasure", lair)
    assert st.lairs[0] == [lair] and st.used_treasure
    assert "treasure" not in kinds(st)


def test_no_two_lairs_of_one_colour():
    st = arrange(2, hands=[[cid("lair", "red", 1), cid("lair", "blue")], []],
                 lairs=[[cid("lair", "red")], []], act=True)
    offered = {a.args[0] for a in st.legal_actions() if a.kind == "treasure"}
    assert offered == {cid("lair", "blue")}


@pytest.mark.parametrize("n,limit", [(3, 3), (4, 2)])
def test_lair_limits(n, limit):
    colours = ["red", "blue", "yellow", "purple"]
    have = [cid("lair", c) for c in colours[:limit]]
    new = cid("lair", "orange")
    hands = [[new]] + [[] for _ in range(n - 1)]
    lairs = [have] + [[] for _ in range(n - 1)]
    st = arrange(n, hands=hands, lairs=lairs, act=True)
    assert st.phase != "act" or Action("treasure", (new,)) not in st.legal_actions()
    assert f"only {limit} lairs" in st.why_illegal(Action("treasure", (new,)))


def test_lair_bonus_example_seven_plus_three():
    st = arrange(2, treasures=[[cid("jewel", "purple"), cid("ring", "purple"), cid("harp", "orange")], []],
                 lairs=[[cid("lair", "purple")], []])
    assert st.score_breakdown()[0] == {"Treasures": 7.0, "Lair bonus": 3.0}
    assert st.scores()[0] == 10


@pytest.mark.parametrize("count,bonus", [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (5, 10)])
def test_lair_bonus_calculator(count, bonus):
    red = [c.id for c in CARDS if c.colour_name == "red" and c.is_treasure and c.kind != "lair"][:count]
    st = arrange(2, treasures=[red, []], lairs=[[cid("lair", "red")], []])
    assert st.lair_points(0) == bonus
    # Without a lair there is no bonus, but the treasures still score.
    st.lairs[0] = []
    assert st.lair_points(0) == 0 and st.treasure_points(0) == sum(CARDS[c].vp for c in red)


def test_hand_limit_player_chooses_discards():
    hand = filler("red", 5) + filler("blue", 5) + filler("yellow", 2)
    st = arrange(2, hands=[hand, []], act=True)
    act(st, "end_turn")
    assert st.phase == "limit" and "discard down to ten (2 more)" in st.phase_label()
    act(st, "discard", hand[0])
    act(st, "discard", hand[1])
    assert len(st.hands[0]) == HAND_LIMIT and st.active == 1


def _ready_to_end(st, seat, count):
    st.treasures[seat] = [c.id for c in CARDS if c.is_treasure and c.kind != "lair"][:count - 1]


def _lay_coin(st):
    """Lay an orange Coin, keeping a Shepherd in hand so the turn does not end by itself."""
    coin, orange, shepherd = cid("coin", "orange"), filler("orange", 1)[0], cid("shepherd", "orange")
    give(st, st.active, [coin, orange, shepherd])
    st.draws_left, st.phase = 0, "act"
    act(st, "treasure", coin)
    act(st, "pay", orange)


def test_three_player_end_of_round_example():
    # Chris (0), Nathanael (1), Travis (2): Nathanael lays his tenth treasure; Travis plays one
    # more turn, Chris does not.
    st = arrange(3, hands=[[], [], []], act=True)
    act(st, "end_turn")
    assert st.active == 1
    _ready_to_end(st, 1, 10)
    _lay_coin(st)
    assert len(st.treasures[1]) == 10 and st.last_round
    act(st, "end_turn")
    assert st.active == 2 and not st.is_over
    while st.current_player == 2:
        st.apply(Action("end_turn") if st.phase == "act" else st.legal_actions()[0])
    assert st.is_over and st.current_player is None and st.legal_actions() == []


def test_three_player_goal_option_nine():
    st = arrange(3, act=True, three_player_goal=9)
    _ready_to_end(st, 0, 9)
    _lay_coin(st)
    assert st.last_round


def test_four_players_end_at_eight_and_lairs_do_not_count():
    st = arrange(4, act=True)
    _ready_to_end(st, 0, 8)
    st.lairs[0] = [cid("lair", "red")]
    st.treasures[0] = st.treasures[0][:6]
    _lay_coin(st)
    assert not st.last_round  # seven treasures and a lair
    st = arrange(4, act=True)
    _ready_to_end(st, 0, 8)
    _lay_coin(st)
    assert st.last_round


def test_two_players_end_at_ten_after_last_seat():
    st = arrange(2, act=True, turn=1)
    _ready_to_end(st, 1, 10)
    _lay_coin(st)
    act(st, "end_turn")
    assert st.is_over  # the last seat ends the round


def test_tie_broken_by_most_treasures_then_shared():
    st = arrange(2, treasures=[[cid("jewel", "red")], [cid("coin", "red"), cid("harp", "blue")]])
    st.over = True
    assert st.scores() == [3.0, 3.0] and st.winners() == [1]
    st.treasures = [[cid("jewel", "red")], [cid("jewel", "blue")]]
    assert st.winners() == [0, 1]


def test_stalled_game_ends():
    st = arrange(2, hands=[[], []])
    st.deck, st.discard, st.field = [], [], [None] * 4
    # Cards must go somewhere for conservation: treasures laid already.
    st._start_turn()
    assert st.is_over and "no card drawn or played" in st.log[-2]


def test_turn_ends_by_itself_when_nothing_is_left():
    st = arrange(2, hands=[[], filler("red", 3)])
    act(st, "draw_deck") if st.deck[-1] is not None else None
    while st.active == 0 and st.phase == "draw":
        act(st, "draw_deck")
    # Nothing drawn was playable or it was: either way an act phase always offers end_turn.
    assert st.active == 1 or "end_turn" in kinds(st)


def test_board_helpers_lairs_and_actions_left():
    purple = [cid(k, "purple") for k in ("jewel", "ring", "coin", "harp", "chest")]
    st = arrange(2, hands=[[cid("shepherd", "red")], filler("blue", 2)],
                 treasures=[[*purple, cid("harp", "orange")], []], lairs=[[cid("lair", "purple")], []], act=True)
    (holding,) = st.lair_holdings(0)
    assert holding["colour"] == "purple" and holding["treasures"] == purple[:4]
    assert st.loose_treasures(0) == [purple[4], cid("harp", "orange")]
    assert st.lair_points(0) == 10
    assert st.actions_left() == ["action card", "treasure"]
    act(st, "play", cid("shepherd", "red"))
    act(st, "no_battle")
    assert st.active == 1 or st.actions_left() == ["treasure"]
