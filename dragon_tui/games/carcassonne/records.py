"""Frozen records for the tile tables and the tile art: what ``@dataclass(frozen=True)`` gave
them (set once, equal field by field, hashable, a dataclass-like repr), without its price at
every start.

Why not a dataclass: the decorator writes and compiles six methods for each frozen class when
its module is imported, about 5 million instructions a class, and Carcassonne's first frame
needs four of them (Feature, TileType, Rotated, Art). A record is a plain class with
``__slots__``, which is also quicker to read an attribute of than a dataclass instance, on
the engine's hottest paths (``ROT[tile][rot].joins`` for every tile laid).

A record lists its fields in ``__slots__`` and sets them in its own ``__init__`` with
``_set``; after that, assigning or deleting a field raises ``FrozenInstanceError``, as on a
frozen dataclass.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError


class Record:
    __slots__ = ()
    #: Each field's slot setter, in ``__slots__`` order (set per class by ``__init_subclass__``).
    _setters: tuple = ()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Setting a slot through its descriptor skips ``object.__setattr__``'s name lookup:
        # about a third quicker, for the 500-odd records Carcassonne builds at import.
        cls._setters = tuple(getattr(cls, name).__set__ for name in cls.__slots__)

    def _set(self, *values: object) -> None:
        """Set every field, in ``__slots__`` order (``__init__`` only)."""
        for setter, value in zip(self._setters, values, strict=True):
            setter(self, value)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._values() == other._values()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({fields})"

    def __reduce__(self) -> tuple:
        # pickle and copy rebuild it through __init__ (they would set the slots one by one).
        return self.__class__, self._values()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
