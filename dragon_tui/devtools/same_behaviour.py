"""Do two checkouts play the same games? The check behind "the engines get faster, and no rule
moves".

    python -m dragon_tui.devtools.same_behaviour BEFORE_DIR AFTER_DIR [--games a,b] [--seeds 6] [--searches 4]

For every game, player count (the minimum and up to two more) and seed, each tree plays the
same seeded random game in its own subprocess and folds every step into one digest: the state's
JSON, the legal list with labels and keys, the status line, every seat's view (as JSON) and a
seeded determinization for the seat to move. Then a few seeded searches (fixed iterations, no
clock) give each root move's visits: the normal level, the hard level with its options
(several trees, ordered continuations), variants covering every switch of the search followed
by focused iterations (the review's), and a three-seat search (``--quick``: the normal level's
only). Equal digests say the trees behave alike on these games;
the first differing game is named so it can be replayed. Speed work that changes nothing a
player or a bot could observe passes; anything else is a rule change and needs its own issue.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

WORKER = r'''
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
from dragon_tui.engine import Rng
from dragon_tui.games import GAMES
game = GAMES[sys.argv[2]]; seeds = int(sys.argv[3]); searches = int(sys.argv[4])
MAX_STEPS = 3000
counts = sorted({game.min_players, min(game.max_players, game.min_players + 1),
                 min(game.max_players, game.min_players + 2)})
out = {}
def dump(x):
    return json.dumps(x, sort_keys=True, default=repr)
for players in counts:
    for seed in range(seeds):
        state = game.new_state(players, seed); rng = Rng(seed * 7919 + players); h = hashlib.sha256()
        steps = 0
        while not state.is_over and steps < MAX_STEPS:
            legal = state.legal_actions()
            h.update(dump(state.to_json()).encode())
            h.update(dump([(a.kind, list(a.args), a.label, state.action_key(a)) for a in legal]).encode())
            h.update(dump([state.current_player, state.phase_label()]).encode())
            if steps % 5 == 0:
                for seat in range(players):
                    h.update(dump(state.view(seat).to_json()).encode())
                seat = state.current_player
                if seat is not None:
                    h.update(dump(state.determinize(seat, Rng(steps)).to_json()).encode())
            state.apply(rng.choice(legal)); steps += 1
        h.update(dump([state.to_json(), state.scores(), state.winners(), steps]).encode())
        out[f"{players}p seed {seed}"] = h.hexdigest()[:16]
deep = searches > 0 and sys.argv[5] == "1"
VARIANTS = [dict(det_reuse=1, rollout_depth=3), dict(order_continuations=True, order_min_visits=1),
            dict(normalize=False, widen_k=0, order_root=False, det_reuse=2, prior_weight=0.0)]
def stats(search):
    return [(a.kind, list(a.args), v, m) for a, v, m in sorted(search.statistics(), key=lambda r: repr(r[0].args))]
if searches:
    from dragon_tui.ai.ismcts import Search, SearchConfig
    from dataclasses import replace
    from dragon_tui.ai.agents import level_config
    players = 1 if game.max_players == 1 else 2
    for k in range(searches):
        state = game.new_state(players, 100 + k); rng = Rng(k); steps = 0
        while not state.is_over and steps < 15 * (k + 1):
            state.apply(rng.choice(state.legal_actions())); steps += 1
        seat = state.current_player
        if state.is_over or seat is None or len(state.legal_actions()) < 2:
            continue
        config = replace(level_config("normal", game.id), time_limit=1e9)
        search = Search(state, seat, game.heuristic, config, Rng(k + 1),
                        heuristic_all=getattr(game, "heuristic_all", None))
        best = search.run()
        out[f"search {k}"] = dump([best.kind, list(best.args)] + [(a.kind, list(a.args), v) for a, v, _ in sorted(search.statistics(), key=lambda r: repr(r[0].args))])
        if not deep:
            continue
        # The hard level with its options (several trees, ordered continuations), a fixed cap.
        from dragon_tui.ai.ismcts import ISMCTSAgent
        hard = replace(level_config("hard", game.id), iterations=900, time_limit=1e9)
        agent = ISMCTSAgent(game, hard, seed=k + 7)
        best = agent.choose(state, seat)
        if agent.last_search is not None:
            out[f"hard {k}"] = dump([best.kind, list(best.args), agent.progress] + stats(agent.last_search))
        else:  # a hard level that values moves by playouts (the Court's): each move's playouts
            playouts = agent.last_playouts
            out[f"hard {k}"] = dump([best.kind, list(best.args), agent.progress, playouts.counts, playouts.totals])
        # Every other switch of the search: fresh worlds, rollouts, ordered continuations,
        # no normalisation, no widening, no root ordering, then focused iterations (the review).
        for v, extra in enumerate(VARIANTS):
            config = SearchConfig(iterations=300, time_limit=1e9, **extra)
            search = Search(state, seat, game.heuristic, config, Rng(k + 11 + v),
                            heuristic_all=getattr(game, "heuristic_all", None))
            best = search.run()
            legal = state.legal_actions()
            search.focus(legal[-1], 40)
            out[f"variant {v} {k}"] = dump([best.kind, list(best.args), search.iterations] + stats(search)
                                           + sorted((repr(a.args), n, r)
                                                    for a, (n, r) in search.root_values().items()))
    if deep and game.max_players > 2:
        # Three seats: each seat maximises its own reward.
        state = game.new_state(3, 200); rng = Rng(3); steps = 0
        while not state.is_over and (steps < 20 or len(state.legal_actions()) < 2):
            state.apply(rng.choice(state.legal_actions())); steps += 1
        if not state.is_over:
            config = replace(level_config("normal", game.id), time_limit=1e9)
            search = Search(state, state.current_player, game.heuristic, config, Rng(5),
                            heuristic_all=getattr(game, "heuristic_all", None))
            best = search.run()
            out["search 3p"] = dump([best.kind, list(best.args)] + stats(search))
print(json.dumps(out))
'''


def run(tree: str, game: str, seeds: int, searches: int, deep: bool) -> dict[str, str]:
    proc = subprocess.run([sys.executable, "-c", WORKER, tree, game, str(seeds), str(searches), str(int(deep))],
                          capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"{tree} {game}: {proc.stderr.strip().splitlines()[-1]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--games", default=None, help="comma-separated game ids (default: every game of this tree)")
    ap.add_argument("--seeds", type=int, default=6, help="seeds per player count (default 6)")
    ap.add_argument("--searches", type=int, default=4, help="seeded searches per game (default 4)")
    ap.add_argument("--quick", action="store_true",
                    help="only the normal level's searches: skip the hard level, the search variants "
                         "and the three-seat search")
    args = ap.parse_args()
    if args.games is None:
        from dragon_tui.games import GAMES

        args.games = ",".join(GAMES)
    failed = False
    for game in args.games.split(","):
        before = run(args.before, game, args.seeds, args.searches, not args.quick)
        after = run(args.after, game, args.seeds, args.searches, not args.quick)
        differ = [k for k in before if before[k] != after.get(k)] + [k for k in after if k not in before]
        if differ:
            failed = True
            print(f"{game:12} DIFFERENT in {len(differ)} of {len(before)}: {', '.join(differ[:6])}")
        else:
            print(f"{game:12} same: {len(before)} games and searches")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
