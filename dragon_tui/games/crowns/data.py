"""Batalla de Coronas: the advisors, the tracks and the rule options.

Numbers come from the German rule sheet where it gives them and otherwise from the game's
published digital edition (Board Game Arena, `Fearinn/batalladecoronas`, material.inc.php),
as recorded in ``shared/reference/card_data_findings.md`` §4. Every place where the two
disagree, or where both are silent, is a rule option or a decision written down below and
repeated in ``help.md``.

Decisions where the sources are silent (not options, because no reading is in doubt):

* Seat 0 is the starting player; the setup screen decides who sits where.
* Re-roll prices climb per player and start again at 1 gold in every battle.
* Gold income (dice, Treasurer, crown) stops at the top of the treasury; the excess is lost.
* A gem taken by the dragon moves no crown or cross: the sheet ties those tokens to battles.
* When a gem lowers a treasury's top below the gold in it, the gold drops to the new top.
* When the Smith token doubles a purchase, the second step is free, and the token is
  only offered while there is room for both steps.
* Every advisor's effect is applied when it is activated; the only choices are the
  Commander's (shield or sword), the Priestess's (which harm) and the Head's (whom).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine import RuleOption


@dataclass(frozen=True)
class Advisor:
    id: str
    letter: str
    colour: str
    name: str
    effect: str
    #: A few words for the action list, where the full effect does not fit.
    short: str


ADVISORS: tuple[Advisor, ...] = (
    Advisor("commander", "C", "blue", "Commander", "+1 shield or +1 sword step", "shield or sword"),
    Advisor("priestess", "P", "white", "Priestess", "a church harm to the rival, never the same twice running", "church harm"),
    Advisor("smith", "S", "black", "Smith", "take the Smith token: one later shield or sword purchase is doubled", "Smith token"),
    Advisor("treasurer", "T", "yellow", "Treasurer", "+3 gold at once", "+3 gold"),
    Advisor("summoner", "D", "red", "Summoner", "the dragon stone moves one banner on", "dragon +1"),
    Advisor("head", "H", "violet", "Head of the council", "activate another seated advisor", "activates another"),
)
ADVISOR_BY_ID = {a.id: a for a in ADVISORS}

CHAIRS = 6
GOLD_MIN, GOLD_MAX = -1, 7
STEP_MIN, STEP_MAX = 0, 5
START_STEPS = 2
START_GOLD = 0
GEMS_EACH = 3
GEMS_TO_WIN = 3
STEP_PRICE = 3
CROWN_GOLD = 3
TREASURER_GOLD = 3
#: Price to move the dragon stone onto banner 1..5; banner 5 is the dragon field.
DRAGON_PRICES = (2, 3, 4, 5, 6)
DRAGON_FIELD = 5
DRAGON_BURN = 4

HARMS = {
    "gold": "their gold drops to -1",
    "gold_less": "their gold drops by 1",
    "shield": "they lose a shield",
    "sword": "they lose a sword step",
    "dragon": "their dragon stone goes back a banner",
}

OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "council_seats",
        "Council size",
        6,
        ((6, "Six advisors (digital edition)"), (5, "Five councillors (German sheet)")),
        "The German sheet speaks of five councillors but prints six colours and the dice have six "
        "faces. Six (default) fills every chair, as the digital edition does. Five: once five "
        "advisors sit, a die on the last empty chair seats nobody and only gives gold.",
    ),
    RuleOption(
        "church",
        "Church harms",
        "sheet",
        (
            ("sheet", "Gold, shield or sword (German sheet)"),
            ("digital", "Gold, sword or dragon (digital edition)"),
        ),
        "The sheet's Priestess takes gold, a shield or a sword step; the digital edition has no "
        "shield harm and pushes the rival's dragon stone back instead.",
    ),
    RuleOption(
        "gold_harm",
        "Gold harm",
        "to_minus_one",
        (
            ("to_minus_one", "Gold set to -1 (sheet and digital edition)"),
            ("minus_one", "Gold lowered by 1 (English rendering)"),
        ),
        "Both the German sheet ('auf -1 setzen') and the digital edition set the rival's gold to "
        "-1, which is why the treasury has a -1 space. The gentler reading lowers it by one.",
    ),
    RuleOption(
        "gem_lock",
        "Captured gems lock",
        "winner",
        (
            ("winner", "The winner's treasury (digital edition)"),
            ("loser", "The loser's treasury (English rendering)"),
        ),
        "A captured gem covers the top gold space of a treasury: 7, then 6. The digital edition "
        "puts it in the winner's treasury (the captor); the English rendering reads the loser's.",
    ),
    RuleOption(
        "activate_on_seating",
        "Newly seated advisor",
        True,
        ((True, "Acts at once (digital edition)"), (False, "Only takes the chair")),
        "When the chosen chair is empty the player seats an advisor there; in the digital edition "
        "the new advisor acts at once.",
    ),
    RuleOption(
        "full_council_bonus",
        "Full council bonus",
        True,
        ((True, "On (digital edition)"), (False, "Off (German sheet)")),
        "The first player whose council is full gets one extra activation of a seated advisor, "
        "as the Head gives.",
    ),
)
