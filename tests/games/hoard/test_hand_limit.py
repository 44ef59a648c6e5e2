"""The hand limit at its edge: "The hand limit is ten cards ... as long as they discard back down
to ten at the end of their turn." Ten is within the limit; only the eleventh card is discarded."""

from __future__ import annotations

from dragon_tui.games.hoard.data import HAND_LIMIT

from .helpers import act, arrange, filler, kinds


def _ending_with(cards: int):
    hand = (filler("red", 5) + filler("blue", 5) + filler("yellow", 2))[:cards]
    st = arrange(2, hands=[hand, []], act=True)
    assert len(st.hands[0]) == cards
    act(st, "end_turn")
    return st, hand


def test_a_turn_ending_with_exactly_ten_cards_discards_nothing_and_play_passes_on():
    assert HAND_LIMIT == 10
    st, hand = _ending_with(HAND_LIMIT)
    assert st.phase != "limit" and "discard" not in kinds(st)
    assert st.active == 1 and st.current_player == 1
    assert sorted(st.hands[0]) == sorted(hand) and st.discard == []
    assert not any("discards" in line for line in st.log)


def test_a_turn_ending_with_eleven_cards_discards_one_then_play_passes_on():
    st, hand = _ending_with(HAND_LIMIT + 1)
    assert st.phase == "limit" and st.current_player == 0
    assert "discard down to ten (1 more)" in st.phase_label()
    act(st, "discard", hand[0])
    assert len(st.hands[0]) == HAND_LIMIT and st.discard == [hand[0]]
    assert st.phase != "limit" and st.active == 1
