"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from ...engine import Game, RuleOption
from .heuristics import evaluate, evaluate_all
from .rules import HoardState

OPTIONS = (
    RuleOption(
        key="three_player_goal",
        label="Goal with three players",  # the label column is 28 wide: no wrapping
        default=10,
        choices=((10, "10 (2014 rulebook)"), (9, "9 (2017 Renegade edition)")),
        help="The 2014 rulebook only changes the goal for four players (8); the 2017 edition uses 9 for three.",
        players=(3,),
    ),
    RuleOption(
        key="field_refill",
        label="Refill the field",
        default="immediate",
        choices=(("immediate", "at once (2014 rule text)"), ("after_draw", "after the draw (2014 worked example)")),
        help="The rule text refills a field slot at once; the rulebook's example refills it after the draw.",
    ),
    RuleOption(
        key="mob_battle",
        label="A Battle against the Mob",
        default="self",
        choices=(("self", "spares only its player (2014 rulebook)"), ("whole", "defeats the whole Mob")),
        help=("A Battle played against the Angry Mob. The 2014 rulebook: a Battle is played \"to defend "
              "yourself against any negative action played against you\", so it spares its player; some "
              "tables let one Battle stop the whole Mob."),
    ),
    RuleOption(
        key="reaction_prompt",
        label="Ask for Battles",
        default="all",
        choices=(("all", "every affected player (hides who holds one)"), ("holders", "only players holding a Battle")),
        help="Asking everyone keeps Battles secret, as at the table; asking only holders is quicker but tells.",
    ),
)

GAME = Game(
    id="hoard",
    title="Dragon's Hoard",
    min_players=2,
    max_players=4,
    state_class=HoardState,
    options=OPTIONS,
    hidden_information=True,
    heuristic=evaluate,
    heuristic_all=evaluate_all,
    help_package=__package__,
    # Not colours: the sheep already are red, blue and yellow, and "Red steals a red sheep" confuses.
    seat_labels=("North", "East", "South", "West"),
)
