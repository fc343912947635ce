"""The seven actions of the Action phase and the action budget."""

import pytest

from firebreak.core import IllegalActionError

from .helpers import A, P, crew_id, give_crew, quiet, refresh


def targets(s):
    return {a - A.MOVE_BRIGADE for a in s.legal_actions() if A.MOVE_BRIGADE <= a < A.MOVE_WAGON}


def test_move_brigade_up_to_three_including_diagonals():
    s = quiet()
    s.bpos[0] = P("B2")
    s.intensity = [0] * 36
    s.intensity[P("F6") - 1] = 1  # E6 burning, far away
    refresh(s)
    t = targets(s)
    assert P("E5") in t and P("B5") in t and P("E2") in t  # three steps straight / diagonal
    assert P("F2") not in t and P("B6") not in t  # four steps


def test_move_brigade_not_onto_or_through_a_rival_brigade():
    """Ruling R6 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="F4")
    s.bpos[0] = P("A2")
    s.bpos[1] = P("B2")
    s.bpos[2] = P("B3")
    s.wpos[2] = P("B1")  # a rival wagon does not block (ruling R5)
    refresh(s)
    t = targets(s)
    assert P("B2") not in t and P("B3") not in t
    assert P("B1") in t
    # blocked column: A3 and B1 are open, so C2 is still reachable around
    assert P("C2") in t


def test_move_brigade_stops_on_entering_fire():
    """Ruling R6 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="B2")
    s.bpos[0] = P("A2")
    s.intensity[P("B1")] = 1
    s.intensity[P("B3")] = 1
    s.intensity[P("A3")] = 1
    refresh(s)
    t = targets(s)
    assert P("B2") in t
    # every route east crosses a burning block of column B, where the Brigade must stop
    assert P("C2") not in t and P("A1") in t
    s2 = quiet(keep_fire="C1")
    s2.bpos[0] = P("A3")
    for q in ("A2", "B2", "B3", "B4", "A4"):
        s2.intensity[P(q)] = 1
    refresh(s2)
    t2 = targets(s2)
    assert P("B3") in t2 and P("C3") not in t2 and P("C2") not in t2


def test_move_brigade_may_leave_a_burning_block_and_destroyed_blocks_cost_one_extra():
    """Ruling R6 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="A2")
    s.bpos[0] = P("A2")  # starting on a fire: may move off normally
    for q in ("B1", "B2", "B3"):
        s.destroyed[q and P(q)] = 1
    refresh(s)
    t = targets(s)
    assert P("A3") in t and P("A4") in t
    assert P("B2") not in t  # may not end on a destroyed block
    assert P("C2") in t  # destroyed B2 costs 2, then C2 costs 1 = 3
    assert P("D2") not in t


def test_move_brigade_costs_one_action_and_ending_on_fire_is_allowed():
    s = quiet(keep_fire="B2")
    s.apply(A.MOVE_BRIGADE + P("B2"))
    assert s.bpos[0] == P("B2") and s.used == 1


def test_move_wagon_anywhere_not_destroyed_nor_occupied_by_rivals():
    """Ruling R6 (docs/rulings/brigade.md)."""
    s = quiet()
    s.destroyed[P("C2")] = 1
    s.bpos[1] = P("D4")
    refresh(s)
    t = {a - A.MOVE_WAGON for a in s.legal_actions() if A.MOVE_WAGON <= a < A.EXTINGUISH}
    assert P("F6") not in t and P("F1") not in t  # rival wagons in their firehouses
    assert P("C2") not in t and P("D4") not in t
    assert P("E5") in t and P("A2") in t  # anywhere, even burning
    s.bpos[0] = P("E5")
    refresh(s)
    s.apply(A.MOVE_WAGON + P("E5"))  # may share its own Brigade's block
    assert s.wpos[0] == P("E5")


def test_extinguish_partial_gives_no_renown_full_gives_one_per_intensity():
    """Ruling R8 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="B2")
    s.bpos[0] = s.wpos[0] = P("B2")
    s.intensity[P("B2")] = 3
    s.wb[0], s.ww[0] = 2, 2
    refresh(s)
    assert A.EXTINGUISH + 2 * A.EXT_W + 1 in s.legal_actions()
    assert A.EXTINGUISH + 2 * A.EXT_W + 2 not in s.legal_actions()  # never more water than the fire needs
    s.apply(A.EXTINGUISH + 1 * A.EXT_W + 0)
    assert s.intensity[P("B2")] == 2 and s.renown_left[0] == 16 and s.current_player() == 0 and not s.stack
    s.apply(A.EXTINGUISH + 1 * A.EXT_W + 1)
    assert s.intensity[P("B2")] == 0 and s.wb[0] == 0 and s.ww[0] == 1
    # renown equal to the intensity removed in this action (2), placed token by token
    assert s.stack[-1][0] == 1 and s.stack[-1][2] == 2


def test_wagon_water_only_when_on_the_brigades_block():
    """Ruling R8 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="B2")
    s.bpos[0] = P("B2")
    s.intensity[P("B2")] = 3
    s.wb[0], s.ww[0] = 1, 2
    refresh(s)
    ext = [a for a in s.legal_actions() if A.EXTINGUISH <= a < A.REFILL_BRIGADE]
    assert ext == [A.EXTINGUISH + 1 * A.EXT_W]


def test_refill_on_firehouse_and_loyal_block_both_meeples_at_once():
    """Ruling R11 (docs/rulings/brigade.md)."""
    s = quiet()
    s.wb[0], s.ww[0] = 0, 0
    refresh(s)
    assert A.REFILL_BOTH in s.legal_actions() and A.REFILL_BRIGADE not in s.legal_actions()
    s.apply(A.REFILL_BOTH)
    assert s.wb[0] == 2 and s.ww[0] == 2 and s.used == 1
    s.bpos[0] = P("C4")
    s.wpos[0] = P("D4")
    s.wb[0] = s.ww[0] = 0
    s.loyal[P("C4")] = 0
    refresh(s)
    assert A.REFILL_BRIGADE in s.legal_actions() and A.REFILL_WAGON not in s.legal_actions()
    s.apply(A.REFILL_BRIGADE)
    assert s.wb[0] == 2 and s.ww[0] == 0


def test_refill_not_allowed_elsewhere():
    s = quiet()
    s.bpos[0] = s.wpos[0] = P("C4")
    s.wb[0] = 0
    refresh(s)
    assert not {A.REFILL_BOTH, A.REFILL_BRIGADE, A.REFILL_WAGON} & set(s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply(A.REFILL_BOTH)


def test_recruit_draw_two_keep_one_the_other_discarded_crew_water_usable():
    """Ruling R7, R12 (docs/rulings/brigade.md)."""
    s = quiet()
    assert A.RECRUIT not in s.legal_actions()  # crew track on 0: no Crew can be supported (ruling R10)
    s.tracks[0] = 1
    refresh(s)
    top2 = s.crew_deck[-2:]
    s.apply(A.RECRUIT)
    assert s.drawn == [top2[1], top2[0]] and s.legal_actions() == [A.KEEP_FIRST, A.KEEP_SECOND, A.KEEP_NONE]
    s.apply(A.KEEP_SECOND)
    from firebreak.games.brigade.tables import tables

    assert s.crew[0] == [top2[0]] and s.crew_discard == [top2[1]]
    assert s.wb[0] == 2 + tables().crew_water[top2[0]]


def test_recruit_keep_neither_and_replace_when_full():
    """Ruling R12 (docs/rulings/brigade.md)."""
    s = quiet()
    s.tracks[0] = 1
    refresh(s)
    s.apply(A.RECRUIT)
    s.apply(A.KEEP_NONE)
    assert s.crew[0] == [] and len(s.crew_discard) == 2 and s.used == 1
    s.apply(A.RECRUIT)
    s.apply(A.KEEP_FIRST)
    first = s.crew[0][0]
    s.apply(A.RECRUIT)
    assert A.KEEP_FIRST in s.legal_actions()
    s.apply(A.KEEP_FIRST)
    assert s.legal_actions() == [A.REPLACE]  # full (capacity 1): replace the only member
    s.apply(A.REPLACE)
    assert len(s.crew[0]) == 1 and s.crew[0][0] != first and first in s.crew_discard


def test_transfer_between_wagon_and_brigade_on_same_block():
    s = quiet()
    s.wb[0], s.ww[0] = 1, 2
    refresh(s)
    assert A.TO_BRIGADE + 0 in s.legal_actions() and A.TO_BRIGADE + 1 not in s.legal_actions()  # cap 2
    assert A.TO_WAGON + 0 not in s.legal_actions()  # wagon full at 2
    s.apply(A.TO_BRIGADE)
    assert s.wb[0] == 2 and s.ww[0] == 1
    s.wpos[0] = P("C4")
    refresh(s)
    assert not [a for a in s.legal_actions() if A.TO_WAGON <= a < A.UPGRADE]


def test_upgrade_once_per_turn_and_leadership_counts_the_same_turn():
    s = quiet()
    s.tracks[2] = 1  # leadership 4, next circle 5
    refresh(s)
    s.apply(A.UPGRADE + 2)
    assert s.actions_allowed() == 5 and s.used == 1
    assert not [a for a in s.legal_actions() if A.UPGRADE <= a < A.WARDEN]


def test_upgrade_blue_bonuses():
    """Ruling R14 (docs/rulings/brigade.md)."""
    s = quiet()
    s.tracks[2] = 3
    refresh(s)
    s.apply(A.UPGRADE + 2)  # leadership to the blue circle: 6 and +2 this turn
    assert s.actions_allowed() == 8
    s = quiet()
    s.tracks[0] = 3
    refresh(s)
    s.apply(A.UPGRADE + 0)  # crew to blue: a free recruit
    assert s.legal_actions() == [A.KEEP_FIRST, A.KEEP_SECOND, A.KEEP_NONE] and s.used == 1
    s = quiet()
    s.tracks[1] = 3
    refresh(s)
    s.apply(A.UPGRADE + 1)  # wagon to blue: after a Move Brigade, move the wagon free (once a turn)
    s.apply(A.MOVE_BRIGADE + P("B2"))
    assert A.DECLINE in s.legal_actions() and A.MOVE_WAGON + P("C3") in s.legal_actions()
    s.apply(A.MOVE_WAGON + P("C3"))
    assert s.wpos[0] == P("C3") and s.used == 2
    s.apply(A.MOVE_BRIGADE + P("B3"))
    assert not s.stack  # once per turn


def test_actions_run_out_at_the_leadership_value_and_end_turn_any_time():
    """Ruling R15 (docs/rulings/brigade.md)."""
    s = quiet()
    for _ in range(4):
        s.apply(A.MOVE_WAGON + P("C4") if s.wpos[0] != P("C4") else A.MOVE_WAGON + P("D4"))
    assert s.turn_player == 1  # the turn ended by itself after four actions
    s.apply(A.END_TURN)
    assert s.turn_player == 2


def test_crew_card_ids_are_stable():
    assert crew_id("Ebenezer") == 15 and crew_id("Kulari One-Shoe") == 0
    s = quiet()
    give_crew(s, 0, "Lumen")
    assert s.active(0, crew_id("Lumen"))


def test_bitboard_move_destinations_match_the_reference_search():
    """The fast Move Brigade menu (bitboards) agrees with the step-by-step search on random positions, with and
    without Ebenezer (mimicked here so no loyal block is needed)."""
    from firebreak.core import Rng, get_game

    spec = get_game("brigade")
    r = Rng(5)
    checked = 0
    for seed in range(12):
        s = spec.new_game(2 + seed % 3, seed, {"addon_pack": True})
        while not s.is_terminal():
            for p in range(s.num_players):
                for eben in (False, True):
                    s.mimic[p] = crew_id("Ebenezer") if eben else -1
                    for budget in (3, 5):
                        src = s.bpos[p]
                        _, entered = s._reach(p, src, budget)
                        homes = [s.firehouse[q] for q in range(s.num_players) if q != p]
                        ref = sorted(q for q in entered if q != src and not s.destroyed[q] and q not in homes)
                        assert s._targets_fast(p, src, budget, 0) == ref
                        checked += 1
                s.mimic[p] = -1
            legal = s.legal_actions()
            s.apply(legal[r.below(len(legal))])
    assert checked > 1000
