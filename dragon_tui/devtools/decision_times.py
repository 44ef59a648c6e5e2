"""Seconds per bot decision for the search levels, over positions spread across a random game.

    python -m dragon_tui.devtools.decision_times [--positions 16] [--levels normal,hard] [--cpu] [GAME ...]

With ``--cpu`` the search's clock and the measurement are CPU seconds of this process, so
on a shared, busy machine the figure is what an idle machine would show (the deadline then
counts CPU seconds too). Prints per game and level the median and the longest decision, the
mean, and how many decisions were answered without a search (one legal move, or every move
leading to the same position). Run it with ``PYTHONPATH`` naming another checkout to time
that code with the same positions.
"""

from __future__ import annotations

import argparse
import statistics
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--positions", type=int, default=16)
    ap.add_argument("--levels", default="normal,hard")
    ap.add_argument("--cpu", action="store_true")
    args = ap.parse_args()
    if args.cpu:
        time.perf_counter = time.process_time  # the search reads its clock from here too
    from dragon_tui.ai import make_agent
    from dragon_tui.engine import Rng
    from dragon_tui.games import GAMES

    args.games = args.games or list(GAMES)

    clock = time.perf_counter
    for game_id in args.games:
        game = GAMES[game_id]
        players = 1 if game.max_players == 1 else 2
        state = game.new_state(players, 99)
        rng = Rng(3)
        positions = []
        for _ in range(20_000):  # a random Princes game may never end
            if state.is_over:
                break
            if len(state.legal_actions()) > 1:
                positions.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
        step = max(1, len(positions) // args.positions)
        chosen = positions[::step][: args.positions]
        for level in args.levels.split(","):
            agent = make_agent(level, game, 5)
            times, iters = [], []
            for position in chosen:
                t0 = clock()
                agent.choose(position, position.current_player)
                times.append(clock() - t0)
                iters.append(agent.progress[0])
            unsearched = sum(1 for i in iters if i == 0)
            print(f"{game_id:12} {level:9} median {statistics.median(times):5.2f} s, longest {max(times):5.2f} s, "
                  f"mean {statistics.fmean(times):5.2f} s over {len(times)} decisions "
                  f"({unsearched} without a search), iterations mean {statistics.fmean(iters):,.0f}", flush=True)


if __name__ == "__main__":
    main()
