"""How the bots play Princes of the Dragon Throne: the search levels' iteration caps and settings
(read by ``dragon_tui.ai.agents`` through the registry; the measurements behind them are in
docs/bots.md, "Tuning history")."""

#: Iterations per decision by level. Hard's 1,500: more iterations of plain UCB bought nothing
#: here, so hard shares the root's iterations out by sequential halving, which spends every
#: iteration to the cap (mean decision about 1.1 CPU s; the clock limit ends the longest, late
#: positions whose leaves finish Favor moves).
ITERATION_CAPS = {"easy": 30, "normal": 100, "hard": 1500}
#: A turn is a chain of the same seat's choices: hard expands its own follow-ups best-first
#: (``order_continuations``) and halves at the root (``root_halving``).
LEVEL_OPTIONS = {"hard": {"order_continuations": True, "root_halving": True}}
#: The arena-only level "hard-old": hard's cap and settings before the engines were sped up.
HARD_OLD_CAP = 1000
HARD_OLD_OPTIONS = {"order_continuations": True}
