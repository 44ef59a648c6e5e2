"""The six Guild Favors and the six Clan House bonuses."""

from dragon_tui.engine import Action
from dragon_tui.games.throne.data import (
    CLERIC,
    FAVOR_BASE,
    HAWA,
    KAYU,
    MAJI,
    MERCHANT,
    ROYAL,
    SHEPHERD,
    SOLDIER,
    SORCERER,
    USIKU,
    VUUR,
    ZEME,
    card,
    card_by_name,
)

from .helpers import act, at_main, check_invariants, new, put, set_res


def favor(s, seat, guild):
    c = next(c for c in s.favors[guild])
    put(s, c, s.hand[seat])
    return c


def test_shepherd_favor_takes_four_sheep():
    s = new(3, 20)
    at_main(s, 0)
    c = favor(s, 0, SHEPHERD)
    act(s, "favor", c)
    assert s.res[0][2] == 7 and c in s.favors[SHEPHERD] and c not in s.hand[0]
    check_invariants(s)


def test_merchant_favor_three_of_one():
    s = new(3, 20)
    at_main(s, 0)
    act(s, "favor", favor(s, 0, MERCHANT))
    assert {a.kind for a in s.legal_actions()} == {"take"}
    act(s, "take", 1)
    assert s.res[0] == [3, 6, 3] and s.phase == "main"


def test_soldier_favor_move_two_or_take_two_never_mixed():
    s = new(3, 21)
    at_main(s, 0)
    act(s, "favor", favor(s, 0, SOLDIER))
    act(s, "kg_from", 0)
    assert 0 not in {a.args[0] for a in s.legal_actions()}
    act(s, "kg_to", 5)
    assert s.guards[0] == 1 and s.guards[5] == 3
    assert not any(a.kind == "kg_take" for a in s.legal_actions())
    act(s, "kg_from", 1)
    act(s, "kg_to", 2)
    assert s.phase == "main" and s.guards[2] == 3
    s2 = new(3, 21)
    at_main(s2, 0)
    act(s2, "favor", favor(s2, 0, SOLDIER))
    act(s2, "kg_take", 7)
    assert not any(a.kind == "kg_from" for a in s2.legal_actions())
    act(s2, "kg_take", 7)
    assert s2.guards[7] == 0 and s2.guards_in_supply[0] == 2 and s2.phase == "main"
    check_invariants(s)
    check_invariants(s2)


def test_cleric_favor_moves_any_two_supporters_but_not_usiku():
    s = new(3, 22)
    at_main(s, 0)
    s.supporters[3][1] = 1
    s.supporters[4][2] = 1
    s.supply[1] -= 1
    s.supply[2] -= 1
    s.prince[2] = USIKU
    act(s, "favor", favor(s, 0, CLERIC))
    froms = {a.args for a in s.legal_actions() if a.kind == "sup_from"}
    assert froms == {(1, 3)}
    act(s, "sup_from", 1, 3)
    act(s, "sup_to", 9)
    assert s.supporters[9][1] == 1 and s.supporters[3][1] == 0
    act(s, "favor_done")
    assert s.phase == "main"
    check_invariants(s)


def test_royal_favor_moves_a_dragon_lord():
    s = new(3, 23)
    at_main(s, 0)
    s.houses[HAWA] = [1, 2]
    s.lords_left[1] -= 1
    s.lords_left[2] -= 1
    s.prince[2] = USIKU
    act(s, "favor", favor(s, 0, ROYAL))
    assert {a.args for a in s.legal_actions() if a.kind == "lord_from"} == {(1, HAWA)}
    act(s, "lord_from", 1, HAWA)
    assert HAWA not in {a.args[0] for a in s.legal_actions()}
    act(s, "lord_to", ZEME)
    assert s.houses[HAWA] == [2] and s.houses[ZEME] == [1]
    check_invariants(s)


def test_sorcerer_favor_rolls_then_adds_or_removes_to_reserve():
    s = new(3, 24)
    at_main(s, 0)
    for gi in range(18):  # seat 1 has one supporter in each of the first 18 guilds
        s.supporters[gi][1] = 1
    s.supply[1] = 0
    s.reserve[1] = 2
    draws = s.rng.draws
    act(s, "favor", favor(s, 0, SORCERER))
    assert s.rng.draws == draws + 2
    k, g = s.pending.roll
    spots = {gi for gi in range(36) if gi // 6 == k or gi % 6 == g}
    adds = {a.args[0] for a in s.legal_actions() if a.kind == "sorc_add"}
    removes = {a.args for a in s.legal_actions() if a.kind == "sorc_remove"}
    assert adds == {gi for gi in spots if s.has_space(gi)}
    assert removes == {(1, gi) for gi in spots if gi < 18}
    if removes:
        owner, gi = sorted(removes)[0]
        act(s, "sorc_remove", owner, gi)
        assert s.reserve[1] == 3 and s.supply[1] == 0
    check_invariants(s)


def test_usiku_protects_from_sorcerer_removal():
    s = new(2, 25)
    at_main(s, 0)
    for gi in range(36):
        s.supporters[gi][1] = 1 if gi < 20 else 0
    s.supply[1], s.reserve[1] = 0, 0
    s.prince[1] = USIKU
    act(s, "favor", favor(s, 0, SORCERER))
    assert not any(a.kind == "sorc_remove" and a.args[0] == 1 for a in s.legal_actions())
    s.prince[1] = -1
    assert any(a.kind == "sorc_remove" and a.args[0] == 1 for a in s.legal_actions())
    check_invariants(s)


def test_vuur_once_a_turn():
    s = new(2, 26)
    at_main(s, 0)
    s.prince[0] = VUUR
    s.guards_in_supply[0] = 2
    s.guards[0] = 0
    act(s, "vuur")
    assert s.supply[0] == 6 and s.reserve[0] == 14 and s.guards_in_supply[0] == 1 and s.guards_spent == 1
    assert Action("vuur", ()) not in s.legal_actions()
    check_invariants(s)


def test_vuur_needs_reserve():
    s = new(2, 26)
    at_main(s, 0)
    s.prince[0] = VUUR
    s.guards_in_supply[0] = 1
    s.guards[0] = 1
    s.supply[0] += s.reserve[0]
    s.reserve[0] = 0
    assert Action("vuur", ()) not in s.legal_actions()


def test_maji_two_different_resources_once():
    s = new(2, 27)
    at_main(s, 0)
    s.prince[0] = MAJI
    assert not any(a.kind == "maji" for a in s.legal_actions())  # only once gathering
    c = next(c for c in s.hand[0] if not card(c).is_dragon)
    act(s, "gather", c)
    pairs = {a.args for a in s.legal_actions() if a.kind == "maji"}
    assert pairs == {(0, 1), (0, 2), (1, 2)}
    before = list(s.res[0])
    act(s, "maji", 1, 2)
    assert s.res[0] == [before[0], before[1] + 1, before[2] + 1]
    assert not any(a.kind == "maji" for a in s.legal_actions())


def test_kayu_redraw_at_turn_start():
    s = new(2, 28)
    s.prince[1] = KAYU
    at_main(s, 0)
    act(s, "gather", s.hand[0][0]) if s.hand[0] and not card(s.hand[0][0]).is_dragon else act(s, "gather", next(c for c in s.hand[0] if not card(c).is_dragon))
    act(s, "end_turn")
    assert s.active == 1 and s.phase == "kayu"
    hand = list(s.hand[1])
    act(s, "kayu_discard", hand[0])
    act(s, "kayu_discard", hand[1])
    assert s.hand[1] == hand  # nothing drawn before the count is declared
    act(s, "kayu_done")
    assert hand[0] in s.discard[1] and hand[1] in s.discard[1] and len(s.hand[1]) == 5
    assert s.phase in ("fill", "main")
    check_invariants(s)


def test_zeme_dragons_eat_one_sheep():
    s = new(2, 29)
    at_main(s, 0)
    pine = card_by_name("Pine Dragon")
    put(s, pine, s.hand[0])
    set_res(s, 0, 0, 0, 1)
    assert Action("gather", (pine,)) not in s.legal_actions()
    s.prince[0] = ZEME
    act(s, "gather", pine)
    assert s.res[0] == [2, 2, 0]


def test_hawa_discount_in_legal_label():
    s = new(2, 30)
    at_main(s, 0)
    s.prince[0] = HAWA
    set_res(s, 0, 20, 20, 3)
    for a in s.legal_actions():
        if a.kind == "recruit":
            c = s.prospects[a.args[0]][-1]
            assert f"for {max(1, card(c).cost - 1)} " in a.label


def test_favor_ids():
    assert all(card(FAVOR_BASE + g * 6).guild == g for g in range(6))
