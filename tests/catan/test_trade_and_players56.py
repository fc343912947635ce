"""The 5-6 player extension (board, bank, deck, special building phase); trades between players are in
test_trading.py."""

import pytest

from firebreak.games.catan.state import PRE_ROLL, SPECIAL_BUILD

from .helpers import blank, build, give, new, play_random


def _texts(s):
    return [s.action_to_text(a) for a in s.legal_actions()]


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_player_setup(players):
    s = new(players)
    assert s.topo.num_hexes == 30 and s.bank == [24] * 5
    c = new(players, mode="classic")
    assert len(c.dev_deck) == 34
    order = []
    while s.phase in (0, 1):
        if s.phase == 0:
            order.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert order == list(range(players)) + list(range(players - 1, -1, -1))


def test_special_building_phase_after_each_turn():
    s = blank(5)
    give(s, 2, lumber=1, brick=1)
    build(s, 2, 20)
    s.apply("end turn")
    assert s.phase == SPECIAL_BUILD and s.current_player() == 1
    texts = _texts(s)
    assert texts == ["end turn"]  # seat 1 can afford nothing; no trading in this phase
    s.apply("end turn")
    assert s.current_player() == 2
    assert "road 15-20" in _texts(s) and not any(t.startswith(("make a trade offer", "maritime")) for t in _texts(s))
    s.apply("road 15-20")
    for _ in range(3):
        s.apply("end turn")
    assert s.phase == PRE_ROLL and s.current_player() == 1 and s.turn == 1


@pytest.mark.parametrize("players", [5, 6])
def test_five_six_player_random_games_finish(players):
    for seed in range(2):
        s = play_random(new(players, seed, layout="random"), seed)
        assert s.is_terminal() and max(s.scores()) >= 10
