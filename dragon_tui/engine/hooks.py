"""The optional speed-ups a game may give the engine: every one of them, in this one place.

The protocol itself (``state.py``) is small: ``legal_actions``, ``apply``, ``view``,
``determinize``, ``is_over``, ``scores``, ``clone`` and the JSON form. A game that writes only
that is correct; it may be slow, because bots and random playouts make millions of steps.
The members of :class:`SpeedHooks` (which :class:`~dragon_tui.engine.state.State` inherits)
are the places a game may make the same steps cheaper. Each has

- a contract: what an override must return;
- a default that *is* the plain path, so overriding nothing is always right;
- a check in the conformance kit (``tests/conformance/test_hooks.py``) that plays every game,
  the example game included, and compares the override with the plain path.

An override may never change anything a player or a bot could observe: the same actions in
the same order with the same labels, the same draws of the RNG, the same positions.
``HOOKS`` below names them all with their checks; the kit refuses a hook without one.

``apply`` is not among them: it is final (``State.__init_subclass__`` refuses a class that
defines it), so every game checks actions in the same way. What an override of ``apply`` used
to buy is here instead: the *identity fast path* (an action that is one of the very objects
``legal_actions()`` offered is carried out without a check) costs a game nothing, and a game
that remembers something about the list it made for a position (Princes' board facts) keeps it
itself until its next ``_apply``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .values import _ATOMS, _BASE_FIELDS, arg_types, deep_copy

if TYPE_CHECKING:
    from .action import Action
    from .rng import Rng


class Hook(NamedTuple):
    """One speed-up: its name(s) on the state, its contract, and the conformance check."""

    names: tuple[str, ...]
    contract: str
    check: str


#: Every speed-up a game may override. ``tests/conformance/test_hooks.py`` has one test per
#: entry (named in ``check``) and fails when an entry has none.
HOOKS: tuple[Hook, ...] = (
    Hook(("legal_actions",),
         "a game may fold ``_legal_actions`` into ``legal_actions`` (a call fewer a step); it must "
         "then remember the very list it returns in ``self._offered``, as the default does",
         "test_legal_actions_is_remembered_for_the_identity_fast_path"),
    Hook(("_random_action",),
         "exactly ``rng.choice(self._legal_actions())``: the same action, label and draws",
         "test_random_action_is_a_draw_from_the_legal_list"),
    Hook(("actions_of_kind",),
         "the legal actions of one kind exactly as ``legal_actions()`` lists them (same order, "
         "labels), or None",
         "test_actions_of_kind_and_quick_legal_agree_with_the_legal_list"),
    Hook(("quick_legal",),
         "True only for an action certainly legal now (exact argument types); False is always safe",
         "test_actions_of_kind_and_quick_legal_agree_with_the_legal_list"),
    Hook(("canonical",),
         "for a well-formed action not offered, the equal-in-effect spelling the list uses; the "
         "offered actions map to themselves",
         "test_canonical_keeps_the_offered_spellings"),
    Hook(("copy_fields", "clone", "FLAT_FIELDS", "NESTED_FIELDS", "SHARED_FIELDS"),
         "copies of every mutable field (or, for ``SHARED_FIELDS``, frozen values shared); a "
         "clone equals the original and shares nothing that either changes in place",
         "test_clones_are_equal_and_independent"),
)


class SpeedHooks:
    """The optional speed-ups (see the module's docstring); :class:`State` inherits them."""

    # ------------------------------------------------------------ the identity fast path
    #: The list the last ``legal_actions()`` (or ``random_action``) offered, until the next
    #: ``apply``.
    _offered: Sequence[Action] | None = None

    # ------------------------------------------------------------------- random steps
    def random_action(self, rng: Rng) -> Action:
        """One legal action drawn uniformly with ``rng``: exactly what
        ``rng.choice(self.legal_actions())`` returns (the same draw, the same action, label
        included), and offered the same way, so ``apply`` takes it without a check.

        Random playouts and the search bots' rollouts draw every step like this; the game's
        part is ``_random_action``."""
        action = self._random_action(rng)
        self._offered = (action,)
        return action

    def _random_action(self, rng: Rng) -> Action:
        """Hook: the draw of ``random_action``. Default: one draw from the whole list.

        A game whose long lists can be counted before they are built (Carcassonne's
        placements) builds only the one drawn. Must be the same draw as the default."""
        return rng.choice(self._legal_actions())  # type: ignore[attr-defined]

    # -------------------------------------------------------------- checking by kind
    def actions_of_kind(self, kind: str) -> list[Action] | None:
        """Hook: the legal actions of one kind, exactly as ``legal_actions()`` lists them
        (same actions, same order, same labels), when the game can list one kind without the
        rest. Default: None (not known; ``apply`` then checks against the whole list)."""
        return None

    def quick_legal(self, action: Action) -> bool:
        """Hook: True only when ``action`` (already known well-formed) is certainly legal now,
        so ``apply`` carries it out without listing every legal action. False means "not
        vouched for" and is always safe: ``apply`` falls back to the full check, which also
        words the refusal. An override may be partial (the common kinds only) but never
        looser than ``legal_actions()``, exact argument types included (``1.0 == 1`` and
        ``True == 1`` in Python, yet neither is an int). Default: ``actions_of_kind``'s list
        holds an equal action with the same argument types."""
        offered = self.actions_of_kind(action.kind)
        if offered is None:
            return False
        for candidate in offered:
            if candidate == action:
                return arg_types(candidate.args) == arg_types(action.args)
        return False

    def canonical(self, action: Action) -> Action:
        """Hook: the spelling ``legal_actions()`` uses for a well-formed action that was not
        one of its objects (from a save, a network message, the UI). A game whose moves can be
        written several ways (Carcassonne's four rotations of a symmetric tile) maps them to
        the one it offers. Default: the action itself. Asked only on the checked path."""
        return action

    # -------------------------------------------------------------------------- clones
    #: Fields that always hold a list of atoms (or None): the default ``copy_fields`` copies
    #: them with one slice instead of walking them.
    FLAT_FIELDS: ClassVar[frozenset[str]] = frozenset()
    #: Fields that always hold a list of lists of atoms: copied one level down.
    NESTED_FIELDS: ClassVar[frozenset[str]] = frozenset()
    #: Fields that hold an immutable value (a frozen dataclass): a clone shares it.
    SHARED_FIELDS: ClassVar[frozenset[str]] = frozenset()

    def copy_fields(self) -> dict[str, Any]:
        """Hook: copies of the game's mutable fields, by attribute name, for ``clone``.

        Default: a deep copy of every field that is not an atom, but for the shapes declared
        in ``FLAT_FIELDS`` and ``NESTED_FIELDS`` (sliced) and ``SHARED_FIELDS`` (shared). A game
        may write its own to share what it never changes in place (Carcassonne's laid tiles)
        or to copy a known shape faster. Every mutable field must be in the result."""
        flat, nested, shared = self.FLAT_FIELDS, self.NESTED_FIELDS, self.SHARED_FIELDS
        out = {}
        for k, v in self.__dict__.items():
            kind = type(v)
            if kind in _ATOMS or k in _BASE_FIELDS or k in shared:
                continue
            if kind is list and k in flat:
                out[k] = v[:]
            elif kind is list and k in nested:
                out[k] = [x[:] for x in v]
            else:
                out[k] = deep_copy(v)
        return out
