"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from ...engine import Game, RuleOption

from .heuristics import evaluate, evaluate_all
from .rules import CarcassonneState

OPTIONS = (
    RuleOption(
        "expansion",
        "The Princess & The Dragon",
        True,
        ((True, "With the expansion (102 tiles, dragon, fairy)"), (False, "Base game only (72 tiles)")),
        "The expansion's 30 tiles, the dragon, the fairy, princesses and magic portals.",
    ),
    RuleOption(
        "farmers",
        "Farmers",
        True,
        ((True, "Farmers in play"), (False, "No farmers")),
        "Meeples may be placed in fields and score at the end (standard in every edition).",
    ),
    RuleOption(
        "farm_scoring",
        "Farm scoring",
        "third-edition",
        (
            ("third-edition", "3 per completed city per field (2nd edition onwards)"),
            ("first-edition", "4 per completed city, once, to the most farmers (1st edition)"),
        ),
        "Default: the 2nd/3rd/New Edition rule that JCloisterZone also follows.",
    ),
    RuleOption(
        "tiny_city",
        "Two-tile cities",
        "new-edition",
        (("new-edition", "A finished 2-tile city scores 4"), ("first-edition", "A finished 2-tile city scores 2")),
        "JCloisterZone's 'tiny-city-scoring'; default: New Edition.",
    ),
    RuleOption(
        "dragon_move",
        "When the dragon moves",
        "new-edition",
        (
            ("new-edition", "Right after the dragon tile is placed, before the meeple (New Edition)"),
            ("before-scoring", "After the meeple, before scoring (1st edition HiG, Z-Man; JCloisterZone)"),
            ("after-scoring", "After scoring (1st edition RGG)"),
        ),
        "Default: the New Edition rulebook order (tile, dragon, meeple, scoring).",
    ),
    RuleOption(
        "princess",
        "The princess",
        "may",
        (("may", "May remove a knight (HiG, New Edition)"), ("must", "Must remove a knight (RGG, Z-Man)")),
        "Default: may, as in the New Edition and JCloisterZone.",
    ),
    RuleOption(
        "fairy",
        "The fairy",
        "next-follower",
        (
            ("next-follower", "Beside one meeple (HiG, New Edition)"),
            ("on-tile", "On a tile with your meeple (RGG, Z-Man)"),
        ),
        "Default: beside a meeple, as in the New Edition and JCloisterZone.",
    ),
)

GAME = Game(
    id="carcassonne",
    title="Carcassonne + The Princess & The Dragon",
    min_players=2,
    max_players=5,
    state_class=CarcassonneState,
    options=OPTIONS,
    hidden_information=False,
    heuristic=evaluate,
    heuristic_all=evaluate_all,
    help_package=__package__,
)
