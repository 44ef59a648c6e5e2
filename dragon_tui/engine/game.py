"""Game descriptions: what the registry, the menu and the setup screen know of a game."""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from .state import State
from .wording import plural, span


class RuleOption(NamedTuple):
    """A rule variant. The default follows a named edition, and says which in ``help``."""

    key: str
    label: str
    default: Any
    #: (value, label) pairs; the setup screen offers exactly these.
    choices: tuple[tuple[Any, str], ...]
    help: str = ""
    #: The player counts the option means anything with (empty: every count). The setup
    #: screen hides it for the others; the rules ignore it there.
    players: tuple[int, ...] = ()
    #: For an option added after games were already recorded: the reading those games were
    #: played under. A save or a club table whose options lack the key replays with this value,
    #: not today's default, so its moves play out as they did (None: the default).
    earlier: Any = None

    def applies_to(self, players: int) -> bool:
        return not self.players or players in self.players


class Game(NamedTuple):
    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[State]
    options: tuple[RuleOption, ...] = ()
    #: True when seats hold secrets (hands): hot-seat play then shows a "pass the keyboard" screen.
    hidden_information: bool = False
    #: evaluate(state, seat) -> float, higher is better for seat: drives the greedy bot.
    heuristic: Callable[[State, int], float] | None = None
    #: Optional: every seat's ``heuristic`` value in one pass (the same numbers). The search
    #: bot scores each leaf for every seat; games whose evaluation already works out all
    #: seats to compare them give this so that work is done once per leaf, not once per seat.
    heuristic_all: Callable[[State], list[float]] | None = None
    #: Package that holds this game's ``help.md``.
    help_package: str = ""
    seat_labels: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green", "Black")
    #: Raised whenever a change to the default rules makes moves recorded earlier play out
    #: differently. Saves record it, so a save that no longer replays can say why (an earlier
    #: reading of the rules) instead of calling the file damaged.
    rules_revision: int = 1

    def resolve_options(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Every option with its default filled in; unknown keys or values are refused."""
        chosen = dict(options or {})
        resolved: dict[str, Any] = {}
        for opt in self.options:
            value = chosen.pop(opt.key, opt.default)
            if value not in [c[0] for c in opt.choices]:
                raise ValueError(f"{opt.label}: '{value}' is not one of the choices.")
            resolved[opt.key] = value
        if chosen:
            raise ValueError(f"Unknown {plural('rule option', len(chosen))} for {self.title}: {', '.join(chosen)}")
        return resolved

    def recorded_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a game recorded earlier (a save, a club table), with each option it
        predates given the reading it was played under (``RuleOption.earlier``)."""
        return {**{o.key: o.earlier for o in self.options if o.earlier is not None and o.key not in options},
                **options}

    def new_state(self, num_players: int, seed: int, **options: Any) -> State:
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {span(self.min_players, self.max_players, 'player')}, not {num_players}."
            )
        return self.state_class(num_players, seed, self.resolve_options(options))

    def state_from_json(self, doc: dict[str, Any]) -> State:
        return self.state_class.from_json(doc)

    def help_markdown(self) -> str:
        """The in-app rules: the game's ``help.md``, including every rule decision we made."""
        if not self.help_package:
            return f"# {self.title}\n"
        from importlib import resources  # only when help is opened: not part of the start

        return resources.files(self.help_package).joinpath("help.md").read_text(encoding="utf-8")
