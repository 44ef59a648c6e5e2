"""What a chat line may hold and how often a player may speak (``net/chat.py``)."""

import pytest

from dragon_tui.net.chat import BURST, MAX_CHARS, REFILL_SECONDS, ChatRefused, RateLimit, clean_line


def test_a_line_is_kept_as_typed_with_its_spaces_folded():
    assert clean_line("  good   game,\tbo!  ") == "good game, bo!"
    assert clean_line("ドラゴン ☺") == "ドラゴン ☺"


@pytest.mark.parametrize("hostile, kept", [
    ("hi\x1b[2J\x1b]0;pwned\x07there", "hi[2J]0;pwnedthere"),  # no terminal escape survives
    ("left\u202eright", "leftright"),  # no right-to-left override
    ("a\u2028b\u2029c", "abc"),
    ("zero\u200bwidth", "zerowidth"),
    ("[b]bold[/b] [link=x]y[/link]", "[b]bold[/b] [link=x]y[/link]"),  # kept as text; shown as text, never markup
])
def test_control_and_format_characters_are_dropped(hostile, kept):
    assert clean_line(hostile) == kept


@pytest.mark.parametrize("bad", [None, 3, ["hi"], {"text": "hi"}, b"hi", "", "   ", "\x1b\x07"])
def test_a_line_that_is_not_text_or_says_nothing_is_refused(bad):
    with pytest.raises(ChatRefused):
        clean_line(bad)


def test_a_line_longer_than_the_cap_is_refused_not_cut():
    assert len(clean_line("x" * MAX_CHARS)) == MAX_CHARS
    with pytest.raises(ChatRefused, match=str(MAX_CHARS)):
        clean_line("x" * (MAX_CHARS + 1))
    with pytest.raises(ChatRefused):
        clean_line("x" * 10_000_000)


def test_a_burst_then_one_line_per_refill():
    now = [100.0]
    limit = RateLimit(clock=lambda: now[0])
    for _ in range(BURST):
        limit.take("ann")
    with pytest.raises(ChatRefused, match="Slow down"):
        limit.take("ann")
    limit.take("bo")  # another player is not slowed by ann
    now[0] += REFILL_SECONDS
    limit.take("ann")
    with pytest.raises(ChatRefused):
        limit.take("ann")


def test_the_limit_forgets_quiet_players_so_made_up_names_cannot_fill_it():
    now = [0.0]
    limit = RateLimit(clock=lambda: now[0])
    for i in range(5000):
        limit.take(f"p{i}")
        now[0] += REFILL_SECONDS  # each one refilled by the time the table is tidied
    assert len(limit) <= 4097
