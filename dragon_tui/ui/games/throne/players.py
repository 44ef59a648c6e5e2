"""Princes of the Dragon Throne: one line per player — prestige, resources, pawns, cards.

``▶`` marks whose decision it is, ``W`` the winners. Columns: prestige (★), influence/gold/sheep (i g s),
supporters in supply and reserve, King's Guards, deck / discard / hand counts, Dragon Lords
and guild markers (⚑) left to place; the Clan Houses show each Dragon Prince.
"""

from __future__ import annotations

from rich.text import Text

from ....games.throne import data
from .style import Painter, Scene, lines


#: Column headings over the numbers of each player's line.
COLUMNS = (("★", 3), ("i", 4), ("g", 3), ("s", 3), ("sup", 5), ("res", 4), ("KG", 3),
           ("deck", 6), ("disc", 5), ("hand", 5), ("lords", 6), ("⚑", 3))


class PlayersPanel(Painter):
    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        head = Text.assemble(("   " + "Player".ljust(9), "dim"))
        for name, w in COLUMNS:
            head.append(name.rjust(w), style="dim")
        rows: list[Text] = [head]
        winners = scene.final[1] if scene.final else []
        for s in range(v.num_players):
            t = Text()
            active = not v.is_over and v.current_player == s
            if s in winners:
                t.append("W", style="bold reverse")
            else:
                t.append("▶" if active else " ", style="bold")
            t.append_text(pal.mark(s))
            t.append(" " + scene.names[s][:8].ljust(9), style=pal.player(s, "bold"))
            r = v.res[s]
            values = (v.score[s], r[0], r[1], r[2], v.supply[s], v.reserve[s], v.guards_in_supply[s],
                      len(v.deck[s]), len(v.discard[s]), len(v.hand[s]), v.lords_left[s], v.markers_left(s))
            for i, ((_name, w), value) in enumerate(zip(COLUMNS, values)):
                t.append(str(value).rjust(w), style="bold" if i < 4 else "")
            rows.append(t)
        return lines(rows)

    def title(self, scene: Scene) -> str:
        v = scene.view
        stock = " ".join(f"{n}{data.RES_LETTER[r]}" for r, n in enumerate(v.stock))
        if scene.final:
            final = ", ".join(f"{scene.names[s]} {int(x)}" for s, x in enumerate(scene.final[0]))
            return f"Players · W winner · final score {final}"
        return f"Players · ★ prestige · stock {stock}"
