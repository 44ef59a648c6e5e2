"""Before/after speed of two checkouts, side by side in one run.

    python -m dragon_tui.devtools.compare_trees BEFORE_DIR AFTER_DIR [--seconds 3] [--rounds 3] [--games a,b]
                                  [--ismcts] [--listed]

Each measurement runs in a fresh subprocess whose ``sys.path`` starts with one tree, the
trees taking turns (before, after, before, ...) so that drift of the shared machine's speed
hits both alike. Every subprocess times the same loop: random playouts from fresh states
(seeds 0, 1, ...; a game still running after 20,000 actions is cut there and counted, since
some random Princes games never end, see docs/performance.md) alternately with a plain-Python tic-tac-toe loop
(drawing with its own generator, the same code beside both trees: ``--yardstick own`` uses each
tree's engine Rng instead, as runs before 3 December 2026 did), and reports games/s and
the ratio (each step ``State.random_action`` where the tree has it: the same games as drawing
from the whole list, which ``--listed`` times as well); with ``--ismcts`` it also times ``ai.ismcts.iterations_per_second``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

WORKER = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1])
from dragon_tui.engine import Rng
from dragon_tui.games import GAMES
game = GAMES[sys.argv[2]]; seconds = float(sys.argv[3]); mode = sys.argv[4]; OWN_RNG = sys.argv[5] == "own"
LINES = ((0,1,2),(3,4,5),(6,7,8),(0,3,6),(1,4,7),(2,5,8),(0,4,8),(2,4,6))
M = (1 << 64) - 1
class YardstickRng:  # dragon_tui.devtools.bench.YardstickRng, copied: the same code beside both trees
    __slots__ = ("state", "draws")
    def __init__(self, seed=0, draws=0):
        self.state = seed & M; self.draws = draws
    def next64(self):
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & M
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return z ^ (z >> 31)
    def randint(self, low, high):
        return low + self.next64() % (high - low + 1)
def ttt(seconds):
    rng = (Rng if OWN_RNG else YardstickRng)(5); games = 0; start = time.process_time()
    while True:
        board = [0]*9; free = list(range(9)); player = 1
        while free:
            cell = free.pop(rng.randint(0, len(free)-1)); board[cell] = player
            if any(board[a] == board[b] == board[c] == player for a, b, c in LINES): break
            player = 3 - player
        games += 1
        if games % 64 == 0 and time.process_time() - start >= seconds:
            return games / (time.process_time() - start)
players = 1 if game.max_players == 1 else 2
if mode.startswith("playouts"):
    from dragon_tui.engine import State
    # "playouts": the protocol's random step, State.random_action, where the tree has one;
    # "playouts-listed": every step drawn from the whole legal_actions() list.
    draw = mode == "playouts" and hasattr(State, "random_action")
    games = 0; spent = 0.0; ttt_rates = []; seed = 0; cut = 0; MAX_STEPS = 20000
    for r in range(4):
        start = time.process_time()
        while time.process_time() - start < seconds / 4 or seed == 0:
            state = game.new_state(players, seed); rng = Rng(seed + 1); steps = 0
            while not state.is_over and steps < MAX_STEPS:  # some random Princes games never end
                if draw:  # the tree's own random step (same games as the list, see State.random_action)
                    state.apply(state.random_action(rng))
                else:
                    state.apply(rng.choice(state.legal_actions()))
                steps += 1
            games += 1; seed += 1; cut += not state.is_over
        spent += time.process_time() - start
        ttt_rates.append(ttt(seconds / 8))
    rate = games / spent; t = sum(ttt_rates) / len(ttt_rates)
    print(json.dumps({"rate": rate, "ttt": t, "ratio": rate / t, "cut": cut}))
else:
    import dragon_tui.ai.ismcts as ismcts
    time.perf_counter = time.process_time  # CPU seconds: the shared machine's load cancels
    iterations_per_second = ismcts.iterations_per_second
    t1 = ttt(seconds / 8)
    rate = iterations_per_second(game, seconds=seconds, players=players)
    t = (t1 + ttt(seconds / 8)) / 2
    print(json.dumps({"rate": rate, "ttt": t, "ratio": rate / t}))
'''


def measure(tree: str, game: str, seconds: float, mode: str, yardstick: str) -> dict:
    out = subprocess.run([sys.executable, "-c", WORKER, tree, game, str(seconds), mode, yardstick],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", default=None, help="comma-separated game ids (default: every game of this tree)")
    ap.add_argument("--ismcts", action="store_true", help="also time the search")
    ap.add_argument("--only-ismcts", action="store_true", help="time only the search")
    ap.add_argument("--yardstick", choices=("fixed", "own"), default="fixed",
                    help="tic-tac-toe draws with the fixed YardstickRng (the same code beside both "
                         "trees, default) or with each tree's own engine Rng (how runs before "
                         "3 December 2026 measured: it favours the older tree)")
    ap.add_argument("--listed", action="store_true",
                    help="also time playouts that draw each step from the whole legal_actions() list")
    args = ap.parse_args()
    if args.games is None:
        from dragon_tui.games import GAMES

        args.games = ",".join(GAMES)
    modes = ["playouts"] + (["playouts-listed"] if args.listed else []) + (["ismcts"] if args.ismcts else [])
    if args.only_ismcts:
        modes = ["ismcts"]
    print(f"{time.strftime('%Y-%m-%d %H:%M:%S')} UTC; {args.rounds} alternating rounds of {args.seconds:g} s; "
          f"tic-tac-toe on the {args.yardstick} generator")
    for mode in modes:
        label = {"playouts": "random playouts (games/s; State.random_action where the tree has it)",
                 "playouts-listed": "random playouts drawing from the whole legal_actions() list (games/s)",
                 "ismcts": "ISMCTS iterations/s"}[mode]
        print(f"\n{label}: median over rounds; ratio = rate / tic-tac-toe games/s of the same run")
        for game in args.games.split(","):
            runs = {"before": [], "after": []}
            for _ in range(args.rounds):
                for name, tree in (("before", args.before), ("after", args.after)):
                    runs[name].append(measure(tree, game, args.seconds, mode, args.yardstick))
            med = {k: {f: statistics.median(r[f] for r in v) for f in ("rate", "ttt", "ratio")}
                   for k, v in runs.items()}
            b, a = med["before"], med["after"]
            cut = {k: sum(r.get("cut", 0) for r in v) for k, v in runs.items()}
            if any(cut.values()):
                print(f"  {game:12} games cut at 20,000 actions: before {cut['before']}, after {cut['after']}")
            print(f"  {game:12} before {b['rate']:9,.1f} (ratio {b['ratio']:.6f})   "
                  f"after {a['rate']:9,.1f} (ratio {a['ratio']:.6f})   ×{a['ratio'] / b['ratio']:.2f}"
                  f"   [tic-tac-toe {b['ttt']:,.0f}/{a['ttt']:,.0f}]", flush=True)


if __name__ == "__main__":
    main()
