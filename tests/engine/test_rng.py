"""The RNG's fast paths draw exactly the numbers of the plain SplitMix64 step: replays of
saved games depend on every shuffle and roll coming out as before."""

from __future__ import annotations

from dragon_tui.engine import Rng

MASK = (1 << 64) - 1


def reference_next64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def test_known_first_outputs():
    # SplitMix64 seeded with 0: the published first outputs.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_randint_and_shuffle_match_the_plain_step():
    for seed in (0, 1, 12345, 2**63 + 5):
        rng = Rng(seed)
        state = seed & MASK
        for high in (1, 2, 5, 6, 100, 2**40):
            state, z = reference_next64(state)
            assert rng.randint(3, 3 + high) == 3 + z % (high + 1)
        items = list(range(57))
        expected = list(items)
        for i in range(len(expected) - 1, 0, -1):
            state, z = reference_next64(state)
            j = z % (i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        draws = rng.draws
        rng.shuffle(items)
        assert items == expected
        assert rng.draws == draws + 56 and rng.state == state
        rng.shuffle([])
        rng.shuffle([7])
        assert rng.draws == draws + 56 and rng.state == state
