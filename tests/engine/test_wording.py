"""The wording helper every text goes through: articles, plurals by count, ranges, seat names."""

from __future__ import annotations

import pytest

from dragon_tui.engine.wording import a_or_an, article, count_of, format_seats, plural, span


@pytest.mark.parametrize(("word", "expected"), [
    ("orange sheep", "an orange sheep"),
    ("yellow sheep", "a yellow sheep"),
    ("unknown card", "an unknown card"),
    ("Abbot", "an Abbot"),
    ("Ecru", "an Ecru"),
    ("knight", "a knight"),
    ("unicorn", "a unicorn"),
    ("one-eyed dragon", "a one-eyed dragon"),
    ("hour", "an hour"),
    ("King's Guard", "a King's Guard"),
    ("8", "an 8"),
    ("11", "an 11"),
    ("18", "an 18"),
    ("80", "an 80"),
    ("3", "a 3"),
    ("110", "a 110"),
    ("MP", "an MP"),
    ("VP", "a VP"),
    ("F3", "an F3"),
])
def test_a_or_an_goes_by_the_sound(word, expected):
    assert a_or_an(word) == expected
    assert article(word) == expected.split(" ")[0]


def test_plural_by_count():
    assert count_of(1, "sword step") == "1 sword step"
    assert count_of(2, "sword step") == "2 sword steps"
    assert count_of(0, "shield") == "0 shields"
    assert count_of(1, "neighbour") == "1 neighbour"
    assert count_of(3, "neighbour") == "3 neighbours"
    assert count_of(2, "sheep") == "2 sheep"
    assert count_of(2, "fairy") == "2 fairies"
    assert count_of(2, "Daemon Prince") == "2 Daemon Princes"
    assert count_of(2, "box") == "2 boxes"
    assert count_of(5, "VP") == "5 VP"
    assert count_of(2, "person", "people") == "2 people"
    assert plural("day", 2) == "days"
    assert plural("card", 1) == "card"


def test_span_shows_one_number_when_both_ends_agree():
    assert span(2, 2, "seat") == "2 seats"
    assert span(1, 1, "seat") == "1 seat"
    assert span(2, 4, "seat") == "2–4 seats"
    assert span(2, 5) == "2–5"
    assert span(3, 3) == "3"


def test_seat_names_fill_tokens_and_leave_unknown_seats_visible():
    assert format_seats("{p0} trades with {p1}.", ["Ana", "Bo"]) == "Ana trades with Bo."
    assert format_seats("{p3} waits.", ["Ana"]) == "{p3} waits."
    assert format_seats("No seats here.", []) == "No seats here."
