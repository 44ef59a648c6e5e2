"""Princes of the Dragon Throne: the Lo'en score track.

One character per space: ``▲`` a Parliament still to come, ``△`` one already called, ``┼``
every fifth space. Above the track each player has a row of their own, their digit over
their space, so markers side by side never read as one number (on spaces 0 and 1, "2" and
"1" sit on different rows, not as "21"). Players sharing a space rank by who came first:
the "Parliament order" line below says it.
"""

from __future__ import annotations

from rich.text import Text

from ....games.throne import data
from .style import Painter, Scene, lines


class ScoreTrack(Painter):
    BY_WIDTH = True  # as many spaces as the panel is wide

    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        n = v.num_players
        width = max(width, 20)
        top = max(v.score)
        # The window of spaces shown: from 0, shifted right when a marker runs past it.
        lo = max(0, top - width + 4)
        hi = lo + width - 1
        rows: list[Text] = []
        for seat in range(n):
            space = min(max(v.score[seat], lo), hi)
            t = Text(" " * (space - lo))
            t.append_text(pal.mark(seat))
            t.append(" " * (hi - space))
            rows.append(t)
        track = Text()
        for space in range(lo, hi + 1):
            if space in data.PARLIAMENT_SPACES:
                done = data.PARLIAMENT_SPACES.index(space) < v.parl_done
                track.append("△" if done else "▲", style="dim" if done else "bold")
            elif space % 5 == 0:
                track.append("┼", style="dim")
            else:
                track.append("─", style="dim")
        rows.append(track)
        numbers = [" "] * (hi - lo + 1)
        for space in range(lo, hi + 1):
            if space % 10 == 0 or space in data.PARLIAMENT_SPACES:
                label = str(space)
                at = space - lo
                if at + len(label) <= len(numbers) and all(c == " " for c in numbers[max(0, at - 1):at + len(label)]):
                    numbers[at:at + len(label)] = list(label)
        rows.append(Text("".join(numbers), style="dim"))
        if scene.compact:
            return lines(rows)
        order = Text.assemble(("Parliament order, last place first: ", "dim"))
        for i, seat in enumerate(v.rank_order()):
            order.append(" " if i else "")
            order.append_text(pal.mark(seat))
        rows.append(order)
        return lines(rows)

    def title(self, scene: Scene) -> str:
        v = scene.view
        nxt = next((s for s in data.PARLIAMENT_SPACES[v.parl_done:]), None)
        head = f"Lo'en track · ▲ Parliament{f' next at {nxt}' if nxt else 's all called'}"
        return head
