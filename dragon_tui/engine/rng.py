"""The seeded random number generator every game state carries.

Two streams behind one small class, chosen by the size of the seed:

- **Seeds below 2**64** (and negative ones, taken modulo 2**64) drive SplitMix64, exactly as
  always, so every old save and every seeded test replays identically. SplitMix64 is fast but
  invertible: one output reveals its state, so it must never deal hidden cards to people who
  might want to peek.
- **Seeds from 2**64 up** (the 128-bit secret seeds of shared tables and of local games with
  hidden information) key a BLAKE2b stream: draw *n* is word ``n % 8`` of
  ``blake2b(n // 8, key=seed)``. Without the key, no number of public draws predicts the next
  one or recovers the deal; with it, replays are exact.

Either way the whole state is two integers (``[state or key, draws]``), so it serialises into
the state's JSON for free, clones in no time (search bots clone thousands of states) and is the
same on every Python version, which keeps "seed + action list" replays exact.
"""

from __future__ import annotations

import os
import struct
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from operator import mod as _mod
from typing import TypeVar

try:  # hashlib's own BLAKE2b, without hashlib loading OpenSSL (a millisecond of every start-up)
    from _blake2 import blake2b
except ImportError:  # a Python without CPython's built-in module
    from hashlib import blake2b

T = TypeVar("T")
_MASK = (1 << 64) - 1
#: Seeds from here up use the keyed (unpredictable) stream.
KEYED_FROM = 1 << 64
#: BLAKE2b keys are at most 64 bytes; no seed is ever near this.
MAX_SEED = (1 << 512) - 1
_WORDS = struct.Struct("<8Q").unpack


def secret_seed() -> int:
    """A fresh 128-bit seed from the operating system's secret source: it selects the keyed
    stream, so nobody can rebuild a deal from what they see of it."""
    return secret_bits(128) | KEYED_FROM  # at least 2**64, whatever bits came up


def secret_bits(bits: int) -> int:
    """``bits`` random bits from the operating system's secret source: ``secrets.randbits``
    without importing ``secrets`` (which loads hashlib, hmac and OpenSSL: milliseconds of a
    game's start-up)."""
    return int.from_bytes(os.urandom((bits + 7) // 8), "big") >> (-bits % 8)


_GAMMA = 0x9E3779B97F4A7C15
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


@lru_cache(maxsize=32)  # choice's two batch sizes, and the deck sizes shuffle meets
def _lanes(count: int) -> tuple[int, int, int, int, object]:
    """Constants for ``count`` SplitMix64 steps side by side in one long integer, each in its
    own 128-bit lane: 1 in every lane, the lanes' offsets 1·γ, 2·γ, ... (mod 2**64), the low
    64 bits of every lane, the byte length, and the unpacker of the lanes' low halves.
    Built from bytes, in time linear in ``count``: shuffle asks for every deck size it meets."""
    lanes = "<" + "Q8x" * count
    ones = int.from_bytes((b"\x01" + bytes(15)) * count, "little")
    offsets = int.from_bytes(struct.pack(lanes, *[((i + 1) * _GAMMA) & _MASK for i in range(count)]), "little")
    return ones, offsets, _MASK * ones, 16 * count, struct.Struct(lanes).unpack


def _splitmix_batch(state: int, count: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The next ``count`` draws of SplitMix64 from ``state``: the state before each, the state
    after each and each output — exactly the plain step's numbers, worked out in all lanes at
    once: a 64×64-bit product fits its 128-bit lane, the masks cut what the shifts carry in
    from the next lane, and the low half of every lane is the output. The dozen operations on
    one long integer cost about what two plain steps do."""
    ones, offsets, lane_mask, size, unpack = _lanes(count)
    z = (state * ones + offsets) & lane_mask
    after = unpack(z.to_bytes(size, "little"))
    z = ((z ^ (z >> 30)) & lane_mask) * _MIX1 & lane_mask
    z = ((z ^ (z >> 27)) & lane_mask) * _MIX2 & lane_mask
    z ^= z >> 31  # what this carries into a lane's high half is never read
    return (state,) + after[:-1], after, unpack(z.to_bytes(size, "little"))


def _splitmix_outputs(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of SplitMix64 from ``state``, worked out in lanes like
    ``_splitmix_batch`` but without the states in between, which a shuffle does not need (the
    state after them is ``state + count·γ``)."""
    ones, offsets, lane_mask, size, unpack = _lanes(count)
    z = (state * ones + offsets) & lane_mask
    z = ((z ^ (z >> 30)) & lane_mask) * _MIX1 & lane_mask
    z = ((z ^ (z >> 27)) & lane_mask) * _MIX2 & lane_mask
    z ^= z >> 31
    return unpack(z.to_bytes(size, "little"))


#: ``shuffle`` draws a list longer than this from lanes (``_splitmix_outputs``), at most
#: ``_SHUFFLE_LANES`` draws at a time: from about eight cards on that costs fewer machine
#: instructions than the plain steps (a 54-card deck about 45% of them).
_SHUFFLE_LANES_FROM = 8
_SHUFFLE_LANES = 64


class Rng:
    #: ``_from``, ``_before``, ``_after``, ``_outputs``: draws that ``choice`` worked out ahead
    #: (see there); ``state`` and ``draws`` alone are the generator.
    __slots__ = ("state", "draws", "_from", "_before", "_after", "_outputs")

    def __new__(cls, seed: int = 0, draws: int = 0) -> Rng:
        if cls is Rng and seed >= KEYED_FROM:
            return object.__new__(KeyedRng)
        return object.__new__(cls)

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        self.state = seed & _MASK
        #: How many numbers were drawn: a change means new information came into play.
        self.draws = draws
        self._from = 0
        self._before = self._after = self._outputs = ()

    def next64(self) -> int:
        k = self.draws - self._from
        self.draws += 1
        before = self._before  # a draw that choice worked out ahead (see there)?
        if 0 <= k < len(before) and before[k] == self.state:
            self.state = self._after[k]
            return self._outputs[k]
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
        """``items[randint(0, len(items) - 1)]``: the same draw, read from a batch worked out
        ahead (every random playout step and search rollout step calls this).

        Draw ``draws - _from`` of the batch is this one only if the state is the one the batch
        expects before it, which is checked: other draws (randint, shuffle, next64) move state
        and draws together and keep the batch in step, and anything else (a state set by hand)
        makes a new batch. The numbers are SplitMix64's whatever happens."""
        k = self.draws - self._from
        self.draws += 1
        try:
            if self._before[k] == self.state:
                self.state = self._after[k]
                return items[self._outputs[k] % len(items)]
        except IndexError:
            pass
        return items[self._choose_ahead() % len(items)]

    def _choose_ahead(self) -> int:
        """A new batch from the state now (this draw counted already): its first output."""
        self._from = self.draws - 1
        # A generator that chooses once gets a small batch, one that goes on a larger one.
        before, after, outputs = _splitmix_batch(self.state, 64 if self._outputs else 8)
        self._before, self._after, self._outputs = before, after, outputs
        self.state = after[0]
        return outputs[0]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates with ``randint(0, i)`` for i from the end down: the same numbers as
        calling randint in a loop (replays depend on it), with the generator written out.

        A longer list (a deck dealt at every new game) takes its draws from lanes worked out
        side by side (``_splitmix_outputs``); a short one is cheaper step by step."""
        state = self.state
        n = len(items)
        if n > _SHUFFLE_LANES_FROM:
            top = n - 1  # the highest i not yet swapped
            while top > 0:
                count = min(top, _SHUFFLE_LANES)
                outputs = _splitmix_outputs(state, count)
                # j = output % (i + 1) for each i of these draws, worked out by map in C
                for i, j in zip(range(top, top - count, -1), map(_mod, outputs, range(top + 1, top + 1 - count, -1))):
                    items[i], items[j] = items[j], items[i]
                state = (state + count * _GAMMA) & _MASK
                top -= count
            self.draws += n - 1
            self.state = state
            return
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
        twin = object.__new__(Rng)  # not through __new__'s dispatch: bots copy a lot
        twin.state, twin.draws = self.state, self.draws
        twin._from, twin._before, twin._after, twin._outputs = self._from, self._before, self._after, self._outputs
        return twin

    def to_json(self) -> list[int]:
        return [self.state, self.draws]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        return Rng(int(data[0]), int(data[1]))


@lru_cache(maxsize=4096)
def _block(key: bytes, block: int) -> tuple[int, ...]:
    """Draws ``8·block`` to ``8·block + 7`` of the stream keyed by ``key``. Cached, so the
    thousands of clones a bot makes of one position do not hash the same block again."""
    return _WORDS(blake2b(block.to_bytes(8, "little"), key=key).digest())


class KeyedRng(Rng):
    """The keyed stream (seeds ≥ 2**64): ``state`` is the key and never changes, ``draws`` is
    the position in the stream. Eight draws share one BLAKE2b call (64 bytes of output)."""

    __slots__ = ("_key",)

    def __init__(self, seed: int = 0, draws: int = 0) -> None:
        if not KEYED_FROM <= seed <= MAX_SEED:
            raise ValueError("A seed is a whole number below 2**512.")
        self.state = seed
        self.draws = draws
        self._key = seed.to_bytes(64, "little").rstrip(b"\0")

    def next64(self) -> int:
        n = self.draws
        self.draws = n + 1
        return _block(self._key, n >> 3)[n & 7]

    # Rng's randint, choice and shuffle write the SplitMix64 step out for speed; here they must draw
    # from the keyed stream instead (the key in ``state`` never changes).
    def randint(self, low: int, high: int) -> int:
        return low + self.next64() % (high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randint(0, len(items) - 1)]

    def shuffle(self, items: MutableSequence) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randint(0, i)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        twin = KeyedRng.__new__(KeyedRng)
        twin.state, twin.draws, twin._key = self.state, self.draws, self._key
        return twin
