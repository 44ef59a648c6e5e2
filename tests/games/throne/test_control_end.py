"""Control and its rewards, Parliament, the two-player rules, the game end and end scoring."""

import pytest

from dragon_tui.engine import Action, IllegalAction
from dragon_tui.games.throne.data import (
    ELF,
    GOBLIN,
    HAWA,
    HUMAN,
    KAYU,
    MAJI,
    SOLDIER,
    TROLL,
    DWARF,
    USIKU,
    VUUR,
    ZEME,
    card_by_name,
)
from dragon_tui.games.throne.scoring import majority

from .helpers import act, at_main, check_invariants, new, put


def place(s, seat, gi, count=1):
    s.supporters[gi][seat] += count
    s.supply[seat] -= count
    if s.supply[seat] < 0:
        s.reserve[seat] += s.supply[seat]
        s.supply[seat] = 0


def clear_kg(s, gi):
    s.guards_spent += s.guards[gi]
    s.guards[gi] = 0


def a_gather(s):
    from dragon_tui.games.throne.data import card

    c = next(c for c in s.hand[s.active] if card(c).kind != "favor" and not card(c).is_dragon)
    act(s, "gather", c)


def test_control_needs_more_than_kings_guards_and_every_player():
    s = new(3, 40)
    gi = 7
    place(s, 0, gi, 2)
    assert s.controller(gi) is None  # 2 against 2 King's Guards
    place(s, 0, gi, 1)
    assert s.controller(gi) == 0
    place(s, 1, gi, 0)
    clear_kg(s, 8)
    place(s, 0, 8, 1)
    place(s, 1, 8, 1)
    assert s.controller(8) is None  # tied players control nothing


def test_opponent_gains_control_at_end_of_turn_through_your_moves():
    s = new(3, 41)
    at_main(s, 0)
    gi = HUMAN * 6 + 3
    place(s, 1, gi, 2)
    s.guards[gi] = 2
    fav = s.favors[SOLDIER][-1]
    put(s, fav, s.hand[0])
    act(s, "favor", fav)
    act(s, "kg_take", gi)
    act(s, "kg_take", gi)
    assert s.controller(gi) == 1 and s.markers[gi] == []  # not yet: seat 1 is not active
    a_gather(s)
    score = s.score[1]
    act(s, "end_turn")
    assert s.markers[gi] == [1] and s.score[1] == score + 2
    assert s.current_player == 1 and s.phase == "reward_house"
    assert {a.args[0] for a in s.legal_actions()} == {MAJI}  # Human blue, Shepherd blue
    act(s, "house", MAJI)
    assert s.houses[MAJI] == [1] and s.active == 1
    check_invariants(s)


def test_marker_removed_at_end_of_turn_only_without_supporters():
    s = new(2, 42)
    at_main(s, 0)
    gi, other = 3, 30
    clear_kg(s, gi)
    place(s, 0, gi, 2)
    s._flow()
    while s.phase == "reward_house":
        act(s, "house", s.legal_actions()[0].args[0])
    assert s.markers[gi] == [0]
    act(s, "maneuver", gi)
    act(s, "maneuver_to", other)
    assert s.markers[gi] == [0]
    act(s, "maneuver", gi)
    act(s, "maneuver_to", other)
    assert s.markers[gi] == [0]  # only at the end of the turn
    act(s, "end_turn")
    assert s.markers[gi] == []


def out_of_lords_taking_control(**options):
    """Seat 0 with all 15 Dragon Lords placed, one supporter short of controlling guild 10 (the
    supporter is placed; the next look at control finds it)."""
    s = new(3, 43, **options)
    at_main(s, 0)
    s.lords_left[0] = 0
    s.houses[HAWA] = [0] * 5
    s.houses[KAYU] = [0] * 5
    s.houses[MAJI] = [0] * 5
    gi = 10
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    return s, gi


def test_no_dragon_lord_left_ends_the_game_at_once():
    """This edition (option lords_out, "ends"): a control by a player whose 15 Dragon Lords are
    all placed ends the game, as the last Lord would; its 2 prestige count."""
    s, gi = out_of_lords_taking_control()
    before = s.score[0]
    s._flow()
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert s.markers[gi] == [0] and s.score[0] == before + 2
    assert s.log[-1].endswith("takes control with no Dragon Lord left: the game ends.")
    assert sum(len(h) for h in s.houses) < 30 and s.winners() and s.phase_label() == "Game over"
    br = s.score_breakdown()
    assert s.scores() == [row["Total"] for row in br]
    check_invariants(s)


def test_no_dragon_lord_left_means_none_placed_with_the_rulebooks_letter():
    s, gi = out_of_lords_taking_control(lords_out="plays_on")
    s._flow()
    assert s.markers[gi] == [0] and s.phase == "main" and not s.is_over
    assert "no Dragon Lord left" in s.log[-1]


def test_all_houses_protected_means_no_placement():
    s = new(3, 44)
    at_main(s, 0)
    s.prince[1] = USIKU
    gi = ELF * 6 + 4  # Elf Sorcerer: green only
    s.houses[KAYU] = [1] * 5
    s.lords_left[1] -= 5
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    s._flow()
    assert s.phase == "main" and s.houses[KAYU] == [1] * 5 and s.lords_left[0] == 15
    check_invariants(s)


def test_parliament_order_from_last_place_with_stack_ties():
    s = new(3, 45)
    s.prince = [HAWA, KAYU, MAJI]
    at_main(s, 0)
    s.add_prestige(2, 3)  # seat 2 reaches 3 first: the bottom of the stack
    s.add_prestige(1, 3)
    s.add_prestige(0, 7)
    a_gather(s)
    act(s, "end_turn")
    assert s.phase == "parliament" and s.prince == [-1, -1, -1]
    assert s.parl_queue == [2, 1, 0] and s.current_player == 2
    act(s, "prince", VUUR)
    assert s.current_player == 1
    assert VUUR not in {a.args[0] for a in s.legal_actions()}
    act(s, "prince", ZEME)
    act(s, "prince", HAWA)
    assert s.prince == [HAWA, ZEME, VUUR] and s.active == 1 and s.parl_done == 1
    # Space 6 is used up: the next turn end calls no Parliament.
    at_main(s, 1)
    a_gather(s)
    act(s, "end_turn")
    assert s.phase != "parliament"
    check_invariants(s)


def test_rank_order_breaks_ties_by_stack():
    s = new(4, 46)
    s.add_prestige(3, 2)
    s.add_prestige(1, 2)
    s.add_prestige(0, 1)
    s.add_prestige(2, 5)
    assert s.rank_order() == [0, 3, 1, 2]


def test_two_player_neutral_at_parliament_and_crossing_two_spaces():
    s = new(2, 47)
    assert all(h == [-1] for h in s.houses)
    at_main(s, 0)
    s.add_prestige(0, 14)  # passes 6 and 13 in one turn
    a_gather(s)
    act(s, "end_turn")
    assert s.phase == "parliament" and s.parl_done == 2 and s.parliaments == 1
    assert sum(s.neutral_supporters) == 3 and s.neutral_reserve == 17  # 1 + 2 neutral supporters
    check_invariants(s)


def test_neutral_rerolls_full_guilds():
    s = new(2, 48)
    free = 17
    for gi in range(36):
        if gi != free:
            s.guards[gi] = 5
    s.place_neutral()
    assert s.neutral_supporters[free] == 1


def test_neutral_supporter_blocks_control():
    s = new(2, 49)
    gi = 4
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    s.neutral_supporters[gi] = 1
    s.neutral_reserve -= 1
    assert s.controller(gi) is None


def test_game_ends_when_the_last_house_space_fills():
    s = new(3, 50)
    at_main(s, 0)
    owners = [1] * 15 + [2] * 14  # 29 Dragon Lords: one space left, in Ze'me
    for h in range(6):
        size = 4 if h == ZEME else 5
        s.houses[h], owners = owners[:size], owners[size:]
    s.lords_left[1], s.lords_left[2] = 0, 1
    gi = GOBLIN * 6 + 0  # Goblin Merchant: yellow and yellow
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    s._flow()
    assert [a.args for a in s.legal_actions()] == [(ZEME,)]
    act(s, "house", ZEME)
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert s.winners() and s.phase_label() == "Game over"
    br = s.score_breakdown()
    assert all(row["Total"] == sum(v for k, v in row.items() if k != "Total") for row in br)
    assert s.scores() == [row["Total"] for row in br]
    check_invariants(s)


def test_majority_points():
    assert majority([3, 1, 0]) == [5, 0, 0]
    assert majority([2, 2, 1]) == [2, 2, 0]
    assert majority([0, 0]) == [0, 0]
    assert majority([1, 0], rival=1) == [2, 0]
    assert majority([1, 0], rival=2) == [0, 0]


def test_rulebook_scoring_examples():
    s = new(4, 51)
    red, green, yellow, blue = 0, 3, 2, 1

    def own(seat, gi):
        clear_kg(s, gi)
        place(s, seat, gi, 1)

    # Kingdom: Red controls Elf Soldier, Elf Royal, Elf Shepherd; Green the Elf Merchant.
    for g in (2, 5, 3):
        own(red, ELF * 6 + g)
    own(green, ELF * 6 + 0)
    # Guild: Red Elf + Dwarf Soldier, Yellow Troll + Human Soldier, Blue Goblin Soldier.
    own(red, DWARF * 6 + SOLDIER)
    own(yellow, TROLL * 6 + SOLDIER)
    own(yellow, HUMAN * 6 + SOLDIER)
    own(blue, GOBLIN * 6 + SOLDIER)
    s.over = True
    parts = s.end_bonus()
    # Elf kingdom: Red 5. Soldier guild type: Red and Yellow tie at 2 -> 2 each.
    assert parts[red]["Kingdoms"] >= 5
    soldier_points = [0] * 4
    for seat in range(4):
        soldier_points[seat] = parts[seat]["Guilds"]
    # Red: Soldier tie 2 + Royal 5 + Shepherd 5 (+ nothing else); Green: Merchant 5.
    assert parts[red]["Guilds"] == 2 + 5 + 5
    assert parts[yellow]["Guilds"] == 2
    assert parts[blue]["Guilds"] == 0
    assert parts[green]["Guilds"] == 5


def test_citizen_dragon_and_house_majorities():
    s = new(2, 52)
    s.houses[HAWA] = [-1, 0]
    s.houses[KAYU] = [-1, 0, 0]
    s.houses[MAJI] = [-1, 1]
    s.lords_left = [12, 14]
    put(s, card_by_name("Elf Soldier"), s.discard[0])
    put(s, card_by_name("Pine Dragon"), s.deck[1])
    put(s, card_by_name("Zephyr Dragon"), s.hand[1])
    s.over = True
    parts = s.end_bonus()
    assert parts[0]["Clan Houses"] == 2 + 5 and parts[1]["Clan Houses"] == 2
    assert parts[0]["Most Citizens"] == 5 and parts[1]["Most Dragons"] == 5
    assert parts[0]["Most Dragons"] == 0


def _equalize(s):
    s.over = True
    bonus = s.end_bonus()
    for seat in range(s.num_players):
        s.score[seat] = 40 - sum(bonus[seat].values())
    assert len(set(s.scores())) == 1


def test_tie_breakers_in_order():
    # 1: Dragon Lords on the board.
    s = new(2, 53, neutral=False)
    s.houses[HAWA] = [0, 0]
    s.houses[KAYU] = [1]
    s.lords_left = [13, 14]
    _equalize(s)
    assert s.winners() == [0]
    # 2: guilds controlled (lords equal).
    s = new(2, 54, neutral=False)
    for gi in (0, 1):
        clear_kg(s, gi)
        place(s, 1, gi, 1)
    _equalize(s)
    assert s.winners() == [1]
    # 3: recruits owned.
    s = new(2, 55, neutral=False)
    put(s, card_by_name("Elf Soldier"), s.discard[0])
    put(s, card_by_name("Pine Dragon"), s.discard[0])
    put(s, card_by_name("Zephyr Dragon"), s.discard[1])
    _equalize(s)
    assert s.winners() == [0]
    # 4: resources.
    s = new(2, 56, neutral=False)
    s.res[1][0] += 1
    s.stock[0] -= 1
    _equalize(s)
    assert s.winners() == [1]
    # Still tied: both win.
    s = new(2, 57, neutral=False)
    _equalize(s)
    assert s.winners() == [0, 1]


def test_running_scores_are_the_track():
    s = new(3, 58)
    s.add_prestige(1, 4)
    assert s.scores() == [0.0, 4.0, 0.0] and s.winners() == []
    assert s.phase_label().startswith("{p")


def test_end_of_turn_rewards_active_first_then_clockwise():
    s = new(4, 59)
    at_main(s, 1)
    for seat, gi in ((3, 0), (2, 1), (0, 2)):
        clear_kg(s, gi)
        place(s, seat, gi, 1)
    a_gather(s)
    act(s, "end_turn")
    assert [r[0] for r in s.rewards] == [2, 3, 0]
    assert s.current_player == 2


def test_second_parliament_places_two_neutral_supporters():
    s = new(2, 60)
    at_main(s, 0)
    s.add_prestige(0, 6)
    a_gather(s)
    act(s, "end_turn")
    assert sum(s.neutral_supporters) == 1
    act(s, "prince", s.legal_actions()[0].args[0])
    act(s, "prince", s.legal_actions()[0].args[0])
    at_main(s, 1)
    s.add_prestige(1, 13)
    a_gather(s)
    act(s, "end_turn")
    assert sum(s.neutral_supporters) == 3 and s.parl_done == 2
    check_invariants(s)


def test_deploy_at_most_two_cards():
    s = new(3, 61)
    at_main(s, 0)
    cards = [card_by_name(n) for n in ("Elf Cleric", "Troll Cleric", "Human Cleric")]
    for c in cards:
        put(s, c, s.hand[0])
    for c in cards[:2]:
        act(s, "deploy", c)
        act(s, "deploy_to", s.legal_actions()[0].args[0])
    assert Action("deploy", (cards[2],)) not in s.legal_actions()
    assert "at most two" in s.why_illegal(Action("deploy", (cards[2],)))


def test_control_example_elf_soldier_goes_to_vuur_or_kayu():
    s = new(3, 62)
    at_main(s, 0)
    gi = ELF * 6 + SOLDIER
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    s._flow()
    assert s.phase == "reward_house"
    assert {a.args[0] for a in s.legal_actions()} == {VUUR, KAYU}
    assert card_name_of_discard_top(s, 0) == "Soldier Favor"


def card_name_of_discard_top(s, seat):
    from dragon_tui.games.throne.data import card

    return card(s.discard[seat][-1]).name


def test_two_player_dice_example_elf_cleric():
    from dragon_tui.games.throne.data import CLERIC

    s = new(2, 63)

    class Dice:  # the Kingdom die shows Elf, the Guild die Cleric
        rolls = iter([ELF, CLERIC])

        def randint(self, low, high):
            return next(self.rolls)

    real, s.rng = s.rng, Dice()
    s.place_neutral()
    s.rng = real
    assert s.neutral_supporters[ELF * 6 + CLERIC] == 1 and s.neutral_reserve == 19


def test_twenty_guild_markers_per_colour():
    """Components: "80 Guild Markers - 20 each in Red, Green, Blue & Yellow". With all 20 on
    the board, control brings no rewards; once markers come off (end of turn, "only if you no
    longer have Supporter pawns in the Guild"), the guild still controlled brings them."""
    s = new(4, 64)
    at_main(s, 0)
    for gi in range(20):
        s.markers[gi] = [0]  # markers whose supporters have left this turn
    assert s.markers_left(0) == 0
    gi = ELF * 6 + SOLDIER
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    score, discard = s.score[0], list(s.discard[0])
    s._flow()
    assert s.controller(gi) == 0 and s.markers[gi] == [] and s.markers_left(0) == 0
    assert s.phase == "main" and s.score[0] == score and s.discard[0] == discard
    check_invariants(s)
    a_gather(s)
    act(s, "end_turn")  # the 20 markers come off, then control is checked for everybody
    assert s.markers[gi] == [0] and s.markers_left(0) == 19
    assert s.score[0] == score + 2 and card_name_of_discard_top(s, 0) == "Soldier Favor"
    assert s.current_player == 0 and s.phase == "reward_house"
    check_invariants(s)


def full_house_position(**options):
    """Seat 0 about to gain the Elf Soldier guild (Vu'ur red or Ka'yu green); Ka'yu is full."""
    s = new(3, 65, **options)
    at_main(s, 0)
    s.houses[KAYU] = [1, 1, 2, 2, 2]
    s.lords_left[1], s.lords_left[2] = 13, 12
    gi = ELF * 6 + SOLDIER
    clear_kg(s, gi)
    place(s, 0, gi, 1)
    s._flow()
    assert s.phase == "reward_house"
    return s


def test_full_clan_house_is_bumped_only_when_no_matching_house_has_room():
    """"If you must place a Dragon Lord in a Clan House but all of the spaces are full, you must
    first move one of those Dragon Lord pawns [...]": with room in Vu'ur, Ka'yu is not offered."""
    s = full_house_position()
    assert [a.args for a in s.legal_actions()] == [(VUUR,)]
    with pytest.raises(IllegalAction):
        act(s, "house", KAYU)
    act(s, "house", VUUR)
    assert s.houses[VUUR] == [0] and s.houses[KAYU] == [1, 1, 2, 2, 2]
    check_invariants(s)
    # Both matching houses full: both are offered, a lord moves out first.
    s = full_house_position()
    s.houses[VUUR] = [1, 1, 1, 2, 2]
    s.lords_left[1], s.lords_left[2] = 10, 10
    assert {a.args[0] for a in s.legal_actions()} == {VUUR, KAYU}
    act(s, "house", KAYU)
    assert s.phase == "reward_bump"


def test_full_clan_house_option_any():
    """The other reading, as a rule option: a full matching house may be chosen (moving a Dragon
    Lord out) even when the other matching house has room."""
    s = full_house_position(full_houses="any")
    assert {a.args[0] for a in s.legal_actions()} == {VUUR, KAYU}
    act(s, "house", KAYU)
    act(s, "bump", 1)
    act(s, "bump_to", MAJI)
    assert s.houses[KAYU] == [1, 2, 2, 2, 0] and s.houses[MAJI] == [1]
    check_invariants(s)
