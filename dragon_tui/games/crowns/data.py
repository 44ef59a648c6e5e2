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
* Every activation but the Treasurer's may be declined. The sheet's advisors "kann" (the
  Commander "kann entweder ...", the Smith, the Summoner, the Head, the Priestess "kann"), and
  we offer "Don't activate" for them. The Treasurer's line has no "kann": he "besorgt sofort 3
  zusätzliche Goldreserven", so he brings the gold at once, without a question (rules
  revision 3). The digital edition lets you skip him too, but gold never hurts its owner (the
  top of the treasury only stops it), so declining him could never be the better play, and
  no option is offered for that reading. An advisor with nothing to do (the Commander with
  both tracks full, the Head with nobody else seated, the Smith while its token is held)
  passes without a question; a Treasurer at the cap is logged as bringing nothing.
* The dragon: "Erreicht der Drachenstein schließlich das Drachenfeld, kann dein Drache
  angreifen und bis zu vier gegnerische Schilde zerstören" — up to four: its player chooses
  how many (0 to four, never more than the rival has). The digital edition always burns as
  many as it can; that is the largest choice. The stone goes back to the start either way.
  A rival without shields loses a gem at once (the digital edition's dragonRage), and so does
  one whose last shield burns.
* Council: "Mit 5 Ratsherren" counts the councillors without the Head — the sheet's own note
  seats "2 Herren/3 Damen oder 3 Herren/2 Damen" and adds that "das Oberhaupt ist divers und
  gleicht das Verhältnis aus": five councillors plus the Head, six advisors on six chairs
  (die faces 1–6), as in the digital edition. So there is no five-chair variant.
* When a gem lowers a treasury's top below the gold in it, the gold drops to the new top.
* When the Smith token doubles a purchase, the second step is free, and the token is
  only offered while there is room for both steps.
* Every advisor's effect is applied when it is activated; besides using it or not, the only
  choices are the Commander's (shield or sword), the Priestess's (which harm) and the Head's
  (whom).
* A gem taken by the dragon: option ``dragon_tokens`` (default: the crown and the cross change
  hands as after a battle — the digital edition's dragonRage calls the same claimGem, which
  calls claimCrown and claimCross, and the sheet hands gem, cross and crown over together when
  a castle drops to zero shields).
"""

from __future__ import annotations

from typing import NamedTuple


class Advisor(NamedTuple):
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
