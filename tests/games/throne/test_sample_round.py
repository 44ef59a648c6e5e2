"""The rulebook's Sample Round, replayed turn by turn with its exact numbers.

Player 1 (blue) is seat 0 with Ma'ji, Player 2 (red) seat 1 with Ha'wa, Player 3 (yellow)
seat 2 with Ze'me, Player 4 (green) seat 3 with U'siku.
"""

from dragon_tui.engine import Action
from dragon_tui.games.throne.data import (
    CLERIC,
    ELF,
    GOBLIN,
    HAWA,
    HUMAN,
    KAYU,
    KOBOLD,
    MAJI,
    ROYAL,
    SOLDIER,
    SORCERER,
    TROLL,
    USIKU,
    ZEME,
    card,
    card_by_name,
)

from .helpers import act, at_main, check_invariants, clear_prospects, new, put, set_res

P1, P2, P3, P4 = 0, 1, 2, 3
ELF_ROYAL = ELF * 6 + ROYAL
GOBLIN_SORCERER = GOBLIN * 6 + SORCERER
HUMAN_CLERIC = HUMAN * 6 + CLERIC
KOBOLD_SOLDIER = KOBOLD * 6 + SOLDIER
TROLL_MERCHANT = TROLL * 6 + 0


def starter(s, seat, name):
    return next(c for c in s.hand[seat] + s.deck[seat] + s.discard[seat] if card(c).name == name and card(c).starter)


def sample_state():
    s = new(4, 11)
    s.prince = [MAJI, HAWA, ZEME, USIKU]
    clear_prospects(s)
    # Houses late in the game: green and purple full, P4's lords protected by U'siku.
    s.houses[KAYU] = [P1, P4, P1, P4, P2]
    s.houses[USIKU] = [P4, P4, P4, P2, P2]
    for seat in range(4):
        s.lords_left[seat] = 15 - sum(h.count(seat) for h in s.houses)
    # P2 controls a Troll guild ("she controls a guild in the Troll kingdom") and the Goblin
    # Sorcerer guild ("Previously, Player 2 was in control of that guild with just one
    # supporter present"), each with her marker.
    for gi in (TROLL_MERCHANT, GOBLIN_SORCERER):
        s.guards[gi] = 0
        s.supporters[gi][P2] = 1
        s.markers[gi] = [P2]
    # P4 has lone supporters in the Human Cleric and Kobold Soldier guilds.
    for gi in (HUMAN_CLERIC, KOBOLD_SOLDIER):
        s.supporters[gi][P4] = 1
    s.supply[P2] -= 2
    s.supply[P4] -= 2
    s.guards_spent += 4  # the four King's Guards cleared earlier in the game
    check_invariants(s)
    return s


def test_sample_round():
    s = sample_state()

    # ---- Player 1: Gather with Human Royal, Goblin Clergy and the Scrub Dragon; Ma'ji bonus.
    royal, clergy, scrub = (starter(s, P1, n) for n in ("Human Royal", "Goblin Clergy", "Scrub Dragon"))
    for c in (royal, clergy, scrub):
        put(s, c, s.hand[P1]) if c not in s.hand[P1] else None
    while len(s.hand[P1]) > 5:
        extra = next(c for c in s.hand[P1] if c not in (royal, clergy, scrub))
        s.hand[P1].remove(extra)
        s.deck[P1].append(extra)
    set_res(s, P1, 0, 0, 0)
    at_main(s, P1)
    # "If Player 1 did not already have a sheep resource in his stocks to feed the dragon, he
    # can use the sheep the Human Royal gave him": with no sheep yet it cannot be fed.
    assert Action("gather", (scrub,)) not in s.legal_actions()
    act(s, "gather", royal)
    assert s.res[P1] == [0, 2, 1]
    act(s, "gather", clergy)
    assert s.res[P1] == [0, 2, 2]
    act(s, "gather", scrub)  # eats 1 sheep, gives 2 influence
    assert s.res[P1] == [2, 2, 1]
    assert Action("maji", (1, 1)) not in s.legal_actions()  # must differ
    act(s, "maji", 0, 1)
    assert s.res[P1] == [3, 3, 1]
    assert Action("gather", (s.hand[P1][0],)) not in s.legal_actions()  # three cards at most
    act(s, "end_turn")
    check_invariants(s)
    assert len(s.hand[P1]) == 5

    # ---- Player 2: "She currently has ten gold resources and six influence resources."
    armadillo, spark, copper = card_by_name("Armadillo Dragon"), card_by_name("Spark Dragon"), card_by_name("Copper Dragon")
    elf_soldier, elf_shepherd, malachite = card_by_name("Elf Soldier"), card_by_name("Elf Shepherd"), card_by_name("Malachite Dragon")
    put(s, armadillo, s.prospects[GOBLIN])
    put(s, spark, s.prospects[ELF])
    put(s, copper, s.prospects[ELF])
    put(s, elf_soldier, s.prospects[TROLL])
    put(s, elf_shepherd, s.hand[P2])
    s.deck[P2].append(s.hand[P2].pop(0))
    human_royal = starter(s, P2, "Human Royal")
    put(s, human_royal, s.discard[P2])
    put(s, malachite, s.discard[P2])
    set_res(s, P2, 6, 10, 0)
    s.guards_in_supply[P2] = 1
    s.guards[HUMAN * 6 + 5] -= 1
    at_main(s, P2)
    assert not any(s.controller(gi) == P2 for gi in range(ELF * 6, ELF * 6 + 6))  # no Elf discount
    score, supply, reserve = s.score[P2], s.supply[P2], s.reserve[P2]
    # "The Armadillo Dragon is the top card present in the Goblin kingdom prospect space.
    # Because she has the Ha'wa clan house bonus [...] she pays six gold to acquire it."
    # (8, less 1 for Ha'wa and 1 for the Goblin Sorcerer guild she controls.)
    assert s.recruit_cost(P2, armadillo, GOBLIN) == 6
    act(s, "recruit", GOBLIN)
    assert s.res[P2] == [6, 4, 0]
    # "Because there is a Prestige (claw) icon on the card, she also gains one Prestige"
    assert s.score[P2] == score + 1
    # "she also gets to move one of her supporters from her reserves to her supply"
    assert (s.supply[P2], s.reserve[P2]) == (supply + 1, reserve - 1)
    assert armadillo in s.discard[P2]
    # "She chooses to dismiss the Elf Shepherd and sets the card aside"
    act(s, "dismiss", elf_shepherd)
    assert elf_shepherd in s.dismissed and s.score[P2] == score + 1
    # "The Copper Dragon is the top card present in the Elf Kingdom prospect space, but she
    # can't afford to recruit it since she now has only four gold left."
    assert s.prospects[ELF][-1] == copper
    assert Action("recruit", (ELF,)) not in s.legal_actions()
    assert "5 gold and you have 4" in s.why_illegal(Action("recruit", (ELF,)))
    # "she does possess a King's Guard token, and spends it to move the Spark Dragon [...] to
    # the top of that prospect space"
    act(s, "kg_lift", ELF, 0)
    assert s.prospects[ELF][-1] == spark and s.guards_in_supply[P2] == 0
    # "She does have enough gold to recruit the Spark Dragon, and does so, paying three gold"
    act(s, "recruit", ELF)
    assert s.res[P2] == [6, 1, 0]
    # "She is not required to feed dragons when recruiting them"; "Again, she can, and does,
    # dismiss a card from the game, this time the Human Royal."
    act(s, "dismiss", human_royal)
    # "She may combine that discount with her clan house bonus discount [...] So she pays
    # four influence and takes the card." (the Elf Soldier, top card in the Troll kingdom)
    act(s, "recruit", TROLL)
    assert s.res[P2] == [2, 1, 0]
    # "this time the Malachite Dragon"
    act(s, "dismiss", malachite)
    # "All three of the cards she recruited this turn go directly into her discard pile."
    assert {armadillo, spark, elf_soldier} <= set(s.discard[P2])
    assert {elf_shepherd, human_royal, malachite} <= set(s.dismissed)
    assert s.supply[P2] == supply + 3 and s.reserve[P2] == reserve - 3 and s.score[P2] == score + 1
    act(s, "end_turn")
    check_invariants(s)

    # ---- Player 3: fill the empty prospect spaces, then Deploy with Dwarf Royal and Pine Dragon.
    dwarf_royal, pine = card_by_name("Dwarf Royal"), card_by_name("Pine Dragon")
    assert s.active == P3 and s.phase == "fill"
    while s.phase == "fill":
        act(s, "fill", "citizen")
    assert all(s.prospects)
    put(s, dwarf_royal, s.hand[P3])
    put(s, pine, s.hand[P3])
    s.deck[P3] += [s.hand[P3].pop(0), s.hand[P3].pop(0)]
    set_res(s, P3, 0, 0, 1)
    score = s.score[P3]
    act(s, "deploy", dwarf_royal)
    targets = {a.args[0] for a in s.legal_actions()}
    assert ELF_ROYAL in targets and ELF * 6 + 0 not in targets and 1 * 6 + 0 in targets
    act(s, "deploy_to", ELF_ROYAL)
    assert s.controller(ELF_ROYAL) is None
    # "The Pine Dragon requires a feeding of two sheep to use it, however, Player 3 has the
    # Ze'me clan house bonus, which allows him to use a dragon by feeding it only one sheep"
    act(s, "deploy", pine)
    act(s, "deploy_to", ELF_ROYAL)
    assert s.res[P3][2] == 0 and s.guards_in_supply[P3] == 1
    assert s.supporters[ELF_ROYAL][P3] == 2 and s.guards[ELF_ROYAL] == 1
    assert s.controller(ELF_ROYAL) == P3
    assert s.score[P3] == score + 2 and P3 in s.markers[ELF_ROYAL]
    assert card(s.discard[P3][-1]).name == "Royal Favor"
    # "he can place his dragon lord in either the green clan house section or the purple clan
    # house section. Since it is late in the game, both of those clan house sections are
    # already full."
    assert s.current_player == P3 and s.phase == "reward_house"
    assert {a.args[0] for a in s.legal_actions()} == {KAYU, USIKU}
    act(s, "house", KAYU)
    owners = {a.args[0] for a in s.legal_actions()}
    # "Player 4 has the U'siku clan house bonus tile which means an opponent can not move any of
    # his supporters or dragon lords. So player 3 chooses to move one of Player 1's dragon lords
    # out of the green clan house section and into the blue clan house section."
    assert P4 not in owners and P1 in owners
    act(s, "bump", P1)
    act(s, "bump_to", MAJI)
    assert s.houses[MAJI] == [P1] and s.houses[KAYU].count(P3) == 1 and s.houses[KAYU].count(P1) == 1
    assert s.phase == "main"
    act(s, "end_turn")
    check_invariants(s)

    # ---- Player 4: Maneuver both supporters into the Goblin Sorcerer guild, which Player 2
    # has controlled since before her turn.
    assert s.controller(GOBLIN_SORCERER) == P2 and s.markers[GOBLIN_SORCERER] == [P2]
    while s.phase == "fill":
        act(s, "fill", "dragon")
    assert s.active == P4
    score4, score2 = s.score[P4], s.score[P2]
    act(s, "maneuver", HUMAN_CLERIC)
    act(s, "maneuver_to", GOBLIN_SORCERER)
    assert s.controller(GOBLIN_SORCERER) is None  # 1 against 1
    act(s, "maneuver", KOBOLD_SOLDIER)
    act(s, "maneuver_to", GOBLIN_SORCERER)
    assert s.controller(GOBLIN_SORCERER) == P4
    assert s.score[P4] == score4 + 2 and card(s.discard[P4][-1]).name == "Sorcerer Favor"
    # "She also now gets to place a dragon lord [...] and chooses to place it in the yellow clan
    # house section." Goblin is yellow, Sorcerer green; the green house is full, the yellow one
    # has room, so no Dragon Lord has to move: yellow is the place.
    assert len(s.houses[KAYU]) == 5
    assert [a.args for a in s.legal_actions()] == [(ZEME,)]
    act(s, "house", ZEME)
    assert s.houses[ZEME] == [P4]
    act(s, "end_turn")
    # "Player 2 no longer controls the Goblin Sorcerer guild but does not remove her guild
    # marker since she still has a supporter present in the guild."
    assert s.markers[GOBLIN_SORCERER] == [P2, P4]
    assert s.score[P2] == score2
    # "she would again take control, having a 3-2 advantage, but since her guild marker is
    # already present there she would not receive any of the benefits"
    s.supporters[GOBLIN_SORCERER][P2] = 3
    s.supply[P2] -= 2
    s.check_control([P2])
    assert s.rewards == [] and s.score[P2] == score2
    check_invariants(s)
