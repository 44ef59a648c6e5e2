"""Setup, filling prospects, the four main actions, King's Guard actions and reconciling."""

import json

import pytest

from dragon_tui.engine import Action, IllegalAction
from dragon_tui.games.throne.data import (
    DWARF,
    ELF,
    GOBLIN,
    HAWA,
    HUMAN,
    KOBOLD,
    ROYAL,
    TROLL,
    card,
    card_by_name,
)

from .helpers import act, at_main, check_invariants, clear_prospects, new, put, set_res


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    s = new(n, 3)
    check_invariants(s)
    assert all(r == [3, 3, 3] for r in s.res)
    assert s.supply == [5] * n and s.reserve == [15] * n
    assert s.guards == [2] * 36
    assert all(len(stack) == 1 for stack in s.prospects)
    assert sum(1 for st in s.prospects if st[0] < 36) == 3  # three citizens, three dragons
    assert all(len(h) == 5 and len(d) == 5 for h, d in zip(s.hand, s.deck))
    assert s.score == [0] * n and s.prince == [-1] * n
    assert s.houses == ([[-1]] * 6 if n == 2 else [[]] * 6)
    assert s.current_player == s.first and s.phase == "main"


def test_fill_prospects_from_chosen_deck():
    s = new(3, 4)
    for k in (DWARF, ELF):
        c = s.prospects[k].pop()
        (s.cdeck if c < 36 else s.ddeck).insert(0, c)
    check_invariants(s)
    s.active = (s.active + 1) % 3
    s._begin_turn()
    s._flow()
    assert s.phase == "fill"
    kinds = {a.args[0] for a in s.legal_actions()}
    assert kinds == {"citizen", "dragon"}
    before = len(s.ddeck)
    act(s, "fill", "dragon")
    assert s.prospects[DWARF] and s.prospects[DWARF][0] >= 36 and len(s.ddeck) == before - 1
    act(s, "fill", "citizen")
    assert s.prospects[ELF][0] < 36 and s.phase == "main"


def test_gather_three_cards_and_feeding():
    s = new(2, 5)
    at_main(s, 0)
    set_res(s, 0, 0, 0, 0)
    hand = s.hand[0]
    dragons = [c for c in hand if card(c).is_dragon]
    for c in dragons:
        assert Action("gather", (c,)) not in s.legal_actions()
    citizen = next(c for c in hand if not card(c).is_dragon)
    act(s, "gather", citizen)
    assert s.main == "gather" and citizen in s.discard[0]
    assert not any(a.kind in ("recruit", "deploy", "maneuver") for a in s.legal_actions())
    reason = s.why_illegal(Action("recruit", (0,)))
    assert "already" in reason


def test_scarce_resources_taken_counter_clockwise():
    s = new(4, 6)
    s.stock[1] = 0
    s.box[1] = 35 - 12
    # seats hold 3 gold each; seat 2 gathers 5 gold: 1 from seat 1, 1 from seat 0, 1 from seat 3, then seat 1 again ...
    got = s.gain(2, 1, 5)
    assert got == 5
    assert s.res[1][1] == 1 and s.res[0][1] == 1 and s.res[3][1] == 2
    check_invariants(s)
    # Nobody has any left: the rest is lost.
    for p in (0, 1, 3):
        s.res[2][1] += s.res[p][1]
        s.res[p][1] = 0
    assert s.gain(2, 1, 3) == 0


def test_recruit_discounts_not_cumulative_and_never_below_one():
    s = new(3, 7)
    at_main(s, 0)
    clear_prospects(s)
    soldier = card_by_name("Elf Soldier")  # costs 6 influence
    put(s, soldier, s.prospects[TROLL])
    assert s.recruit_cost(0, soldier, TROLL) == 6
    for gi in (TROLL * 6 + 0, TROLL * 6 + 1):  # two Troll guilds: still only -1
        s.guards[gi] = 0
        s.guards_spent += 2
        s.supporters[gi][0] = 1
        s.supply[0] -= 1
    assert s.recruit_cost(0, soldier, TROLL) == 5
    s.prince[0] = HAWA
    assert s.recruit_cost(0, soldier, TROLL) == 4
    zephyr = card_by_name("Zephyr Dragon")  # 2 gold
    put(s, zephyr, s.prospects[TROLL])
    assert s.recruit_cost(0, zephyr, TROLL) == 1
    check_invariants(s)


def test_recruit_prestige_supporter_and_dismiss_loses_prestige():
    s = new(2, 8)
    at_main(s, 1)
    clear_prospects(s)
    armadillo = card_by_name("Armadillo Dragon")
    put(s, armadillo, s.prospects[GOBLIN])
    set_res(s, 1, 0, 8, 0)
    act(s, "recruit", GOBLIN)
    assert s.score[1] == 1 and s.res[1][1] == 0 and s.supply[1] == 6 and s.reserve[1] == 14
    assert s.phase == "dismiss"
    act(s, "dismiss", armadillo)
    assert s.score[1] == 0 and armadillo in s.dismissed
    check_invariants(s)


def test_recruit_with_empty_reserve_gives_no_supporter():
    s = new(2, 8)
    at_main(s, 0)
    s.supply[0] += s.reserve[0]
    s.reserve[0] = 0
    c = s.prospects[0][-1]
    set_res(s, 0, 9, 9, 3)
    act(s, "recruit", 0)
    act(s, "keep")
    assert s.supply[0] == 20 and c in s.discard[0]


def test_deploy_citizen_by_kingdom_or_guild():
    s = new(3, 9)
    at_main(s, 0)
    cleric = card_by_name("Elf Cleric")
    put(s, cleric, s.hand[0])
    starter = next(c for c in s.hand[0] if card(c).starter)
    assert Action("deploy", (starter,)) not in s.legal_actions()
    assert "Starter" in s.why_illegal(Action("deploy", (starter,)))
    act(s, "deploy", cleric)
    targets = {a.args[0] for a in s.legal_actions()}
    assert targets == {ELF * 6 + g for g in range(6)} | {k * 6 + 1 for k in range(6)}
    act(s, "deploy_to", HUMAN * 6 + 1)
    assert s.supporters[HUMAN * 6 + 1][0] == 1 and s.supply[0] == 4 and s.guards[HUMAN * 6 + 1] == 2
    check_invariants(s)


def test_deploy_dragon_swaps_kings_guard_even_in_a_full_guild():
    s = new(3, 9)
    at_main(s, 1)
    usiku = card_by_name("U'siku Dragon")
    put(s, usiku, s.hand[1])
    set_res(s, 1, 0, 0, 2)
    full = KOBOLD * 6 + 0
    s.supporters[full][2] = 3
    s.supply[2] -= 3
    empty_kg = HUMAN * 6 + ROYAL
    s.guards[empty_kg] = 0
    s.guards_in_supply[0] += 2
    act(s, "deploy", usiku)
    targets = {a.args[0] for a in s.legal_actions()}
    assert targets == ({KOBOLD * 6 + g for g in range(6)} | {k * 6 + ROYAL for k in range(6)}) - {empty_kg}
    assert full in targets
    act(s, "deploy_to", full)
    assert s.guards[full] == 1 and s.supporters[full][1] == 1 and s.guards_in_supply[1] == 1 and s.res[1][2] == 0
    check_invariants(s)


def test_citizen_cannot_deploy_into_full_guild_and_no_supply_no_deploy():
    s = new(3, 9)
    at_main(s, 0)
    cleric = card_by_name("Elf Cleric")
    put(s, cleric, s.hand[0])
    full = ELF * 6 + 0
    s.supporters[full][1] = 3
    s.supply[1] -= 3
    assert full not in s.deploy_targets(0, cleric)
    s.reserve[0] += s.supply[0]
    s.supply[0] = 0
    assert not any(a.kind == "deploy" for a in s.legal_actions())


def test_maneuver_one_or_two():
    s = new(2, 10)
    at_main(s, 0)
    s.supporters[0][0] = 2
    s.supply[0] -= 2
    act(s, "maneuver", 0)
    dests = {a.args[0] for a in s.legal_actions()}
    assert 0 not in dests and len(dests) == 35
    act(s, "maneuver_to", 35)
    assert s.main == "maneuver" and any(a.kind == "end_turn" for a in s.legal_actions())
    act(s, "maneuver", 0)
    act(s, "maneuver_to", 20)
    assert not any(a.kind == "maneuver" for a in s.legal_actions())
    assert s.supporters[35][0] == 1 and s.supporters[20][0] == 1 and s.supporters[0][0] == 0


def test_kings_guard_actions():
    s = new(2, 11)
    at_main(s, 0)
    s.guards_in_supply[0] = 3
    s.guards[0] = 0
    s.guards[1] = 1
    act(s, "kg_prospects")
    act(s, "kg_place", "dragon", KOBOLD)
    act(s, "kg_place", "citizen", KOBOLD)
    assert len(s.prospects[KOBOLD]) == 3 and s.prospects[KOBOLD][-1] < 36
    bottom = s.prospects[KOBOLD][0]
    act(s, "kg_lift", KOBOLD, 0)
    assert s.prospects[KOBOLD][-1] == bottom
    act(s, "kg_discard")
    first = s.hand[0][0]
    act(s, "discard", first)
    act(s, "discard_done")
    assert first in s.discard[0] and len(s.hand[0]) == 4
    assert s.guards_in_supply[0] == 0 and s.guards_spent == 3
    assert not any(a.kind.startswith("kg_") for a in s.legal_actions())
    check_invariants(s)
    # Discarded cards are not replaced until the end of the turn.
    act(s, "gather", s.hand[0][0]) if any(a.kind == "gather" for a in s.legal_actions()) else None
    act(s, "end_turn")
    assert len(s.hand[0]) == 5


def test_reconcile_reshuffles_discards():
    s = new(2, 12)
    at_main(s, 0)
    s.discard[0] += s.deck[0]
    s.deck[0] = []
    draws = s.rng.draws
    hand_before = list(s.hand[0])
    act(s, "gather", hand_before[0])
    act(s, "end_turn")
    assert len(s.hand[0]) == 5 and s.rng.draws > draws
    check_invariants(s)


def test_end_turn_needs_a_main_action():
    s = new(2, 13)
    at_main(s, 0)
    assert Action("end_turn", ()) not in s.legal_actions()
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(Action("end_turn", ()))
    assert "main action" in str(info.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_pass_when_no_main_action_is_possible():
    s = new(2, 13)
    at_main(s, 0)
    s.discard[0] += s.hand[0]
    s.hand[0] = []
    set_res(s, 0, 0, 0, 0)
    acts = s.legal_actions()
    assert [a.kind for a in acts] == ["end_turn"]
    act(s, "end_turn")
    assert s.active == 1


@pytest.mark.parametrize(
    "action, words",
    [
        (Action("favor", (0,)), "not possible"),
        (Action("deploy", (9999,)), "not possible"),
        (Action("recruit", (0,)), "costs"),
        (Action("gather", (0,)), "not in your hand"),
        (Action("kg_prospects", ()), "King's Guard"),
    ],
)
def test_illegal_actions_leave_state_unchanged(action, words):
    s = new(3, 14)
    at_main(s, s.active)
    set_res(s, s.active, 0, 0, 0)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert words in str(info.value)
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_favor_cannot_gather_and_second_favor_refused():
    s = new(2, 15)
    at_main(s, 0)
    shepherd = 112 + 3 * 6
    sheph2 = shepherd + 1
    put(s, shepherd, s.hand[0])
    put(s, sheph2, s.hand[0])
    assert Action("gather", (shepherd,)) not in s.legal_actions()
    act(s, "favor", shepherd)
    assert "one Guild Favor" in s.why_illegal(Action("favor", (sheph2,)))


def test_action_keys_and_labels():
    s = new(2, 16)
    at_main(s, 0)
    assert s.action_key(Action("end_turn", ())) == "e"
    assert s.action_key(Action("take", (1,))) == "g"
    assert s.action_key(Action("fill", ("dragon",))) == "d"
    assert all(a.label for a in s.legal_actions())
    assert s.phase_label() == "{p0}: choose an action"


def test_readable_reasons_for_bad_targets():
    s = new(3, 17)
    at_main(s, 0)
    usiku = card_by_name("U'siku Dragon")
    put(s, usiku, s.hand[0])
    set_res(s, 0, 0, 0, 2)
    act(s, "deploy", usiku)
    no_guard = KOBOLD * 6 + 1
    s.guards[no_guard] = 0
    s.guards_spent += 2
    with pytest.raises(IllegalAction) as info:
        s.apply(Action("deploy_to", (no_guard,)))
    assert "King's Guard" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        s.apply(Action("deploy_to", (0,)))
    assert "does not match" in str(info.value)
    s2 = new(3, 17)
    at_main(s2, 0)
    s2.supporters[0][0] = 1
    s2.supply[0] -= 1
    s2.supporters[5][1] = 3
    s2.supply[1] -= 3
    act(s2, "maneuver", 0)
    with pytest.raises(IllegalAction) as info:
        s2.apply(Action("maneuver_to", (5,)))
    assert "full" in str(info.value)
