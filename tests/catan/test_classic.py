"""Classic mode: the robber, development cards and their timing, Largest Army."""

import pytest

from firebreak.core import IllegalActionError
from firebreak.games.catan.state import (
    KNIGHT,
    MAIN,
    MONOPOLY,
    MOVE_TOKEN,
    PRE_ROLL,
    ROAD_BUILDING,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
)

from .helpers import blank, build, give, road


def _texts(s):
    return [s.action_to_text(a) for a in s.legal_actions()]


def _turn(s, p):
    s._start_turn(p)
    s._legal = None
    s._legal_set = None


def _hand_card(s, p, kind, new=False):
    s.dev_deck.remove(kind)
    s.dev_hand[p][kind] += 1
    if new:
        s.dev_new[p][kind] += 1
    s._legal = None


def test_classic_starts_with_robber_on_desert_and_25_cards():
    s = blank(mode="classic")
    assert s.token_hex == s.terrain.index(5)
    assert len(s.dev_deck) == 25 and s.dev_deck.count(KNIGHT) == 14 and s.dev_deck.count(VICTORY_POINT) == 5


def test_robber_may_go_to_the_desert_and_steals_from_adjacent_player():
    s = blank(mode="classic")
    s.phase = MOVE_TOKEN
    s.return_phase = MAIN
    s.token_hex = 0
    s._legal = None
    texts = _texts(s)
    assert "robber to hex J" in texts and "robber to hex A" not in texts and len(texts) == 18
    build(s, 1, 24)
    give(s, 1, grain=2)
    s.apply("robber to hex F")
    assert s.hands[0] == [0, 0, 0, 1, 0] and s.hands[1] == [0, 0, 0, 1, 0]
    # the stolen card is seen by thief and victim only
    private = [e for e in s.events if e.kind == "take_card"][-1]
    assert private.visible_to == (0, 1)
    assert all(e.kind != "take_card" for e in s.events_for(None))
    assert all(e.kind != "take_card" for e in s.events_for(2))


def test_buy_development_card_and_cannot_play_it_the_same_turn():
    s = blank(mode="classic")
    give(s, 0, wool=1, grain=1, ore=1)
    s.dev_deck.remove(KNIGHT)
    s.dev_deck.append(KNIGHT)  # the next card drawn is a knight
    s.apply("buy development card")
    assert s.dev_hand[0][KNIGHT] == 1 and "play knight" not in _texts(s)
    # next own turn it can be played, even before rolling
    _turn(s, 0)
    assert s.phase == PRE_ROLL and "play knight" in _texts(s)


def test_one_development_card_per_turn():
    s = blank(mode="classic")
    _hand_card(s, 0, KNIGHT)
    _hand_card(s, 0, MONOPOLY)
    s.apply("play monopoly ore")
    assert "play knight" not in _texts(s)
    with pytest.raises(IllegalActionError):
        s.apply("play knight")


def test_knight_before_roll_then_roll_and_largest_army():
    s = blank(mode="classic", phase=PRE_ROLL)
    for _ in range(3):
        _hand_card(s, 0, KNIGHT)
    s.apply("play knight")
    assert s.phase == MOVE_TOKEN
    s.apply("robber to hex A")
    assert s.phase == PRE_ROLL and s.army[0] == 1 and _texts(s)[0] == "roll"
    assert "play knight" not in _texts(s)  # one card per turn
    s.army[0] = 2
    _turn(s, 0)
    s.apply("play knight")
    s.apply("robber to hex B")
    assert s.army_holder == 0 and s.total_vp(0) == 2
    # another player takes Largest Army only with more knights
    s.army[1] = 3
    _turn(s, 1)
    _hand_card(s, 1, KNIGHT)
    s.apply("play knight")
    s.apply("robber to hex C")
    assert s.army_holder == 1


def test_victory_point_cards_count_but_stay_hidden():
    s = blank(mode="classic")
    _hand_card(s, 0, VICTORY_POINT)
    assert s.total_vp(0) == 1 and s.public_vp(0) == 0
    assert s.view(1)["players"][0]["victory_points"] == 0 and s.view(0)["my_victory_points"] == 1
    assert not any("victory" in t for t in _texts(s))


def test_road_building_places_two_free_roads():
    s = blank(mode="classic")
    build(s, 0, 8)
    _hand_card(s, 0, 2)
    s.apply("play road building")
    assert s.phase == ROAD_BUILDING
    s.apply("road 4-8")
    s.apply("road 0-4")
    assert s.phase == MAIN and s.roads_left[0] == 13 and s.hands[0] == [0] * 5


def test_road_building_with_one_road_left_places_one():
    s = blank(mode="classic")
    build(s, 0, 8)
    road(s, 0, 8, 4)
    s.roads_left[0] = 1
    _hand_card(s, 0, 2)
    s.apply("play road building")
    s.apply("road 0-4")
    assert s.phase == MAIN


def test_year_of_plenty_needs_the_bank_and_monopoly_takes_all():
    s = blank(mode="classic")
    _hand_card(s, 0, YEAR_OF_PLENTY)
    s.bank[4] = 1
    s.hands[2][4] = 18
    texts = _texts(s)
    assert "play year of plenty ore and ore" not in texts and "play year of plenty lumber and ore" in texts
    s.apply("play year of plenty lumber and ore")
    assert s.hands[0] == [1, 0, 0, 0, 1]
    s = blank(mode="classic")
    _hand_card(s, 0, MONOPOLY)
    give(s, 1, wool=2)
    give(s, 3, wool=3, ore=1)
    s.apply("play monopoly wool")
    assert s.hands[0][2] == 5 and s.hands[1][2] == 0 and s.hands[3] == [0, 0, 0, 0, 1]


def test_no_development_cards_in_firestorm_mode():
    s = blank()
    give(s, 0, wool=1, grain=1, ore=1)
    assert "buy development card" not in _texts(s) and not s.dev_deck
