"""Seeded random games, 2 to 4 players, with the shared protocol checks and the conservation
invariants after every action (JSON round trips and illegal-action checks are thinned)."""

import json

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.throne import GAME
from tests.protocol_checks import play_random_game, seeds, slow_for

from .helpers import check_invariants

#: Seeds 0–36 already cover every rule branch (``coverage run --branch``) that 100 seeds of
#: 2, 3 and 4 players cover (1,723 arcs of dragon_tui/games/throne); 40 keep a margin.
SEEDS = seeds(40)


def thinned(every: int):
    """The invariants on every ``every``-th action (and always on the final state)."""
    count = [0]

    def check(state):
        count[0] += 1
        if count[0] % every == 0 or state.is_over:
            check_invariants(state)

    return check


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game(players, seed):
    every = 1 if seed % 10 == 0 else 3
    state, actions = play_random_game(GAME, players, seed, invariants=thinned(every), full_checks_every=97)
    # The game ends when the Clan Houses are full, or when a player with no Dragon Lord left
    # takes control (option lords_out, this edition's default).
    if sum(len(h) for h in state.houses) < 30:
        assert state.log[-1].endswith("takes control with no Dragon Lord left: the game ends.")
        assert 0 in state.lords_left
    assert state.is_over
    assert all(score >= 0 for score in state.scores())


@pytest.mark.parametrize("players", slow_for([2, 3, 4], 3, 4))
def test_views_hide_hands_and_decks(players):
    state = GAME.new_state(players, 5)
    chooser = Rng(3)
    for step in range(600):
        if state.is_over:
            break
        for seat in range(players):
            view = state.view(seat)
            for other in range(players):
                if other != seat:
                    assert view.hand[other] == [-1] * len(state.hand[other])
                assert view.deck[other] == [-1] * len(state.deck[other])
            assert view.hand[seat] == state.hand[seat]
            # The prospect decks' contents are public (every drawn card is turned face up),
            # their order is not: the view keeps them sorted.
            assert view.cdeck == sorted(state.cdeck) and view.ddeck == sorted(state.ddeck)
            assert view.rng.state == 0 and view.info_epoch == state.info_epoch
            text = json.dumps(view.to_json())
            assert json.dumps(state.to_json()) != text or not any(state.deck)
        if step % 50 == 0:
            det = state.determinize(state.current_player, Rng(step))
            seat = state.current_player
            assert det.hand[seat] == state.hand[seat]
            assert det.discard == state.discard and det.prospects == state.prospects
            for other in range(players):
                assert sorted(det.hand[other] + det.deck[other]) == sorted(state.hand[other] + state.deck[other])
                assert len(det.hand[other]) == len(state.hand[other])
            assert sorted(det.cdeck) == sorted(state.cdeck)
            det.legal_actions()
        state.apply(chooser.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_a_view(players):
    state = GAME.new_state(players, 9)
    chooser = Rng(4)
    for step in range(900):
        if state.is_over:
            break
        if step % 150 == 0:
            seat = state.current_player
            det = state.view(seat).determinize(seat, Rng(step))
            check_invariants(det)
            assert det.hand[seat] == state.hand[seat] and det.discard == state.discard
            assert det.prospects == state.prospects and det.favors == state.favors
            assert [len(h) for h in det.hand] == [len(h) for h in state.hand]
            assert all(c < 36 for c in det.cdeck) and all(36 <= c < 72 for c in det.ddeck)
            assert det.legal_actions() == state.legal_actions()
        state.apply(chooser.choice(state.legal_actions()))


def test_full_box_and_no_neutral_options():
    state, _ = play_random_game(GAME, 2, 7, invariants=thinned(2), full_checks_every=200,
                                options={"stocks": "full", "neutral": False})
    assert sum(state.box) == 0 and sum(state.neutral_supporters) == 0
    state, _ = play_random_game(GAME, 3, 8, invariants=thinned(2), full_checks_every=200,
                                options={"stocks": "full"})
    assert sum(state.box) == 0


def test_log_never_names_a_drawn_card():
    from dragon_tui.games.throne.data import card

    state = GAME.new_state(3, 12)
    chooser = Rng(5)
    checked = 0
    while not state.is_over and checked < 400:
        action = chooser.choice(state.legal_actions())
        if action.kind in ("end_turn", "kayu_done"):
            seat = state.active
            before, log_len = list(state.hand[seat]), len(state.log)
            state.apply(action)
            drawn = [c for c in state.hand[seat] if c not in before]
            lines = [ln for ln in state.log[log_len:] if "guild" not in ln and "Clan House" not in ln]
            for c in drawn:
                assert not any(card(c).name in ln for ln in lines if "discards" not in ln)
            checked += 1
        else:
            state.apply(action)
    assert checked > 50


KINDS = ("kayu_discard", "kayu_done", "fill", "gather", "maji", "recruit", "keep", "dismiss", "deploy",
         "deploy_to", "maneuver", "maneuver_to", "kg_prospects", "kg_place", "kg_lift", "kg_discard",
         "discard", "discard_done", "vuur", "favor", "favor_done", "take", "kg_from", "kg_to", "kg_take",
         "sup_from", "sup_to", "lord_from", "lord_to", "sorc_add", "sorc_remove", "end_turn", "house",
         "bump", "bump_to", "prince")
ARGS = ((), (0,), (5,), (35,), (147,), (-1,), ("citizen",), ("dragon", 2), (1, 2), (0, 1), ("x",))


@pytest.mark.slow
def test_every_bogus_action_is_refused_cleanly():
    from dragon_tui.engine import Action, IllegalAction

    state = GAME.new_state(3, 21)
    chooser = Rng(8)
    for step in range(700):
        if state.is_over:
            break
        if step % 7 == 0:
            legal = set(state.legal_actions())
            before = json.dumps(state.to_json(), sort_keys=True)
            for kind in KINDS:
                for args in ARGS:
                    action = Action(kind, args)
                    if action in legal:
                        continue
                    with pytest.raises(IllegalAction) as info:
                        state.apply(action)
                    assert str(info.value).strip()
            assert json.dumps(state.to_json(), sort_keys=True) == before
        state.apply(chooser.choice(state.legal_actions()))
