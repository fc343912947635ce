"""Winning: 10 VP on one's own turn (ruling B3) and the turn limit (ruling B4)."""

from firebreak.games.catan.state import OVER, SPECIAL_BUILD

from .helpers import blank, build, give, new, play_random


def test_reaching_ten_on_own_turn_ends_the_game_at_once():
    s = blank()
    for n in (0, 8, 20):
        build(s, 0, n, city=True)
    for n in (36, 45, 53):
        build(s, 0, n)
    assert s.total_vp(0) == 9
    give(s, 0, grain=2, ore=3)
    s.apply("city 45")
    assert s.phase == OVER and s.winners() == [0] and s.current_player() == -1
    assert s.legal_actions() == []


def test_points_gained_in_the_special_building_phase_win_at_own_turn_start():
    """Ruling B3: with 5-6 players, a player reaching 10 while building out of turn wins when their turn begins."""
    s = blank(5)
    for n in (0, 8, 20):
        build(s, 1, n, city=True)
    for n in (36, 45, 53):
        build(s, 1, n)
    give(s, 1, grain=2, ore=3)
    s.apply("end turn")
    assert s.phase == SPECIAL_BUILD and s.current_player() == 1
    s.apply("city 45")
    assert s.total_vp(1) == 10 and s.phase == SPECIAL_BUILD
    for _ in range(4):
        s.apply("end turn")
    assert s.phase == OVER and s.winners() == [1]


def test_turn_limit_ends_in_a_draw_among_the_leaders():
    """Ruling B4."""
    s = play_random(new(4, 1, turn_limit=6), 1)
    assert s.is_terminal() and s.turn_count == 6
    vps = [s.total_vp(p) for p in range(4)]
    assert s.winners() == [p for p in range(4) if vps[p] == max(vps)]
    assert s.returns() == [1 / len(s.winners()) if p in s.winners() else 0.0 for p in range(4)]


def test_game_over_event_reports_points():
    s = play_random(new(3, 2, layout="random"), 2, check=False)
    last = s.events[-1]
    assert last.kind == "game_over" and last.data["winners"] == s.winners()
    assert last.data["victory_points"] == [s.total_vp(p) for p in range(3)]
