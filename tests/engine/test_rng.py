"""Seeds of shared tables and hidden-card games are 128-bit secrets, and
the random stream they drive cannot be rebuilt from what a player sees. Small seeds keep the
exact SplitMix64 sequence, so old saves and seeded tests replay as before."""

from __future__ import annotations

from dragon_tui.engine.rng import KEYED_FROM, KeyedRng, Rng, secret_seed
from dragon_tui.session import Seat, Table, fresh_seed

_MASK = (1 << 64) - 1


def test_small_seeds_keep_the_splitmix64_sequence():
    # values from the SplitMix64 generator as it was before the keyed stream existed
    r = Rng(5)
    assert [r.next64() for _ in range(3)] == [7134611160154358618, 13877614986023876344, 4292726422858613063]
    r = Rng(-3)
    assert (r.randint(1, 6), r.randint(0, 99), r.to_json()) == (2, 29, [4354685564936845351, 2])
    assert type(Rng(KEYED_FROM - 1)) is Rng and type(Rng(KEYED_FROM)) is KeyedRng


def test_keyed_stream_round_trips_and_copies_independently():
    r = Rng(secret_seed())
    for _ in range(13):
        r.next64()
    saved = r.to_json()
    twin, copy = Rng.from_json(saved), r.copy()
    ahead = [r.next64() for _ in range(20)]
    assert [twin.next64() for _ in range(20)] == ahead == [copy.next64() for _ in range(20)]
    assert Rng.from_json(saved).to_json() == saved and r.draws == 33


def _unmix(z: int) -> int:
    """SplitMix64's output function inverted: one output gives the generator's state."""
    def unxorshift(x: int, s: int) -> int:
        y = x
        for _ in range(64 // s + 1):
            y = x ^ (y >> s)
        return y & _MASK

    z = unxorshift(z, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & _MASK
    z = unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _MASK
    return unxorshift(z, 30)


def test_one_public_draw_no_longer_predicts_the_next():
    """The attack on SplitMix64: invert one output, step the state, predict every draw after."""
    def predict_next(output: int) -> int:
        after = Rng(_unmix(output))  # Rng(state).next64() steps once, exactly as the game will
        return after.next64()

    small = Rng(123456789)
    seen = small.next64()
    assert predict_next(seen) == small.next64()  # the old stream gives itself away
    secret = Rng(secret_seed())
    seen = secret.next64()
    assert predict_next(seen) != secret.next64()  # the keyed stream does not


def test_keyed_draws_are_uniform_enough():
    r = Rng(secret_seed())
    counts = [0] * 6
    for _ in range(60000):
        counts[r.die() - 1] += 1
    assert all(9400 < c < 10600 for c in counts), counts


def test_brute_forcing_the_deal_from_a_seats_view():
    """Dragon's Hoard: Ben sees his own hand; with a small seed he finds the seed (and so Ana's
    hand and the deck) by trying seeds until his hand matches. A fresh secret seed lies far
    outside any space he can search."""
    def hand_of_ben(seed: int) -> list:
        return Table("hoard", [Seat("Ana"), Seat("Ben")], seed).state.view(1).to_json()["data"]["hands"][1]

    old_style = 4_000_000_321  # a 32-bit seed, as every game had before
    mine = hand_of_ben(old_style)
    found = [s for s in range(old_style - 300, old_style + 300) if hand_of_ben(s) == mine]
    assert found == [old_style]  # the slice of 2**32 we searched gave the deal away
    seed = fresh_seed("hoard")
    assert seed >= 2**64 and isinstance(Table("hoard", [Seat("A"), Seat("B")], seed).state.rng, KeyedRng)
    assert len({fresh_seed("hoard") for _ in range(50)}) == 50
    assert fresh_seed("crowns") < 2**32  # open games keep short, shareable seeds


# The fast paths of the SplitMix64 stream (the engine's speed-up) draw exactly the plain step.
def reference_next64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def test_known_first_outputs():
    # SplitMix64 seeded with 0: the published first outputs.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_randint_and_shuffle_match_the_plain_step():
    for seed in (0, 1, 12345, 2**63 + 5):
        rng = Rng(seed)
        state = seed & _MASK
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


def test_keyed_randint_and_shuffle_draw_from_the_keyed_stream():
    # The SplitMix64 fast paths of randint/shuffle must not run on a keyed generator: they
    # would treat the key as a SplitMix state (and make the deal invertible again).
    seed = secret_seed()
    rng, plain = Rng(seed), Rng(seed)
    assert isinstance(rng, KeyedRng)
    rolls = [rng.randint(1, 6) for _ in range(20)]
    assert rolls == [1 + plain.next64() % 6 for _ in range(20)]
    assert rng.state == seed
    items = list(range(30))
    rng.shuffle(items)
    expected = list(range(30))
    for i in range(len(expected) - 1, 0, -1):
        j = plain.next64() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and rng.state == seed and rng.draws == plain.draws


def test_batched_draws_match_the_plain_step_through_copies_and_reseeding():
    """choice reads its draws from batches worked out ahead: every mix of next64,
    randint, choice, shuffle, copies and ``state ^= x`` gives exactly the plain step's numbers
    and states."""
    import random

    pick = random.Random(7)
    for _ in range(60):
        seed = pick.choice([0, 1, -3, 2**63 + 5, pick.getrandbits(64), pick.getrandbits(30)])
        rng = Rng(seed, pick.randint(0, 50))
        state = seed & _MASK
        copies = []
        for _ in range(pick.randint(0, 600)):
            op = pick.random()
            if op < 0.3:
                state, z = reference_next64(state)
                assert rng.next64() == z
            elif op < 0.6:
                high = pick.choice([1, 5, 6, 100, 2**40])
                state, z = reference_next64(state)
                assert rng.randint(2, 2 + high) == 2 + z % (high + 1)
            elif op < 0.8:
                items = list(range(pick.randint(1, 9)))
                state, z = reference_next64(state)
                assert rng.choice(items) == items[z % len(items)]
            elif op < 0.9:
                items = list(range(pick.randint(0, 80)))
                expected = list(items)
                for i in range(len(expected) - 1, 0, -1):
                    state, z = reference_next64(state)
                    j = z % (i + 1)
                    expected[i], expected[j] = expected[j], expected[i]
                rng.shuffle(items)
                assert items == expected
            elif op < 0.95:
                twin = rng.copy()
                assert (twin.state, twin.draws) == (state, rng.draws)
                copies.append((twin, state))
            else:
                flip = pick.getrandbits(32)
                rng.state ^= flip
                state ^= flip
            assert rng.state == state and Rng.from_json(rng.to_json()).to_json() == rng.to_json()
        for twin, twin_state in copies:  # a copy goes on from where it was made
            for _ in range(40):
                twin_state, z = reference_next64(twin_state)
                assert twin.next64() == z
