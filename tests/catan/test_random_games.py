"""Randomised whole games with the invariants checked after every action (helpers.check_invariants):
resource cards conserved between bank and hands, pieces within supply, derived fields (reach, distance rule,
harbour rates, road lengths, VP) equal to a recomputation from scratch, special cards held legitimately.
"""

import pytest

from .helpers import new, play_random

MODES = ("firestorm", "classic")
COUNTS = (3, 4, 5, 6)


def _game(mode: str, players: int, seed: int) -> None:
    trades = seed % 10 == 0  # trade offers lengthen games a lot: one game in ten uses them
    s = new(players, seed, mode=mode, layout="random" if seed % 7 or players > 4 else "beginner", player_trades=trades)
    play_random(s, seed * 7919 + players)
    assert s.is_terminal() and s.winners()
    if s.turn_count < 1000:
        w = s.winners()
        assert len(w) == 1 and s.total_vp(w[0]) >= 10


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", COUNTS)
def test_random_games_fast_tier(mode, players):
    for seed in range(3):
        _game(mode, players, seed)


@pytest.mark.parametrize("mode", MODES)
def test_random_four_player_games_end_by_ten_points(mode):
    """Random 4-player games normally end by 10 VP, well before the turn cap."""
    for seed in range(100, 104):
        s = play_random(new(4, seed, mode=mode, layout="random"), seed, check=False)
        assert s.turn_count < 1000 and max(s.scores()) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(8))
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", COUNTS)
def test_random_games_slow_tier(mode, players, chunk):
    """200 games per mode and player count (8 chunks of 25), invariants after every action."""
    for seed in range(1000 + chunk * 25, 1000 + (chunk + 1) * 25):
        _game(mode, players, seed)
