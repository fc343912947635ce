"""Advanced play: the Warden actions (once a turn, one action) and the Firehouse side-2 abilities."""

from firebreak.games.brigade.data import MERCHANT, NOBLES
from firebreak.games.brigade.tables import BLACK, BLITZ, FRITH, GLINT, GLORIA, ORANGE, PINK, WHITE

from .helpers import A, N_POS, P, give_crew, place_block, quiet, refresh


def adv(warden=GLORIA, colour=None):
    s = quiet(keep_fire="F5", advanced=True)
    s.warden = (warden,) + s.warden[1:]
    if colour is not None:
        s.colour = (colour,) + s.colour[1:]
    refresh(s)
    return s


def test_gloria_ignis_sends_the_wagon_to_an_intensity_one_block_and_extinguishes():
    """Ruling R21 (docs/rulings/brigade.md)."""
    s = adv(GLORIA)
    s.intensity[P("C5")] = 1
    s.intensity[P("D5")] = 1
    s.bpos[1] = P("D5")  # occupied: not a target
    refresh(s)
    s.apply(A.WARDEN)
    legal = s.legal_actions()
    assert A.TARGET + P("C5") in legal and A.TARGET + P("D5") not in legal
    s.apply(A.TARGET + P("C5"))
    assert s.wpos[0] == P("C5") and s.intensity[P("C5")] == 0 and s.used == 1
    assert s.legal_actions()[0] >= A.PLACE  # 1 renown: an ability that extinguishes gives renown
    s.apply(A.PLACE + P("C5"))
    assert A.WARDEN not in s.legal_actions()  # once per turn


def test_blitz_haben_polymorph_swaps_two_adjacent_non_university_blocks():
    """Ruling R21 (docs/rulings/brigade.md)."""
    s = adv(BLITZ)
    s.intensity[P("B4")] = 2
    s.intensity[P("C2")] = 1
    refresh(s)
    s.apply(A.WARDEN)
    legal = s.legal_actions()
    assert A.SWAP + P("B4") * 2 + 0 not in legal  # C4 is University
    assert A.SWAP + P("B4") * 2 + 1 in legal  # B4 with B5
    s.apply(A.SWAP + P("B4") * 2 + 1)
    assert s.intensity[P("B4")] == 0 and s.intensity[P("B5")] == 2


def test_polymorph_beyond_the_track_destroys_and_cannot_raise_an_occupied_block():
    """Ruling R21 (docs/rulings/brigade.md)."""
    s = adv(BLITZ)
    a = place_block(s, "Giant's Shoe Orphanage", "B4")  # track 5
    b = place_block(s, "Timber Yard", "B5")  # track 3
    s.intensity[a] = 5
    refresh(s)
    s.apply(A.WARDEN)
    s.apply(A.SWAP + a * 2 + 1)
    assert s.destroyed[b] and s.intensity[a] == 0
    s2 = adv(BLITZ)
    s2.intensity[P("B4")] = 2
    s2.bpos[1] = P("B5")
    refresh(s2)
    s2.apply(A.WARDEN)
    assert A.SWAP + P("B4") * 2 + 1 not in s2.legal_actions()


def test_frith_goldmane_removes_a_renown_and_takes_a_rivals_crew():
    """Ruling R7, R21 (docs/rulings/brigade.md)."""
    s = adv(FRITH)
    s.renown[P("C5") * 4 + 1] = 2
    s.renown_left[1] = 14
    give_crew(s, 2, "Lumen", loyal_block="none")
    s.tracks[0] = 1
    refresh(s)
    s.apply(A.WARDEN)
    assert s.legal_actions() == [A.REMOVE + P("C5") * 4 + 1]
    s.apply(A.REMOVE + P("C5") * 4 + 1)
    assert s.renown[P("C5") * 4 + 1] == 1 and s.renown_left[1] == 15
    assert s.legal_actions() == [A.TAKE + 2 * 3 + 0]
    s.apply(A.TAKE + 6)
    assert s.crew[2] == [] and len(s.crew[0]) == 1 and s.wb[0] == 3


def test_glint_dampshot_removes_a_renown_and_allows_a_second_upgrade():
    """Ruling R21 (docs/rulings/brigade.md)."""
    s = adv(GLINT)
    s.apply(A.UPGRADE)
    assert A.UPGRADE + 1 not in s.legal_actions()
    s.apply(A.WARDEN)  # no renown on the board: that part is skipped
    assert A.UPGRADE + 1 in s.legal_actions()
    s.apply(A.UPGRADE + 1)
    assert s.tracks[:3] == [1, 1, 0]


def test_white_street_wise_refills_anywhere_by_paying_a_renown_there():
    """Ruling R21, R22 (docs/rulings/brigade.md)."""
    s = adv(GLINT, WHITE)
    s.bpos[0] = s.wpos[0] = P("C5")
    s.wb[0] = s.ww[0] = 0
    refresh(s)
    assert A.REFILL_BOTH not in s.legal_actions()
    s.renown[P("C5") * 4] = 1
    s.renown_left[0] = 15
    refresh(s)
    s.apply(A.REFILL_BOTH)
    assert s.wb[0] == 2 and s.ww[0] == 2 and s.renown[P("C5") * 4] == 0 and s.renown_left[0] == 16


def test_black_civic_duty_renown_may_go_diagonally():
    """Ruling R21, R22 (docs/rulings/brigade.md)."""
    s = adv(GLINT, BLACK)
    s.bpos[0] = P("C5")
    s.intensity[P("C5")] = 1
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    assert A.PLACE + P("B4") in s.legal_actions() and A.PLACE + P("D6") in s.legal_actions()


def test_pink_fresh_mounts_free_move_after_ending_on_nobles_once_a_turn():
    """Ruling R21, R22 (docs/rulings/brigade.md)."""
    s = adv(GLINT, PINK)
    nob = [q for q in range(N_POS) if s.st_aff[q] == NOBLES]
    s.bpos[0] = nob[0]
    s.intensity = [0] * N_POS
    s.intensity[P("F5")] = 1
    refresh(s)
    # move onto another Nobles block within reach, if any; else check via a direct state edit
    s._move_brigade(0, nob[1])
    assert s.free_moves == 1 and s.pink_used
    s._move_brigade(0, nob[0])
    assert s.free_moves == 1  # once per turn (ruling R17)
    refresh(s)
    used = s.used
    s.apply([a for a in s.legal_actions() if A.MOVE_BRIGADE <= a < A.MOVE_WAGON][0])
    assert s.used == used  # the free move costs no action


def test_orange_insurance_places_a_renown_on_another_merchant_block():
    """Ruling R21, R22 (docs/rulings/brigade.md)."""
    s = adv(GLINT, ORANGE)
    m = [q for q in range(N_POS) if s.st_aff[q] == MERCHANT]
    s.renown[P("C5") * 4] = s.st_value[P("C5")] - 1
    s.renown_left[0] -= s.st_value[P("C5")] - 1
    s._place_renown(0, P("C5"))
    refresh(s)
    legal = s.legal_actions()
    assert A.DECLINE in legal and {a - A.PLACE for a in legal if a != A.DECLINE} == set(m) - {P("C5")}
    s.apply(A.PLACE + [q for q in m if q != P("C5")][0])
    assert sum(s.renown[q * 4] for q in m if q != P("C5")) == 1
