"""The cyclic garbage collector is off while a search runs, and that frees nothing later.

``ai/collector.py`` keeps the collector off during a search on the grounds that no search
makes reference cycles: checked here for every game's hard settings (the cycles would only
wait for the collector, but they would pile up for a whole decision).
"""

from __future__ import annotations

import gc
import threading
from dataclasses import replace

import pytest

from dragon_tui.ai import collector
from dragon_tui.ai.agents import level_config
from dragon_tui.ai.ismcts import ISMCTSAgent
from dragon_tui.engine import Rng
from dragon_tui.games import GAMES


@pytest.fixture(autouse=True)
def _collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_inside_and_back_on_after():
    with collector.paused():
        assert not gc.isenabled()
        with collector.paused():  # a search inside another (or in another thread)
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_the_collector_comes_back_after_a_failure():
    with pytest.raises(RuntimeError):
        with collector.paused():
            raise RuntimeError
    assert gc.isenabled()


def test_a_collector_turned_off_elsewhere_stays_off():
    gc.disable()
    with collector.paused():
        pass
    assert not gc.isenabled()


def test_searches_in_threads_turn_it_back_on_when_the_last_ends():
    started, release = threading.Barrier(3), threading.Event()

    def search():
        with collector.paused():
            started.wait()
            release.wait()

    threads = [threading.Thread(target=search) for _ in range(2)]
    for thread in threads:
        thread.start()
    started.wait()
    assert not gc.isenabled()
    release.set()
    for thread in threads:
        thread.join()
    assert gc.isenabled()


def _position(game, seed: int):
    state = game.new_state(1 if game.max_players == 1 else 2, seed)
    rng = Rng(seed)
    for _ in range(20):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_makes_no_reference_cycles(game_id):
    game = GAMES[game_id]
    state = _position(game, 5)
    if state.is_over:
        pytest.skip("the random game ended early")
    config = replace(level_config("hard", game_id), iterations=200, time_limit=60.0)
    agent = ISMCTSAgent(game, config, seed=2)
    gc.collect()
    agent.choose(state.clone(), state.current_player)
    assert gc.isenabled()
    assert gc.collect() == 0  # nothing the search made waited for the collector


def test_overlapping_searches_still_collect_now_and_then(monkeypatch):
    """A search ending while another runs collects once the pause has lasted ``OVERLAP_LIMIT``."""
    passes = []

    def count(phase, info):
        if phase == "stop":
            passes.append(info["generation"])

    gc.callbacks.append(count)
    try:
        monkeypatch.setattr(collector, "OVERLAP_LIMIT", 3600.0)
        with collector.paused():
            with collector.paused():
                pass
            assert passes == []  # within the limit: nothing collected
            monkeypatch.setattr(collector, "OVERLAP_LIMIT", 0.0)
            with collector.paused():
                pass
            assert passes == [2]  # past it: one full collection, and still paused
            assert not gc.isenabled()
        assert gc.isenabled()
    finally:
        gc.callbacks.remove(count)
