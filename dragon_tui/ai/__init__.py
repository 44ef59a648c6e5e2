"""Bots: game-agnostic agents over the engine protocol. Headless: no Textual or Rich here."""

from .agents import LEVELS, Agent, GreedyAgent, RandomAgent, make_agent

__all__ = ["LEVELS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
