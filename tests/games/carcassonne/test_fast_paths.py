"""Carcassonne's shortcuts for bots agree with the full rules they stand in for."""

from __future__ import annotations

import pytest

from dragon_tui.engine import Rng
from dragon_tui.games import GAMES

from .helpers import fresh, meeple, put

OPTIONS = [{}, {"fairy": "on-tile", "princess": "must"}, {"dragon_move": "after-scoring", "farmers": False}]


@pytest.mark.parametrize("options", OPTIONS)
def test_has_figure_choice_matches_the_figure_list(options):
    game = GAMES["carcassonne"]
    for seed in range(3):
        state = game.new_state(3, seed, **options)
        rng = Rng(seed)
        while not state.is_over:
            if state.placed in state.board:
                assert state.has_figure_choice() == bool(state.figure_actions())
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("options", OPTIONS)
def test_surely_free_here_is_right_whenever_the_turn_sequence_asks(options, monkeypatch):
    """The turn's figure step asks surely_free_here() before any meeple of the turn went down:
    every yes it gives there is a real meeple spot on the new tile."""
    from dragon_tui.games.carcassonne.rules import CarcassonneState

    asked = []
    quick = CarcassonneState.surely_free_here

    def checked(state):
        answer = quick(state)
        if answer:
            assert state.here_spots()
        asked.append(answer)
        return answer

    monkeypatch.setattr(CarcassonneState, "surely_free_here", checked)
    game = GAMES["carcassonne"]
    for seed in range(3):
        state = game.new_state(3, seed, **options)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    assert True in asked and False in asked


def test_feature_ids_made_in_a_whole_game_come_from_the_table_of_names():
    """board._NAMES holds the text of every feature id a game can make (each tile of the box
    brings its own features, merges make none): a full game with every tile stays inside it,
    and an id past it (a hand-made save) is still its number as text."""
    from dragon_tui.games.carcassonne import board

    game = GAMES["carcassonne"]
    state = game.new_state(2, 3)
    rng = Rng(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert 0 < state.next_fid <= board._NAMED
    assert board._NAMES == tuple(str(n) for n in range(board._NAMED))
    state._init_board()
    state.next_fid = board._NAMED + 5
    assert state.put_tile(0, "0,0", 0)[0] == str(board._NAMED + 5)


@pytest.mark.parametrize("seed", [0, 1])
def test_a_move_changes_no_laid_tile_record_or_seg_list_that_a_clone_may_share(seed):
    """Clones share laid tiles, feature records (and their segment lists) and seg lists
    (copy_fields); put_tile and _merge change in place only what the same call made. After
    every move, every such object that existed before it still holds what it held."""
    import copy

    game = GAMES["carcassonne"]
    state = game.new_state(2, seed)
    rng = Rng(seed)
    while not state.is_over:
        before = [(obj, copy.deepcopy(obj)) for obj in (
            *state.board.values(), *state.seg.values(), *state.feats.values(),
            *(f["segs"] for f in state.feats.values()))]
        state.apply(rng.choice(state.legal_actions()))
        for obj, held in before:
            assert obj == held


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_kept_frontier_rows_are_the_frontier_sorted_by_row_after_every_move(seed):
    """put_tile keeps the frontier's row order by hand (a laid tile's east and west
    neighbours go where it stood, north and south by search): it is always the sorted one."""
    from dragon_tui.games.carcassonne import board

    game = GAMES["carcassonne"]
    state = game.new_state(2, seed)
    rng = Rng(seed)
    while not state.is_over:
        assert state._rows == sorted(state.frontier, key=board._row_key)
        state.apply(rng.choice(state.legal_actions()))
    assert state._rows == sorted(state.frontier, key=board._row_key)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_score_completed_scores_what_a_walk_around_the_tile_finds(seed, monkeypatch):
    """score_completed skips fields and most of the square around the tile (tables by tile
    type; no monastery search with fewer than two laid neighbours): it scores the same
    features, in the same order, as looking at every feature of the tile and every position
    around it."""
    from dragon_tui.games.carcassonne.board import around
    from dragon_tui.games.carcassonne.rules import CarcassonneState
    from dragon_tui.games.carcassonne.data import CLOISTERS

    def walked(state, pos):
        done = []
        for fid in state.seg[pos]:
            f = state.feats[fid]
            if f["open"] == 0 and f["k"] in ("city", "road") and fid not in done:
                done.append(fid)
        for p in around(pos):
            if p in state.board:
                for i in CLOISTERS[state.board[p][0]]:
                    if state.cloister_neighbours(p) == 8:
                        done.append(state.seg[p][i])
        return done

    scored = []
    score_feature = CarcassonneState.score_feature
    quick = CarcassonneState.score_completed
    monkeypatch.setattr(CarcassonneState, "score_feature",
                        lambda state, fid, final: (scored.append(fid), score_feature(state, fid, final)))
    found = []

    def checked(state, pos):
        expected = walked(state, pos)
        found.extend(expected)
        scored.clear()
        quick(state, pos)
        assert scored == expected

    monkeypatch.setattr(CarcassonneState, "score_completed", checked)
    game = GAMES["carcassonne"]
    for players in (2, 4):
        state = game.new_state(players, seed)
        rng = Rng(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    assert found


@pytest.mark.parametrize("last", [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)])
def test_the_tile_finishing_a_monastery_scores_it_from_any_place_in_its_square(last):
    """Random games hardly ever finish a monastery, so each of the nine places is tried by
    hand: a corner tile finishes it with only two laid neighbours (the fewest the quick
    check in score_completed lets through)."""
    s = fresh()
    square = [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1)]
    square.remove(last)
    square.sort(key=lambda p: abs(p[0]) + abs(p[1]))  # the centre first, then outwards
    for x, y in [*square, last]:
        put(s, "BA-B", x, y, check=False)
    meeple(s, 0, 0, 0, 0)
    s.score_completed(f"{last[0]},{last[1]}")
    assert s.points[0]["Monasteries"] == 9 and s.supply[0] == 7


def test_blank_records_are_every_rotations_starts_and_stay_blank():
    """put_tile copies a new feature's record from board._BLANK_RECORDS[type] (made from
    rotation 0): a feature starts alike in every rotation, and a whole game changes no blank."""
    from dragon_tui.games.carcassonne import board
    from dragon_tui.games.carcassonne.data import ROT, TILES

    def blanks():
        return [[{"k": k, "segs": None, "open": o, "pen": p} for k, o, p in ROT[t.index][rot].starts]
                for t in TILES for rot in range(4)]

    assert [list(b) for b in board._BLANK_RECORDS for _ in range(4)] == blanks()
    game = GAMES["carcassonne"]
    state = game.new_state(2, 5)
    rng = Rng(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert [list(b) for b in board._BLANK_RECORDS for _ in range(4)] == blanks()
