import datetime

from dragon_tui.session import highscores, storage


def test_daily_seed_is_the_date():
    assert highscores.daily_seed(datetime.date(2026, 12, 1)) == 20261201


def test_scores_are_kept_per_seed_best_first_and_capped():
    for score in (5, 30, 12):
        highscores.record("court", 7, "Ana", score, 40)
    highscores.record("court", 8, "Ana", 99, 40)
    assert [e["score"] for e in highscores.scores_for("court", 7)] == [30, 12, 5]
    for score in range(20):
        highscores.record("court", 7, "Ben", score, 10)
    assert len(highscores.scores_for("court", 7)) == highscores.KEEP


def test_the_same_game_recorded_twice_counts_once():
    assert highscores.record("court", 1, "Ana", 20, 33) == 1
    assert highscores.record("court", 1, "Ana", 20, 33) == 1
    assert len(highscores.scores_for("court", 1)) == 1


def test_a_damaged_table_starts_afresh():
    (storage.data_dir() / highscores.FILE).write_text("nonsense")
    assert highscores.scores_for("court", 1) == []
    assert highscores.record("court", 1, "Ana", 3, 9) == 1
