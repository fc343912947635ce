"""Big Buildings add-on: each special block's effect fires when its tile flips (end of the phase)."""

from firebreak.games.brigade.tables import BB_AVIARY, BB_DISTILLERY, BB_FROZEN, BB_OAK, NB4, NB8, STEP

from .helpers import A, P, event_id, quiet, refresh


def _big(kind):
    s = quiet(keep_fire="A2", big_buildings=True)
    pos = s.st_big.index(kind)
    return s, pos


def _destroy_now(s, pos):
    """Destroy ``pos`` during seat 0's Action phase; the flip happens when the phase ends."""
    s._destroy(pos)
    refresh(s)


def test_distillery_adds_two_to_each_orthogonal_neighbour():
    """Ruling R23 (docs/rulings/brigade.md)."""
    s, pos = _big(BB_DISTILLERY)
    before = {q: s.intensity[q] for q in NB4[pos]}
    _destroy_now(s, pos)
    assert all(s.intensity[q] == before[q] for q in NB4[pos])  # not yet: flips at end of phase
    s.apply(A.END_TURN)
    for q in NB4[pos]:
        if s.st_aff[q] >= 0 and q not in s.bpos and q not in s.wpos:
            assert s.destroyed[q] or s.intensity[q] >= before[q] + 2


def test_frozen_exhibits_cools_surrounding_blocks_and_refills_brigades():
    """Ruling R23 (docs/rulings/brigade.md)."""
    s, pos = _big(BB_FROZEN)
    nb = NB8[pos]
    for q in nb:
        if s.st_aff[q] >= 0:
            s.intensity[q] = 2
    s.bpos[1] = nb[0]
    s.wb[1] = 0
    _destroy_now(s, pos)
    s.apply(A.END_TURN)
    assert s.wb[1] == 2
    assert all(s.intensity[q] <= 2 for q in nb)
    assert sum(1 for q in nb if s.st_aff[q] >= 0 and s.intensity[q] == 1) >= 1


def test_old_tom_oak_active_player_chooses_a_direction_three_blocks_intensify():
    """Ruling R23 (docs/rulings/brigade.md)."""
    s, pos = _big(BB_OAK)
    _destroy_now(s, pos)
    s.event_deck.append(event_id("Refill all Brigades"))  # the next event adds no fire
    s.apply(A.END_TURN)
    assert s.current_player() == 0 and s.legal_actions() == [A.DIRECTION + d for d in range(4)]
    # choose the direction with the longest line on the board
    best = max(range(4), key=lambda d: sum(1 for _ in _line(pos, d)))
    line = list(_line(pos, best))
    before = [s.intensity[q] for q in line]
    s.apply(A.DIRECTION + best)
    for q, b in zip(line, before):
        if s.st_aff[q] >= 0 and q not in s.bpos and q not in s.wpos:
            assert s.intensity[q] == b + 1 or s.destroyed[q]


def _line(pos, d):
    q = pos
    for _ in range(3):
        q = STEP[q][d]
        if q < 0:
            return
        yield q


def test_jewelled_aviary_each_player_places_renown_and_passing_gives_an_action():
    """Ruling R23 (docs/rulings/brigade.md)."""
    s, pos = _big(BB_AVIARY)
    _destroy_now(s, pos)
    s.apply(A.END_TURN)
    assert [s.renown[pos * 4 + p] for p in range(3)] == [1, 1, 1]
    assert s.renown_left[1] == 15
    # seat 1 moves its Brigade onto a neighbour of the aviary from a block beside it, passing through
    s.intensity = [0] * 36
    s.intensity[P("A2")] = 1
    a_nb = [q for q in NB8[pos] if s.st_aff[q] >= 0 and not s.destroyed[q]]
    s.bpos[1] = a_nb[0]
    refresh(s)
    allowed = s.actions_allowed()
    far = [q for q in NB8[pos] if q not in NB8[a_nb[0]] and q != a_nb[0] and not s.destroyed[q] and q not in s.bpos]
    s.apply(A.MOVE_BRIGADE + far[0])
    assert s.renown[pos * 4 + 1] == 0 and s.actions_allowed() == allowed + 1


def test_big_building_effects_happen_through_the_event_flow_too():
    """Ruling R23 (docs/rulings/brigade.md)."""
    from firebreak.games.brigade.tables import EV_FIRESTORM, tables

    s, pos = _big(BB_DISTILLERY)
    s.intensity[pos] = s.st_track[pos]
    refresh(s)
    card = next(e for e, ev in enumerate(tables().events) if ev[0] == EV_FIRESTORM and pos in ev[1])
    s.event_deck.append(card)
    s.apply(A.END_TURN)
    assert s.destroyed[pos] and not s.doomed and s.phase == 1
    for q in NB4[pos]:
        if s.st_aff[q] >= 0 and q not in s.bpos and q not in s.wpos:
            assert s.intensity[q] >= 2 or s.destroyed[q]
