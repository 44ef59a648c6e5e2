"""The seeded random number generator every game state carries.

SplitMix64 rather than :mod:`random`: its whole state is one integer, so it serialises into
the state's JSON for free, clones in no time (search bots clone thousands of states) and is
identical on every Python version, which keeps "seed + action list" replays exact.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & _MASK
        #: How many numbers were drawn: a change means new information came into play.
        self.draws = draws

    def next64(self) -> int:
        self.draws += 1
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randint(self, low: int, high: int) -> int:
        """A whole number from low to high, both included (like random.randint)."""
        # next64() written out: bots and shuffles call this hundreds of thousands of times.
        self.draws += 1
        z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return low + (z ^ (z >> 31)) % (high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates with ``randint(0, i)`` for i from the end down: the same numbers as
        calling randint in a loop (replays depend on it), with the generator written out."""
        state = self.state
        n = len(items)
        for i in range(n - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        if n > 1:
            self.draws += n - 1
        self.state = state

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)

    def copy(self) -> Rng:
        return Rng(self.state, self.draws)

    def to_json(self) -> list[int]:
        return [self.state, self.draws]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return cls(int(data[0]), int(data[1]))
