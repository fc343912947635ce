"""What the Great Fire remembers across positions by the fire alone gives what a fresh computation gives: the fire
moves (by the fire's bit sets and the cards; a list handed out can be changed without reaching the memory), and
the search evaluation's threat and fire sites (by the fire, bands and demolished districts), in every position of
random games, met first and again from the memory, against the same computed with the memory emptied."""

from __future__ import annotations

from firebreak.core import Rng, get_game
from firebreak.games.great_fire import heuristic
from firebreak.games.great_fire import state as gf_state
from firebreak.games.great_fire.phases import P_FIRE, P_SECOND


def _directions(s) -> list[list[int]]:
    """Every set of card directions a fire move could be asked with in ``s`` (each single card, and the hand)."""
    hand = [dr for dr in range(4) if s.hands[s.player][dr]]
    return [hand, *([dr] for dr in range(4))]


def test_remembered_fire_moves_equal_fresh_ones_through_random_games() -> None:
    spec = get_game("great-fire")
    checked = hits = 0
    for seed in range(6):
        s = spec.new_game(3 + seed % 3, seed)
        below = Rng(seed + 500).below
        while not s.is_terminal():
            if s.phase in (P_FIRE, P_SECOND):
                for dirs in _directions(s):
                    remembered = s.fire_moves(dirs)
                    again = s.fire_moves(dirs)
                    gf_state._FIRE_MOVES_MEMO.clear()
                    fresh = s.fire_moves(dirs)
                    assert remembered == again == fresh, (seed, len(s.history), dirs)
                    checked += 1
                    hits += bool(fresh)
                    again.append(-1)  # the caller's copy: the memory is not changed
                    assert s.fire_moves(dirs) == fresh
            la = s.legal_actions()
            s.apply(la[below(len(la))])
    assert checked > 200 and hits > 100


def test_remembered_threats_and_fire_sites_equal_fresh_ones_through_random_games() -> None:
    spec = get_game("great-fire")
    burning = 0
    for seed in range(4):
        s = spec.new_game(4, seed)
        below = Rng(seed + 900).below
        while not s.is_terminal():
            for band_threat, step in ((heuristic.BAND_THREAT, heuristic.STEP_DISCOUNT), (0.25, 0.5)):
                remembered = (heuristic._threat(s, band_threat), heuristic._fire_sites(s, step))
                s.tables.eval_memo.clear()
                fresh = (heuristic._threat_of(s, band_threat), heuristic._fire_sites_of(s, step))
                assert remembered == fresh, (seed, len(s.history))
                assert (heuristic._threat(s, band_threat), heuristic._fire_sites(s, step)) == fresh
                burning += bool(fresh[1])
            la = s.legal_actions()
            s.apply(la[below(len(la))])
    assert burning > 100
