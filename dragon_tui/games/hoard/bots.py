"""How the bots play Dragon's Hoard: the search levels' iteration caps and settings (read by
``dragon_tui.ai.agents`` through the registry; the measurements behind them are in
docs/bots.md, "Tuning history")."""

#: Iterations per decision by level, from measured iterations/s (hard's longest decision about
#: 1 CPU s).
ITERATION_CAPS = {"easy": 60, "normal": 250, "hard": 6000}
#: No search settings beyond the caps.
LEVEL_OPTIONS: dict[str, dict[str, object]] = {}
#: The arena-only level "hard-old": hard's cap and settings before the engines were sped up.
HARD_OLD_CAP = 800
HARD_OLD_OPTIONS: dict[str, object] = {}
