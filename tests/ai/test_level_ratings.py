"""The bot levels on the club's rating scale: rating them from games among the levels
(``devtools/rate_levels.py``), reading the figures a game ships with, and showing them beside
the level names on the setup screen and in the lobby."""

import json

import pytest

from dragon_tui.ai import levels
from dragon_tui.devtools.rate_levels import also, rate


@pytest.fixture
def ratings_in(tmp_path, monkeypatch):
    """Point every game's level_ratings.json at a file of the test's own."""
    path = tmp_path / "level_ratings.json"
    monkeypatch.setattr(levels, "ratings_file", lambda game_id: path)
    levels.level_ratings.cache_clear()
    yield path
    levels.level_ratings.cache_clear()


def test_a_level_that_always_wins_is_rated_above_one_that_always_loses():
    tables = [[("hard", 10.0), ("greedy", 3.0)]] * 12 + [[("greedy", 8.0), ("random", 1.0)]] * 12
    figures = rate(tables, orders=5)
    assert figures["hard"]["mu"] > figures["greedy"]["mu"] > figures["random"]["mu"]
    # one update per game, as the club rates people: the levels' mean stays where a newcomer starts
    assert abs(sum(f["mu"] for f in figures.values()) / 3 - 25) < 1.5


def test_equal_scores_share_a_place_so_even_levels_stay_even():
    tables = [[("easy", 5.0), ("normal", 5.0)]] * 20
    figures = rate(tables, orders=3)
    assert figures["easy"]["mu"] == pytest.approx(figures["normal"]["mu"], abs=0.01)


def _record(path, header, games):
    lines = [json.dumps(header)] + [json.dumps(g) for g in games]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


HEAD = {"arena": 1, "game": "hoard", "seats": ["hard", "normal"], "games": 2, "seed": 1, "time_scale": 1.0,
        "cpu_clock": True}
GAMES = [{"seed": 1, "entries": [0, 1], "scores": [40, 30], "winners": [0], "times": {}, "moves": 9},
         {"seed": 1, "entries": [1, 0], "scores": [35, 41], "winners": [1], "times": {}, "moves": 9}]


def test_another_record_among_the_levels_adds_its_games_as_tables(tmp_path):
    tables = also("hoard", ["normal", "hard"], _record(tmp_path / "r.jsonl", HEAD, GAMES))
    assert tables == [[("hard", 40), ("normal", 30)], [("hard", 41), ("normal", 35)]]


@pytest.mark.parametrize("change", [{"game": "crowns"}, {"seats": ["hard", "hard-old"]}, {"time_scale": 100.0},
                                    {"cpu_clock": None}])
def test_a_record_of_another_game_levels_or_budget_is_refused(tmp_path, change):
    header = {k: v for k, v in {**HEAD, **change}.items() if v is not None}
    with pytest.raises(ValueError):
        also("hoard", ["normal", "hard"], _record(tmp_path / "r.jsonl", header, GAMES))


def test_the_ratings_file_is_read_and_shown_beside_the_level(ratings_in):
    ratings_in.write_text(json.dumps({"command": "x", "tables": 80,
                                      "levels": {"hard": {"mu": 31.4, "sigma": 1.2}, "random": {"mu": 14.6}}}))
    assert levels.level_ratings("crowns") == {"random": 14.6, "hard": 31.4}
    assert levels.level_label("hard", "crowns") == "hard ≈ 31"
    assert levels.level_label("random", "crowns") == "random ≈ 15"
    assert levels.level_label("normal", "crowns") == "normal"  # not rated: the name alone


@pytest.mark.parametrize("text", ["", "{", "[]", '{"levels": 3}', '{"levels": {"hard": {"mu": "high"}}}',
                                  '{"levels": {"hard": 31}}'])
def test_a_damaged_ratings_file_hides_the_figures_and_breaks_nothing(ratings_in, text):
    ratings_in.write_text(text)
    assert levels.level_ratings("crowns") == {}
    assert levels.level_label("hard", "crowns") == "hard"


def test_a_game_without_rated_levels_shows_the_names_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(levels, "ratings_file", lambda game_id: tmp_path / "missing.json")
    levels.level_ratings.cache_clear()
    try:
        assert levels.level_label("hard", "crowns") == "hard"
    finally:
        levels.level_ratings.cache_clear()


def test_the_shipped_figures_name_the_command_that_made_them():
    """Every game that ships level ratings says how they were made, from how many games (at
    least 40: a solitaire's table holds a game of every level), and rates levels that exist;
    the stronger search levels are rated above random."""
    from dragon_tui.games import GAMES

    for game_id in GAMES:
        path = levels.ratings_file(game_id)
        if not path.exists():
            continue
        doc = json.loads(path.read_text())
        assert doc["command"].startswith(f"python -m dragon_tui.devtools.rate_levels {game_id} ")
        assert doc["games"] >= 40 and doc["tables"] <= doc["planned"]
        assert set(doc["levels"]) <= set(levels.LEVELS)
        mus = {level: f["mu"] for level, f in doc["levels"].items()}
        assert mus.get("hard", 99) > mus.get("random", 0)


def test_the_setup_screen_the_host_screen_and_the_lobby_show_the_ratings(ratings_in):
    from dragon_tui.ui.screens.host import _seat_kinds
    from dragon_tui.ui.screens.lobby import room_text
    from dragon_tui.ui.screens.setup import seat_kinds

    ratings_in.write_text(json.dumps({"levels": {"hard": {"mu": 30.6}, "greedy": {"mu": 21.2}}}))
    prompts = [prompt for prompt, _ in seat_kinds("crowns")]
    assert "Bot: hard ≈ 31" in prompts and "Bot: greedy ≈ 21" in prompts and "Bot: easy" in prompts
    assert ("Bot: hard ≈ 31", "bot:hard") in _seat_kinds("crowns")
    room = {"id": 1, "game": "crowns", "title": "Batalla de Coronas", "host": "ann", "over": False,
            "moves": 0, "to_move": 0, "watchers": 0, "seats": [
                {"kind": "remote", "player": "ann", "connected": True, "name": "ann"},
                {"kind": "bot", "level": "hard", "name": "Bot 2", "player": None}]}
    assert "Bot 2 (bot hard ≈ 31)" in room_text(room, "ann").plain
