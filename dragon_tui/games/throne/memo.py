"""The few answers Princes remembers across states and games, and the rules they keep.

A search meets the same boards, controllers and Clan Houses in thousands of positions, so a
handful of answers that are pure functions of the public board are kept for the whole
process in a :class:`Memo`. Each memo is owned by the module that fills it (``facts.AFTER``,
``scoring.MAJORITIES``, ``scoring.RECRUIT_MAJORITIES``, ``scoring.HOUSE_FACTS``,
``pending.BUT``) and:

- is bounded: it is emptied when it reaches its ``limit`` (an entry is only ever a shortcut,
  worked out again when missing), and :func:`clear_all` empties every one (tests, a long-lived
  server that wants its memory back); nothing else ever needs to clear it, because
- its keys are the very values the answer is worked out from (tuples of counts, or facts
  that never change), never a state, so an entry cannot go stale and no state or undo history
  is kept alive by it; and
- it takes only immutable answers (:meth:`Memo.put` refuses anything that cannot be hashed:
  a list, a tuple holding a list), so no caller can change an answer another caller is given.
  ``facts.BoardFacts`` holds its copies of the pawns in :class:`FrozenRow` lists for the
  same reason.

The answers are the public board, so tables sharing a process share nothing a seat may not
know.
"""

from __future__ import annotations

from typing import Any

#: Every memo made, to clear them together (``clear_all``).
_ALL: list[Memo] = []


class Memo(dict):
    """A bounded table of immutable answers by immutable key (see the module docstring).

    Looked up with ``dict.get`` (in C: the search asks at every leaf); filled with ``put``."""

    __slots__ = ("name", "limit")

    def __init__(self, name: str, limit: int) -> None:
        super().__init__()
        self.name = name
        self.limit = limit
        _ALL.append(self)

    def put(self, key: tuple, answer: Any) -> Any:
        """Remember ``answer`` for ``key`` (emptying the memo first when it is full) and
        return it. ``answer`` must be hashable, which for tuples means immutable all the way
        down: a list inside would let one caller change what the others are handed."""
        hash(answer)  # TypeError for a list or a tuple holding one
        if len(self) >= self.limit:
            self.clear()
        self[key] = answer
        return answer

    def __repr__(self) -> str:
        return f"Memo({self.name!r}, {len(self)}/{self.limit})"


def clear_all() -> None:
    """Empty every memo (the answers are worked out again on demand)."""
    for memo in _ALL:
        memo.clear()


def _refuse(self, *args, **kwargs):
    raise TypeError("a FrozenRow is never changed: make a new row instead")


class FrozenRow(list):
    """A list that cannot be changed in place: equal to (and compared in C with) the state's
    own lists of the same counts, which is how the board facts recognise a board by value,
    while no code can change a copy that many facts and states share."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
