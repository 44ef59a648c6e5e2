"""The bots, the arena and the review play every game through the same protocol: each bot
level decides from the seat's view, the arena plays bot-only games on a table, the review
values a seat's decisions."""

from __future__ import annotations

import pytest

from dragon_tui.ai import make_agent
from dragon_tui.ai.ismcts import ISMCTSAgent, SearchConfig
from dragon_tui.ai.review import decision_indexes, review_table
from dragon_tui.devtools.arena import run_arena
from dragon_tui.engine import Rng
from dragon_tui.session import Seat, Table, TurnController

from .conftest import is_example, kit_players

#: A search small enough for the kit: the protocol is what is tested, not the strength.
SMALL = SearchConfig(iterations=40, time_limit=5.0)


def _agents(game):
    return {
        "random": make_agent("random", game, 1),
        "greedy": make_agent("greedy", game, 1),
        "ismcts": ISMCTSAgent(game, SMALL, 1),
    }


@pytest.mark.parametrize("level", ["random", "greedy", "ismcts"])
def test_every_bot_level_picks_a_legal_action_from_the_seats_view(game, level):
    state = game.new_state(kit_players(game), 8)
    chooser = Rng(8)
    agent = _agents(game)[level]
    for step in range(12):
        if state.is_over:
            break
        seat = state.current_player
        action = agent.choose(state.view(seat), seat)
        assert action in state.legal_actions()
        state.apply(chooser.choice(state.legal_actions()) if step % 2 else action)


def test_bots_play_a_table_through_the_turn_controller(game):
    """As at the app's table and on the server: the controller asks each bot seat in turn."""
    seats = [Seat(f"B{i}", "bot", "greedy" if i else "random") for i in range(kit_players(game))]
    table = Table(game.id, seats, 12)
    controller = TurnController(table, delay=0.0)
    limit = 10**6 if is_example(game) else 30
    controller.play_bots(limit)
    assert not controller.notices
    assert len(table.moves) >= min(limit, 1)
    assert table.state.is_over or len(table.moves) >= limit
    if is_example(game):
        assert table.state.is_over and table.state.winners()


def test_the_arena_plays_bot_games_and_counts_them(game):
    seats = ["random"] if game.max_players == 1 else ["random", "greedy"][: kit_players(game)]
    report = run_arena(game.id, seats, games=2, seed=3, processes=1,
                       max_moves=10**4 if is_example(game) else 25)
    assert len(report.records) == (2 * len(seats) if report.solitaire else 2)
    for record in report.records:
        assert record.moves > 0 and len(record.scores) == kit_players(game)
        if is_example(game):
            assert not record.unfinished and record.winners
    assert sum(entry.games for entry in report.entries) == len(report.records) * (1 if report.solitaire else len(seats))


def test_the_review_values_a_seats_decisions(game):
    seats = [Seat("Ana")] + [Seat(f"B{i}", "bot", "random") for i in range(1, kit_players(game))]
    table = Table(game.id, seats, 5)
    chooser = Rng(5)
    while not table.state.is_over and len(table.moves) < (10**6 if is_example(game) else 8):
        table.apply(chooser.choice(table.state.legal_actions()))
    review = review_table(table, 0, config=SearchConfig(iterations=20, time_limit=5.0), seed=1)
    indexes = decision_indexes(table.states[:-1], table.moves, 0)
    assert [d.move for d in review.decisions] == indexes
    for decision in review.decisions:
        assert decision.played == table.moves[decision.move].action
        assert decision.choice in table.states[decision.move].legal_actions()
