"""Princes of the Dragon Throne: the viewing player's hand, face up.

Only the seat whose cards the view holds is shown (another seat's cards never reach this
screen). Cards a choice on offer uses carry ``›``; cards set aside for the Ka'yu redraw ``×``;
the card deploying a supporter (its guild still to choose) ``»``.
"""

from __future__ import annotations

from rich.text import Text

from ....engine.wording import count_of
from ....games.throne import data
from .style import Painter, Scene, card_text, lines

CARD_KINDS = ("gather", "deploy", "favor", "kayu_discard", "discard", "dismiss")


class HandPanel(Painter):
    def paint(self, scene: Scene, width: int) -> Text:
        v, pal = scene.view, scene.pal
        seat = scene.viewer
        if seat is None:
            return lines([Text("Each hand is shown to its player on their own turn.", style="dim")])
        hand = v.hand[seat]
        used = {a.args[0] for a in scene.offered if a.kind in CARD_KINDS and a.args}
        chosen = set(v.kayu_sel) if seat == v.active else set()
        rows: list[Text] = []
        pending = v.pending.card if v.phase == "deploy_to" else None
        for cid in sorted(hand, key=_order):
            mark = "»" if cid == pending else ("×" if cid in chosen else ("›" if cid in used else " "))
            t = Text.assemble((mark, "bold"))
            if cid == pending:
                t.append("deploying ", style="bold reverse")
            t.append_text(card_text(cid, pal, short=scene.compact or cid == pending))
            rows.append(t)
        if not hand:
            rows.append(Text("no cards in hand", style="dim"))
        return lines(rows)

    def title(self, scene: Scene) -> str:
        seat = scene.viewer
        if seat is None:
            return "Hands hidden"
        return f"{scene.names[seat]}'s hand · {count_of(len(scene.view.hand[seat]), 'card')}"


def _order(cid: int):
    if cid < 0:
        return (3, 0)
    cd = data.card(cid)
    return ({"citizen": 0, "dragon": 1, "favor": 2}[cd.kind], cd.starter, cd.name)
