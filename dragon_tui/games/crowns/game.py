"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from ...engine import Game, RuleOption
from .heuristics import evaluate, evaluate_all
from .rules import CrownsState

OPTIONS: tuple[RuleOption, ...] = (
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
        "dragon_tokens",
        "Gem by the dragon",
        True,
        (
            (True, "Moves crown and cross too (digital edition)"),
            (False, "Moves no token (only battles do)"),
        ),
        "The digital edition's dragon takes a gem the way a battle does (claimGem): the captor "
        "gets the crown, the loser the cross — as the sheet hands gem, cross and crown over "
        "together when a castle drops to zero shields. The other reading keeps the tokens to "
        "battles: the sheet names 'the crown medal from a won battle' and 'the cross from the "
        "last lost battle'.",
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

GAME = Game(
    id="crowns",
    title="Batalla de Coronas",
    min_players=2,
    max_players=2,
    state_class=CrownsState,
    options=OPTIONS,
    hidden_information=False,
    heuristic=evaluate,
    heuristic_all=evaluate_all,
    help_package=__package__,
    # 2: declinable activations, the dragon burning 0–4 shields, the five-councillor option
    # removed. 3: the Treasurer brings his gold without a question ("besorgt sofort").
    rules_revision=3,
    seat_labels=("Gold", "Silver"),
)
