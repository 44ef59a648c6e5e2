"""The scores panel's text: scores, meeples left and the tiles still to come, one line per player with their
letter and colour."""

from __future__ import annotations

from rich.text import Text

from ....engine import State
from .ink import CarcInk


def score_text(view: State, names: list[str], letters: list[str], width: int, ink: CarcInk) -> Text:
    t = Text()
    scores = view.scores()
    turn = view.active if view.phase != "over" else None
    name_w = max(4, width - 14)
    for seat, name in enumerate(names):
        t.append("▶" if seat == turn else " ", "bold")
        t.append(letters[seat], ink.player(seat))
        t.append(f" {name[:name_w]:<{name_w}}")
        t.append(f"{scores[seat]:>4g}", "bold")
        t.append(f" ♟{view.meeples_left(seat)}", "dim" if view.meeples_left(seat) == 0 else "")
        if view.fairy and view.fairy.get("seat") == seat:
            t.append("✦", "bold")
        t.append("\n")
    # The status line's count: tiles to come after the one in hand (set-aside ones included).
    count = f"To come {view.tiles_to_come()}"
    t.append(count, "bold")
    t.append("  t tiles", "dim")  # z zoom: under the tile in hand
    return t
