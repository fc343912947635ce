"""The legal actions the Great Fire keeps from the rules' own work equal a fresh computation: the fire moves found
when a turn begins, and the second fire move's list found when the first move asks whether there is one (a player
holding a Fire-moves-twice token), in every position of random games of every player count and option."""

from __future__ import annotations

from firebreak.core import Rng, get_game
from firebreak.games.great_fire import state as gf_state
from firebreak.games.great_fire.phases import P_FIRE, P_SECOND


def test_kept_legal_actions_equal_fresh_ones_through_random_games() -> None:
    spec = get_game("great-fire")
    kept = {P_FIRE: 0, P_SECOND: 0}
    for seed in range(16):
        options = {"hidden_colours": seed % 2 == 1, "more_destruction": seed % 4 >= 2}
        s = spec.new_game(3 + seed % 4, seed, options)
        below = Rng(seed + 77).below
        while not s.is_terminal():
            if s._legal is not None:  # left by the last action's rules, not asked for yet
                kept[s.phase] = kept.get(s.phase, 0) + 1
                left = list(s._legal)
                gf_state._FIRE_MOVES_MEMO.clear()
                assert left == s._legal_actions(), (seed, len(s.history))
            la = s.legal_actions()
            s.apply(la[below(len(la))])
    assert kept[P_FIRE] > 200 and kept[P_SECOND] > 20, kept
