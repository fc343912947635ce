"""The Action menu after a player's own move reuses what the menu before it worked out (the moves' masks, and after
a Move Wagon the Move Brigade ids): in randomised games over every option, each such menu must equal the menu
worked out from scratch, on the state and on its clones. This is the Python path's memory: the compiled menu (which
keeps nothing, see test_compiled_menu.py) is set aside here."""

import itertools

import pytest

from firebreak.core import Rng, get_game
from firebreak.games.brigade import actions as A
from firebreak.games.brigade import compiled

OPTION_SETS = [
    dict(zip(("advanced", "big_buildings", "fire_festival", "addon_pack"), bits))
    for bits in itertools.product((False, True), repeat=4)
]


@pytest.fixture(autouse=True)
def _python_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled, "MENU", None)


def _from_scratch(s) -> list[int] | None:
    """The Action menu worked out with nothing kept (on a clone, so the state itself keeps its own)."""
    c = s.clone()
    c._moves = None
    return c._main_menu()


def _play(n: int, seed: int, opts: dict) -> dict[str, int]:
    """A random game checking every Action menu; how many menus followed each kind of own move."""
    s = get_game("brigade").new_game(n, seed, opts)
    r = Rng(seed + 77)
    seen = {"after a wagon move": 0, "after a brigade move": 0, "other": 0}
    last = -1  # the Action menu's last choice, if the next decision follows it directly
    while not s.is_terminal():
        if not s.stack:
            assert s.legal_actions() == _from_scratch(s)
            if A.MOVE_WAGON <= last < A.EXTINGUISH:
                seen["after a wagon move"] += 1
            elif A.MOVE_BRIGADE <= last < A.MOVE_WAGON:
                seen["after a brigade move"] += 1
            else:
                seen["other"] += 1
        menu = not s.stack
        a = r.choice(s.legal_actions())
        if r.below(4) == 0:  # play on from a clone now and then: it carries what was kept
            s = s.clone()
        s.apply(a)
        last = a if menu and not s.stack else -1
    return seen


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "basic")
def test_menus_after_moves_are_the_full_menus(opts):
    seen = {"after a wagon move": 0, "after a brigade move": 0, "other": 0}
    for seed, n in zip(range(4), (2, 3, 4, 3)):
        for k, v in _play(n, seed, opts).items():
            seen[k] += v
    assert all(v > 10 for v in seen.values()), seen  # every path was taken, many times


def test_leons_wagon_extinguish_comes_and_goes_with_the_wagon():
    """Leon Bertrand's Wagon Extinguish is offered where the Wagon stands on a fire of 1, and the menu after each
    Move Wagon (which reuses what the menu before it worked out) says so, as the full menu does."""
    from .helpers import P, give_crew, quiet, refresh

    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Leon Bertrand")
    s.bonus[0] = 3  # actions to spare for three moves
    s.wpos[0] = P("D3")
    s.intensity[P("D5")] = 1
    refresh(s)
    assert A.WAGON_EXTINGUISH not in s.legal_actions()
    for block, offered in (("D5", True), ("D4", False), ("D5", True)):
        s.apply(A.MOVE_WAGON + P(block))
        assert (A.WAGON_EXTINGUISH in s.legal_actions()) == offered, block
        assert s.legal_actions() == _from_scratch(s)
