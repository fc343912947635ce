"""Special events (applied to every player; who cannot follow ignores it) and the Fire Festival add-on."""

from .helpers import A, N_POS, P, event_id, quiet, refresh


def _draw(s, name):
    s.event_deck.append(event_id(name))
    s.apply(A.END_TURN)  # seat 1's turn: the event is theirs


def test_upgrade_events_upgrade_every_player_free():
    """Ruling R13, R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.tracks[3 * 2 + 1] = 4  # seat 2's wagon already blue: cannot follow, ignores
    refresh(s)
    _draw(s, "Upgrade Wagon Capacity")
    assert [s.tracks[3 * p + 1] for p in range(3)] == [1, 1, 4]
    assert s.upgrades_done == 0  # the active player's own Upgrade action is still available
    assert A.UPGRADE + 1 in s.legal_actions()


def test_upgrade_leadership_event_gives_the_active_player_the_action_this_turn():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    for p in range(3):
        s.tracks[3 * p + 2] = 1
    refresh(s)
    _draw(s, "Upgrade Leadership")
    assert s.actions_allowed() == 5


def test_upgrade_crew_event_blue_bonus_recruit_in_turn_order():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.tracks[3 * 0] = 3
    s.tracks[3 * 2] = 3
    refresh(s)
    _draw(s, "Upgrade Crew Members")
    # seat 1 is active; seat 2 then seat 0 reach blue and each take a free recruit, in turn order
    assert s.current_player() == 2 and s.drawer == 2
    s.apply(A.KEEP_FIRST)
    assert s.current_player() == 0 and s.drawer == 0
    s.apply(A.KEEP_NONE)
    assert s.current_player() == 1 and s.phase == 1 and len(s.crew[2]) == 1


def test_free_recruit_event_for_every_player_who_can_hold_crew():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.tracks[0] = 1
    refresh(s)
    _draw(s, "Free Recruit Action")
    assert s.current_player() == 0  # seats 1 and 2 have no crew capacity: they ignore it
    s.apply(A.KEEP_SECOND)
    assert len(s.crew[0]) == 1 and s.current_player() == 1


def test_all_players_place_one_renown_anywhere():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    _draw(s, "All players place 1 renown")
    order = []
    for _ in range(3):
        order.append(s.current_player())
        legal = s.legal_actions()
        assert A.PLACE + P("A1") not in legal and A.PLACE + P("C3") in legal
        s.apply(A.PLACE + P("D5"))
    assert order == [1, 2, 0]
    assert [s.renown[P("D5") * 4 + p] for p in range(3)] == [1, 1, 1]


def test_refill_all_brigades_fills_brigades_not_wagons():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.wb = [0, 0, 0]
    s.ww = [0, 0, 0]
    refresh(s)
    _draw(s, "Refill all Brigades")
    assert s.wb == [2, 2, 2] and s.ww == [0, 0, 0]


def test_festival_arson_adds_to_every_loyal_block_except_occupied():
    """Ruling R16, R17 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5", fire_festival=True)
    s.loyal[P("B3")] = 0
    s.loyal[P("C5")] = 2
    s.bpos[2] = P("C5")
    refresh(s)
    _draw(s, "Arson")
    assert s.intensity[P("B3")] == 1 and s.intensity[P("C5")] == 0


def test_festival_burning_man_hits_blocks_with_meeples_despite_immunity():
    """Ruling R3: Burning Man's own text targets blocks with a Brigade or Wagon, so it overrides immunity. Ruling R4, R16, R17 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5", fire_festival=True)
    s.bpos[0] = P("B3")
    s.wpos[2] = P("D5")
    refresh(s)
    _draw(s, "Burning Man Festival")
    assert s.intensity[P("B3")] == 1 and s.intensity[P("D5")] == 1
    assert s.intensity[P("A1")] == 0  # firehouses never burn


def test_festival_karnaj_adds_to_every_value_two_block():
    """Ruling R16, R17 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5", fire_festival=True)
    twos = [q for q in range(N_POS) if s.st_value[q] == 2 and s.st_aff[q] >= 0]
    before = {q: s.intensity[q] for q in twos}
    _draw(s, "Karnaj Celebrates")
    assert all(s.intensity[q] == before[q] + 1 for q in twos)


def test_festival_dirty_dealings_each_player_may_add_one():
    """Ruling R16, R17 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5", fire_festival=True)
    _draw(s, "Dirty Dealings")
    assert s.current_player() == 1
    assert A.TARGET + P("F6") not in s.legal_actions()  # a block with meeples: not allowed
    s.apply(A.TARGET + P("C2"))
    s.apply(A.DECLINE)
    s.apply(A.TARGET + P("C2"))
    assert s.intensity[P("C2")] == 2 and s.current_player() == 1 and s.phase == 1


def test_event_deck_reshuffles_discards_when_empty():
    """Ruling R16 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.event_discard.extend(s.event_deck)
    s.event_deck = []
    refresh(s)
    s.apply(A.END_TURN)
    assert len(s.event_deck) + len(s.event_discard) == 30 and len(s.event_discard) == 1
