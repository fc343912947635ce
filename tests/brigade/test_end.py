"""The four ways the game ends, and scoring."""

from firebreak.core import TERMINAL
from firebreak.games.brigade.tables import UNIVERSITY_POS

from .helpers import A, N_POS, P, event_id, quiet, refresh


def _loyal(s, p, positions):
    for q in positions:
        s.loyal[q] = p
        s.loyalty_left[p] -= 1


def test_loyalty_of_a_faction_five_blocks_wins_at_once():
    s = quiet()
    commons = [q for q in range(N_POS) if s.st_aff[q] == 0]
    _loyal(s, 1, commons[:4])
    s.renown[commons[4] * 4 + 1] = s.st_value[commons[4]] - 1
    s._place_renown(1, commons[4])
    assert s.over and s.end_reason == "faction" and s.winners() == [1]
    assert s.current_player() == TERMINAL and s.legal_actions() == []


def test_loyalty_of_three_university_blocks_wins():
    s = quiet()
    _loyal(s, 2, UNIVERSITY_POS[:2])
    s.renown[UNIVERSITY_POS[2] * 4 + 2] = 4
    s._place_renown(2, UNIVERSITY_POS[2])
    assert s.over and s.winners() == [2] and s.end_reason == "faction"


def test_loyalty_of_the_citizens_one_of_each_five_wins():
    s = quiet()
    picks = [next(q for q in range(N_POS) if s.st_aff[q] == a) for a in range(5)]
    _loyal(s, 0, picks[:4])
    s.renown[picks[4] * 4] = 4
    s._place_renown(0, picks[4])
    assert s.over and s.end_reason == "citizens" and s.winners() == [0]


def test_evacuation_finishes_the_round_then_scores_values():
    """Ruling R25 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.loyal[P("B3")] = 1
    s.loyal[P("C4")] = 2
    s.evac = True
    refresh(s)
    s.apply(A.END_TURN)
    assert not s.over and s.turn_player == 1
    s.apply(A.END_TURN)
    assert not s.over and s.turn_player == 2
    s.apply(A.END_TURN)
    assert s.over and s.end_reason == "evacuation"
    sc = s.scores()
    assert sc[1] == s.st_value[P("B3")] and sc[2] == s.st_value[P("C4")] == 5
    assert s.winners() == ([2] if sc[2] > sc[1] else [1, 2])


def test_evacuation_triggered_by_last_seat_ends_after_its_turn():
    """Ruling R25 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.apply(A.END_TURN)
    s.apply(A.END_TURN)
    assert s.turn_player == 2
    s.evac = True
    s.apply(A.END_TURN)
    assert s.over


def test_all_fires_out_ends_immediately_with_scores():
    """Ruling R24 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="A2")
    s.bpos[0] = P("A2")
    s.loyal[P("D4")] = 0
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    assert not s.over  # the action finishes first: the renown is placed (ruling R14)
    s.apply(s.legal_actions()[0])
    assert s.over and s.end_reason == "all fires out" and s.winners() == [0]


def test_tied_scores_share_the_win():
    """Ruling R13: the rulebook's tie-breaker is outside the game, so tied players share the victory. Ruling R26 (docs/rulings/brigade.md)."""
    s = quiet()
    s.loyal[P("C3")] = 0
    s.loyal[P("D4")] = 1
    s._finish("evacuation")
    assert s.winners() == [0, 1]
    assert s.returns() == [0.5, 0.5, 0.0]


def test_evacuation_event_flow_from_a_firestorm():
    """Ruling R25 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    for q in UNIVERSITY_POS:
        s.intensity[q] = 6
    refresh(s)
    storm = event_id("Firestorm")
    s.event_deck.append(storm)
    s.apply(A.END_TURN)
    assert not s.evac
    T = __import__("firebreak.games.brigade.tables", fromlist=["tables"]).tables()
    cards = [i for i, e in enumerate(T.events) if e[0] == 0 and not e[3] and set(e[1]) & set(UNIVERSITY_POS)]
    for c in cards:
        s.event_deck.append(c)
    s.apply(A.END_TURN)
    s.apply(A.END_TURN)
    # two main firestorms mark University tiles: [2,2] and [3,3]
    assert s.n_univ_destroyed == 2
