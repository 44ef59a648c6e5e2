"""The hand panel's text: the tile in hand at its preview rotation, or the placed tile with
its meeple spots, or the dragon's steps: whatever the current decision needs, drawn large
beside the grid. (The side panels are one class, ``TextPanel``, given their text by the
board: a widget class of their own each cost about 2 million instructions at every start.)"""

from __future__ import annotations

import textwrap

from rich.text import Text

from ....engine import Action, State
from ....games.carcassonne.board import xy
from ....games.carcassonne.texts import tile_name
from ....games.carcassonne.data import SIDE_NAMES, SIDES, TILES
from .art import tile_art
from .ink import CarcInk

ART = (7, 5)


def art_text(tile: int, rot: int, ink: CarcInk, spots: dict[int, str] | None = None, indent: int = 1) -> Text:
    """The tile drawn 7×5, with spot keys on the feature anchors."""
    w, h = ART
    art = tile_art(tile, rot, w, h)
    cells = [[(art.chars[r][c], ink.cell(art, c, r)) for c in range(w)] for r in range(h)]
    mark = ink.spot
    for idx, key in (spots or {}).items():
        if art.anchors[idx] is not None:
            c, r = art.anchors[idx]
            cells[r][c] = (key, mark)
    t = Text()
    for r, row in enumerate(cells):
        t.append(" " * indent)
        for ch, st in row:
            t.append(ch, st)
        if r < h - 1:
            t.append("\n")
    return t


def hand_text(view: State, offered: list[Action], rot: int, fits: bool | None, cursor: tuple[int, int],
              keys: list[str | None], names: list[str], ink: CarcInk, turnable: bool = False,
              other_fits: bool = False, width: int = 24) -> Text:
    """What to decide now, with the tile shown large (the hand panel's text). ``turnable``: the
    tile fits at the cursor some way (r turns it to the next way that fits); ``other_fits``:
    a way that looks different from the one shown fits there too."""
    t = Text()
    who = view.current_player
    if view.phase == "place" and view.tile is not None:
        ttype = TILES[view.tile]
        # Broken into lines here, at words: a line the panel would have to wrap is drawn the
        # slow way (Textual's), and the panel is drawn every move.
        t.append("\n".join(textwrap.wrap(tile_name(ttype.id), max(8, width))), "bold")
        t.append(f"\nturned {rot * 90}°", "dim")
        if not offered:
            t.append("\n")
        elif fits:
            t.append("  r: other way\n" if other_fits else "\n", "dim")
        else:
            t.append("  r: turn\n", "dim")
        t.append_text(art_text(view.tile, rot if offered else 0, ink))
        t.append("\n")
        if offered:
            where = f"{cursor[0]},{cursor[1]}"
            if fits:
                t.append(f"⏎ place at {where}", "bold")
            elif turnable:
                t.append(f"r: turn to fit {where}", "bold")
            else:
                t.append(f"✗ no fit at {where}", "dim")
            t.append("\n")
            # The zoom key, where the side panel's last line has no room left for it.
            t.append("tab: next place  z zoom" if width >= 23 else "tab: next place", "dim")
        else:
            t.append(f"{names[who]} places it…", "dim")
    elif view.phase == "figure" and view.placed:
        tile, rot_ = view.board[view.placed]
        t.append("Meeple ", "bold")
        t.append("on the new tile\n", "dim")  # drawn below; its name is in the log
        spots: dict[int, str] = {}
        px, py = xy(view.placed)
        for action, key in zip(offered, keys):
            if action.kind == "meeple" and (action.args[0], action.args[1]) == (px, py) and key:
                spots[action.args[2]] = key
        t.append_text(art_text(tile, rot_, ink, spots))
        t.append("\n")
        if offered:
            t.append("1–8 spot, 0 none" if spots else "0: no meeple", "bold")
            other = sum(1 for a in offered if a.kind in ("princess", "fairy") or (a.kind == "meeple" and (a.args[0], a.args[1]) != (px, py)))
            if other:
                t.append(f" +{other}↓", "dim")
            if any(a.kind == "fairy" for a in offered):
                t.append("\n✦ fairy: key by meeple", "dim")
        else:
            t.append(f"{names[who]} decides…", "dim")
    elif view.phase == "dragon":
        t.append("Dragon ", "bold")
        t.append(f"step {view.dragon_steps + 1}/6\n", "dim")
        t.append(f"{names[who]} steers\n", "bold" if offered else "dim")
        for action, key in zip(offered, keys):
            if action.kind != "dragon":
                continue
            side = SIDES.index(action.args[0])
            t.append(f" {key} ", "bold reverse")
            t.append(f" {SIDE_NAMES[side]}\n")
    elif view.phase == "over":
        t.append("Game over\n", "bold")
        scores = view.scores()
        best = max(scores)
        winners = [names[s] for s, v in enumerate(scores) if v == best]
        t.append(" and ".join(winners), "bold")
        t.append(f" win{'s' if len(winners) == 1 else ''}\nwith {best:g} points\n", "")
        t.append("z zoom · arrows look", "dim")
    return t
