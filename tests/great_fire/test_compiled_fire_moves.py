"""The compiled moves (``_fire.c``) give what the Python paths give: the fire moves (the same ids in the same order
for the hand and for each single card), whether any fire move exists, the uncontained districts (the fire's route
is found through them), each fire move's route, the action phase's menu, the demolition sites and the intensify
targets, in every position of random games of every player count, on the packaged board and on a variant's board."""

from __future__ import annotations

import os
from itertools import compress
from operator import gt
from pathlib import Path

import pytest

from firebreak.core import Rng, get_game
from firebreak.core.encoding import compiled_module
from firebreak.core.variant import load_variant
from firebreak.games.great_fire.route import fire_route

COMPILED = compiled_module("firebreak.games.great_fire._fire")
VARIANT = Path(__file__).resolve().parents[2] / "examples" / "variants" / "great-fire-fleet-without-bridges.yaml"


@pytest.fixture(autouse=True)
def _compiled() -> None:
    """Skipped where the extension was not built (no C compiler), unless FIREBREAK_REQUIRE_COMPILED=1 (as in CI)."""
    if COMPILED is None:
        message = "the Great Fire's compiled moves were not built (no C compiler or Python headers?)"
        if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
            pytest.fail(message)
        pytest.skip(message)


def _answers(s, directions: list[int]) -> tuple:
    return (
        s.fire_moves(directions),
        s.has_fire_move(directions),
        s._action_phase_moves(),
        s.demolition_sites(),
        s.intensify_targets(),
        s._can_intensify(),
    )


def _python_path(s, directions: list[int]) -> tuple:
    """The Python paths' answers, the fire moves from an empty memory (the compiled table set aside)."""
    table, s.tables.compiled_moves = s.tables.compiled_moves, None
    try:
        s.tables.fire_moves_memo.clear()
        return _answers(s, directions)
    finally:
        s.tables.compiled_moves = table


def _routes(s, moves: list[int]) -> list[tuple[int, ...]]:
    """Each fire move's route (from every seventh move, and the last, to keep the test short)."""
    out = []
    for a in moves[::7] + moves[-1:]:
        x = s.codec.decode(a)
        out.append(fire_route(s.fire, s.bands, x.direction, x.a, x.b, None, s.tables))
    return out


def _check_games(seeds: range, options: dict | None = None) -> tuple[int, int]:
    spec = get_game("great-fire")
    checked = found = sites = targets = crossings = 0
    for seed in seeds:
        s = spec.new_game(3 + seed % 4, seed, options)
        assert s.tables.compiled_moves is not None
        below = Rng(seed + 300).below
        while not s.is_terminal():
            bits = s.tables.bits
            assert s.tables.compiled_moves.uncontained(s.fire, s.bands) == sum(compress(bits, map(gt, s.fire, s.bands)))
            hand = [dr for dr in range(4) if s.hands[s.player][dr]] if s.player >= 0 else []
            for dirs in (hand, *([dr] for dr in range(4))):
                compiled = _answers(s, dirs)
                assert compiled == _python_path(s, dirs), (seed, len(s.history), dirs)
                routes = _routes(s, compiled[0])
                table, s.tables.compiled_moves = s.tables.compiled_moves, None
                try:
                    assert routes == _routes(s, compiled[0]), (seed, len(s.history), dirs)
                finally:
                    s.tables.compiled_moves = table
                crossings += sum(len(r) > 2 for r in routes)
                assert compiled[1] == bool(compiled[0])
                checked += 1
                found += compiled[1]
                sites += bool(compiled[3])
                targets += bool(compiled[4])
            la = s.legal_actions()
            s.apply(la[below(len(la))])
    assert sites and targets and crossings, (sites, targets, crossings)
    return checked, found


def test_compiled_fire_moves_equal_the_python_path_through_random_games() -> None:
    checked, found = _check_games(range(8))
    assert checked > 1000 and found > 500


def test_compiled_fire_moves_equal_the_python_path_on_a_variant_board() -> None:
    checked, found = _check_games(range(2), load_variant(VARIANT).game_options())
    assert checked > 200 and found > 100


def test_a_state_list_of_the_wrong_shape_is_refused_with_an_error() -> None:
    s = get_game("great-fire").new_game(4, 1)
    table = s.tables.compiled_moves
    with pytest.raises(ValueError):
        table.moves(s.fire[:-1], s.bands, s.houses, s.demolished, [0])
    with pytest.raises(ValueError):
        table.moves(s.fire, s.bands, s.houses, s.demolished, [2, 1])
    with pytest.raises(TypeError):
        table.moves(s.fire, s.bands, s.houses, s.demolished)
    with pytest.raises(ValueError):
        table.action_menu(s.fire, s.bands, len(s.fire))
    none = [0] * len(s.fire)
    assert table.route(none, none, 0, 0, 0) is None  # no link leads into its own district, and no fire to cross
    with pytest.raises(ValueError):
        table.demolition_sites(s.fire, s.bands, s.houses, s.demolished[:-1])
    with pytest.raises(ValueError):
        table.intensify_targets(s.fire, s.bands, s.intensify_cap[:-1])
