"""How the bots play The Court of Xiang Chi: the search levels' iteration caps and settings
(read by ``dragon_tui.ai.agents`` through the registry; the measurements behind them are in
docs/bots.md, "Tuning history" and "The solitaire's hard level")."""

#: Iterations per decision by level. A single tree stops improving at about 400 iterations (the
#: draws decide what deeper nodes learn), so easy and normal are spaced below that. Hard plays by
#: greedy playouts instead (``LEVEL_OPTIONS``); its 7,000 iterations in four trees are what the
#: game review (``review.py``, which searches trees) still uses for the solitaire.
ITERATION_CAPS = {"easy": 50, "normal": 200, "hard": 7000}
#: Hard values each move by greedy playouts in 48 sampled worlds, eight greedy decisions deep,
#: then the heuristic (``SearchConfig.playout_worlds``, see ai/playouts.py); the review's tree
#: search still reads ``trees``.
LEVEL_OPTIONS = {"hard": {"trees": 4, "playout_worlds": 48, "playout_depth": 8}}
#: The arena-only level "hard-old": hard's cap and settings before the engines were sped up.
HARD_OLD_CAP = 1600
HARD_OLD_OPTIONS = {"trees": 4}
