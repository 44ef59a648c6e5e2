"""Write save files of seeded random games, for tests/engine/test_replay_saves.py.

    python tests/engine/make_replay_saves.py OUT_DIR

Run it with the checkout whose saves must keep loading first on ``sys.path`` (the files in
tests/engine/data were written by main at 4cf908a, before the engines were sped up). Each file is an ordinary save (``Table.save``): the seed, the moves and the final
position, which loading checks against a fresh replay of the moves.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dragon_tui.engine import Rng
from dragon_tui.session import Seat, Table

#: (game, players, seed, options, most actions): finished games and games cut mid-way.
CASES = [
    ("crowns", 2, 3, {}, None),
    ("court", 1, 4, {}, None),
    ("court", 1, 5, {"auction": "printed", "raids": "per_prince"}, None),
    ("hoard", 2, 6, {}, None),
    ("hoard", 4, 7, {}, 150),
    ("carcassonne", 2, 8, {}, None),
    ("carcassonne", 3, 9, {"fairy": "on-tile", "dragon_move": "after-scoring"}, 120),
    ("throne", 2, 10, {}, 400),
]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game, players, seed, options, most in CASES:
        table = Table(game, [Seat(f"P{i}") for i in range(players)], seed, options)
        rng = Rng(seed * 31 + 1)
        done = 0
        while not table.state.is_over and (most is None or done < most):
            table.apply(rng.choice(table.state.legal_actions()))
            done += 1
        name = f"{game}-{players}p-seed{seed}.json"
        table.save(out / name)
        print(name, done, "moves", "(finished)" if table.state.is_over else "(mid-game)")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
