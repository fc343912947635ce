"""The Brigade's compiled Action menu (``games/brigade/_brigade.c``) gives what the Python path gives: the same ids
in the same order (or ``None``, nothing left to do) in every Action phase position of random games, over every
option set (basic and advanced, Big Buildings, the Fire Festival, the Crew and Warden pack) and 2 to 4 players,
each crew ability and Warden the menu asks about met along the way; and a state list of the wrong shape or type is
refused with an exception. Each random position is checked as played and twice more scrambled: the turn's player
given random crew (with their blocks' Loyalty), water, tracks and meeples, and the board random fires and ruins.

The table is built here from the extension whether or not ``FIREBREAK_PURE_PYTHON`` is set. Where the extension was
not built the tests are skipped, unless ``FIREBREAK_REQUIRE_COMPILED=1`` (CI), where that is a failure."""

from __future__ import annotations

import importlib
import itertools
import os
from collections import Counter
from typing import Any

import pytest

from firebreak.core import Rng, get_game
from firebreak.games.brigade import compiled
from firebreak.games.brigade.tables import N_POS, tables

OPTION_SETS = [
    dict(zip(("advanced", "big_buildings", "fire_festival", "addon_pack"), bits))
    for bits in itertools.product((False, True), repeat=4)
]
FLAGS = {
    "a free Morgana move": compiled.MORGANA_FREE,
    "Ebenezer": compiled.EBENEZER_MOVES,
    "Lumen": compiled.LUMEN_PUTS_OUT,
    "Leon": compiled.LEON_READY,
    "Ash": compiled.ASH_READY,
    "a usable Warden": compiled.WARDEN_USABLE,
    "Street Wise": compiled.STREET_WISE,
}


@pytest.fixture(scope="module")
def table() -> Any:
    try:
        module = importlib.import_module("firebreak.games.brigade._brigade")
    except ImportError as error:
        if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
            pytest.fail(f"the Brigade's compiled menu is required but cannot be imported: {error}")
        pytest.skip(f"the Brigade's compiled menu was not built ({error})")
    return compiled.build_menu(module)


class _Watch:
    """The table, counting what each call was told (which abilities, Mog's own Move Brigade ids)."""

    def __init__(self, table: Any, seen: Counter) -> None:
        self.table, self.seen = table, seen

    def menu(self, *args: Any) -> Any:
        for name, bit in FLAGS.items():
            self.seen[name] += bool(args[5] & bit)
        self.seen["Mog"] += args[6] is not None
        return self.table.menu(*args)


def _python_menu(s) -> list[int] | None:
    """The Python path's menu from scratch, on a clone (nothing kept from the menus before)."""
    c = s.clone()
    c._moves = None
    return c._main_menu_python()


def _scrambled(s, r: Rng) -> Any:
    """A clone of an Action phase position with the turn's player, the board and the turn's counts drawn at random
    within the game's ranges: crew cards (with blocks of their affiliations loyal to the player, so that their
    abilities work), a mimicked card, fires and ruins, meeples, water, tracks, renown, actions used and bonuses."""
    c = s.clone()
    c._moves = None
    T = tables()
    n, p = c.num_players, c.turn_player
    cards = list(range(len(T.crew) if c.addon else T.n_base_crew))
    r.shuffle(cards)
    c.crew[p] = cards[: r.below(4)]
    c.mimic[p] = cards[3] if c.advanced and r.below(3) == 0 else -1
    for card in c.crew[p]:
        blocks = [q for q in range(N_POS) if c.st_aff[q] == T.crew_aff[card]]
        if blocks and r.below(4):
            c.loyal[r.choice(blocks)] = p
    for q in range(N_POS):
        if c.st_aff[q] >= 0 and r.below(3) == 0:
            c.intensity[q] = r.below(c.st_track[q] + 1)
        if c.st_aff[q] >= 0 and r.below(12) == 0:
            c.destroyed[q], c.intensity[q] = 1, 0
        c.renown[q * 4 + p] = r.below(3) if r.below(6) == 0 else 0
    for q in range(n):
        c.bpos[q], c.wpos[q] = r.below(N_POS), r.below(N_POS)
        c.wb[q], c.ww[q] = r.below(8), r.below(5)
        c.tracks[3 * q : 3 * q + 3] = [r.below(len(values)) for values in T.tracks]
    c.dawn[p] = c.advanced and r.below(5) == 0
    c.bonus[p], c.used, c.free_moves = r.below(2), r.below(5), r.below(2)
    c.precious = r.choice([-1, -1, p, (p + 1) % n])
    c.morgana_used, c.leon_used, c.ash_used, c.warden_used = (r.below(3) == 0 for _ in range(4))
    c.upgrades_done = r.below(2)
    if r.below(8) == 0:
        c.crew_deck, c.crew_discard = [], []
    return c


def _check(s, where: tuple, seen: Counter) -> None:
    menu = s._main_menu()
    assert menu == _python_menu(s), where
    seen["menus"] += 1
    seen["with crew"] += bool(s.crew[s.turn_player])
    seen["nothing left"] += menu is None


def _play(n: int, seed: int, opts: dict, seen: Counter) -> None:
    s: Any = get_game("brigade").new_game(n, seed, opts)
    r = Rng(seed + 991)
    while not s.is_terminal():
        if not s.stack:
            _check(s, (n, seed, opts, len(s.history)), seen)
            assert s.legal_actions() == s._main_menu()
            for k in range(2):
                _check(_scrambled(s, r), (n, seed, opts, len(s.history), k), seen)
        s.apply(r.choice(s.legal_actions()))


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: "+".join(k for k, v in o.items() if v) or "basic")
def test_the_compiled_menu_is_the_python_menu(opts: dict, table: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter = Counter()
    monkeypatch.setattr(compiled, "MENU", _Watch(table, seen))
    for seed, n in zip(range(6), (2, 3, 4, 2, 3, 4)):
        _play(n, seed, opts, seen)
    assert seen["menus"] > 1000 and seen["with crew"] > 300 and seen["nothing left"] > 10, seen
    _SEEN.update(seen)


_SEEN: Counter = Counter()


VARIANTS = [
    {"leadership_circle_1": 2, "leadership_circle_5": 9, "crew_members_circle_1": 1, "wagon_capacity_circle_5": 6},
    {"wagon_capacity_circle_1": 3, "wagon_capacity_circle_2": 3, "crew_members_circle_5": 2, "water_tokens": 14},
]
"""Rule parameters the compiled table is built from: firehouse tracks and a box short of water."""


@pytest.mark.parametrize("rules", VARIANTS, ids=("tracks", "tracks+water"))
def test_the_compiled_menu_follows_a_variants_tracks_and_water(rules: dict, table: Any) -> None:
    """A variant's firehouse tracks and water tokens build their own compiled table, which gives what the Python
    path gives under those rules, in play and in scrambled positions."""
    seen: Counter = Counter()
    for seed, n in ((1, 3), (2, 2)):
        s: Any = get_game("brigade").new_game(n, seed, {"advanced": seed == 2, "rules": rules})
        assert s.variant_menu is not None and s.variant_menu is not compiled.MENU
        assert s.clone().variant_menu is s.variant_menu
        r = Rng(seed + 17)
        while not s.is_terminal():
            if not s.stack:
                _check(s, (n, seed, rules, len(s.history)), seen)
                _check(_scrambled(s, r), (n, seed, rules, len(s.history), "scrambled"), seen)
            s.apply(r.choice(s.legal_actions()))
    assert seen["menus"] > 100, seen
    assert get_game("brigade").new_game(3, 1, {}).variant_menu is None  # the printed rules: the shared table


def test_every_ability_the_menu_asks_about_was_met() -> None:
    """After the sweep above (same module, run before this test): each bit and Mog's ids were passed many times."""
    if not _SEEN:
        pytest.skip("runs after the sweep over the option sets")
    missing = [name for name in (*FLAGS, "Mog") if _SEEN[name] < 5]
    assert not missing, (missing, _SEEN)


def _args(s) -> list[Any]:
    """What _main_menu passes to the table in a plain position (no crew, basic game)."""
    p = s.turn_player
    return [
        p,
        s.num_players,
        s.used,
        s.precious,
        s.free_moves,
        0,
        None,
        s.rules.move_brigade_spaces,
        s.brigade_cap(p),
        s.upgrade_limit - s.upgrades_done,
        s.bpos,
        s.wpos,
        s.firehouse,
        s.intensity,
        s.destroyed,
        s.loyal,
        s.renown,
        s.st_aff,
        s.wb,
        s.ww,
        s.tracks,
        s.bonus,
        s.crew_deck,
        s.crew_discard,
        s.dawn,
    ]


def test_a_state_of_the_wrong_shape_is_refused_with_an_error(table: Any) -> None:
    s: Any = get_game("brigade").new_game(3, 5)
    while s.stack:
        s.apply(s.legal_actions()[0])
    args = _args(s)
    assert table.menu(*args) == _python_menu(s)
    p = s.turn_player
    for i, bad, error in (
        (13, s.intensity[:-1], ValueError),  # a board list one short
        (10, s.bpos + [0], ValueError),  # a seat too many
        (10, [99] * s.num_players, ValueError),  # a Brigade off the board
        (20, [*s.tracks[: 3 * p], "x", *s.tracks[3 * p + 1 :]], TypeError),  # a circle that is no number
        (20, [99] * len(s.tracks), ValueError),  # past the track's last circle
        (0, s.num_players, ValueError),  # a seat out of range
        (6, (0,) * 99, ValueError),  # more Move Brigade ids than positions
        (22, tuple(s.crew_deck), ValueError),  # the crew deck is a list
    ):
        wrong = list(args)
        wrong[i] = bad
        with pytest.raises(error):
            table.menu(*wrong)
    with pytest.raises(TypeError):
        table.menu(*args[:-1])
    with pytest.raises(ValueError):
        table.menu(*args[:-1], "not a list")
    assert table.menu(*args) == _python_menu(s)  # nothing changed
