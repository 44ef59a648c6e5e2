"""Princes of the Dragon Throne: the six Clan Houses.

Each house: its five Dragon Lord spaces (player digits, ``n`` neutral, ``·`` open), the
Dragon Prince seated there (``♛`` and the player's digit) and its bonus tile — held by that
prince's player, or lying in the house until the next Parliament. ``›`` marks a house that a
choice on offer names (placing a lord, moving one, seating a prince).
"""

from __future__ import annotations

from rich.text import Text

from ....engine import Action
from ....games.throne import data
from .style import BONUS, EMPTY, PRINCE, Painter, Scene, lines


#: Actions that name a Clan House, and where in their args the house is.
HOUSE_ARG = {"house": 0, "bump_to": 0, "lord_to": 0, "prince": 0, "lord_from": 1}


def house_of(action: Action) -> int | None:
    i = HOUSE_ARG.get(action.kind)
    if i is None or len(action.args) <= i:
        return None
    return action.args[i]


class ClanHouses(Painter):
    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        rows: list[Text] = []
        legal = {house_of(a) for a in scene.offered} - {None}
        if v.phase == "reward_bump" and v.pending.full_house is not None:
            legal.add(v.pending.full_house)  # the full house a Dragon Lord must leave
        for h, clan in enumerate(data.CLANS):
            t = Text.assemble(("›" if h in legal else " ", "bold"))
            t.append(clan.ljust(7), style=pal.clan(h, "bold" + (" underline" if h in legal else "")))
            t.append(data.CLAN_COLOURS[h].ljust(7), style=pal.clan(h))
            lords = v.houses[h]
            for owner in lords:
                t.append_text(pal.mark(owner))
                t.append(" ")
            for _ in range(data.HOUSE_SPACES - len(lords)):
                t.append(EMPTY + " ", style="dim")
            princes = [s for s in range(v.num_players) if v.prince[s] == h]
            if princes:
                t.append(f" {PRINCE}", style="bold")
                t.append_text(pal.mark(princes[0]))
                t.append(f" {BONUS[h]}", style=pal.player(princes[0], "bold"))
            else:
                t.append(f" tile {BONUS[h]}", style="dim")
            rows.append(t)
        return lines(rows)

    def title(self, scene: Scene) -> str:
        v = scene.view
        placed = sum(len(h) for h in v.houses)
        return f"Clan Houses · {placed}/{6 * data.HOUSE_SPACES} Dragon Lords · ♛ Prince"
