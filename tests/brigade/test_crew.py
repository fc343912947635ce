"""Every crew ability, active only while its owner holds a loyal block of the card's affiliation."""

from firebreak.games.brigade.data import COMMONS, COUNCIL, MERCHANT

from .helpers import A, N_POS, P, block_of, event_id, give_crew, quiet, refresh


def targets(s):
    return {a - A.MOVE_BRIGADE for a in s.legal_actions() if A.MOVE_BRIGADE <= a < A.MOVE_WAGON}


def _gain(s, p, pos):
    """Give ``p`` the renown to win ``pos`` with one more token, then place it."""
    k = s.steal_cost(pos, p) - 1
    s.renown[pos * 4 + p] = k
    s.renown_left[p] -= k
    s._place_renown(p, pos)


def test_ability_needs_a_loyal_block_of_its_affiliation():
    """Ruling R18, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Kulari One-Shoe", loyal_block="none")
    refresh(s)
    assert P("E1") not in targets(s)  # 4 steps: only with an active Kulari
    s.loyal[block_of(s, COMMONS)] = 0
    refresh(s)
    assert P("E1") in targets(s)


def test_kulari_one_shoe_moves_up_to_five():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Kulari One-Shoe")
    refresh(s)
    t = targets(s)
    assert P("E1") in t and P("A6") in t  # five steps


def test_ebenezer_moves_through_fire_and_destroyed_blocks_normally():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="B1")
    s.intensity[P("B2")] = 1
    s.intensity[P("A2")] = 1
    s.destroyed[P("C2")] = 1
    refresh(s)
    assert P("D1") not in targets(s)
    give_crew(s, 0, "Ebenezer")
    refresh(s)
    t = targets(s)
    assert P("D1") in t and P("D3") in t and P("A4") in t


def test_del_uge_reduces_another_block_by_two_on_gaining_a_commons_block():
    """Ruling R18, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Del Uge", loyal_block="none")
    s.intensity[P("F5")] = 3
    refresh(s)
    c = block_of(s, COMMONS, exclude=(P("F5"),))
    _gain(s, 0, c)
    refresh(s)
    assert s.current_player() == 0 and A.TARGET + P("F5") in s.legal_actions()
    s.apply(A.TARGET + P("F5"))
    assert s.intensity[P("F5")] == 1 and s.renown_left[0] == 16  # no renown from an ability


def test_chops_murphy_may_add_two_to_an_adjacent_block_on_gaining_loyalty():
    """Ruling R19, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Chops Murphy")
    m = block_of(s, MERCHANT)
    _gain(s, 0, m)
    refresh(s)
    legal = s.legal_actions()
    assert A.DECLINE in legal
    nb = [a - A.TARGET for a in legal if A.TARGET <= a < A.ACCEPT]
    assert nb and all(abs(q - m) in (1, 6) for q in nb)
    before = s.intensity[nb[0]]
    s.apply(A.TARGET + nb[0])
    assert s.intensity[nb[0]] == before + 2 or s.destroyed[nb[0]]


def test_pep_overclock_free_upgrade_on_gaining_a_merchant_block():
    """Ruling R13, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Pep Overclock")
    m = [q for q in range(N_POS) if s.st_aff[q] == MERCHANT and s.loyal[q] < 0][0]
    _gain(s, 0, m)
    refresh(s)
    s.apply(A.UPGRADE + 2)
    assert s.tracks[2] == 1 and s.used == 0 and s.upgrades_done == 0


def test_mal_candor_free_recruit_on_gaining_a_council_block():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Mal Candor")
    c = [q for q in range(N_POS) if s.st_aff[q] == COUNCIL and s.loyal[q] < 0][0]
    _gain(s, 0, c)
    refresh(s)
    assert s.drawer == 0 and s.legal_actions() == [A.KEEP_FIRST, A.KEEP_SECOND, A.KEEP_NONE]
    s.apply(A.KEEP_FIRST)
    assert len(s.crew[0]) == 2 and s.used == 0


def test_selina_blackflow_places_an_extra_renown_on_rival_loyal_blocks():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Selina Blackflow")
    q = P("C5")
    s.loyal[q] = 1
    s._place_renown(0, q)
    assert s.renown[q * 4] == 2 and s.renown_left[0] == 14
    s._place_renown(0, P("D5"))  # not loyal to anyone: one token only
    assert s.renown[P("D5") * 4] == 1


def test_nery_cagehand_makes_stealing_cost_two_extra():
    """Ruling R10, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 1, "Nery Cagehand")
    q = P("C5")
    s.loyal[q] = 1
    assert s.steal_cost(q, 0) == s.st_value[q] + 2


def test_esme_morrow_may_redirect_a_fireball_from_her_brigade():
    """Ruling R19, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 1, "Esme Morrow")
    s.bpos[1] = P("C1")  # the first main firestorm marks [0,2] = C1
    refresh(s)
    s.event_deck.append(event_id("Firestorm"))
    s.apply(A.END_TURN)
    assert s.current_player() == 1 and A.TARGET + P("D1") in s.legal_actions()
    assert A.TARGET + P("C2") in s.legal_actions() and A.DECLINE in s.legal_actions()
    s.apply(A.TARGET + P("D1"))
    assert s.intensity[P("D1")] == 1 and s.intensity[P("C1")] == 0
    assert s.intensity[P("E2")] == 1  # the rest of the firestorm continues


def test_walder_ranier_opponents_lose_one_water_after_refilling():
    """Ruling R11, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 1, "Walder Ranier")
    s.wb[0] = 0
    s.ww[0] = 0
    refresh(s)
    s.apply(A.REFILL_BOTH)
    assert s.wb[0] + s.ww[0] == 3


def test_morgana_magos_first_wagon_move_each_turn_is_free():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Morgana Magos")
    refresh(s)
    s.apply(A.MOVE_WAGON + P("C4"))
    assert s.used == 0
    s.apply(A.MOVE_WAGON + P("C5"))
    assert s.used == 1


def test_leon_bertrand_wagon_extinguishes_intensity_one_alone_for_renown():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Leon Bertrand")
    s.wpos[0] = P("D5")
    s.intensity[P("D5")] = 1
    refresh(s)
    assert A.WAGON_EXTINGUISH in s.legal_actions()
    s.apply(A.WAGON_EXTINGUISH)
    assert s.intensity[P("D5")] == 0 and s.used == 1 and s.ww[0] == 1
    s.apply(A.PLACE + P("D5"))
    assert s.renown[P("D5") * 4] == 1
    s.intensity[P("D5")] = 1
    refresh(s)
    assert A.WAGON_EXTINGUISH not in s.legal_actions()  # once per turn


def test_lumen_university_needs_one_less_water_full_renown():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Lumen")
    u = P("C3")
    s.intensity[u] = 3
    s.bpos[0] = u
    s.wb[0] = 2
    refresh(s)
    s.apply(A.EXTINGUISH + 2 * A.EXT_W)
    assert s.intensity[u] == 0 and s.stack[-1][2] == 3


def test_gness_smold_may_raise_the_fire_where_the_brigade_stops():
    """Ruling R4, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Gness Smold")
    s.intensity[P("B2")] = 2
    refresh(s)
    s.apply(A.MOVE_BRIGADE + P("B2"))
    assert s.legal_actions() == [A.ACCEPT, A.DECLINE]
    s.apply(A.ACCEPT)
    assert s.intensity[P("B2")] == 3


def test_mog_the_heavy_ends_on_a_rival_and_pushes_them():
    """Ruling R19, R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Mog The Heavy")
    s.bpos[1] = P("B2")
    s.bpos[2] = P("C2")
    refresh(s)
    s.apply(A.MOVE_BRIGADE + P("B2"))
    assert s.current_player() == 0
    assert A.TARGET + P("C2") not in s.legal_actions()  # not onto another Brigade
    s.apply(A.TARGET + P("C3"))
    assert s.bpos[0] == P("B2") and s.bpos[1] == P("C3")


def test_brother_ben_extra_turn_after_final_upgrade():
    """Ruling R20 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Brother Ben")
    s.tracks[2] = 3
    refresh(s)
    s.apply(A.UPGRADE + 2)
    s.apply(A.END_TURN)
    assert s.turn_player == 0 and s.turn_number == 2
    s.apply(A.END_TURN)
    assert s.turn_player == 1
