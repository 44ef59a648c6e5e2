"""Determinization keeps what the seat knows.

Discard piles are open (rule decision 17), recruits and favors go to the open discard pile,
and every card drawn from a prospect deck is turned face up. So every player's hand + deck
contents and the prospect decks' contents are public; only which of a player's cards are in
the hand and the order of every deck are unknown. A world a bot samples must keep the rest.
"""

import json

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games.throne import GAME, ThroneState
from dragon_tui.games.throne.hidden import certain_in_hand

from .helpers import check_invariants

WORLDS = 3  # determinizations per seat and position


def positions(players, seed, every=7, limit=500):
    """(state, previous state, action) along a random game, every ``every``-th action."""
    state = GAME.new_state(players, seed)
    chooser = Rng(seed + 1000)
    for step in range(limit):
        if state.is_over:
            return
        action = chooser.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        if step % every == 0 or action.kind == "end_turn":
            yield state, before, action


def assert_consistent(world, state, seat):
    """``world`` keeps everything ``seat`` knows about ``state``."""
    check_invariants(world)
    assert world.hand[seat] == state.hand[seat]
    assert sorted(world.deck[seat]) == sorted(state.deck[seat]), "the seat's own deck contents"
    for o in range(state.num_players):
        assert sorted(world.hand[o] + world.deck[o]) == sorted(state.hand[o] + state.deck[o])
        assert len(world.hand[o]) == len(state.hand[o]) and len(world.deck[o]) == len(state.deck[o])
        assert set(certain_in_hand(state, o)) <= set(world.hand[o])
    assert sorted(world.cdeck) == sorted(state.cdeck) and sorted(world.ddeck) == sorted(state.ddeck)
    assert world.discard == state.discard and world.prospects == state.prospects
    assert world.favors == state.favors and world.dismissed == state.dismissed
    assert world.current_player == state.current_player and world.phase == state.phase
    assert world.pools is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_seats_world_keeps_what_is_public(players, seed):
    """Many random positions, every seat (deciding or not), several worlds each: the seat's
    deck contents, every seat's hand + deck, the prospect decks, the cards known to be in a
    hand, all kept; and the world plays on (legal actions, one of them applied)."""
    rng = Rng(seed)
    checked = 0
    for state, _before, _action in positions(players, seed):
        for seat in range(players):
            view = state.view(seat)
            for _ in range(WORLDS):
                world = view.determinize(seat, rng)
                assert_consistent(world, state, seat)
                legal = world.legal_actions()
                assert legal
                world.apply(rng.choice(legal))
                checked += 1
    assert checked > 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_a_reshuffle_the_old_cards_stay_in_hand(players):
    """A new deck holds only the old discards, so the cards a player held and had left in the
    deck before an end-of-turn reshuffle are certainly in the hand afterwards, in every world,
    whether determinized from the view or from the real state."""
    rng = Rng(11)
    cases = 0
    for seed in range(3, 9):
        for state, before, action in positions(players, seed, every=10**9):
            o = before.active
            if action.kind != "end_turn" or "reshuffles" not in " ".join(state.log[len(before.log):]):
                continue
            old = set(before.hand[o] + before.deck[o])
            assert old <= set(state.hand[o])
            for seat in range(players):
                if seat == o:
                    continue
                for world in (state.view(seat).determinize(seat, rng), state.determinize(seat, rng)):
                    assert old <= set(world.hand[o]), "an old card was dealt back into the deck"
                    assert set(world.deck[o]) <= set(before.discard[o]), "the new deck is the old discards"
            cases += 1
    assert cases >= 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_pending_deploy_keeps_its_card_in_the_active_hand(players):
    """The announced card of a deploy whose guild is still to choose stays in the active hand
    in every other seat's world, and every world's offered guilds can be taken."""
    rng = Rng(5)
    cases = 0
    for seed in range(1, 12):
        state = GAME.new_state(players, seed)
        chooser = Rng(seed)
        while not state.is_over and cases < 8 * seed:
            legal = state.legal_actions()
            deploys = [a for a in legal if a.kind == "deploy"]
            state.apply(chooser.choice(deploys) if deploys else chooser.choice(legal))
            if state.phase != "deploy_to":
                continue
            for seat in range(players):
                world = state.view(seat).determinize(seat, rng)
                assert world.pending.card in world.hand[world.active]
                legal = world.legal_actions()
                assert legal and all(a.kind == "deploy_to" for a in legal)
                world.apply(legal[0])
            cases += 1
    assert cases >= 20


def test_the_view_says_what_is_public_and_nothing_more():
    """Hidden cards stay hidden in the view's JSON; what is public is there to read."""
    for state, _before, _action in positions(3, 4, every=25):
        for seat in range(3):
            view = state.view(seat)
            for o in range(3):
                assert view.pools[o] == sorted(state.deck[o] if o == seat else state.hand[o] + state.deck[o])
                assert view.shown[o] == certain_in_hand(state, o)
                assert view.deck[o] == [-1] * len(state.deck[o])
            # Swapping two unknown cards of another seat between hand and deck changes nothing.
            o = (seat + 1) % 3
            loose = [c for c in state.hand[o] if c not in state.shown[o]]
            if loose and state.deck[o]:
                other = state.clone()
                i = other.hand[o].index(loose[0])
                other.hand[o][i], other.deck[o][0] = other.deck[o][0], other.hand[o][i]
                other.deck[o].reverse()
                other.cdeck.reverse()
                assert json.dumps(other.view(seat).to_json()) == json.dumps(view.to_json())


def test_a_save_without_the_shown_cards_still_loads():
    """Saves written before this record existed load with nothing known to be in a hand."""
    state = GAME.new_state(2, 3)
    doc = state.to_json()
    del doc["data"]["shown"], doc["data"]["pools"]
    loaded = ThroneState.from_json(json.loads(json.dumps(doc)))
    assert loaded.shown == [[], []] and loaded.pools is None
    assert_consistent(loaded.determinize(0, Rng(1)), loaded, 0)


def test_a_view_of_a_view_hides_more_and_keeps_what_is_public():
    """A networked client holds a view and its screen takes views of it: a view of seat 0's
    view for a spectator equals the spectator's view, and seat 0's view of it is unchanged."""
    rng = Rng(2)
    for state, _before, _action in positions(3, 6, every=40):
        view = state.view(0)
        assert json.dumps(view.view(None).to_json()) == json.dumps(state.view(None).to_json())
        assert json.dumps(view.view(0).to_json()) == json.dumps(view.to_json())
        assert_consistent(view.view(0).determinize(0, rng), state, 0)
