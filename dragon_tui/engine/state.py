"""The state protocol every game implements (see DESIGN.md, "The engine protocol").

A game subclasses :class:`State`, keeps its whole position in plain JSON-native attributes
(ints, strings, bools, None, lists, dicts with string keys — never tuples, sets or int
keys), and implements the five abstract members. Everything else — legality checking,
cloning, JSON, views, undo barriers — comes from here, so it works the same in all games
(``apply`` is final). The speed-ups a game may add are all in ``hooks.py``.

Three names mean the same thing in every game that has the thing they name:

- ``turn`` — the number of the current turn (a count that goes up; never a seat);
- ``active`` — the seat whose turn it is (an int). It may differ from ``current_player``,
  the seat that must decide *now* (another seat answering an attack, placing a reward);
- ``pending`` — what an unfinished multi-step decision has chosen so far (None or empty when
  nothing is pending): a card bought but not yet placed, advisors waiting to act, the
  half-made move of a Princes favor.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from .action import Action
from .errors import IllegalAction, SaveFileError
from .hooks import SpeedHooks
from .rng import Rng
from .values import _ATOMS, _BASE_FIELDS, arg_types, deep_copy
from .wording import format_seats

# Engines, the UI and tests import these from here too.
__all__ = ["State", "malformed", "arg_types", "deep_copy", "format_seats", "_ATOMS", "_BASE_FIELDS"]


def _type_names(args: tuple) -> str:
    def name(t: Any) -> str:
        return "(" + ", ".join(name(x) for x in t) + ")" if type(t) is tuple else t.__name__

    return name(arg_types(args))


def _well_typed(value: Any, depth: int) -> bool:
    kind = type(value)
    if kind is int or kind is str:
        return True
    if kind is tuple and depth < 4:
        return all(_well_typed(v, depth + 1) for v in value)
    return False


def malformed(action: Any) -> str | None:
    """Why ``action`` cannot be an action of any game, or None when its shape is sound.

    Actions arrive from save files and network clients as JSON, where ``3.0``, ``true`` and
    ``null`` are ordinary values. Every argument of every game's actions is an int, a string
    or a (shallow) tuple of those, so anything else is refused here, once, for every game,
    before a game's own checks see it.
    """
    if not isinstance(action, Action) or type(action.kind) is not str or type(action.args) is not tuple:
        return f"Not an action: {action!r}."
    for a in action.args:  # the common case, flat ints and texts, without a call per argument
        if type(a) is not int and type(a) is not str:
            break
    else:
        return None
    if not all(_well_typed(a, 0) for a in action.args):
        return (
            f"'{action.kind}' has an argument of the wrong type ({_type_names(action.args)}): "
            "every argument is a whole number or a text."
        )
    return None


class State(SpeedHooks, ABC):
    """A game's position and rules (the five abstract members); the speed-ups a game may add
    are in :class:`~dragon_tui.engine.hooks.SpeedHooks`, and ``apply`` is final."""


    #: The registry id of the game this state belongs to.
    game_id: ClassVar[str] = ""
    #: Bump when the JSON shape changes; older files are refused with a clear message.
    VERSION: ClassVar[int] = 1
    #: Attribute name -> the key saves and network messages use for it, where the two
    #: differ: a field renamed for readers of the code keeps its old key in files, so games
    #: saved before the rename load and replay to equal positions.
    JSON_NAMES: ClassVar[dict[str, str]] = {}

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        self.num_players = num_players
        self.options = dict(options)
        self.rng = Rng(seed)
        #: Human-readable events, seats written as ``{p0}``..``{p4}`` (see format_seats).
        self.log: list[str] = []
        #: Count of hidden things revealed without the RNG (a card drawn from a shuffled deck).
        self.reveals = 0
        self.setup()

    # ----------------------------------------------------------------- what a game writes
    @abstractmethod
    def setup(self) -> None:
        """Deal, shuffle and place everything for a new game (use ``self.rng``)."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Every action the current player may take; never empty while the game runs.

        Games write this; everyone else calls :meth:`legal_actions`, which remembers the list
        so that ``apply`` can take one of its very objects without checking it again."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score, running during the game and final at the end."""

    def winners(self) -> list[int]:
        """Seats that won (ties share); empty while the game runs."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def score_breakdown(self) -> list[dict[str, float]]:
        """Per seat, the named parts of the score, for the game-over screen."""
        return [{"Score": s} for s in self.scores()]

    def phase_label(self) -> str:
        """One line for the status bar: whose decision and what kind ("{p0}: choose a die")."""
        if self.is_over:
            return "Game over"
        return f"{{p{self.current_player}}} to play"

    def action_key(self, action: Action) -> str | None:
        """The key that picks this action on the game screen (None: the list order decides)."""
        return None

    def why_illegal(self, action: Action) -> str | None:
        """A specific reason an action is illegal, where the game can say more than the default."""
        return None

    def view(self, seat: int | None) -> State:
        """What ``seat`` may see; perfect-information games see everything (None: a spectator).

        Even then the future of the dice is secret: the copy's RNG is blanked (keeping the
        draw count, which undo and replays compare), so a view cannot predict the next roll.
        """
        state = self.clone()
        state.rng = Rng(0, state.rng.draws)
        return state

    def determinize(self, seat: int, rng: Rng) -> State:
        """A full state consistent with ``seat``'s view, with unknown chance re-seeded.

        The default suits perfect-information games: the only unknown is the future of the
        dice, so the copy gets a fresh RNG and a bot cannot peek at the rolls to come.
        """
        state = self.clone()
        state.rng = Rng(rng.next64(), state.rng.draws)
        return state

    # ---------------------------------------------------------------- the shared machinery
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "apply" in cls.__dict__:
            raise TypeError(
                f"{cls.__qualname__} defines apply, which is final: write _apply (and, for speed, "
                "the hooks in dragon_tui/engine/hooks.py) instead, so that every game checks "
                "actions the same way."
            )

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take (the game's ``_legal_actions``).

        The list is remembered until the next ``apply``: an action that *is* one of its
        objects (the UI's pick, a bot's choice) was offered in this very position, arguments
        typed by the game itself, so ``apply`` carries it out without checking it again —
        checking re-generated the whole list, which made every random step pay for it twice.
        Actions built elsewhere (from a save, a network message, a test) are equal but not
        the same objects, and get the full check.
        """
        offered = self._legal_actions()
        self._offered = offered
        return offered

    def apply(self, action: Action) -> None:
        """Carry out ``action``, or raise ``IllegalAction`` (with a reason for the player)
        before anything changes. Final: see ``__init_subclass__``.

        One of the very objects the last ``legal_actions()`` or ``random_action`` offered is
        carried out at once (the identity fast path). Anything else is checked: the game must
        not be over, the action must be well-formed (``malformed``), and either vouched for by
        ``quick_legal`` or in the whole list with exactly the same argument types."""
        offered = self._offered
        if offered is not None:
            self._offered = None
            for candidate in offered:
                if candidate is action:
                    self._apply(action)
                    return
        self._apply(self._checked(action))

    def _checked(self, action: Action) -> Action:
        """``action`` as the game spells it, once known legal; else ``IllegalAction``."""
        if self.is_over:
            raise IllegalAction("The game is over.")
        problem = malformed(action)
        if problem is not None:
            raise IllegalAction(problem)
        action = self.canonical(action)
        if self.quick_legal(action):
            self._offered = None  # a hook may have listed (and remembered) a kind's actions
            return action
        legal = self._legal_actions()
        self._offered = None  # a game whose _legal_actions remembers its list (Crowns)
        offered = next((a for a in legal if a == action), None)
        if offered is not None and arg_types(offered.args) != arg_types(action.args):
            # 1.0 == 1 and True == 1 in Python, so equality alone would let a float or a
            # bool stand in for an int: the shapes must match exactly as well.
            raise IllegalAction(
                f"'{action.describe()}' has arguments of the wrong type "
                f"(expected {_type_names(offered.args)}, got {_type_names(action.args)})."
            )
        if offered is None:
            try:
                reason = self.why_illegal(action)
            except (TypeError, ValueError, KeyError, IndexError, AttributeError):
                # A game's explanation may assume well-shaped arguments (an int where it
                # indexes); a text in an int's place still gets the general refusal below.
                reason = None
            if reason is None:
                choices = ", ".join(a.describe() for a in legal[:6])
                more = f" and {len(legal) - 6} more" if len(legal) > 6 else ""
                reason = (
                    f"'{action.describe()}' is not possible now. {self.phase_label()}; "
                    f"the choices are: {choices}{more}."
                )
            raise IllegalAction(reason)
        return action

    @property
    def info_epoch(self) -> int:
        """Changes whenever new information is revealed: undo never crosses such a change."""
        return self.rng.draws + self.reveals

    def reveal(self) -> None:
        """Mark that hidden information came into play (a card drawn from a shuffled pile)."""
        self.reveals += 1

    def clone(self) -> State:
        """An independent copy (search bots make thousands per decision).

        The log's lines and every atom are shared (nothing changes them in place); the RNG is
        copied; the game's own fields come from the ``copy_fields`` hook.
        """
        new = object.__new__(type(self))
        fields = dict(self.__dict__)
        fields.pop("_offered", None)  # offered to this state, not to its copy
        fields["options"] = dict(self.options)
        fields["rng"] = self.rng.copy()
        fields["log"] = list(self.log)
        fields.update(self.copy_fields())
        new.__dict__ = fields
        return new

    def to_json(self) -> dict[str, Any]:
        names = self.JSON_NAMES
        data = {names.get(k, k): v for k, v in vars(self).items() if k not in _BASE_FIELDS and not k.startswith("_")}
        return {
            "game": self.game_id,
            "version": self.VERSION,
            "num_players": self.num_players,
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "reveals": self.reveals,
            "log": list(self.log),
            "data": pickle.loads(pickle.dumps(data)),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> State:
        try:
            if doc.get("game") != cls.game_id:
                raise SaveFileError(f"This is a save of '{doc.get('game')}', not of '{cls.game_id}'.")
            if doc.get("version") != cls.VERSION:
                raise SaveFileError(
                    f"This save has format version {doc.get('version')}; "
                    f"this Dragon TUI reads version {cls.VERSION}."
                )
            state = cls.__new__(cls)
            state.num_players = int(doc["num_players"])
            state.options = dict(doc["options"])
            state.rng = Rng.from_json(doc["rng"])
            state.reveals = int(doc.get("reveals", 0))
            state.log = [str(line) for line in doc["log"]]
            attribute = {key: name for name, key in cls.JSON_NAMES.items()}
            for key, value in dict(doc["data"]).items():
                setattr(state, attribute.get(key, key), pickle.loads(pickle.dumps(value)))
        except SaveFileError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveFileError(f"The saved game state is damaged ({exc}).") from exc
        return state
