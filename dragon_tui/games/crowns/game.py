"""The rules' ``GAME`` (the engine's ``Game``): its state, its rule options (``OPTIONS``), its
heuristics and help. Imported on first play, never for the menu."""

from ...engine import Game
from .data import OPTIONS
from .heuristics import evaluate, evaluate_all
from .rules import CrownsState

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
