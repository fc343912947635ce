"""The compiled rules (``_catan.c``) give what the Python paths give: every seat's main-phase actions (after the
roll and in the special building phase), playable development cards, road and ship spots, ships it may move and
Longest Road (Trade Route), and the payout of every roll (gains, hands, bank, gold owed), in every position of
random games on the classic board, the 5-6 board and the Seafarers board, in both rule modes."""

from __future__ import annotations

import os
from typing import Any

import pytest

from firebreak.core import Rng, get_game
from firebreak.core.encoding import PURE_PYTHON_VARIABLE, compiled_module
from firebreak.games.catan.actions import layout
from firebreak.games.catan.compiled import compiled_board
from firebreak.games.catan.constants import SHIP_MOVE
from firebreak.games.catan.topology import topology

COMPILED = compiled_module("firebreak.games.catan._catan")

CONFIGS = [
    (4, {"board": "base", "mode": "classic", "layout": "random", "player_trades": False}),
    (3, {"board": "base", "mode": "firestorm", "layout": "random"}),
    (5, {"board": "base", "mode": "firestorm", "layout": "random"}),
    (6, {"board": "base", "mode": "classic", "layout": "random", "player_trades": False}),
    (4, {"board": "seafarers", "mode": "classic", "layout": "random", "player_trades": False}),
    (3, {"board": "seafarers", "mode": "firestorm", "layout": "random"}),
    (6, {"board": "seafarers", "mode": "classic", "layout": "random", "player_trades": False}),
    # costs changed by rule parameters (the ship's too), read from the state as the Python paths read them
    (
        4,
        {
            "board": "seafarers",
            "mode": "classic",
            "layout": "random",
            "player_trades": False,
            "rules": {"ship_cost_lumber": 2, "ship_cost_wool": 0, "road_cost_brick": 2, "city_cost_ore": 2},
        },
    ),
]


@pytest.fixture(autouse=True)
def _compiled() -> None:
    """Skipped where the extension was not built (no C compiler), unless FIREBREAK_REQUIRE_COMPILED=1 (as in CI)."""
    if COMPILED is None:
        message = "Catan's compiled rules were not built (no C compiler or Python headers?)"
        if os.environ.get("FIREBREAK_REQUIRE_COMPILED") == "1":
            pytest.fail(message)
        pytest.skip(message)


def _payout(s: Any, roll: int) -> tuple:
    """A roll's payout on a clone, by whichever path the layout holds: the gains and what it wrote."""
    c = s.clone()
    compiled = c.lay.compiled
    gains = compiled.produce(c, roll) if compiled is not None else c._payout(roll)
    return gains, c.hands, c.bank, c.gold_left


def _answers(s: Any) -> dict[str, list]:
    out: dict[str, list] = {"routes": [s._route_length(q) for q in range(s.num_players)], "seats": []}
    for q in range(s.num_players):
        dev: list[int] = []
        s._dev_actions(q, dev)
        seat = [s._main_actions(q, True), s._main_actions(q, False, False), dev, s._road_spots(q)]
        if s.topo.sea:
            seat += [s._ship_spots(q), s._movable_ships(q)]
        out["seats"].append(seat)
    out["payouts"] = [_payout(s, roll) for roll in range(2, 13)]
    return out


def _python_path(s: Any) -> dict[str, list]:
    """The Python paths' answers (the compiled board set aside)."""
    board, s.lay.compiled = s.lay.compiled, None
    try:
        return _answers(s)
    finally:
        s.lay.compiled = board


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=lambda x: str(x))
def test_compiled_rules_equal_the_python_paths_in_random_games(players: int, options: dict) -> None:
    spec = get_game("catan")
    positions = 0
    for seed in range(2):
        s = spec.new_game(players, seed, options)
        assert s.lay.compiled is not None
        below = Rng(seed + 7).below
        while not s.is_terminal() and len(s.history) < 1500:
            python = _python_path(s)
            assert _answers(s) == python, f"seed {seed}, after {len(s.history)} actions"
            # each seat's route as the compiled rules kept it, piece by piece, is the Python count from scratch
            # (but while a ship is lifted: the route is counted when it is put down)
            assert s.phase == SHIP_MOVE or s.road_len == python["routes"]
            positions += 1
            legal = s.legal_actions()
            s.apply(legal[below(len(legal))])
    assert positions > 1000


def test_longest_road_with_every_piece_laid_by_the_rules_of_trails() -> None:
    """Networks the games rarely reach: every road of a long loop around two hexes with a spur, rivals' buildings
    cutting it, and on the Seafarers board roads and ships meeting at a crossing without the player's building."""
    s = get_game("catan").new_game(4, 0, {"board": "base", "mode": "classic", "layout": "random"})
    t = s.topo
    edges = list(range(t.num_edges))
    board = s.lay.compiled
    for owner in ([-1] * t.num_nodes, [0] * t.num_nodes, [1 if n % 5 == 0 else -1 for n in range(t.num_nodes)]):
        s.lay.compiled = None
        try:
            from firebreak.games.catan.longest_road import longest_road

            want = [longest_road(t, 0, edges[:k], [0] * t.num_edges, owner) for k in (6, 9, 13)]
        finally:
            s.lay.compiled = board
        assert [board.longest_road(0, edges[:k], owner, None) for k in (6, 9, 13)] == want


def test_bad_input_is_refused_and_changes_nothing() -> None:
    s = get_game("catan").new_game(4, 0, {"board": "base", "mode": "classic", "layout": "random"})
    board = s.lay.compiled
    before = (s.hands[0][:], s.bank[:])
    s.node_owner = s.node_owner[:-1]  # a list that does not fit the board
    with pytest.raises(ValueError):
        board.produce(s, 6)
    with pytest.raises(ValueError):
        board.longest_road(0, [0, 1], s.node_owner, None)
    assert (s.hands[0], s.bank) == before
    with pytest.raises(AttributeError):
        board.main_actions(object(), 0, True)
    with pytest.raises(TypeError):
        board.main_actions(s, 0)
    with pytest.raises(ValueError):
        board.longest_road(0, [10_000], [-1] * s.topo.num_nodes, None)


def test_pure_python_turns_the_compiled_rules_off(monkeypatch: pytest.MonkeyPatch) -> None:
    lay, t = layout(4, "seafarers"), topology(4, "seafarers")
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    assert compiled_board(lay, t) is None
    monkeypatch.delenv(PURE_PYTHON_VARIABLE)
    assert compiled_board(lay, t) is not None
