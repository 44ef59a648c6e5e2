"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from ...engine import Game, RuleOption

from .heuristics import evaluate, evaluate_all
from .rules import ThroneState

OPTIONS = (
    RuleOption(
        key="stocks",
        label="Resources in play",
        default="scaled",
        choices=(("scaled", "Scaled to the player count (designed)"), ("full", "The whole box (35/35/25)")),
        help="The rulebook says to count out resources by player count without the numbers; "
        "'scaled' is this edition's design (2p 24/24/16, 3p 30/30/20, 4p 35/35/25).",
    ),
    RuleOption(
        key="neutral",
        label="Two-player neutral colour",
        default=True,
        choices=((True, "On (rulebook 2-player rules)"), (False, "Off")),
        help="Rulebook 2-player rules: a neutral Dragon Lord in each Clan House and neutral "
        "supporters rolled onto the board at each Parliament. Ignored with 3 or 4 players.",
        players=(2,),
    ),
    RuleOption(
        key="full_houses",
        label="Full Clan Houses",
        default="when_all_full",
        choices=(("when_all_full", "Bump a Dragon Lord only when no matching house has room (rulebook)"),
                 ("any", "A full matching house may be chosen even when the other has room")),
        help="Rulebook: 'If you must place a Dragon Lord in a Clan House but all of the spaces "
        "are full, you must first move one of those Dragon Lord pawns'. By default a full house "
        "is offered only when every matching house is full.",
    ),
    RuleOption(
        key="lords_out",
        label="Out of Dragon Lords",
        default="ends",
        choices=(("ends", "Control with no Dragon Lord left ends the game (this edition)"),
                 ("plays_on", "Play on without placing one (the rulebook's letter)")),
        help="The rulebook ends the game only when the Clan Houses are full, and says nothing "
        "of a player whose 15 Dragon Lords are all placed. Read to the letter, a game can then "
        "go on for ever: the player out of Lords retakes a guild for 2 prestige turn after turn "
        "while the others, behind, never fill the houses. By default that player's next control "
        "ends the game at once, as the last Dragon Lord would.",
        earlier="plays_on",
    ),
)

GAME = Game(
    id="throne",
    title="Princes of the Dragon Throne",
    min_players=2,
    max_players=4,
    state_class=ThroneState,
    options=OPTIONS,
    hidden_information=True,
    heuristic=evaluate,
    heuristic_all=evaluate_all,
    help_package=__package__,
    rules_revision=2,  # 2: top Dragons cost 8 gold, the Guild Marker limit and Clan House bumping
)
