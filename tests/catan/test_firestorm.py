"""The Fire Stations variant: the firestorm, its spread along roads, fire stations, The Fire Wardens.

Each test names the ruling (docs/rulings/catan.md, section "Firestorm") it pins.
"""

import pytest

from firebreak.core import IllegalActionError
from firebreak.games.catan.state import DISCARD, FIRE_PAY, MAIN, MOVE_TOKEN, TAKE

from .helpers import blank, build, give, road

ORANGE, RED, BLUE, WHITE = 0, 1, 2, 3
F = 5  # hex F on the beginner board: nodes 9, 14, 19, 24, 18, 13


def _seven(s):
    """Put the state where the roller has just rolled a 7 and must place the firestorm."""
    s.phase = MOVE_TOKEN
    s.return_phase = MAIN
    s.actor = s.turn
    s._legal = None


def _worked_example():
    s = blank(turn=ORANGE)
    build(s, ORANGE, 27)
    # Red: a settlement on F (9), its next settlement (1) has a fire station, and one beyond it (0... via 4)
    build(s, RED, 9)
    road(s, RED, 9, 5)
    road(s, RED, 5, 1)
    build(s, RED, 1, station=True)
    road(s, RED, 1, 4)
    road(s, RED, 4, 0)
    build(s, RED, 0)
    # Blue: a settlement on F (24) and two more along its roads, none with a fire station
    build(s, BLUE, 24)
    road(s, BLUE, 24, 30)
    road(s, BLUE, 30, 36)
    build(s, BLUE, 36)
    road(s, BLUE, 36, 41)
    road(s, BLUE, 41, 46)
    build(s, BLUE, 46)
    give(s, RED, lumber=1, grain=2)
    give(s, BLUE, ore=1, wool=1)
    _seven(s)
    return s


def test_rulebook_worked_example_orange_on_hex_f():
    """Rulebook example: Red protected after one card; Blue owes 1 + 2 but has only 2 cards."""
    s = _worked_example()
    bank_before = sum(s.bank)
    s.apply("firestorm on hex F")
    assert s.phase == TAKE  # Red and Blue both have unsecured buildings on F
    assert sorted(s.legal_actions()) == [s.lay.take + RED, s.lay.take + BLUE]
    s.apply("take a card from seat 1")
    assert sum(s.hands[ORANGE]) == 1  # Orange drew a card from Red
    assert sum(s.hands[RED]) == 2  # Red lost that one card and nothing to the bank
    assert sum(s.hands[BLUE]) == 0  # Blue paid all it had
    assert sum(s.bank) == bank_before + 2
    fire = [e for e in s.events if e.kind == "fire_spreads"][-1].data["players"]
    assert fire[str(RED)] == {"buildings": [9], "owed": 0, "paid": []}
    assert fire[str(BLUE)]["buildings"] == [24, 36, 46] and fire[str(BLUE)]["owed"] == 3
    assert sorted(fire[str(BLUE)]["paid"]) == ["ore", "wool"]
    assert s.phase == MAIN and s.current_player() == ORANGE
    assert s.st_fire_lost == [0, 0, 2, 0]


def test_token_not_on_desert_nor_left_in_place():
    """Ruling F1: any land hex but the desert, and it must move to a different hex."""
    s = blank()
    _seven(s)
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "firestorm on hex J" not in texts  # J is the desert
    assert len(texts) == 18 and all(t.startswith("firestorm on hex") for t in texts)
    s.apply("firestorm on hex A")
    _seven(s)
    with pytest.raises(IllegalActionError):
        s.apply("firestorm on hex A")
    with pytest.raises(IllegalActionError):
        s.apply("robber to hex B")  # no robber in firestorm mode


def test_secured_building_on_the_hex_is_safe_and_cannot_be_robbed():
    """Ruling F3/F4: "If the first settlement/city on the hex is protected no card is lost"."""
    s = blank()
    build(s, RED, 9, station=True)
    road(s, RED, 9, 5)
    road(s, RED, 5, 1)
    build(s, RED, 1)
    give(s, RED, ore=3)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.hands[RED] == [0, 0, 0, 0, 3] and sum(s.hands[ORANGE]) == 0
    assert s.phase == MAIN


def test_single_candidate_is_robbed_automatically():
    s = blank()
    build(s, RED, 9)
    give(s, RED, ore=3)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.phase == MAIN and s.hands[ORANGE] == [0, 0, 0, 0, 1] and s.hands[RED] == [0, 0, 0, 0, 2]


def test_roads_alone_touching_the_hex_do_not_catch_fire():
    """Ruling F4: the fire starts at buildings on the hex; a road on the hex's edge with none is not affected."""
    s = blank()
    build(s, BLUE, 36)
    road(s, BLUE, 36, 30)
    road(s, BLUE, 30, 24)
    road(s, BLUE, 24, 19)
    give(s, BLUE, ore=3)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.hands[BLUE] == [0, 0, 0, 0, 3]


def test_fire_runs_only_along_the_owners_roads_and_rivals_stop_it():
    """Ruling F5: each owner's own roads carry the fire; a rival's building on the way stops it."""
    s = blank()
    build(s, BLUE, 24)
    road(s, BLUE, 24, 30)
    road(s, BLUE, 30, 35)
    build(s, WHITE, 35)  # a rival settlement on Blue's road
    road(s, BLUE, 35, 40)
    build(s, BLUE, 45)
    road(s, BLUE, 40, 45)
    give(s, BLUE, ore=5)
    give(s, WHITE, ore=5)
    _seven(s)
    s.apply("firestorm on hex F")
    # Blue: the card taken by Orange covers 24; 45 is beyond White's settlement: safe. White untouched.
    assert sum(s.hands[BLUE]) == 4 and sum(s.hands[WHITE]) == 5


def test_a_city_counts_as_one_building():
    """Ruling F6: a city burns like a settlement: one card."""
    s = blank()
    build(s, BLUE, 24, city=True)
    road(s, BLUE, 24, 30)
    road(s, BLUE, 30, 36)
    build(s, BLUE, 36, city=True)
    give(s, BLUE, ore=5)
    _seven(s)
    s.apply("firestorm on hex F")
    assert sum(s.hands[BLUE]) == 5 - 1 - 1  # one taken by Orange (covers 24), one paid for 36


def test_each_building_burns_once_around_a_cycle():
    """Ruling F7: a building reached by two routes pays once."""
    s = blank()
    build(s, BLUE, 13)
    build(s, BLUE, 19)
    for u, v in [(13, 18), (18, 23), (23, 29), (29, 35), (35, 30), (30, 24), (24, 19)]:
        road(s, BLUE, u, v)
    build(s, BLUE, 29)
    give(s, BLUE, ore=9)
    _seven(s)
    s.apply("firestorm on hex F")
    # burning: 13, 19 (on F) and 29 (reached both ways): 3, the first free for the card taken -> 1 taken + 2 paid
    assert sum(s.hands[BLUE]) == 9 - 3
    fire = [e for e in s.events if e.kind == "fire_spreads"][-1].data["players"]
    assert sorted(fire[str(BLUE)]["buildings"]) == [13, 19, 29]


def test_the_roller_own_buildings_burn_too():
    """Ruling F9: the fire spares nobody; the roller pays for their own unsecured buildings."""
    s = blank(turn=ORANGE)
    build(s, ORANGE, 24)
    give(s, ORANGE, ore=3)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.hands[ORANGE] == [0, 0, 0, 0, 2] and s.bank[4] == 19 - 2


def test_player_without_cards_owes_nothing():
    """Ruling F11: no debt."""
    s = blank()
    build(s, BLUE, 24)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.hands[BLUE] == [0] * 5 and s.phase == MAIN


def test_burning_hex_produces_nothing_while_the_token_is_there():
    s = blank()
    build(s, BLUE, 24)
    s.token_hex = F
    s._produce(4)  # F is wool 4
    assert s.hands[BLUE] == [0] * 5
    s.token_hex = 0
    s._produce(4)
    assert s.hands[BLUE][2] == 1


@pytest.mark.parametrize("discard", [True, False])
def test_seven_discard_option(discard):
    """Ruling F12: with firestorm_discard on (default) players over 7 cards discard half before the fire."""
    s = blank(firestorm_discard=discard)
    give(s, BLUE, ore=9)
    s.phase = 2  # before the roll
    s._legal = None
    # find a seed state whose next roll is a 7
    for _ in range(200):
        c = s.clone()
        c.rng = s.rng.spawn()
        s.rng = c.rng.clone()
        c.apply("roll")
        if sum(c.dice) == 7:
            break
    else:  # pragma: no cover
        pytest.fail("no 7 in 200 rolls")
    if discard:
        assert c.phase == DISCARD and c.current_player() == BLUE and c.discard_left[BLUE] == 4
        for _ in range(4):
            c.apply("discard ore")
        assert c.phase == MOVE_TOKEN and c.current_player() == ORANGE and sum(c.hands[BLUE]) == 5
    else:
        assert c.phase == MOVE_TOKEN and sum(c.hands[BLUE]) == 9


def test_fire_station_rules_and_cost():
    """Ruling F14: 1 lumber, 1 ore, 1 wool; one under each own settlement or city; it stays when upgraded."""
    s = blank()
    build(s, ORANGE, 8)
    build(s, RED, 20)
    give(s, ORANGE, lumber=2, ore=5, wool=2, grain=2)
    texts = [s.action_to_text(a) for a in s.legal_actions()]
    assert "fire station 8" in texts and "fire station 20" not in texts
    s.apply("fire station 8")
    assert s.station[8] == 1 and s.hands[ORANGE] == [1, 0, 1, 2, 4] and s.stations_left[ORANGE] == 4
    assert "fire station 8" not in [s.action_to_text(a) for a in s.legal_actions()]
    s.apply("city 8")
    assert s.station[8] == 1 and s.node_level[8] == 2


def test_no_fire_stations_in_classic_mode():
    s = blank(mode="classic")
    build(s, ORANGE, 8)
    give(s, ORANGE, lumber=2, ore=2, wool=2)
    assert not any(s.action_to_text(a).startswith("fire station") for a in s.legal_actions())


def test_fire_wardens_three_stations_and_transfer_only_when_beaten():
    """Ruling F13: three stations earn The Fire Wardens (+2); another player takes it only with more."""
    s = blank()
    for n in (0, 8, 20):
        build(s, ORANGE, n)
    for n in (36, 45, 53, 42):
        build(s, RED, n)
    give(s, ORANGE, lumber=3, ore=3, wool=3)
    give(s, RED, lumber=4, ore=4, wool=4)
    s.apply("fire station 0")
    s.apply("fire station 8")
    assert s.wardens_holder == -1
    s.apply("fire station 20")
    assert s.wardens_holder == ORANGE and s.total_vp(ORANGE) == 5
    s.turn = s.actor = RED
    s._legal = None
    for n in (36, 45, 53):
        s.apply(f"fire station {n}")
    assert s.wardens_holder == ORANGE  # a tie does not take the card
    s.apply("fire station 42")
    assert s.wardens_holder == RED and s.total_vp(RED) == 6 and s.total_vp(ORANGE) == 3


def test_robbed_player_with_two_buildings_on_the_hex_pays_for_the_second():
    """Ruling F8: the card taken covers only the robbed player's first burning building."""
    s = blank()
    build(s, BLUE, 9)
    build(s, BLUE, 24)
    give(s, BLUE, ore=5)
    _seven(s)
    s.apply("firestorm on hex F")
    assert sum(s.hands[ORANGE]) == 1 and sum(s.hands[BLUE]) == 5 - 1 - 1


def test_secured_and_unsecured_buildings_on_the_hex():
    """Rulings F3/F4: an unsecured building on the hex makes its owner a candidate; the secured one stays safe."""
    s = blank()
    build(s, BLUE, 14, station=True)
    build(s, BLUE, 24)
    for u, v in [(24, 19), (19, 14), (14, 10), (10, 6)]:
        road(s, BLUE, u, v)
    build(s, BLUE, 6)  # reached from 24 only through the secured 14: safe
    build(s, RED, 13, station=True)
    give(s, BLUE, ore=5)
    give(s, RED, ore=5)
    _seven(s)
    s.apply("firestorm on hex F")
    assert s.phase == MAIN  # Blue was the only candidate (Red's building on F is secured)
    assert sum(s.hands[BLUE]) == 4 and sum(s.hands[RED]) == 5
    fire = [e for e in s.events if e.kind == "fire_spreads"][-1].data["players"]
    assert fire == {str(BLUE): {"buildings": [24], "owed": 0, "paid": []}}


def _blue_owes_two(seed: int = 0, ore_only: bool = False):
    s = blank()
    s.rng = type(s.rng)(seed)
    build(s, BLUE, 24)
    road(s, BLUE, 24, 30)
    road(s, BLUE, 30, 36)
    build(s, BLUE, 36)
    build(s, RED, 9)
    give(s, RED, grain=1, lumber=1)
    give(s, BLUE, ore=4) if ore_only else give(s, BLUE, ore=3, wool=3)
    _seven(s)
    s.apply("firestorm on hex F")
    s.apply("take a card from seat 1")  # Orange robs Red: Blue pays for both of its buildings
    return s


def test_the_payer_chooses_the_cards_paid_to_the_fire():
    """Ruling F10: like discarding on a 7, the payer chooses each card lost to the bank."""
    s = _blue_owes_two()
    fire = [e for e in s.events if e.kind == "fire_spreads"][-1].data["players"]
    assert fire[str(BLUE)] == {"buildings": [24, 36], "owed": 2, "paid": [], "choosing": 2}
    assert s.phase == FIRE_PAY and s.current_player() == BLUE
    assert [s.action_to_text(a) for a in s.legal_actions()] == ["pay 1 wool to the fire", "pay 1 ore to the fire"]
    assert s.view(None)["fire_owed"][BLUE] == 2
    bank = s.bank[:]
    s.apply("pay 1 wool to the fire")
    s.apply("pay 1 wool to the fire")
    assert s.hands[BLUE] == [0, 0, 1, 0, 3] and s.bank[2] == bank[2] + 2
    assert s.phase == MAIN and s.current_player() == ORANGE
    said = [s.describe_event(e) for e in s.events if e.kind in ("fire_spreads", "fire_payment")]
    assert said[1:] == [
        "Black (P3) pays 1 wool to the bank for the fire (1 more card to choose).",
        "Black (P3) pays 1 wool to the bank for the fire.",
    ] or said[1:] == [
        f"{s.player_name(BLUE)} pays 1 wool to the bank for the fire (1 more card to choose).",
        f"{s.player_name(BLUE)} pays 1 wool to the bank for the fire.",
    ]
    assert "must pay 2 cards to the bank and chooses which" in said[0]
    with pytest.raises(IllegalActionError):
        s.apply("pay 1 ore to the fire")  # nothing more is owed


def test_the_placers_draw_stays_random_and_a_short_hand_pays_everything():
    """The firestorm placer's draw from a victim is random (the victim does not choose); a payer holding no
    more cards than owed pays them all with no decision (ruling F11)."""
    drawn = set()
    for seed in range(30):
        s = _blue_owes_two(seed)
        drawn.add(next(e for e in s.events if e.kind == "take_card").data["resource"])
    assert drawn == {"grain", "lumber"}
    s = _worked_example()
    s.apply("firestorm on hex F")
    s.apply("take a card from seat 1")
    assert s.phase == MAIN and sum(s.hands[BLUE]) == 0  # owed 3, held 2: both paid at once
    s = _blue_owes_two()
    s.apply("pay 1 wool to the fire")
    s.apply("pay 1 ore to the fire")
    assert s.phase == MAIN
    s = _blue_owes_two(ore_only=True)  # cards of one kind only: nothing to choose, paid at once
    assert s.phase == MAIN and s.hands[BLUE] == [0, 0, 0, 0, 2]


def test_negative_options_rejected():
    from firebreak.core import OptionError

    with pytest.raises(OptionError):
        blank(offers_per_turn=-1)
