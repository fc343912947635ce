"""Renown and Loyalty: placement around the extinguished block, loyalty at value, stealing at value + 1."""

from .helpers import A, P, place_block, quiet, refresh


def test_rulebook_white_player_renown_and_loyalty_example():
    """White has 2 renown on Thing On A Stick! and 1 on Verna's Pumpkin Patch, extinguishes the intensity 3
    fire on Grandma Yentl's Coop with 3 water, places 1 renown on Verna's (2 of 3: not yet) and 2 on Thing On
    A Stick! (4 = its value): all renown there is removed (a rival's too) and White's Loyalty marker placed. Ruling R9 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="A2")
    coop = place_block(s, "Grandma Yentl's Coop", "C5")
    verna = place_block(s, "Verna's Pumpkin Patch", "B5")
    thing = place_block(s, "Thing On A Stick!", "D5")
    s.renown[thing * 4 + 0] = 2
    s.renown[verna * 4 + 0] = 1
    s.renown_left[0] = 13
    s.renown[thing * 4 + 1] = 1  # a rival's token too
    s.renown_left[1] = 15
    s.intensity[coop] = 3
    s.bpos[0] = s.wpos[0] = coop
    s.wb[0], s.ww[0] = 2, 1
    refresh(s)
    s.apply(A.EXTINGUISH + 2 * A.EXT_W + 1)
    assert s.intensity[coop] == 0
    legal = s.legal_actions()
    assert legal == sorted(A.PLACE + q for q in (coop, verna, thing, P("C4"), P("C6")))
    s.apply(A.PLACE + verna)
    assert s.renown[verna * 4] == 2 and s.loyal[verna] == -1
    s.apply(A.PLACE + thing)
    assert s.loyal[thing] == -1
    s.apply(A.PLACE + thing)
    assert s.loyal[thing] == 0
    assert s.renown[thing * 4] == 0 and s.renown[thing * 4 + 1] == 0
    assert s.renown_left == [16 - 2, 16, 16] and s.loyalty_left[0] == 9
    assert s.scores()[0] == 4


def test_renown_not_diagonal_and_not_on_destroyed_or_firehouses():
    """Ruling R9 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="A2")
    s.bpos[0] = P("B2")
    s.intensity[P("B2")] = 1
    s.destroyed[P("C2")] = 1
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    got = {a - A.PLACE for a in s.legal_actions()}
    assert got == {P("B2"), P("B1"), P("A2"), P("B3")}


def test_stealing_costs_value_plus_one_and_does_not_accumulate():
    """Ruling R10 (docs/rulings/brigade.md)."""
    s = quiet()
    q = P("C4")
    v = s.st_value[q]
    s.loyal[q] = 1
    s.loyalty_left[1] -= 1
    for _ in range(v):
        s._place_renown(0, q)
    assert s.loyal[q] == 1
    s._place_renown(0, q)
    assert s.loyal[q] == 0 and s.loyalty_left == [9, 10, 10]
    for _ in range(v + 1):
        s._place_renown(2, q)
    assert s.loyal[q] == 2  # value + 1 again, not value + 2


def test_renown_supply_is_limited_to_sixteen_tokens():
    """Ruling R9 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="E5")
    s.intensity[P("A2")] = 1
    s.renown_left[0] = 0
    s.bpos[0] = P("A2")
    s.wb[0] = 1
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    assert not s.stack and s.current_player() == 0  # nothing to place: the placement is skipped


def test_renown_from_a_partial_douse_is_zero():
    """Ruling R8 (docs/rulings/brigade.md)."""
    s = quiet(keep_fire="A2")
    s.bpos[0] = P("A2")
    s.intensity[P("A2")] = 2
    s.wb[0] = 1
    s.ww[0] = 0
    refresh(s)
    s.apply(A.EXTINGUISH + A.EXT_W)
    assert s.renown_left[0] == 16 and s.intensity[P("A2")] == 1
