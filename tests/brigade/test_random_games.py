"""Randomised whole games over every option, checking the invariants after every action."""

import itertools

import pytest

from firebreak.core import Rng, get_game

from .invariants import check

OPTION_SETS = [
    dict(zip(("advanced", "big_buildings", "fire_festival", "addon_pack"), bits))
    for bits in itertools.product((False, True), repeat=4)
]


def run_game(n, seed, opts, greedy=False):
    spec = get_game("brigade")
    s = spec.new_game(n, seed, opts)
    check(s)
    r = Rng(seed + 1000)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        if greedy and s.current_player() == 0 and len(legal) > 1:
            scores = []
            for a in legal:
                c = s.clone()
                c.apply_unchecked(a)
                scores.append(spec.heuristic(c, 0))
            a = legal[scores.index(max(scores))]
        else:
            a = r.choice(legal)
        s.apply(a)
        check(s)
        steps += 1
        assert steps < 5000
    return s


@pytest.mark.parametrize("i", range(32))
def test_random_games_fast_tier(i):
    opts = OPTION_SETS[i % 16]
    s = run_game(2 + i % 3, i, opts)
    assert s.winners()


@pytest.mark.slow
@pytest.mark.parametrize("i", range(400))
def test_random_games_slow_tier(i):
    opts = OPTION_SETS[i % 16]
    s = run_game(2 + (i // 16) % 3, 1000 + i, opts)
    assert s.winners()


@pytest.mark.parametrize("opts", [OPTION_SETS[0], OPTION_SETS[15]])
def test_greedy_seat_plays_whole_games(opts):
    s = run_game(3, 77, opts, greedy=True)
    assert s.is_terminal()


@pytest.mark.slow
@pytest.mark.parametrize("i", range(8))
def test_greedy_seat_games_every_option_slow_tier(i):
    """A greedy seat reaches loyalty, abilities and the chief wins that random play rarely does."""
    s = run_game(2 + i % 3, 500 + i, OPTION_SETS[15 - i % 4], greedy=True)
    assert s.is_terminal()
