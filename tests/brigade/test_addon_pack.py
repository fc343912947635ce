"""The add-on pack (option ``addon_pack``): six more Wardens (advanced) and six more Crew cards."""

from firebreak.games.brigade.data import MERCHANT, NOBLES
from firebreak.games.brigade.tables import (
    AURATH,
    BERNHARDT,
    CINDY,
    ESTER,
    GALEELA,
    SIR_PRECIOUS,
    WHITE_FANG,
    tables,
)

from .helpers import A, N_POS, P, event_id, give_crew, quiet, refresh


def pack(warden=None, advanced=True):
    s = quiet(keep_fire="F5", advanced=advanced, addon_pack=True)
    if warden is not None:
        s.warden = (warden,) + s.warden[1:]
    refresh(s)
    return s


def _gain(s, p, pos):
    k = s.steal_cost(pos, p) - 1
    s.renown[pos * 4 + p] = k
    s.renown_left[p] -= k
    s._place_renown(p, pos)
    refresh(s)


def test_addon_pack_puts_22_crew_in_the_deck_and_deals_from_ten_wardens():
    """Ruling R27 (docs/rulings/brigade.md)."""
    assert len(quiet(addon_pack=True).crew_deck) == 22
    assert len(quiet().crew_deck) == 16
    seen = {w for seed in range(30) for w in quiet(3, seed, advanced=True, addon_pack=True).warden}
    assert max(seen) >= 4


def test_bernhardt_blaze_allegiances_shields_loyal_blocks_from_events_until_next_turn():
    """Ruling R28 (docs/rulings/brigade.md)."""
    s = pack(BERNHARDT)
    q = P("C1")  # the first main firestorm marks C1
    s.loyal[q] = 0
    refresh(s)
    s.apply(A.WARDEN)
    assert s.allegiance[0] and s.used == 1
    s.event_deck.append(event_id("Firestorm"))
    s.apply(A.END_TURN)
    assert s.intensity[q] == 0 and s.intensity[P("E2")] == 1


def test_ester_never_runs_out_of_water():
    """Ruling R28 (docs/rulings/brigade.md)."""
    s = pack(ESTER)
    assert A.WARDEN not in s.legal_actions()  # Mistform is passive
    s.bpos[0] = P("F5")
    s.intensity[P("F5")] = 2
    s.intensity[P("A2")] = 1
    refresh(s)
    s.apply(A.EXTINGUISH + 2 * A.EXT_W)
    assert s.wb[0] == 2  # topped up after the action


def test_white_fang_dusk_then_dawn():
    """Ruling R22, R28 (docs/rulings/brigade.md)."""
    s = pack(WHITE_FANG)
    give_crew(s, 0, "Lumen")
    s.wb[0] = 0
    refresh(s)
    s.apply(A.WARDEN)
    assert s.crew[0] == [] and s.wb[0] == 2 and s.dawn[0]
    s.wb[0] = 0
    s.ww[0] = 0
    refresh(s)
    assert A.REFILL_BOTH not in s.legal_actions()  # Dawn side: no Refill action
    for _ in range(3):
        s.event_deck.append(event_id("Upgrade Leadership"))  # events needing no choice
    s.apply(A.END_TURN)
    for _ in range(2):
        s.apply(A.END_TURN)
    s.apply(A.WARDEN)
    assert not s.dawn[0] and A.REFILL_BOTH in s.legal_actions()


def test_galeela_mimics_a_crew_card_without_a_loyal_block():
    """Ruling R28 (docs/rulings/brigade.md)."""
    s = pack(GALEELA)
    give_crew(s, 1, "Kulari One-Shoe", loyal_block="none")
    refresh(s)
    s.apply(A.WARDEN)
    assert s.legal_actions() == [A.MIMIC + 1 * 3 + 0]
    s.apply(A.MIMIC + 3)
    assert s.active(0, tables().crew.index(next(c for c in tables().crew if c[0] == "Kulari One-Shoe")))
    br, bc = divmod(s.bpos[0], 6)
    far = [
        a - A.MOVE_BRIGADE
        for a in s.legal_actions()
        if A.MOVE_BRIGADE <= a < A.MOVE_WAGON
        and max(abs((a - A.MOVE_BRIGADE) // 6 - br), abs((a - A.MOVE_BRIGADE) % 6 - bc)) >= 4
    ]
    assert far  # Kulari's five steps


def test_aurath_ether_steps_through_rivals_stealing_water():
    """Ruling R28 (docs/rulings/brigade.md)."""
    s = pack(AURATH)
    s.bpos[0] = P("A2")
    s.intensity[P("C3")] = 1
    s.bpos[1] = P("B2")
    s.wpos[2] = P("B2")
    s.wb[0] = 0
    refresh(s)
    s.apply(A.WARDEN)
    assert A.TARGET + P("B2") in s.legal_actions()
    s.apply(A.TARGET + P("B2"))
    assert s.wb[0] == 2 and s.wb[1] == 1 and s.ww[2] == 1
    assert A.DECLINE not in s.legal_actions()  # cannot stop on a rival Brigade
    s.apply(A.TARGET + P("C3"))
    assert s.bpos[0] == P("C3") and not s.stack and s.used == 1  # entered fire (University): stops


def test_cindy_bustion_pyrocontrol_renown_on_the_next_firestorm():
    """Ruling R28 (docs/rulings/brigade.md)."""
    s = pack(CINDY)
    s.apply(A.WARDEN)
    s.event_deck.append(event_id("Firestorm"))
    s.apply(A.END_TURN)
    assert all(s.renown[P(x) * 4] == 1 for x in ("C1", "E2", "F3") if s.loyal[P(x)] != 0)
    assert not s.pyro[0]


def test_immora_renown_on_another_noble_block():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    give_crew(s, 0, "Immora")
    nob = [q for q in range(N_POS) if s.st_aff[q] == NOBLES and s.loyal[q] < 0]
    _gain(s, 0, nob[0])
    assert A.PLACE + nob[1] in s.legal_actions() and A.PLACE + nob[0] not in s.legal_actions()
    s.apply(A.PLACE + nob[1])
    assert s.renown[nob[1] * 4] >= 1 or s.loyal[nob[1]] == 0


def test_ali_ahmar_three_choices_on_gaining_a_merchant_block():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    give_crew(s, 0, "Ali Ahmar")
    m = [q for q in range(N_POS) if s.st_aff[q] == MERCHANT and s.loyal[q] < 0]
    s.wb[0] = 0
    _gain(s, 0, m[0])
    assert A.CHOICE in s.legal_actions()
    s.apply(A.CHOICE)
    assert s.wb[0] == 2
    s.renown[P("C5") * 4] = 1
    s.renown_left[0] -= 1
    _gain(s, 0, m[1])
    s.apply(A.CHOICE + 1)
    s.apply(A.REMOVE + P("C5") * 4)
    s.apply(A.PLACE + P("D5"))
    assert s.renown[P("C5") * 4] == 0 and (s.renown[P("D5") * 4] == 1 or s.loyal[P("D5")] == 0)


def test_veda_moonbright_turns_a_fireball_into_renown():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    give_crew(s, 2, "Veda Moonbright")
    s.wpos[2] = P("C1")
    refresh(s)
    s.event_deck.append(event_id("Firestorm"))
    s.apply(A.END_TURN)
    assert s.renown[P("C1") * 4 + 2] == 1 or s.loyal[P("C1")] == 2  # (a value-1 block is won at once)
    assert s.intensity[P("C1")] == 0 and s.intensity[P("E2")] == 1


def test_zilda_garrett_makes_a_rival_discard_a_crew_member_of_their_choice():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    give_crew(s, 0, "Zilda Garrett")
    give_crew(s, 1, "Lumen", loyal_block="none")
    give_crew(s, 1, "Ebenezer", loyal_block="none")
    nob = [q for q in range(N_POS) if s.st_aff[q] == NOBLES and s.loyal[q] < 0]
    _gain(s, 0, nob[0])
    assert s.legal_actions() == sorted([A.PLAYER + 1, A.DECLINE])
    s.apply(A.PLAYER + 1)
    assert s.current_player() == 1 and s.legal_actions() == [A.DISCARD, A.DISCARD + 1]
    s.apply(A.DISCARD + 1)
    assert len(s.crew[1]) == 1 and s.current_player() == 0


def test_ash_extinguishes_an_adjacent_block_once_a_turn():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    give_crew(s, 0, "Ash")
    s.bpos[0] = P("B5")
    s.intensity[P("C5")] = 2
    s.wb[0] = 4
    refresh(s)
    a = A.ASH_EXTINGUISH + P("C5") * 3 + 1
    assert a in s.legal_actions()
    s.apply(a)
    assert s.intensity[P("C5")] == 0 and s.stack[-1][2] == 2 and s.wb[0] == 2


def test_sir_precious_is_given_away_costs_an_action_and_is_discarded_at_home():
    """Ruling R29 (docs/rulings/brigade.md)."""
    s = pack(advanced=False)
    s.tracks[0] = 1
    s.crew_deck.remove(SIR_PRECIOUS)
    s.crew_deck.append(SIR_PRECIOUS)
    refresh(s)
    s.apply(A.RECRUIT)
    assert s.legal_actions() == [A.PLAYER + 1, A.PLAYER + 2]
    s.apply(A.PLAYER + 1)
    assert s.precious == 1 and len(s.drawn) == 2
    s.apply(A.KEEP_NONE)
    s.apply(A.END_TURN)
    assert s.turn_player == 1 and s.actions_allowed() == 3
    assert A.DISCARD_PRECIOUS in s.legal_actions()
    s.apply(A.DISCARD_PRECIOUS)
    assert s.precious == -1 and s.used == 0 and SIR_PRECIOUS in s.crew_discard
