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
    # P2 controls a Troll guild (with her marker).
    s.kg[TROLL_MERCHANT] = 0
    s.sup[TROLL_MERCHANT][P2] = 1
    s.markers[TROLL_MERCHANT] = [P2]
    # P4 has lone supporters in the Human Cleric and Kobold Soldier guilds.
    for gi in (HUMAN_CLERIC, KOBOLD_SOLDIER):
        s.sup[gi][P4] = 1
    s.supply[P2] -= 1
    s.supply[P4] -= 2
    s.kg_spent += 2  # the four King's Guards cleared earlier in the game
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
    # No sheep yet: the Scrub Dragon cannot be fed.
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

    # ---- Player 2: Recruit Armadillo, lift the Spark Dragon, recruit it, recruit the Elf Soldier.
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
    s.kg_supply[P2] = 1
    s.kg[HUMAN * 6 + 5] -= 1
    at_main(s, P2)
    score, supply, reserve = s.score[P2], s.supply[P2], s.reserve[P2]
    act(s, "recruit", GOBLIN)
    assert s.res[P2][1] == 4  # 7 - 1 (Ha'wa) = 6 gold
    assert s.score[P2] == score + 1
    assert (s.supply[P2], s.reserve[P2]) == (supply + 1, reserve - 1)
    assert armadillo in s.discard[P2]
    act(s, "dismiss", elf_shepherd)
    assert elf_shepherd in s.dismissed and s.score[P2] == score + 1
    # The Copper Dragon costs 6 - 1 = 5 gold: too much for 4 gold.
    assert Action("recruit", (ELF,)) not in s.legal_actions()
    assert "5 gold" in s.why_illegal(Action("recruit", (ELF,)))
    act(s, "kg_lift", ELF, 0)
    assert s.prospects[ELF][-1] == spark and s.kg_supply[P2] == 0
    act(s, "recruit", ELF)
    assert s.res[P2][1] == 1  # 4 - 1 = 3 gold
    act(s, "dismiss", human_royal)
    act(s, "recruit", TROLL)
    assert s.res[P2][0] == 2  # 6 - 1 (Troll guild) - 1 (Ha'wa) = 4 influence
    act(s, "dismiss", malachite)
    assert {armadillo, spark, elf_soldier} <= set(s.discard[P2])
    assert s.supply[P2] == supply + 3 and s.score[P2] == score + 1
    act(s, "end_turn")
    check_invariants(s)

    # ---- Player 3: fill the empty prospect spaces, then Deploy with Dwarf Royal and Pine Dragon.
    dwarf_royal, pine = card_by_name("Dwarf Royal"), card_by_name("Pine Dragon")
    assert s.turn == P3 and s.phase == "fill"
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
    act(s, "deploy", pine)  # eats 2, but only 1 with Ze'me
    act(s, "deploy_to", ELF_ROYAL)
    assert s.res[P3][2] == 0 and s.kg_supply[P3] == 1
    assert s.sup[ELF_ROYAL][P3] == 2 and s.kg[ELF_ROYAL] == 1
    assert s.controller(ELF_ROYAL) == P3
    assert s.score[P3] == score + 2 and P3 in s.markers[ELF_ROYAL]
    assert card(s.discard[P3][-1]).name == "Royal Favor"
    # Dragon Lord: green (Elf) or purple (Royal) house, both full.
    assert s.current_player == P3 and s.phase == "reward_house"
    assert {a.args[0] for a in s.legal_actions()} == {KAYU, USIKU}
    act(s, "house", KAYU)
    owners = {a.args[0] for a in s.legal_actions()}
    assert P4 not in owners and P1 in owners  # U'siku protects Player 4
    act(s, "bump", P1)
    act(s, "bump_to", MAJI)
    assert s.houses[MAJI] == [P1] and s.houses[KAYU].count(P3) == 1 and s.houses[KAYU].count(P1) == 1
    assert s.phase == "main"
    act(s, "end_turn")
    check_invariants(s)

    # ---- Player 4: Maneuver both supporters into the Goblin Sorcerer guild.
    # The sample says Player 2 controlled it "previously"; had she controlled it during her
    # turn, the Goblin discount would have made the Armadillo cost 5, not 6. The rulebook's
    # example cannot have both, so her Goblin Sorcerer supporter is set up after her turn.
    s.kg[GOBLIN_SORCERER] = 0
    s.kg_spent += 2
    s.sup[GOBLIN_SORCERER][P2] = 1
    s.supply[P2] -= 1
    s.markers[GOBLIN_SORCERER] = [P2]
    check_invariants(s)
    while s.phase == "fill":
        act(s, "fill", "dragon")
    assert s.turn == P4
    score4, score2 = s.score[P4], s.score[P2]
    act(s, "maneuver", HUMAN_CLERIC)
    act(s, "maneuver_to", GOBLIN_SORCERER)
    assert s.controller(GOBLIN_SORCERER) is None  # 1 against 1
    act(s, "maneuver", KOBOLD_SOLDIER)
    act(s, "maneuver_to", GOBLIN_SORCERER)
    assert s.controller(GOBLIN_SORCERER) == P4
    assert s.score[P4] == score4 + 2 and card(s.discard[P4][-1]).name == "Sorcerer Favor"
    assert {a.args[0] for a in s.legal_actions()} == {ZEME, KAYU}  # yellow Goblin, green Sorcerer
    act(s, "house", ZEME)
    assert s.houses[ZEME] == [P4]
    act(s, "end_turn")
    # Player 2 keeps her marker: she still has a supporter there.
    assert s.markers[GOBLIN_SORCERER] == [P2, P4]
    assert s.score[P2] == score2
    # Regaining control 3-2 later gives her nothing: her marker is still there.
    s.sup[GOBLIN_SORCERER][P2] = 3
    s.supply[P2] -= 2
    s.check_control([P2])
    assert s.rewards == [] and s.score[P2] == score2
    check_invariants(s)
