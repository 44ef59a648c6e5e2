"""Princes of the Dragon Throne: the Lo'en score track.

One character per space: ``▲`` a Parliament still to come, ``△`` one already called, ``┼``
every fifth space. The players' digits stand above their spaces; markers sharing a space
are stacked, the lowest (first there, ranking lower) just above the track.
"""

from __future__ import annotations

from rich.text import Text

from ...games.throne import data
from .throne_style import Scene, ThronePanel, lines


class ScoreTrack(ThronePanel):
    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        n = v.num_players
        width = max(width, 20)
        top = max(v.score)
        # The window of spaces shown: from 0, shifted right when a marker runs past it.
        lo = max(0, top - width + 4)
        hi = lo + width - 1
        stacks: dict[int, list[int]] = {}
        for seat in sorted(range(n), key=lambda s: v.stamp[s]):
            space = min(max(v.score[seat], lo), hi)
            stacks.setdefault(space, []).append(seat)
        rows: list[Text] = []
        for level in range(n - 1, -1, -1):
            t = Text()
            for space in range(lo, hi + 1):
                stack = stacks.get(space, [])
                if level < len(stack):
                    t.append_text(pal.mark(stack[level]))
                else:
                    t.append(" ")
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
