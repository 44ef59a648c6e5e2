"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from __future__ import annotations

from ...engine import Game, RuleOption
from .heuristics import evaluate
from .rules import CourtState

OPTIONS = (
    RuleOption(
        key="auction",
        label="Row prices",
        default="dutch",
        choices=(("dutch", "Dutch auction: +3/+2/+1/+0 CP by slot"), ("printed", "Printed cost in every slot")),
        help="The rulebook calls buying an auction but gives no prices; our reading (default) makes a "
        "card 1 CP cheaper at each step right. 'Printed' removes the surcharge (an easier game).",
    ),
    RuleOption(
        key="full_court",
        label="Full Royal Court",
        default="replace",
        choices=(("replace", "Buy and dismiss a card"), ("closed", "No more buying")),
        help="The rulebook is silent; by default a card bought into a full court replaces one you "
        "choose, which is discarded.",
    ),
    RuleOption(
        key="raids",
        label="Daemon raids (phase 3)",
        default="one",
        choices=(("one", "One card per turn (rulebook)"), ("per_prince", "One card per Prince in the row")),
        help="The English rulebook takes one card per turn if any Prince is in the row; "
        "'per Prince' is a harder variant.",
    ),
    RuleOption(
        key="fresh_prince",
        label="Prince drawn after a fight",
        default="raids",
        choices=(("raids", "Raids this turn (rulebook)"), ("waits", "Waits until next turn")),
        help="Phase 3: 'If Daemon Princes remain in Society Row' — a Prince the refill draws right "
        "after your fight is in the row, so by default it raids at once. 'Waits' reads 'remain' as "
        "'were already there', sparing you a Prince you never had the chance to fight.",
    ),
)

GAME = Game(
    id="court",
    title="The Court of Xiang Chi",
    min_players=1,
    max_players=1,
    state_class=CourtState,
    options=OPTIONS,
    hidden_information=False,
    heuristic=evaluate,
    help_package=__package__,
    rules_revision=2,  # 2: a Prince drawn by the refill right after a fight raids in the same turn
    seat_labels=("You",),
)
