"""Rulings from docs/rulings/brigade.md not pinned elsewhere."""

from firebreak.games.brigade.data import COMMONS
from firebreak.games.brigade.frames import F_CHOPS, F_RENOWN

from .helpers import A, N_POS, P, block_of, event_id, give_crew, quiet, refresh


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


# --- R32: the game ending mid-phase -------------------------------------------------------------------------------


def test_r32_a_fire_chief_wins_at_once_even_with_renown_tokens_left_to_place():
    """Loyalty of the Citizens gained with the first of three tokens: the game ends before the other two."""
    s = quiet(keep_fire="F5")
    picks = [next(q for q in range(N_POS) if s.st_aff[q] == a and q != P("F5")) for a in range(4)]
    for q in picks:
        s.loyal[q] = 0
        s.loyalty_left[0] -= 1
    uni = P("C3")
    s.renown[uni * 4] = s.st_value[uni] - 1
    s.renown_left[0] -= s.st_value[uni] - 1
    s.stack.append((F_RENOWN, 0, 3, P("C2"), False))
    refresh(s)
    left = s.renown_left[0]
    s.apply(A.PLACE + uni)
    assert s.over and s.end_reason == "citizens" and s.winners() == [0]
    assert s.renown_left[0] == left + s.st_value[uni] - 1  # the block's tokens came back; two were never placed
    assert s.legal_actions() == [] and s.action_choices() == []


def test_r32_all_fires_out_ends_the_game_after_the_whole_action_not_mid_renown():
    s = quiet(keep_fire="A2")
    s.bpos[0] = P("A2")
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    assert not s.over and s.current_player() == 0  # the renown token is placed first
    s.apply(s.legal_actions()[0])
    assert s.over and s.end_reason == "all fires out"


# --- R33: decks running out ---------------------------------------------------------------------------------------


def test_r33_an_empty_crew_deck_reshuffles_its_discards_and_an_exhausted_one_draws_what_is_left():
    s = quiet(keep_fire="F5")
    s.tracks[0] = 1  # room for one crew member
    everything = s.crew_deck + s.crew_discard
    s.crew_deck, s.crew_discard = [], everything[:1]
    s.crew[1] = everything[1:]  # every other card is in a rival's crew
    refresh(s)
    assert A.RECRUIT in s.legal_actions()
    s.apply(A.RECRUIT)
    assert s.drawn == everything[:1] and s.crew_discard == []  # the discard pile became the deck; one card drawn
    assert s.legal_actions() == [A.KEEP_FIRST, A.KEEP_NONE]
    s.apply(A.KEEP_NONE)
    s.crew_discard = []
    refresh(s)
    assert A.RECRUIT not in s.legal_actions()  # no card anywhere: no Recruit action


def test_r33_the_event_deck_reshuffles_with_the_starters_and_says_so():
    s = quiet(keep_fire="E5")
    s.event_discard.extend(s.event_deck)
    s.event_deck = []
    refresh(s)
    start = len(s.events)
    s.apply(A.END_TURN)
    assert "The Event deck is empty" in " ".join(s.describe_event(e) for e in s.events[start:])
    assert len(s.event_deck) + len(s.event_discard) == 30


# --- R19: "adjacent" ----------------------------------------------------------------------------------------------


def test_r19_mog_pushes_to_any_of_eight_neighbours_but_chops_and_renown_reach_only_four():
    s = quiet(keep_fire="F5")
    give_crew(s, 0, "Mog The Heavy")
    s.bpos[1] = P("C2")
    refresh(s)
    s.apply(A.MOVE_BRIGADE + P("C2"))
    pushes = {a - A.TARGET for a in s.legal_actions()}
    assert {P("B1"), P("D1"), P("B3")} <= pushes  # diagonal neighbours of C2
    t = quiet(keep_fire="F5")
    assert set(t._renown_targets(P("C2"), False)) == {P("C2"), P("C1"), P("B2"), P("D2"), P("C3")}
    give_crew(t, 0, "Chops Murphy")
    t.stack.append((F_CHOPS, 0, P("C2")))
    refresh(t)
    raised = {a - A.TARGET for a in t.legal_actions() if a != A.DECLINE}
    assert raised and raised <= {P("C1"), P("B2"), P("D2"), P("C3")}


def test_r34_leons_wagon_spends_one_levels_water():
    """R34: where a level takes two water, Leon's Wagon needs two tokens to put out a fire of one level, and spends
    them, and its choice says so (the printed game's one token: test_crew.py)."""
    s = quiet(keep_fire="F5", rules={"water_per_level": 2})
    give_crew(s, 0, "Leon Bertrand")
    s.wpos[0] = P("D5")
    s.intensity[P("D5")] = 1
    s.ww[0] = 1
    refresh(s)
    assert A.WAGON_EXTINGUISH not in s.legal_actions()
    s.ww[0] = 3
    refresh(s)
    note = next(c.note for c in s.action_choices() if c.action == A.WAGON_EXTINGUISH)
    assert note == "2 water tokens from your Wagon; 1 renown token"
    s.apply(A.WAGON_EXTINGUISH)
    assert s.intensity[P("D5")] == 0 and s.ww[0] == 1


def test_r34_ash_spends_whole_levels_of_water():
    """R34: where a level takes two water, Ash's two tokens lower a fire one level (or put out a fire of one level);
    one token, which would lower nothing, is never offered."""
    s = quiet(keep_fire="F5", addon_pack=True, rules={"water_per_level": 2})
    give_crew(s, 0, "Ash")
    s.bpos[0] = P("B5")
    s.intensity[P("C5")] = 2
    s.wb[0] = 4
    refresh(s)
    legal = s.legal_actions()
    assert [a - A.ASH_EXTINGUISH - P("C5") * 3 + 1 for a in legal if A.ASH_EXTINGUISH <= a < A.DISCARD_PRECIOUS] == [2]
    s.apply(A.ASH_EXTINGUISH + P("C5") * 3 + 1)
    assert s.intensity[P("C5")] == 1 and s.wb[0] == 2 and s.stack == []  # still burning: no renown


def test_r35_lumen_saves_one_water_token_not_one_level():
    """R35: a University fire of 3 that takes 6 water at two a level takes 5 with Lumen, for the full renown."""
    s = quiet(keep_fire="F5", rules={"water_per_level": 2})
    give_crew(s, 0, "Lumen")
    u = P("C3")
    s.intensity[u] = 3
    s.bpos[0] = u
    s.wb[0] = 6
    refresh(s)
    spends = [sum(divmod(a - A.EXTINGUISH, A.EXT_W)) for a in s.legal_actions() if A.EXTINGUISH <= a < A.REFILL_BRIGADE]
    assert sorted(spends) == [2, 4, 5]
    s.apply(A.EXTINGUISH + 5 * A.EXT_W)
    assert s.intensity[u] == 0 and s.stack[-1][0] == F_RENOWN and s.stack[-1][2] == 3


def test_r36_leons_put_out_is_one_level_of_renown():
    """R36: at two renown a level, Leon's Wagon earns two; at none, nothing is placed and the log says so."""
    for per_level, renown in ((2, 2), (0, 0)):
        s = quiet(keep_fire="F5", rules={"renown_per_level": per_level})
        give_crew(s, 0, "Leon Bertrand")
        s.wpos[0] = P("D5")
        s.intensity[P("D5")] = 1
        refresh(s)
        s.apply(A.WAGON_EXTINGUISH)
        assert [f[2] for f in s.stack if f[0] == F_RENOWN] == ([renown] if renown else [])
        said = s.describe_event(next(e for e in reversed(s.events) if e.kind == "extinguished"))
        assert said.endswith("earns 2 renown tokens." if renown else "earns no renown.")


def test_r36_glorias_put_out_is_one_level_of_renown():
    """R36: Send the Wagon puts out a fire of one level: at two renown a level, two tokens to place."""
    from firebreak.games.brigade.tables import GLORIA

    s = quiet(keep_fire="F5", advanced=True, rules={"renown_per_level": 2})
    s.warden = (GLORIA,) + s.warden[1:]
    s.intensity[P("C5")] = 1
    refresh(s)
    s.apply(A.WARDEN)
    s.apply(A.TARGET + P("C5"))
    assert s.intensity[P("C5")] == 0 and s.stack[-1][0] == F_RENOWN and s.stack[-1][2] == 2


def test_r37_ester_tops_up_to_the_warden_cards_water():
    """R37: with one water on a Warden card, Ester's Brigade is topped up to one token, not the printed two."""
    from firebreak.games.brigade.tables import ESTER

    s = quiet(keep_fire="F5", advanced=True, addon_pack=True, rules={"warden_water": 1})
    s.warden = (ESTER,) + s.warden[1:]
    s.bpos[0] = P("F5")
    s.intensity[P("F5")] = 1
    s.intensity[P("A2")] = 1
    s.wb[0] = 1
    refresh(s)
    s.apply(A.EXTINGUISH + 1 * A.EXT_W)
    s.apply(A.PLACE + P("F5"))
    assert s.wb[0] == 1 and s.brigade_cap(0) == 1


def test_r38_ebenezer_enters_destroyed_blocks_at_no_extra_cost_whatever_the_rules():
    """R38: entering a destroyed block costs 3 more under the variant, but not for Ebenezer (the printed case:
    test_crew.py::test_ebenezer_moves_through_fire_and_destroyed_blocks_normally)."""
    s = quiet(keep_fire="B1", rules={"destroyed_block_extra_movement": 3})
    s.intensity[P("B2")] = 1
    s.intensity[P("A2")] = 1
    s.destroyed[P("C2")] = 1
    refresh(s)
    assert P("D1") not in _targets(s)
    give_crew(s, 0, "Ebenezer")
    refresh(s)
    assert {P("D1"), P("D3"), P("A4")} <= _targets(s)


def _targets(s) -> set[int]:
    return {a - A.MOVE_BRIGADE for a in s.legal_actions() if A.MOVE_BRIGADE <= a < A.MOVE_WAGON}
