"""The heuristic hook is good enough that a one-ply greedy player beats three random players."""

import pytest

from firebreak.core import Rng

from .helpers import SPEC


def _greedy(s, rng):
    p = s.current_player()
    la = s.legal_actions()
    if len(la) == 1:
        return la[0]
    d = s.determinize(p, rng)
    best, best_v = la[0], float("-inf")
    for a in la:
        c = d.clone()
        c.apply_unchecked(a)
        v = SPEC.heuristic(c, p) + rng.random() * 1e-6
        if v > best_v:
            best, best_v = a, v
    return best


@pytest.mark.parametrize("mode", ["firestorm", "classic"])
def test_greedy_on_the_heuristic_beats_random_players(mode):
    wins = 0
    for seed in range(4):
        s = SPEC.new_game(4, seed, {"mode": mode, "layout": "random"})
        rng = Rng(seed)
        seat = seed % 4
        while not s.is_terminal():
            if s.current_player() == seat:
                a = _greedy(s, rng)
            else:
                la = s.legal_actions()
                a = la[rng.below(len(la))]
            s.apply(a)
        wins += seat in s.winners()
    assert wins >= 3
