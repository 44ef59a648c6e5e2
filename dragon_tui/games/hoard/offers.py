"""The choices Dragon's Hoard offers, each made (and worded) once per distinct argument.

An offered action is immutable and depends only on its arguments, so listing the legal
actions hands out the same objects again instead of building and wording new ones: the search
bots list the choices at every step. Which choices are legal is decided in moves.py; this
module only knows how each one is worded (and the few log words shared with moves.py).
"""

from __future__ import annotations

from functools import lru_cache

from ...engine import Action, wording
from . import data
from .data import CARDS, COLOURS, kind

#: "a red sheep", "an orange sheep": the wording helper's answer for each of the few words
#: Hoard's log puts an article before, remembered (every draw and payment writes one).
a_or_an = lru_cache(maxsize=None)(wording.a_or_an)


@lru_cache(maxsize=None)
def seat(s: int) -> str:
    """A seat as the log and labels write it ({p0}..{p4}), turned into a name when shown."""
    return f"{{p{s}}}"


def cost_text(c: int) -> str:
    """"2 purple + 1 any": what a treasure costs."""
    card = CARDS[c]
    parts = []
    if card.own:
        parts.append(f"{card.own} {card.colour_name}")
    if card.any:
        parts.append(f"{card.any} any")
    return " + ".join(parts) or "free"


END_TURN = Action("end_turn", (), "End the turn")


@lru_cache(maxsize=None)
def draw_deck_action(top: int | None) -> Action:
    where = f"the {data.sheep(top)}" if top is not None else "after reshuffling the discards"
    return Action("draw_deck", (), f"Draw from the deck ({where})")


@lru_cache(maxsize=None)
def draw_field_action(i: int, c: int) -> Action:
    return Action("draw_field", (i,), f"Take the {data.sheep(c)} from field slot {i + 1}")


def _target_text(args: tuple) -> str:
    return f" on {seat(args[0])}" if args else ""


@lru_cache(maxsize=None)
def play_action(c: int, args: tuple) -> Action:
    return Action("play", (c, *args), f"Play the {data.describe(c)}{_target_text(args)}")


@lru_cache(maxsize=None)
def wizard_action(w: int, c: int, args: tuple) -> Action:
    return Action("wizard", (w, c, *args), f"Play the {data.describe(c)}{_target_text(args)} with the {data.describe(w)}")


@lru_cache(maxsize=None)
def treasure_action(c: int) -> Action:
    verb = "Open" if kind(c) == "lair" else "Lay"
    card = CARDS[c]
    cost = "" if card.kind == "lair" else f" ({card.vp} VP, cost {cost_text(c)})"
    return Action("treasure", (c,), f"{verb} the {card.title}{cost}")


@lru_cache(maxsize=None)
def pay_action(c: int) -> Action:
    as_ = "any colour" if kind(c) == "wild" else data.sheep(c)
    return Action("pay", (c,), f"Spend the {data.describe(c)} as {as_}")


@lru_cache(maxsize=None)
def steal_action(colour: int, target: int) -> Action:
    return Action("steal", (COLOURS[colour],), f"Steal {a_or_an(COLOURS[colour])} sheep from {seat(target)}")


@lru_cache(maxsize=None)
def discard_action(c: int) -> Action:
    return Action("discard", (c,), f"Discard the {data.describe(c)}")


@lru_cache(maxsize=None)
def battle_action(c: int, action_kind: str) -> Action:
    return Action("battle", (c,), f"Answer the {data.ACTION_NAMES[action_kind]} with the {data.describe(c)}")


@lru_cache(maxsize=None)
def no_battle_action(action_kind: str) -> Action:
    return Action("no_battle", (), f"Let the {data.ACTION_NAMES[action_kind]} happen")
