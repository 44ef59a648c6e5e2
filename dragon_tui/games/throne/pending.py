"""The unfinished step of a multi-step action: what the state's ``pending`` holds.

Several decisions take two or more steps: a deploy names its card, then its guild; the Soldier
Favor moves up to two King's Guards, each "from" then "to"; a Dragon Lord placed in a full
Clan House first bumps a lord out. Between those steps the state remembers what was already
chosen in one small immutable value (a clone shares it; a step replaces it). Every field is
None unless the current ``phase`` uses it (see each field).

Saves and network messages keep the older dict form (``{"card": ..}``, ``{"from": ..}``,
``{"left": ..}``, ...), written and read by :func:`to_saved` and :func:`from_saved`, so games
saved before the rename replay to the same, byte-equal positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .board import REWARD_PHASES
from .memo import Memo

#: Phases whose pending step records how the Soldier Favor is being used.
_SOLDIER_PHASES = ("soldier", "soldier_to")


@dataclass(frozen=True, slots=True)
class PendingStep:
    """What the earlier steps of the current multi-step action chose (see the module)."""

    #: ``deploy_to``: the card being deployed (announced, still in the hand).
    card: int | None = None
    #: ``maneuver_to``, ``soldier_to``, ``cleric_to``: the guild the pawn leaves.
    from_guild: int | None = None
    #: ``royal_to``: the Clan House the Dragon Lord leaves.
    from_house: int | None = None
    #: Whose pawn moves: the supporter of ``cleric_to``, the Dragon Lord of ``royal_to`` and
    #: of ``reward_bump_to`` (NEUTRAL for the 2-player neutral colour).
    owner: int | None = None
    #: Steps left: pawns the Soldier or Cleric Favor may still move, prospects the King's
    #: Guard still places (``kg_place``).
    steps_left: int | None = None
    #: The Soldier Favor's use once its first step is taken: "move" or "take" (never both).
    soldier_mode: str | None = None
    #: ``sorcerer``: the Sorcery Dice, (kingdom, guild type).
    roll: tuple[int, int] | None = None
    #: ``reward_bump``, ``reward_bump_to``: the full Clan House the new Dragon Lord goes to.
    full_house: int | None = None

    def but(self, **changes: Any) -> PendingStep:
        """A copy with some fields changed (the value itself never changes), made once per
        distinct set of fields like ``step``: ``dataclasses.replace`` cost more than the move."""
        key = (self, *changes.items())
        try:
            new = BUT.get(key)
        except TypeError:  # a damaged save's unhashable field: no shortcut
            return replace(self, **changes)
        if new is None:
            new = BUT.put(key, replace(self, **changes))
        return new


#: (step, *changes) -> ``step.but(**changes)``, this module's for the whole process (see
#: memo.py; the values are few: a game meets a few dozen).
BUT = Memo("pending steps", 10_000)

#: Nothing pending.
NOTHING = PendingStep()

#: ``PendingStep(...)``, made once per distinct set of fields and handed out again (the value
#: never changes): a maneuver or a deploy starts one hundreds of thousands of times in a search.
#: Unbounded, as the action objects of texts.py are: the rules start steps only with a card, a
#: guild or a count of steps, so it holds at most a few hundred.
step = lru_cache(maxsize=None)(PendingStep)


def to_saved(step: PendingStep, phase: str) -> dict[str, Any]:
    """The dict form saves and network messages have always used for ``step``."""
    out: dict[str, Any] = {}
    if step.card is not None:
        out["card"] = step.card
    if phase in REWARD_PHASES:
        if step.full_house is not None:
            out["house"] = step.full_house
        if step.owner is not None:
            out["owner"] = step.owner
    elif step.owner is not None:
        out["from"] = [step.owner, step.from_guild if step.from_house is None else step.from_house]
    elif step.from_guild is not None:
        out["from"] = step.from_guild
    if step.steps_left is not None:
        out["left"] = step.steps_left
    if phase in _SOLDIER_PHASES:
        out["mode"] = step.soldier_mode
    if step.roll is not None:
        out["roll"] = list(step.roll)
    return out


def from_saved(data: dict[str, Any], phase: str) -> PendingStep:
    """Read the dict form back (unknown keys are refused as damage)."""
    if not isinstance(data, dict) or set(data) - {"card", "house", "owner", "from", "left", "mode", "roll"}:
        raise ValueError(f"not a pending step: {data!r}"[:200])
    fields: dict[str, Any] = {"card": data.get("card"), "steps_left": data.get("left"),
                              "soldier_mode": data.get("mode"), "full_house": data.get("house"),
                              "owner": data.get("owner")}
    if data.get("roll") is not None:
        kingdom, guild_type = data["roll"]
        fields["roll"] = (int(kingdom), int(guild_type))
    source = data.get("from")
    if isinstance(source, list):
        owner, where = source
        fields["owner"] = owner
        fields["from_house" if phase == "royal_to" else "from_guild"] = where
    elif source is not None:
        fields["from_guild"] = source
    return PendingStep(**fields)
