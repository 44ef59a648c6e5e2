"""How the bots play Carcassonne: the search levels' iteration caps and settings (read by
``dragon_tui.ai.agents`` through the registry; the measurements behind them are in
docs/bots.md, "Tuning history")."""

#: Iterations per decision by level; hard got more once a faster leaf evaluation made room
#: within the budget (4,800), then 3,400 when it took up halving at the root (below), which
#: spends its whole cap where UCB stopped early, and 4,800 again once the search stopped paying
#: for the garbage collector: median decision 0.62 CPU s, and it beats greedy 37.5 games of 40
#: where 3,400 won 32.5 of the same deals.
ITERATION_CAPS = {"easy": 40, "normal": 200, "hard": 4800}
#: A turn is the tile, then its figure, then the dragon or fairy: hard expands a seat's own
#: follow-up choices best-first (``order_continuations``), without which the raised cap bought
#: nothing. It also shares the root's iterations out by sequential halving (``root_halving``):
#: every placement meets the same sampled worlds, so placements are compared on the same
#: tile draws.
LEVEL_OPTIONS = {"hard": {"order_continuations": True, "root_halving": True}}
#: The arena-only level "hard-old": hard's cap and settings before the engines were sped up.
HARD_OLD_CAP = 1500
HARD_OLD_OPTIONS: dict[str, object] = {}
