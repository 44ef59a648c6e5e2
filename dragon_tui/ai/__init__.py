"""Bots: game-agnostic agents over the engine protocol. Headless: no Textual or Rich here.

The agents (and their search) load on first use: ``from dragon_tui.ai import LEVELS`` alone,
as the command line does, does not load them.
"""

from .levels import LEVELS

__all__ = ["LEVELS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]


def __getattr__(name: str):
    if name in __all__:
        from . import agents

        return getattr(agents, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
