"""Quick decisions: forced and near-forced decisions are answered without a search, and the
hard level's clock limit (its decision budget) holds, checked with a fake clock, not a timer."""

from dataclasses import replace

from dragon_tui.ai.agents import LEVEL_TIME_LIMIT, level_config, make_agent
from dragon_tui.ai.ismcts import ISMCTSAgent, Search, SearchConfig
from dragon_tui.ai.obvious import obvious_action
from dragon_tui.ai.review import decision_indexes, review_decision
from dragon_tui.engine import Action, Game, Rng, State
from dragon_tui.games import get_game
from dragon_tui.session import Seat, Table
from dragon_tui.session.controller import TurnController

from .test_ismcts import position


class FakeClock:
    """Every reading moves time on by ``step`` seconds: the search's own work is the clock."""

    def __init__(self, step: float) -> None:
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class WorkClock:
    """Time is the search's iterations times ``cost`` seconds: how often the clock is read
    changes nothing, so two searches that read it differently still compare."""

    def __init__(self, cost: float) -> None:
        self.cost, self.search = cost, None

    def __call__(self) -> float:
        return self.cost * (self.search.iterations if self.search is not None else 0)

    def watch(self, search: Search) -> Search:
        self.search = search
        return search


# ------------------------------------------------------------------ a small game to test on
class TwinsState(State):
    """Two seats, six turns. Turn kinds in a cycle: a bonus both choices of which do the same
    thing (near-forced), a draw from one of two face-down piles (the real piles' top cards are
    equal, the seat cannot know that), and a real choice (+1 or +2)."""

    game_id = "twins"

    def setup(self) -> None:
        self.turn = 0
        self.points = [0, 0]
        self.piles = [[5, 1, 2], [5, 3, 4]]  # hidden from both seats

    @property
    def current_player(self):
        return None if self.is_over else self.turn % 2

    @property
    def is_over(self) -> bool:
        return self.turn >= 6

    def _legal_actions(self):
        kind = self.turn % 3
        if kind == 0:
            return [Action("bonus", ("gold",), "Take the gold bonus"), Action("bonus", ("coin",), "Take the coin bonus")]
        if kind == 1:
            return [Action("draw", (0,), "Draw from the left pile"), Action("draw", (1,), "Draw from the right pile")]
        return [Action("add", (1,), "Add 1"), Action("add", (2,), "Add 2")]

    def _apply(self, action):
        seat = self.current_player
        if action.kind == "bonus":
            self.points[seat] += 1  # gold or coin: the same point
        elif action.kind == "draw":
            self.points[seat] += self.piles[action.args[0]].pop(0)
            self.reveal()
        else:
            self.points[seat] += action.args[0]
        self.turn += 1

    def scores(self):
        return list(self.points)

    def view(self, seat):
        state = super().view(seat)
        state.piles = [[0] * len(p) for p in self.piles]
        return state

    def determinize(self, seat, rng):
        state = super().determinize(seat, rng)
        cards = [c for p in self.piles for c in p]
        rng.shuffle(cards)
        state.piles = [cards[: len(self.piles[0])], cards[len(self.piles[0]):]]
        return state


def _lead(state, seat):
    return state.points[seat] - state.points[1 - seat]


TWINS = Game(id="twins", title="Twins", min_players=2, max_players=2, state_class=TwinsState,
             hidden_information=True, heuristic=_lead)


def _twins_at(turn: int) -> TwinsState:
    state = TWINS.new_state(2, 1)
    while state.turn < turn:
        state.apply(state.legal_actions()[-1])
    return state


# ------------------------------------------------------------------ forced and near-forced
def test_choices_that_lead_to_the_same_position_are_answered_without_a_search():
    state = _twins_at(0)  # gold or coin: the same point
    assert len(state.legal_actions()) == 2
    assert obvious_action(state) == state.legal_actions()[0]
    agent = ISMCTSAgent(TWINS, SearchConfig(iterations=300, time_limit=60), seed=1)
    assert agent.choose(state, 0) == state.legal_actions()[0]
    assert agent.progress == (0, 300) and agent.last_search is None  # no iteration was run
    # A real choice is searched.
    real = _twins_at(2)
    agent.choose(real, 0)
    assert agent.progress[0] > 0 and agent.last_search is not None


def test_near_forced_reads_only_what_the_seat_may_see():
    """The two face-down piles' top cards are both 5 in the real position, so either draw
    leads to the same true position; the seat cannot know that, so it is a real choice."""
    state = _twins_at(1)
    for pile in (0, 1):
        after = state.clone()
        after.apply(Action("draw", (pile,)))
        assert after.points == [1, 5]  # the same in the real position either way
    assert obvious_action(state) is None
    agent = ISMCTSAgent(TWINS, SearchConfig(iterations=100, time_limit=60), seed=1)
    agent.choose(state, 1)
    assert agent.progress[0] > 0


def test_forced_moves_are_answered_without_a_search_in_every_level():
    game = get_game("throne")
    state = game.new_state(2, 5)
    while len(state.legal_actions()) > 1 or state.is_over:  # a forced move comes up early
        state.apply(state.legal_actions()[0])
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, game, 3)
        assert agent.choose(state, state.current_player) == state.legal_actions()[0]
        assert agent.progress[0] == 0


def _crowns_near_forced():
    """A Crowns decision whose choices all leave the same position (the Head of the council
    activating the Smith for a seat that holds the Smith token already, or not activating)."""
    game = get_game("crowns")
    for seed in range(6):
        state, rng, line = game.new_state(2, seed), Rng(seed + 7), []
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) > 1 and obvious_action(state) is not None:
                return game, state, seed, line
            line.append(rng.choice(legal))
            state.apply(line[-1])
    raise AssertionError("no near-forced decision in six random games")


def test_a_real_game_near_forced_decision_is_played_at_once_by_hard_the_hint_and_the_table():
    game, state, seed, line = _crowns_near_forced()
    seat = state.current_player
    hard = make_agent("hard", game, 1)
    assert hard.choose(state, seat) == state.legal_actions()[0]
    assert hard.progress[0] == 0
    # The turn controller treats it as forced: no think delay, nobody searches.
    seats = [Seat("Bot 1", "bot", "hard"), Seat("Bot 2", "bot", "hard")]
    table = Table("crowns", seats, seed)
    for action in line:
        table.apply(action)
    controller = TurnController(table, delay=5.0)
    turn = controller.begin()
    assert turn.forced == state.legal_actions()[0] and turn.delay == 0.0
    assert controller.progress() is None
    # The hint answers it the same way (it would search within the hard budget otherwise).
    import threading

    assert controller.hint(seat, threading.Event()) == state.legal_actions()[0]
    # The review leaves it out: there was nothing to choose.
    positions, moves = [state], [type("Move", (), {"seat": seat, "action": state.legal_actions()[1]})()]
    assert decision_indexes(positions, moves, seat) == []


# ------------------------------------------------------------------ the decision budget
def test_hard_level_budget():
    assert LEVEL_TIME_LIMIT["hard"] <= 1.7
    for game_id in ("crowns", "court", "hoard", "carcassonne", "throne"):
        assert level_config("hard", game_id).time_limit == LEVEL_TIME_LIMIT["hard"]


def test_the_clock_limit_cuts_a_long_search():
    """A fake clock that moves 2 ms each time it is read: a 1.7 s limit leaves room for
    fewer iterations than the cap, and the search stops there."""
    state = position("crowns", 10)
    game = get_game("crowns")
    clock = FakeClock(0.002)
    cfg = replace(level_config("hard", "crowns"), clock=clock, early_stop=False)
    search = Search(state, state.current_player, game.heuristic, cfg, Rng(1), heuristic_all=game.heuristic_all)
    start = clock.now
    search.run()
    assert 0 < search.iterations < cfg.iterations
    assert clock.now - start <= cfg.time_limit + 0.01  # the limit, and one reading past it


def test_the_early_stop_counts_what_the_clock_leaves():
    """With the cap far away but the clock near its end, a leader that the clock's remaining
    iterations cannot catch stops the search: it ends before the limit, with the move the
    limit would have given."""
    state = position("crowns", 10)
    game = get_game("crowns")
    cfg = replace(level_config("hard", "crowns"), iterations=10**6)
    searches = {}
    for early in (True, False):
        clock = WorkClock(0.0005)  # the 1.7 s limit: 3,400 iterations
        search = clock.watch(Search(state, state.current_player, game.heuristic,
                                    replace(cfg, clock=clock, early_stop=early), Rng(1),
                                    heuristic_all=game.heuristic_all))
        searches[early] = (search.run(), search.iterations)
    (move_early, n_early), (move_full, n_full) = searches[True], searches[False]
    assert n_early < n_full <= 3401
    assert move_early == move_full


def test_princes_halving_shortens_its_rounds_to_the_clock():
    """Where the clock would end Princes' halving in an early round, every round runs on
    fewer worlds instead: the race still narrows to the last round's two moves in time."""
    from .test_root_halving import _throne_position

    state = _throne_position(min_moves=6)
    game = get_game("throne")
    clock = WorkClock(0.004)  # the 1.7 s limit: 425 of the cap's 1,500 iterations
    cfg = replace(level_config("hard", "throne"), clock=clock)
    search = clock.watch(Search(state, state.current_player, game.heuristic, cfg, Rng(2),
                                heuristic_all=game.heuristic_all))
    search.run()
    assert search.iterations * clock.cost <= cfg.time_limit + 0.1
    visits = sorted((c.visits for c in search.root.children.values()), reverse=True)
    assert len(visits) >= 6
    # Every round ran: the last round's (at most two) moves had more worlds than any other.
    assert visits[1] > visits[2]


def test_a_reviewed_decision_keeps_to_the_budget(monkeypatch):
    """Time is every iteration the review runs (its trees' and the focused ones on the move
    played) at 2 ms each: the whole decision ends within the hard level's limit."""
    game = get_game("court")  # four trees, and a played move the search barely tries
    state = position("court", 6)
    seat = state.current_player
    done = [0]
    iterate = Search.iterate

    def counted(self, world=None):
        done[0] += 1
        return iterate(self, world)

    monkeypatch.setattr(Search, "iterate", counted)
    cfg = replace(level_config("hard", "court"), playout_worlds=0, clock=lambda: 0.002 * done[0],
                  early_stop=False)
    assert cfg.trees == 4 and cfg.iterations * 0.002 > 2 * cfg.time_limit
    for played in reversed(state.legal_actions()):  # the least likely moves first
        done[0] = 0
        decision = review_decision(game, state.view(seat), seat, played, 6, cfg, Rng(4))
        assert 0.002 * done[0] <= cfg.time_limit + 0.01
        if decision.differs:
            break
    assert decision.differs  # a move the bot would not play: it got focused iterations


def test_the_hint_searches_with_the_hard_budget(monkeypatch):
    """The hint asks the hard level's settings (its cap and its clock limit), on a fake clock."""
    from dragon_tui.ai import agents

    game = get_game("crowns")
    state = position("crowns", 10)
    clock = FakeClock(0.002)
    asked = []

    def hard_on_fake_clock(level, game_id):
        asked.append(level)
        return replace(level_config(level, game_id), clock=clock, early_stop=False)

    monkeypatch.setattr(agents, "level_config", hard_on_fake_clock)
    start = clock.now
    assert agents.hint(game, state, state.current_player) in state.legal_actions()
    assert asked == ["hard"]
    assert clock.now - start <= LEVEL_TIME_LIMIT["hard"] + 0.01


def test_the_arena_can_count_the_limits_in_cpu_seconds(monkeypatch):
    """``--cpu-clock``: the search levels' limits and the reported decision times are read
    from the worker's CPU clock (so a busy machine cuts no search an idle one would not)."""
    import time

    from dragon_tui.devtools import arena

    readings = []
    cpu = time.process_time

    def counted():
        readings.append(1)
        return cpu()

    monkeypatch.setattr(time, "process_time", counted)
    header = arena._record_header("crowns", ["easy", "random"], 1, 3, 1.0, cpu_clock=True)
    assert header["cpu_clock"] is True
    assert "cpu_clock" not in arena._record_header("crowns", ["easy", "random"], 1, 3, 1.0)
    record = arena._play(("crowns", ["easy", "random"], [0, 1], 3, 3, 1.0, 10_000, True))
    assert record.times[0][0] > 0  # easy decided, on the CPU clock
    assert len(readings) > 2 * record.times[0][0]
    readings.clear()
    arena._play(("crowns", ["easy", "random"], [0, 1], 3, 3, 1.0, 10_000, False))
    assert not readings
