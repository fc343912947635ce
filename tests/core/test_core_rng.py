"""The seeded generator (core/rng.py): games are reproducible only if it is."""

import json

from firebreak.core import Rng


def _draws(rng: Rng) -> list:
    deck = list(range(20))
    rng.shuffle(deck)
    return [rng.randint(1, 6) for _ in range(10)] + [rng.below(100) for _ in range(10)] + deck + [rng.choice("abc")]


def test_same_seed_same_sequence():
    assert _draws(Rng(42)) == _draws(Rng(42))


def test_different_seeds_differ():
    assert _draws(Rng(1)) != _draws(Rng(2))


def test_known_values_are_stable_across_runs():
    """Save files depend on the stream never changing (Python version, platform): pin a few draws."""
    rng = Rng(2024)
    deck = list(range(8))
    rng.shuffle(deck)
    assert deck == [3, 6, 0, 2, 4, 5, 1, 7]
    assert [rng.randint(1, 6) for _ in range(5)] == [6, 3, 5, 2, 6]
    assert rng.below(1000) == 832


def test_ranges_are_respected():
    rng = Rng(3)
    rolls = [rng.randint(1, 3) for _ in range(500)]
    assert set(rolls) == {1, 2, 3}
    assert all(0 <= rng.below(5) < 5 for _ in range(200))


def test_clone_continues_identically_and_independently():
    rng = Rng(9)
    _draws(rng)
    copy = rng.clone()
    assert copy == rng
    assert _draws(copy) == _draws(rng)
    copy.random()
    assert copy != rng


def test_clone_is_unaffected_by_the_originals_later_draws():
    """A clone (made without seeding a fresh generator) carries the original's whole state and count of draws,
    and the original drawing on afterwards changes nothing in the clone: a search's copy sees the same dice."""
    rng = Rng(17)
    _draws(rng)
    copy = rng.clone()
    assert copy.draws == rng.draws
    ahead = _draws(rng) + [rng.random() for _ in range(5)]
    assert _draws(copy) + [copy.random() for _ in range(5)] == ahead
    assert copy.draws == rng.draws


def test_state_round_trips_through_json():
    rng = Rng(5)
    _draws(rng)
    saved = json.loads(json.dumps(rng.get_state()))
    other = Rng(0)
    other.set_state(saved)
    assert other == rng
    assert _draws(other) == _draws(rng)


def test_spawn_gives_a_deterministic_but_different_stream():
    a, b = Rng(11), Rng(11)
    child_a, child_b = a.spawn(), b.spawn()
    assert _draws(child_a) == _draws(child_b)
    assert _draws(Rng(11).spawn()) != _draws(Rng(11))


def test_shuffle_draws_exactly_as_the_generators_own_randbelow():
    """The shuffle writes the index draw out for speed: it must stay the same stream as ``_randbelow``."""
    import random

    for seed in range(30):
        for size in (0, 1, 2, 7, 60, 300):
            ours, reference = Rng(seed), random.Random(seed)
            deck = list(range(size))
            ours.shuffle(deck)
            expected = list(range(size))
            for i in range(size - 1, 0, -1):
                j = reference._randbelow(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert deck == expected
            assert ours.below(1000) == reference._randbelow(1000)  # and the stream continues in step


def test_clones_share_the_generator_until_one_draws_and_each_continues_exactly():
    """Copy on write: a clone holds the original's generator until either side draws; whichever draws first,
    and through clones of clones, every one of them continues with exactly the draws the original would make."""
    fresh = Rng(23)
    _draws(fresh)
    ahead = _draws(fresh) + [fresh.random()]
    rng = Rng(23)
    _draws(rng)
    first, second = rng.clone(), rng.clone()
    grandchild = second.clone()
    assert first._g is rng._g and grandchild._g is rng._g  # nothing copied yet
    for copy in (first, rng, grandchild, second):  # the clone draws first, then the original, then the others
        assert _draws(copy) + [copy.random()] == ahead
        assert copy.draws == fresh.draws
    assert len({id(c._g) for c in (rng, first, second, grandchild)}) == 4


def test_a_state_set_on_a_shared_generator_leaves_the_clone_alone():
    rng = Rng(31)
    copy = rng.clone()
    rng.set_state(Rng(99).get_state())
    assert _draws(copy) == _draws(Rng(31))
    assert _draws(rng) == _draws(Rng(99))


def test_a_generator_seeded_on_its_first_draw_is_exactly_one_seeded_at_once():
    """An Rng made from a whole-number seed seeds its Mersenne Twister only when first used (most of a search's
    generators never draw): whatever is done first (a draw, a clone, saving its state, comparing), it behaves as
    ``random.Random(seed)`` would, and its clones too."""
    import random

    for seed in (0, 7, 2**62 - 3):
        reference = random.Random(seed)
        version, internal, gauss = reference.getstate()
        assert Rng(seed).get_state() == [version, list(internal), gauss]
        assert Rng(seed) == Rng(seed) and Rng(seed) != Rng(seed + 1)
        rng = Rng(seed)
        first, second = rng.clone(), rng.clone()
        expected = [reference._randbelow(n) for n in (20, 300, 10**6)] + [reference.random()]
        for copy in (second, rng, first):
            assert [copy.below(n) for n in (20, 300, 10**6)] + [copy.random()] == expected
        other = Rng(seed)
        other.set_state(Rng(seed + 1).get_state())
        assert _draws(other) == _draws(Rng(seed + 1))


def test_a_repeatable_generator_draws_exactly_as_one_seeded_with_its_seed():
    """``Rng.repeatable(seed)`` makes generators that serve their first small draws from outputs kept from one
    seeding: through any run of operations (small and large bounds, rejected draws, shuffles, clones along the way,
    saving, comparing) each draws exactly what ``Rng(seed)`` draws."""
    import random

    pick = random.Random(11)
    bounds = (1, 2, 3, 6, 7, 100, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 5, 2**62)
    for trial in range(300):
        seed = pick.randrange(2**62)
        ours, reference = Rng.repeatable(seed, words=pick.choice((1, 2, 8)))(), Rng(seed)
        pairs = [(ours, reference)]
        for _ in range(pick.randrange(1, 14)):
            mine, theirs = pick.choice(pairs)
            op = pick.randrange(9)
            if op <= 3:
                n = pick.choice(bounds)
                assert mine.below(n) == theirs.below(n)
            elif op == 4:
                assert mine.randint(1, 6) == theirs.randint(1, 6)
            elif op == 5:
                assert mine.choice("abcdefg") == theirs.choice("abcdefg")
            elif op == 6:
                a, b = list(range(9)), list(range(9))
                mine.shuffle(a)
                theirs.shuffle(b)
                assert a == b
            elif op == 7:
                pairs.append((mine.clone(), theirs.clone()))
            else:
                assert mine == theirs and mine.get_state() == theirs.get_state()
            assert mine.draws == theirs.draws
        for mine, theirs in pairs:
            assert _draws(mine) + [mine.random(), mine.spawn().below(1000)] == (
                _draws(theirs) + [theirs.random(), theirs.spawn().below(1000)]
            ), trial


def test_a_generator_pickled_or_copied_before_or_after_drawing_continues_exactly():
    """States go to a bot's worker process pickled: a generator not seeded yet, one replaying kept outputs and one
    that has drawn all arrive (pickled or deep-copied) with exactly the future they left with."""
    import copy
    import pickle

    def makers():
        yield lambda: Rng(5)  # not seeded yet
        yield lambda: Rng.repeatable(5)()  # replaying
        yield lambda: Rng(5).clone()
        drawn = Rng(5)
        drawn.below(10)
        yield lambda: drawn.clone()

    for make in makers():
        for send in (lambda r: pickle.loads(pickle.dumps(r, pickle.HIGHEST_PROTOCOL)), copy.deepcopy):
            original = make()
            arrived = send(original)
            assert _draws(arrived) + [arrived.random()] == _draws(original) + [original.random()]
