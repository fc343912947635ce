"""Event phase fire: wind gusts, firestorms, immunity, flame tracks and destruction."""

from firebreak.games.brigade.tables import UNIVERSITY_POS

from .helpers import A, N_POS, P, event_id, quiet, refresh


def _fresh():
    s = quiet(3, 0, keep_fire="A2")
    s.intensity[P("A2")] = 0
    for p in range(3):
        s.bpos[p] = s.wpos[p] = s.firehouse[p]
    return s


def test_rulebook_wind_gust_diagram_east():
    """The rulebook's diagram (wind going East, start on the East side): a burning block at 2 beside a burning
    block becomes 3; a block not on fire catches at 1 from its western neighbour; the block on the edge of the
    town is safe (fire does not leave the board), and nothing chains across the row. Ruling R3 (docs/rulings/brigade.md)."""
    s = _fresh()
    row = [P(x) for x in ("B2", "C2", "D2", "E2", "F2")]
    s.intensity[row[0]] = 1  # B2 on fire
    s.intensity[row[1]] = 2  # C2 at 2, its western neighbour burns -> 3
    # D2 not on fire -> catches at 1 from C2; E2 must not catch (no chaining); F2 (edge) burning stays put
    s.intensity[row[4]] = 1
    s._wind_gust(1)
    assert [s.intensity[p] for p in row] == [1, 3, 1, 0, 1]


def test_wind_gust_every_direction_spreads_one_step_downwind():
    for d, (src, dst) in enumerate((("C5", "C4"), ("B3", "C3"), ("C2", "C3"), ("E3", "D3"))):
        s = _fresh()
        s.intensity[P(src)] = 1
        s._wind_gust(d)
        assert s.intensity[P(dst)] == 1, d
        assert sum(1 for x in s.intensity if x) == 2


def test_wind_gust_a_whole_burning_line_moves_one_step_only():
    """Ruling R3 (docs/rulings/brigade.md)."""
    s = _fresh()
    for c in "BCD":
        s.intensity[P(c + "5")] = 1
    s._wind_gust(1)
    assert [s.intensity[P(c + "5")] for c in "BCDE"] == [1, 2, 2, 1]


def test_firehouses_never_burn():
    """Ruling R3 (docs/rulings/brigade.md)."""
    s = _fresh()
    s.intensity[P("B1")] = 1
    s._wind_gust(3)  # west, toward A1 (a firehouse)
    assert s.intensity[P("A1")] == 0
    s._fireball(P("A1"))
    assert s.intensity[P("A1")] == 0


def test_firestorm_lands_fireballs_on_marked_positions_through_the_event_flow():
    s = _fresh()
    s.intensity[P("A2")] = 1
    refresh(s)
    storm = event_id("Firestorm")  # the first main firestorm: [0,2] [1,4] [2,5]
    s.event_deck.append(storm)
    s.apply(A.END_TURN)
    assert s.turn_player == 1
    assert s.intensity[P("C1")] == 1 and s.intensity[P("E2")] == 1 and s.intensity[P("F3")] == 1


def test_brigade_and_wagon_make_their_block_immune_to_increases():
    """Ruling R4 (docs/rulings/brigade.md)."""
    s = _fresh()
    s.bpos[0] = P("C2")
    s.wpos[1] = P("D2")
    s.intensity[P("B2")] = 1
    s.intensity[P("C2")] = 2
    s._wind_gust(1)
    assert s.intensity[P("C2")] == 2  # Brigade here: no increase
    assert s.intensity[P("D2")] == 0  # Wagon here: does not catch
    s._fireball(P("C2"))
    assert s.intensity[P("C2")] == 2


def test_passing_the_last_space_destroys_the_block_and_it_never_reignites():
    s = _fresh()
    q = P("B2")
    s.intensity[q] = s.st_track[q]
    s.loyal[q] = 1
    s.renown[q * 4 + 2] = 1
    s.renown_left[2] -= 1
    s._fireball(q)
    assert s.destroyed[q] and s.intensity[q] == 0
    s._fireball(q)
    s.intensity[P("A2")] = 1
    s._wind_gust(1)
    assert s.intensity[q] == 0 and s.n_destroyed == 1


def test_destruction_resolves_at_end_of_phase_tokens_removed_meeples_home():
    """Ruling R5 (docs/rulings/brigade.md)."""
    s = _fresh()
    s.intensity[P("A2")] = 1
    q = P("C5")
    s.intensity[q] = s.st_track[q]
    s.loyal[q] = 2
    s.loyalty_left[2] -= 1
    s.renown[q * 4 + 1] = 2
    s.renown_left[1] -= 2
    s.wpos[0] = q
    s.bpos[2] = P("B5")
    refresh(s)
    # Burning Man festival ignores immunity: the wagon's own block is pushed past its track
    s.event_deck.append(event_id("Burning Man Festival"))
    s.apply(A.END_TURN)
    assert s.destroyed[q]
    assert s.loyal[q] == -1 and s.loyalty_left[2] == 10
    assert s.renown[q * 4 + 1] == 0 and s.renown_left[1] == 16
    assert s.wpos[0] == s.firehouse[0]


def test_evacuation_is_triggered_by_eight_destroyed_or_three_university():
    """Ruling R25 (docs/rulings/brigade.md)."""
    s = _fresh()
    for p in UNIVERSITY_POS[:3]:
        s.intensity[p] = 6
        s._fireball(p)
    assert s.evac
    s = _fresh()
    towns = [p for p in range(N_POS) if s.st_aff[p] in (0, 1, 2, 3)][:8]
    for i, p in enumerate(towns):
        s.intensity[p] = s.st_track[p]
        s._fireball(p)
        assert s.evac == (i == 7)
