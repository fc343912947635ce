"""Rulings from docs/rulings/brigade.md not pinned elsewhere."""

from firebreak.games.brigade.data import COMMONS

from .helpers import A, P, block_of, event_id, give_crew, quiet, refresh


def test_r6_no_move_may_end_on_a_rivals_firehouse():
    """R6: meeples caught by a destroyed block go home, so a rival's Firehouse is never a move's end."""
    s = quiet(keep_fire="F5")
    s.bpos[0] = P("D1")
    refresh(s)
    assert A.MOVE_BRIGADE + P("F1") not in s.legal_actions()  # black's home (seat 1)
    assert A.MOVE_BRIGADE + P("E1") in s.legal_actions()
    assert A.MOVE_WAGON + P("F1") not in s.legal_actions()
    assert A.MOVE_WAGON + P("A6") in s.legal_actions()  # unused corner in a 3-player game (orange)


def test_r11_refills_take_only_what_the_water_supply_holds():
    """R11: the box has 40 water tokens; a refill takes only what is left in the supply."""
    s = quiet(keep_fire="F5")
    s.wb[0] = s.ww[0] = s.wb[1] = 0
    s.wb[1] = 40 - sum(s.wb) - sum(s.ww) - 1  # a rival hoards all but one token (capacity aside)
    refresh(s)
    assert s.water_supply() == 1
    s.apply(A.REFILL_BOTH)
    assert s.wb[0] + s.ww[0] == 1 and s.water_supply() == 0
    assert not {A.REFILL_BOTH, A.REFILL_BRIGADE, A.REFILL_WAGON} & set(s.legal_actions())


def test_r13_leadership_bonus_earned_in_another_turn_is_kept_for_own_next_turn():
    s = quiet(keep_fire="F5")
    s.tracks[3 * 2 + 2] = 3  # seat 2: leadership one step from blue
    refresh(s)
    s.event_deck.append(event_id("Upgrade Leadership"))
    s.apply(A.END_TURN)  # seat 1's event upgrades everyone: seat 2 reaches blue
    assert s.bonus[2] == 2 and s.turn_player == 1
    s.event_deck.append(event_id("Refill all Brigades"))
    s.apply(A.END_TURN)
    assert s.turn_player == 2 and s.actions_allowed() == 6 + 2
    s.event_deck.append(event_id("Refill all Brigades"))
    s.apply(A.END_TURN)
    assert s.bonus[2] == 0


def test_r20_del_uge_is_mandatory():
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Del Uge", loyal_block="none")
    c = block_of(s, COMMONS, exclude=(P("F5"),))
    s.renown[c * 4] = s.st_value[c] - 1
    s.renown_left[0] -= s.st_value[c] - 1
    s._place_renown(0, c)
    refresh(s)
    assert A.DECLINE not in s.legal_actions() and s.legal_actions() == [A.TARGET + P("F5")]


def test_r20_brother_ben_no_extra_turn_for_an_upgrade_in_someone_elses_turn():
    s = quiet(keep_fire="F5")
    give_crew(s, 2, "Brother Ben")
    s.tracks[3 * 2 + 2] = 3
    refresh(s)
    s.event_deck.append(event_id("Upgrade Leadership"))
    s.apply(A.END_TURN)
    assert not s.extra_turn
