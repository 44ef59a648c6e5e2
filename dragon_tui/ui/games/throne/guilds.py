"""Princes of the Dragon Throne: the 6 Kingdoms × 6 Guilds board.

Each guild shows its five pawn spaces — ``K`` King's Guard, ``1``–``4`` a player's supporter,
``n`` a neutral supporter, ``·`` an empty space — then ``⚑`` and the digits of the players
whose control markers lie there (in reverse video, without ``⚑``, when they do not fit).
Each Kingdom's row ends with its prospect stack: what the top card would cost the player
whose hand is shown (after their discounts), the card, its yield, what a Dragon eats when it
is played (for that player), and how many cards lie below.
``›`` marks a guild that a choice on offer uses; the cursor is ``▶`` and reverse video.
"""

from __future__ import annotations

from rich.text import Text

from ....engine import Action
from ....games.throne import data
from .style import EMPTY, GUARD, MARKER, Painter, Scene, lines, prospect_text

#: Actions that name a guild, and where in their args the guild is.
GUILD_ARG = {"maneuver": 0, "deploy_to": 0, "maneuver_to": 0, "kg_from": 0, "kg_take": 0, "kg_to": 0,
             "sup_to": 0, "sorc_add": 0, "sup_from": 1, "sorc_remove": 1}


def guild_of(action: Action) -> int | None:
    i = GUILD_ARG.get(action.kind)
    if i is None or len(action.args) <= i:
        return None
    return action.args[i]


def by_guild(actions: list[Action]) -> dict[int, list[Action]]:
    cells: dict[int, list[Action]] = {}
    for a in actions:
        gi = guild_of(a)
        if gi is not None:
            cells.setdefault(gi, []).append(a)
    return cells


class GuildGrid(Painter):
    BY_WIDTH = True  # the prospects take the fullest wording the line has room for

    def __init__(self) -> None:
        self.cursor = 0
        self.focused = False

    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        compact = scene.compact
        cell_w = 9 if compact else 10
        label_w = 14 if compact else 15  # a kingdom and its clan's whole name: "Kobold U'siku"
        legal = by_guild(scene.offered)
        roll = v.pending.roll if v.phase == "sorcerer" else None
        rows: list[Text] = []
        # Header: guild names, then the clan each Guild type matches.
        head, clans = Text(" " * label_w), Text(" " * label_w)
        for g, name in enumerate(data.GUILDS):
            clan = data.GUILD_CLAN[g]
            rolled = roll is not None and roll[1] == g
            label = ("◆" if rolled else " ") + name[:cell_w - 1]
            head.append(label.ljust(cell_w), style=pal.clan(clan, "bold"))
            clans.append((" " + data.CLANS[clan]).ljust(cell_w), style=pal.clan(clan))
        # What is left of the line for the prospects (a space, then the stack's top card).
        room = max(0, width - label_w - 6 * cell_w - 1)
        head.append(" Prospects" if room >= 10 else " Top", style="bold")
        payer = self._payer(scene)
        name = "" if payer is None else scene.names[payer][:10]
        for key in ([f" {name}'s cost · top card · eats (+ below)", f" {name}'s cost · card (+ below)"]
                    if name else []) + [" cost · top card (+ below)", " cost · card", " cost"]:
            if len(key) <= room:
                clans.append(key, style="dim")
                break
        rows += [head, clans]
        for k, kingdom in enumerate(data.KINGDOMS):
            clan = data.KINGDOM_CLAN[k]
            rolled = roll is not None and roll[0] == k
            t = Text.assemble(("◆" if rolled else " ", "bold"))
            t.append(kingdom.ljust(7), style=pal.clan(clan, "bold"))
            t.append(data.CLANS[clan].ljust(label_w - 8), style=pal.clan(clan))
            for g in range(6):
                gi = k * 6 + g
                self._cell(t, scene, gi, gi in legal, cell_w)
            t.append(" ")
            t.append_text(self._prospects(scene, k, room))
            rows.append(t)
        return lines(rows)

    def _cell(self, t: Text, scene: Scene, gi: int, legal: bool, cell_w: int) -> None:
        """Append guild ``gi``'s cell to the line ``t`` (straight into it: 36 cells a paint)."""
        v, pal = scene.view, scene.pal
        here = gi == self.cursor
        if here:
            t.append("▶" if self.focused else "▷", style="bold")
        elif legal:
            t.append("›", style="bold")
        else:
            t.append(" ")
        start = len(t)
        t.append(GUARD * v.guards[gi], style=pal.guard)
        for seat in range(v.num_players):
            for _ in range(v.supporters[gi][seat]):
                t.append(*pal.mark_parts(seat, "bold"))
        for _ in range(v.neutral_supporters[gi]):
            t.append(*pal.mark_parts(data.NEUTRAL))
        t.append(EMPTY * (data.GUILD_SPACES - v.pawns(gi)), style="dim")
        if here and self.focused:
            t.stylize("reverse", start)
        elif legal:
            t.stylize("underline", start)
        # A space, then the control markers: "⚑1"; on a small terminal two or more markers
        # are their digits in reverse video (the cursor line names them all).
        t.append(" ")
        room = cell_w - 2 - data.GUILD_SPACES
        owners = v.markers[gi]
        if not owners:
            t.append(" " * room)
            return
        marks = Text()
        if len(owners) < room:
            marks.append(MARKER, style="bold")
            for seat in owners:
                marks.append_text(pal.mark(seat))
        else:
            for seat in owners:
                marks.append_text(pal.mark(seat, "bold reverse"))
        marks.truncate(room)
        t.append_text(marks)
        t.append(" " * (room - marks.cell_len))

    @staticmethod
    def _payer(scene: Scene) -> int | None:
        """Whose costs the prospects show: the player whose hand is shown, else whoever decides."""
        v = scene.view
        if scene.viewer is not None:
            return scene.viewer
        return None if v.is_over else v.current_player

    def _prospects(self, scene: Scene, k: int, room: int) -> Text:
        v = scene.view
        stack = v.prospects[k]
        if not stack:
            return Text("—", style="dim")
        top = stack[-1]
        payer = self._payer(scene)
        below = len(stack) - 1
        if payer is None or top < 0:
            return prospect_text(top, scene.pal, below=below, room=room)
        return prospect_text(top, scene.pal, v.recruit_cost(payer, top, k), v.feed_of(payer, top),
                             below=below, room=room)
