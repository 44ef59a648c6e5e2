"""The log of Dragon's Hoard says what happened, once, for every move: a turn that passes by
itself, the payment of a treasure card by card, and a seat that lets an action happen."""

from dragon_tui.games.hoard import GAME
from dragon_tui.session import Seat, Table
from dragon_tui.session.summary import since_last_turn

from .helpers import act, arrange, cid, filler


def test_a_turn_with_nothing_left_to_play_passes_with_a_log_line():
    harp = cid("harp", "purple")
    p1, p2 = filler("purple", 2)
    st = arrange(2, hands=[[harp, p1, p2], filler("blue", 3)], act=True)
    act(st, "treasure", harp)
    act(st, "pay", p1)
    act(st, "pay", p2)  # nothing else in hand: the turn passes by itself
    assert st.current_player == 1
    assert "{p0} has nothing left to play: the turn passes." in st.log


def test_the_price_is_said_once_and_each_card_as_it_is_paid():
    harp = cid("harp", "purple")
    p1, p2 = filler("purple", 2)
    st = arrange(2, hands=[[harp, p1, p2, *filler("blue", 1)], filler("red", 3)], act=True)
    start = len(st.log)
    act(st, "treasure", harp)
    act(st, "pay", p1)
    act(st, "pay", p2)
    assert st.log[start:start + 3] == [
        "{p0} lays the purple Harp (2 VP): it costs 2 purple.",
        "{p0} pays a purple sheep (1 more to pay).",
        "{p0} pays a purple sheep: the purple Harp is paid for.",
    ]


def test_every_move_of_a_random_game_writes_a_log_line():
    from dragon_tui.engine import Rng

    for seed in range(3):
        st = GAME.new_state(3, seed)
        rng = Rng(seed)
        while not st.is_over:
            before = len(st.log)
            st.apply(rng.choice(st.legal_actions()))
            assert len(st.log) > before


def test_since_your_last_turn_names_what_the_bot_did_never_just_decides():
    table = Table("hoard", [Seat("Ana"), Seat("Bot 1", "bot", "random")], 5)
    from dragon_tui.engine import Rng

    rng = Rng(2)
    for _ in range(120):
        if table.state.is_over:
            break
        table.apply(rng.choice(table.state.legal_actions()))
        if table.state.current_player == 0:
            for line in since_last_turn(table, 0):
                assert "decides." not in line
