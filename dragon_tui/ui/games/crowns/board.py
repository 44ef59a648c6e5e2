"""Batalla de Coronas: two councils side by side, each with its chairs, treasury, swords,
shields, dragon track, church and tokens; the dice in the middle bar."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult

from ....engine import State
from ....games.crowns import data
from ...board_base import BoardBase
from ...widgets.panel import Panel, Row

HARM_NAMES = {"gold": "gold", "gold_less": "gold", "shield": "shield", "sword": "sword", "dragon": "dragon", None: "door"}


class CouncilPanel(Panel):
    """One claimant's side of the table. Its colours are theme variables (``$crowns-*``),
    applied through the component classes in its ``board.tcss``."""

    COMPONENT_CLASSES = {f"council--{name}" for name in (*data.ADVISOR_BY_ID, "gems", "gem-room", "swords", "shields")}

    def __init__(self, seat: int, name: str, label: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.player_name = name
        self.label = label
        self.border_title = f"{name} — {label}"

    def ink(self, name: str):
        return self.get_component_rich_style(f"council--{name}", partial=True)

    def show(self, s: State) -> None:
        p = self.seat
        ink = self.ink
        t = Text()
        kept = "◆" * s.gems_held[p] + "◇" * (data.GEMS_EACH - s.gems_held[p])
        t.append("Gems kept ", "dim")
        t.append(kept, ink("gems"))
        t.append(f"  taken {s.gems_won[p]}/3\n", "bold" if s.gems_won[p] else "")
        t.append("Chairs ", "dim")
        for chair, adv in enumerate(s.chairs[p], start=1):
            letter = data.ADVISOR_BY_ID[adv].letter if adv else "·"
            t.append(f"{chair}", "dim")
            t.append(f"{letter} ", ink(adv) if adv else "dim")
        t.append("\nGold  ", "dim")
        top = s.max_gold(p)
        for value in range(data.GOLD_MIN, data.GOLD_MAX + 1):
            cell = f"{value:>2}"
            if value > top:
                t.append(" ◆", ink("gem-room"))
            elif value == s.gold[p]:
                t.append(cell, "reverse bold")
            else:
                t.append(cell, "dim")
        t.append("\nSwords  ", "dim")
        t.append("█" * s.swords[p] + "░" * (data.STEP_MAX - s.swords[p]), ink("swords"))
        t.append(f" {s.swords[p]}  Shields ", "dim")
        t.append("█" * s.shields[p] + "░" * (data.STEP_MAX - s.shields[p]), ink("shields"))
        t.append(f" {s.shields[p]}")
        t.append("\nDragon ", "dim")
        for banner in range(data.DRAGON_FIELD + 1):
            mark = "D" if banner == data.DRAGON_FIELD else str(banner)
            if banner == s.dragon[p]:
                t.append(f"[{mark}]", "reverse bold")
            else:
                t.append(f" {mark} ", "dim")
        t.append("\n cost  ", "dim")
        t.append("   " + "".join(f" {price} " for price in data.DRAGON_PRICES), "dim")
        t.append("\nChurch ", "dim")
        t.append(HARM_NAMES.get(s.church[p], "door"))
        tokens = []
        if s.smith_token[p]:
            tokens.append("Smith")
        if s.crown_holder == p:
            tokens.append("Crown")
        if s.cross_holder == p:
            tokens.append("Cross")
        t.append("  Tokens ", "dim")
        t.append(", ".join(tokens) or "—")
        self.show_content(t)
        self.set_class(s.current_player == p, "-active")


class DiceBar(Panel):
    def show(self, s: State) -> None:
        t = Text()
        if s.dice:
            t.append("Dice ", "dim")
            for i, value in enumerate(s.dice):
                mark = " (chair)" if s.phase not in ("roll", "choose_die") and i == s.chair_die else ""
                t.append(f" [{value}]{mark} ", "bold")
        if s.battle:
            att, dfd = s.battle["rolls"]
            t.append(f" Battle {att} v {dfd}", "bold")
            cost = [s.battle["rerolls"][p] + 1 for p in (s.active, 1 - s.active)]
            t.append(f"  re-roll: attacker {cost[0]}g, defender {cost[1]}g", "dim")
        if not s.dice and not s.battle:
            t.append("No dice rolled yet this turn", "dim")
        self.show_content(t)


class Board(BoardBase):
    def compose(self) -> ComposeResult:
        labels = self.table.game.seat_labels
        # The seat to play is marked from the start (a class added once mounted restyles the
        # panel and its ten colour classes before the first frame).
        playing = self.table.state.current_player
        with Row(id="councils"):
            for seat in (0, 1):
                yield CouncilPanel(seat, self.table.seats[seat].name, labels[seat],
                                   classes="council -active" if seat == playing else "council")
        yield DiceBar(id="dice")

    def paint(self, view: State) -> None:
        names = self.table.names
        for panel in self.query(CouncilPanel):
            if panel.player_name != names[panel.seat]:  # a shared table's seat takes its player's name
                panel.player_name = names[panel.seat]
                panel.border_title = f"{panel.player_name} — {panel.label}"
            panel.show(view)
        self.query_one(DiceBar).show(view)

    def on_mount(self) -> None:
        # The colours are theme variables: repaint when the theme changes
        # (after the refresh: the component styles follow the new theme's variables by then)
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.call_after_refresh(self.paint_now))
        self.paint_now()
