"""The Game object, the designed card list, keys, labels, views and the in-app help."""

from __future__ import annotations

import ast
import json
from collections import Counter
from pathlib import Path

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games import catalog_entry, get_game
from dragon_tui.games.court import GAME
from dragon_tui.games.court.data import CARDS, CLANS, GENERAL, PRINCE_IDS, ROLES

from .helpers import find, make_state

PACKAGE = Path(__file__).resolve().parents[3] / "dragon_tui" / "games" / "court"


def test_registered_as_a_one_player_game():
    assert get_game("court") is GAME
    assert (GAME.min_players, GAME.max_players) == (1, 1)
    with pytest.raises(ValueError):
        GAME.new_state(2, 0)
    assert GAME.heuristic is not None and catalog_entry("court").blurb


def test_54_cards_nine_princes_and_five_roles_by_three_clans_by_three_ranks():
    assert len(CARDS) == 54
    assert len(PRINCE_IDS) == 9
    assert [c.id for c in CARDS] == list(range(54))
    assert len({c.name for c in CARDS}) == 54
    court = Counter((c.role, c.clan) for c in CARDS if not c.is_prince)
    assert court == {(r, k): 3 for r in ROLES for k in CLANS}
    for card in CARDS:
        if card.is_prince:
            assert card.strength > 0 and card.vp > 0
        else:
            assert 2 <= card.cost <= 5 and card.vp >= 0 and card.power
            assert (card.strength > 0) == (card.role == GENERAL)


def test_options_default_to_the_documented_readings():
    assert GAME.resolve_options() == {
        "auction": "dutch", "full_court": "replace", "raids": "one", "fresh_prince": "raids",
    }
    with pytest.raises(ValueError):
        GAME.resolve_options({"raids": "all"})


def test_keys_are_slot_numbers_space_letters_and_p():
    state = make_state(row=["Sun Captain", "Moon Captain", "Prince of Ash", "Earth Captain"], cp=10)
    keys = {a.kind + str(a.args): state.action_key(a) for a in state.legal_actions()}
    assert keys == {"buy(0,)": "1", "buy(1,)": "2", "buy(3,)": "4", "pass()": "p"}
    state.apply(find(state, "buy", 1))
    assert [state.action_key(a) for a in state.legal_actions()] == list("abcdefgh")


def test_labels_and_phase_lines_read_as_sentences():
    state = make_state(row=[None, "Sun General", None, None], cp=10)
    assert find(state, "buy", 1).describe() == "Buy the Sun General (slot 2) for 5 CP"
    assert state.phase_label() == "{p0}, turn 1: buy a card or pass"
    state.apply(find(state, "buy", 1))
    assert state.phase_label() == "{p0}: choose a space for the Sun General"
    assert find(state, "place", 4).describe() == "Place the Sun General in space E (bottom row)"
    assert all("{p0}" in line or "{p" not in line for line in state.log)


def test_state_attributes_are_json_native():
    state = GAME.new_state(1, 11)

    def native(value):
        if isinstance(value, dict):
            return all(isinstance(k, str) and native(v) for k, v in value.items())
        if isinstance(value, list):
            return all(native(v) for v in value)
        return value is None or isinstance(value, (bool, int, str, float))

    data = state.to_json()["data"]
    assert native(data), data
    assert json.loads(json.dumps(data)) == data


def test_view_hides_the_pile_order_only():
    state = GAME.new_state(1, 12)
    view = state.view(0)
    assert view.pile == sorted(state.pile)
    assert view.row == state.row and view.cp == state.cp


def test_determinize_reshuffles_only_the_unseen_cards():
    state = GAME.new_state(1, 13)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    other = state.determinize(0, Rng(99))
    assert sorted(other.pile) == sorted(state.pile)
    assert other.pile != state.pile
    for attr in ("row", "court", "cp", "discard", "daemon_court", "defeated", "phase"):
        assert getattr(other, attr) == getattr(state, attr)
    assert state.determinize(0, Rng(99)).pile == other.pile


def test_no_textual_or_rich_anywhere_in_the_package():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] in ("textual", "rich") for n in names), path


def test_help_lists_every_rule_decision_and_the_keys():
    text = GAME.help_markdown()
    for needle in ("Dutch auction", "Full court", "Courtesan's rescue", "Phase 2", "Phase 3",
                   "empty draw pile", "All nine Princes drawn", "`u`", "`?`", "`Enter`", "`p`"):
        assert needle in text, needle
    from dragon_tui.games.court import rules

    assert rules.__doc__.count("\n1") >= 1 and "11." in rules.__doc__


def test_help_card_table_matches_the_data_module():
    text = GAME.help_markdown()
    for role in ROLES:
        ranks = [c for c in CARDS if c.role == role and c.clan == "Sun"]
        line = next(line for line in text.splitlines() if line.startswith(f"| {role} |"))
        assert " / ".join(str(c.cost) for c in ranks) in line, line
        assert " / ".join(str(c.vp) for c in ranks) in line, line
    for prince in (c for c in CARDS if c.is_prince):
        short = prince.name.replace("Prince of the ", "").replace("Prince of ", "")
        assert f"{short} {prince.strength}/{prince.vp}" in text, prince.name


def test_a_view_hides_the_pile_order_and_the_rng():
    from dragon_tui.games import get_game

    state = get_game("court").new_state(1, 4)
    view = state.view(0)
    assert view.pile == sorted(state.pile)
    assert view.rng.state != state.rng.state and view.rng.draws == state.rng.draws
