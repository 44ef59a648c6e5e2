"""The bot's review of a seat's decisions (dragon_tui/ai/review.py): it reads only what the
seat could see, values the move played against the bot's choice, reports progress and stops
when cancelled. Short games and small iteration caps keep it quick."""

import threading

import pytest

from dragon_tui.ai import make_agent
from dragon_tui.ai.ismcts import Search, SearchConfig
from dragon_tui.ai.review import decision_indexes, review_positions, review_table
from dragon_tui.engine import Rng
from dragon_tui.games import get_game
from dragon_tui.session import Seat, Table

SMALL = SearchConfig(iterations=40, time_limit=120.0)


def played_table(game_id, players, moves, seed=5):
    """A game played by greedy bots (seat 0 random, so it makes reviewable mistakes)."""
    table = Table(game_id, [Seat(f"P{i}", "bot", "greedy") for i in range(players)], seed)
    agents = [make_agent("random" if i == 0 else "greedy", table.game, i) for i in range(players)]
    while not table.state.is_over and len(table.moves) < moves:
        seat = table.state.current_player
        table.apply(agents[seat].choose(table.state, seat))
    return table


def rows(review):
    return [(d.move, d.played, d.choice, round(d.played_value, 9), round(d.choice_value, 9),
             tuple(round(c, 9) for c in d.chances)) for d in review.decisions]


def same_view(a, b, seat):
    va, vb = a.view(seat).to_json(), b.view(seat).to_json()
    va.pop("rng"), vb.pop("rng")
    assert va == vb, "the change must be invisible to the seat"


# ------------------------------------------------------------------ no hidden information
def test_hoard_review_ignores_other_hands_and_the_deck_order():
    """Every position the review looks at gets an opponent's card swapped with a deck card of
    the same back, and a different future: the review of seat 0 is exactly the same."""
    from dragon_tui.games.hoard.data import back

    table = played_table("hoard", 2, 24)
    positions, moves = table.states[:-1], table.moves
    indexes = decision_indexes(positions, moves, 0)
    assert len(indexes) >= 3
    changed = list(positions)
    for k in indexes:
        b = positions[k].clone()
        swapped = False
        for i, card in enumerate(b.hands[1]):
            j = next((j for j, other in enumerate(b.deck[:-1]) if other != card and back(other) == back(card)), None)
            if j is not None:
                b.hands[1][i], b.deck[j] = b.deck[j], card
                swapped = True
                break
        assert swapped
        b.rng.state ^= 0x5A5A5A5A
        assert b.to_json() != positions[k].to_json()
        same_view(positions[k], b, 0)
        changed[k] = b
    game = get_game("hoard")
    plain = review_positions(game, positions, moves, 0, config=SMALL, seed=3)
    other = review_positions(game, changed, moves, 0, config=SMALL, seed=3)
    assert plain.complete and len(plain.decisions) == len(indexes)
    assert rows(plain) == rows(other)


def test_princes_review_ignores_other_hands_and_every_deck_order():
    table = played_table("throne", 2, 60, seed=4)
    positions, moves = table.states[:-1], table.moves
    indexes = decision_indexes(positions, moves, 0)
    assert len(indexes) >= 3
    changed, swaps = list(positions), 0
    for k in indexes:
        b = positions[k].clone()
        # A card the rival drew since its last reshuffle (those held at it are public).
        i = next((i for i, c in enumerate(b.hand[1]) if c not in b.shown[1]), None)
        if i is not None and b.deck[1] and b.deck[1][-1] != b.hand[1][i]:
            b.hand[1][i], b.deck[1][-1] = b.deck[1][-1], b.hand[1][i]
            swaps += 1
        b.deck[0].reverse()  # the seat's own deck order is hidden from it too
        b.cdeck.reverse()
        b.ddeck.reverse()
        b.rng.state ^= 0x1234567
        assert b.to_json() != positions[k].to_json()
        same_view(positions[k], b, 0)
        changed[k] = b
    assert swaps >= 1
    game = get_game("throne")
    config = SearchConfig(iterations=24, time_limit=120.0)
    plain = review_positions(game, positions, moves, 0, config=config, seed=5)
    other = review_positions(game, changed, moves, 0, config=config, seed=5)
    assert rows(plain) == rows(other)


def test_court_review_ignores_the_pile_order():
    table = played_table("court", 1, 30)
    positions = [s.clone() for s in table.states[:-1]]
    for b in positions:
        b.pile.reverse()
        b.rng.state ^= 0xABCDEF
    game = get_game("court")
    plain = review_table(table, 0, config=SMALL, seed=1)
    other = review_positions(game, positions, table.moves, 0, config=SMALL, seed=1)
    assert rows(plain) == rows(other)


def test_the_review_depends_on_what_the_seat_sees():
    """The check above could not pass by ignoring positions altogether: a visible change (the
    seat's own Crowns gold) changes the review."""
    table = played_table("crowns", 2, 40)
    positions = [s.clone() for s in table.states[:-1]]
    for b in positions:
        b.gold[0] += 7
    game = get_game("crowns")
    plain = review_table(table, 0, config=SMALL, seed=1)
    other = review_positions(game, positions, table.moves, 0, config=SMALL, seed=1)
    assert rows(plain) != rows(other)


# ------------------------------------------------------------------ what a review holds
def test_a_review_lists_the_seats_decisions_with_values():
    table = played_table("crowns", 2, 60)
    review = review_table(table, 0, config=SMALL, seed=2)
    assert review.unit == "win" and review.complete
    assert all(table.moves[d.move].seat == 0 for d in review.decisions)
    assert all(table.moves[d.move].action == d.played for d in review.decisions)
    assert review.differing(), "a random player's moves differ from the bot's somewhere"
    for d in review.decisions:
        assert 0.0 <= d.played_value <= 1.0 and 0.0 <= d.choice_value <= 1.0
        assert sum(d.chances) == pytest.approx(1.0)
        legal = table.states[d.move].view(0).legal_actions()
        assert d.choice in legal
    assert review.format_value(0.456) == "46%"


def test_the_solitaire_review_is_in_points():
    table = played_table("court", 1, 40)
    review = review_table(table, 0, config=SMALL, seed=2)
    assert review.unit == "points" and review.decisions
    assert all(d.chances == () for d in review.decisions)
    # A few points either way: the Court's totals are single or low double figures.
    assert all(-20 < d.played_value < 60 and -20 < d.choice_value < 60 for d in review.decisions)
    assert review.format_value(12.345) == "12.3 pts"


def test_progress_and_cancel():
    table = played_table("crowns", 2, 60)
    seen = []
    review = review_table(table, 0, config=SMALL, seed=2, on_progress=lambda d, p: seen.append((d, p)))
    assert seen[-1] == (review.planned, review.planned)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    cancel = threading.Event()

    def stop_after_two(done, planned):
        if done >= 2:
            cancel.set()

    cut = review_table(table, 0, config=SMALL, seed=2, cancel=cancel, on_progress=stop_after_two)
    assert not cut.complete and 2 <= len(cut.decisions) < review.planned
    assert rows(cut) == rows(review)[: len(cut.decisions)]


def test_focus_values_a_move_the_search_left_alone():
    state = get_game("crowns").new_state(2, 3)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    search = Search(state, state.current_player, get_game("crowns").heuristic,
                    SearchConfig(iterations=30, time_limit=60), Rng(1))
    search.run()
    rare = min(state.legal_actions(), key=lambda a: search.root_values().get(a, (0, []))[0])
    before = search.root_values().get(rare, (0, []))[0]
    search.focus(rare, 15)
    assert search.root_values()[rare][0] == before + 15
    with pytest.raises(ValueError):
        search.focus(state.legal_actions()[0].__class__("nonsense"), 1)
