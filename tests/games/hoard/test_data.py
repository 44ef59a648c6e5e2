"""The card list against the rulebook's counts and its one published cost."""

from collections import Counter

from dragon_tui.games.hoard.data import CARDS, COLOURS, LAIR_BONUS, TREASURES, back, hidden, kind, UNKNOWN


def test_ninety_sheep_backed_cards_forty_actions_fifty_treasures():
    assert len(CARDS) == 90
    assert sum(c.is_action for c in CARDS) == 40
    assert sum(c.is_treasure for c in CARDS) == 50


def test_rulebook_counts_per_kind_and_colour():
    by_kind = Counter(c.kind for c in CARDS)
    assert by_kind == {
        "battle": 10, "wizard": 5, "mob": 5, "knight": 5, "thief": 5, "shepherd": 5, "wild": 5,
        "lair": 10, "damsel": 3, "prince": 2, "tree": 5, "kings": 5, "chest": 5, "jewel": 5,
        "harp": 5, "ring": 5, "coin": 5,
    }
    for k in ("battle", "lair"):
        assert Counter(c.colour for c in CARDS if c.kind == k) == {i: 2 for i in range(5)}
    for k in ("wizard", "mob", "knight", "thief", "shepherd", "wild", "tree", "kings", "chest", "jewel", "harp", "ring", "coin"):
        assert sorted(c.colour for c in CARDS if c.kind == k) == [0, 1, 2, 3, 4]
    # The three Damsels and two Princes are all in different colours.
    assert sorted(c.colour for c in CARDS if c.kind in ("damsel", "prince")) == [0, 1, 2, 3, 4]


def test_five_colours_eighteen_backs_each():
    assert COLOURS == ("red", "blue", "yellow", "purple", "orange")
    assert Counter(c.colour for c in CARDS) == {i: 18 for i in range(5)}


def test_jewel_costs_two_of_its_colour_and_one_wild():
    for c in CARDS:
        if c.kind == "jewel":
            assert (c.own, c.any) == (2, 1)


def test_every_treasure_but_the_lair_costs_and_scores():
    for c in CARDS:
        if c.is_treasure and c.kind != "lair":
            assert c.own >= 1 and c.vp >= 1
    assert TREASURES["lair"][1:] == (0, 0, 0)


def test_lair_bonus_table():
    # One, two, three, four treasures in a lair of their colour: 1, 3, 6, 10.
    assert LAIR_BONUS[1:] == (1, 3, 6, 10)


def test_placeholders_keep_only_the_back():
    for c in CARDS:
        assert back(hidden(c.colour)) == c.colour
        assert kind(hidden(c.colour)) == "hidden"
    assert back(UNKNOWN) is None
