"""Every statement the rulebook makes about the board, checked on the packaged board (issue 25 item 1), and a board
file that breaks one refused with the sentence naming it."""

from __future__ import annotations

from collections import Counter

import pytest

from firebreak.core import DataFileError
from firebreak.games.great_fire import geometry as geo

from .helpers import BOARD, E, N, S, W, d
from .test_board import _code, _district, _link, corrupt

DISTRICTS = [i for i in range(BOARD.num_districts) if not BOARD.grassed_space[i]]
WITH_HOUSES = [i for i in DISTRICTS if BOARD.size[i]]
PL = BOARD.pudding_lane


def _targets(name: str, card: int) -> set[str]:
    return {BOARD.names[t] for t in BOARD.fire_links[card][d(name)]}


def test_four_regions_of_exactly_thirty_houses():
    """ "Place 5 houses of each colour into the box lid. There will be 30 houses ... all in the same region"."""
    totals = Counter()
    for i in DISTRICTS:
        totals[BOARD.region[i]] += BOARD.size[i]
    assert totals == {"purple": 30, "blue": 30, "green": 30, "orange": 30}


def test_districts_hold_one_to_five_houses_and_pudding_lane_none():
    """ "The districts each have between 1 and 5 house symbols"; Pudding Lane and the grassed areas hold none."""
    assert all(1 <= BOARD.size[i] <= 5 for i in DISTRICTS if i != PL)
    assert BOARD.size[PL] == 0
    assert all(BOARD.size[i] == 0 for i in range(BOARD.num_districts) if BOARD.grassed_space[i])


def test_most_districts_hold_one_house_and_some_two_to_five():
    """ "Most districts will show one house symbol ... Some districts are marked with 2, 3, 4 or 5"."""
    sizes = Counter(BOARD.size[i] for i in WITH_HOUSES)
    assert sizes[1] * 2 > len(WITH_HOUSES)
    assert all(sizes[k] for k in (2, 3, 4, 5))
    assert 60 <= len(DISTRICTS) <= 70


def test_the_districts_of_three_or_more_houses_are_the_24_objectives_one_card_each():
    """The VP areas are the districts "size 3 or above"; each matches one of the 24 objective cards, dealt from
    decks I, II and III."""
    objectives = {i for i in DISTRICTS if BOARD.objective_vp[i]}
    assert objectives == {i for i in DISTRICTS if BOARD.size[i] >= 3}
    cards = [i for _, deck in BOARD.objective_decks for i in deck]
    assert sorted(cards) == sorted(objectives) and len(cards) == 24
    assert [name for name, _ in BOARD.objective_decks] == ["I", "II", "III"]


def test_objective_tiers_six_four_two_by_deck():
    """Our assumption (the file's assumptions): deck I holds the 6-VP sites around Pudding Lane, II the 4s, III
    the 2s, eight each."""
    for (name, deck), vp in zip(BOARD.objective_decks, (6, 4, 2)):
        assert len(deck) == 8 and {BOARD.objective_vp[i] for i in deck} == {vp}, name
    assert {BOARD.names[i] for i in BOARD.objective_decks[0][1]} == {
        n for n in (BOARD.names[t] for t in BOARD.fire_adjacent[PL]) if n != "S. Bennet"
    }


def test_twenty_yellow_labels_one_token_each_never_objectives():
    """ "Take the twenty black tokens ... place these on the districts whose name labels are coloured yellow"."""
    yellow = [i for i in DISTRICTS if BOARD.yellow[i]]
    assert len(yellow) == 20 == sum(BOARD.rules.tokens.values())
    assert not any(BOARD.objective_vp[i] for i in yellow)


def test_pudding_lane_starts_with_25_cones_in_the_green_region():
    assert BOARD.names[PL] == "Pudding Lane" and BOARD.start_fire[PL] == 25 and BOARD.region[PL] == "green"
    assert sum(BOARD.start_fire) == 25


def test_example_3_pudding_lane_exits_by_direction():
    """Example 3: "he could have exited Pudding Lane with a fire cone directly north into S. Mary, Bridgeward,
    Candlewick Ward or Pepys House; West into Tallow Hall or Voyners Hall or East into Pepys' House, Philpott Lane
    or Billingsgate" (S. Bennet, burning in the example, touches Pudding Lane too: the cone went through it)."""
    assert _targets("Pudding Lane", N) - {"S. Bennet"} == {"S. Mary", "Bridgeward", "Candlewick Ward", "Pepys House"}
    assert _targets("Pudding Lane", W) - {"S. Bennet"} == {"Tallow Hall", "Voyners Hall"}
    assert _targets("Pudding Lane", E) == {"Pepys House", "Philpott Lane", "Billingsgate"}
    assert _targets("Pudding Lane", S) == set(), "south of Pudding Lane is the Thames"
    assert d("S. Bennet") in BOARD.fire_adjacent[PL]


def test_example_3_s_bennet_exits_by_direction():
    """Example 3: from S. Bennet north into Guild Hall or Coleman Street; "an East card will mean the fire goes to
    S. Mary; a South card to Tallow Hall; and a West card to Cheapside" (and back to Pudding Lane)."""
    assert _targets("S. Bennet", N) - {"Pudding Lane"} == {"Guild Hall", "Coleman Street"}
    assert _targets("S. Bennet", E) - {"Pudding Lane"} == {"S. Mary"}
    assert _targets("S. Bennet", S) - {"Pudding Lane"} == {"Tallow Hall"}
    assert _targets("S. Bennet", W) - {"Pudding Lane"} == {"Cheapside"}


def test_example_1_sion_college_moorgate_cripplegate_finsbury_brewers_hall():
    """Example 1: Sion College to Moorgate by an east arrow, to Brewer's Hall by a south arrow; the four-way cross:
    Cripplegate to Moorgate with a south or east card and back with north or west; Sion College to Finsbury with
    north or east and back with south or west."""
    assert "Moorgate" in _targets("Sion College", E) and "Brewer's Hall" in _targets("Sion College", S)
    for card in (S, E):
        assert "Moorgate" in _targets("Cripplegate", card) and "Finsbury" in _targets("Sion College", (N, E)[card == E])
    for card in (N, W):
        assert "Cripplegate" in _targets("Moorgate", card)
    for card in (S, W):
        assert "Sion College" in _targets("Finsbury", card)
    cross = next(c for c in BOARD.crosses if d("Cripplegate") in c.spaces)
    assert {BOARD.names[i] for i in cross.spaces} == {"Cripplegate", "Finsbury", "Sion College", "Moorgate"}


def test_example_2_and_the_fire_damage_example_house_counts():
    """Example 2: "Aldgate receives 4 houses whilst Bethnal gets 1"; "Guild Hall. This is a size 4 district"."""
    assert BOARD.size[d("Aldgate")] == 4 and BOARD.size[d("Bethnal")] == 1 and BOARD.size[d("Guild Hall")] == 4


def test_trained_band_icons_for_four_and_five_players():
    """ "The five player icon in Cripplegate and four player icon in St. Botolphs and Hounds Ditch"."""
    assert sorted(BOARD.rules.fixed_trained_bands[4]) == ["Hounds Ditch", "St. Botolphs"]
    assert BOARD.rules.fixed_trained_bands[5] == ("Cripplegate",)
    assert all(BOARD.region[d(n)] != "green" for ns in BOARD.rules.fixed_trained_bands.values() for n in ns)


def test_grassed_areas_no_fire_enters_but_pieces_do():
    fields = [i for i in range(BOARD.num_districts) if BOARD.grassed_space[i]]
    assert fields
    for f in fields:
        assert all(f not in BOARD.fire_links[c][i] for c in range(4) for i in range(BOARD.num_districts))
        assert BOARD.neighbours[f], f"pieces can walk onto {BOARD.names[f]}"


def test_the_fleet_stops_fire_but_at_its_bridges_and_the_wall_has_its_gates():
    """ "Districts are divided from each other ... by the River Fleet and by the old city walls": fire crosses the
    Fleet only at its bridges; pieces cross it anywhere."""
    bridged = {frozenset((link.a, link.b)) for link in BOARD.links if link.kind == "bridge"}
    assert len(bridged) == len(BOARD.bridges) == 2
    across = 0
    for i in DISTRICTS:
        for j in BOARD.neighbours[i]:
            if j in DISTRICTS and j not in BOARD.fire_adjacent[i]:
                across += 1  # a shared border along the Fleet, crossed on foot only
    assert across
    assert {name for name, _ in BOARD.gates} >= {
        "Aldgate",
        "Bishopsgate",
        "Moorgate",
        "Cripplegate",
        "Aldersgate",
        "Newgate",
        "Ludgate",
    }
    assert all(geo.on_polyline(at, BOARD.wall) for _, at in BOARD.gates)


def test_every_district_the_rulebook_or_the_old_board_names_is_kept():
    old = (
        "Coleman Street",
        "Guild Hall",
        "Aldersgate",
        "Bishopsgate",
        "Brewer's Hall",
        "Broad Street",
        "Moorgate",
        "St Helens",
        "Wood Street",
        "Artillery Ground",
        "Cripplegate",
        "Finsbury",
        "Sion College",
        "Pudding Lane",
        "Bridgeward",
        "Candlewick Ward",
        "S. Bennet",
        "S. Mary",
        "Tallow Hall",
        "Voyners Hall",
        "Gracechurch",
        "Leadenhall",
        "Queenhithe",
        "Royal Exchange",
        "Billingsgate",
        "Pepys House",
        "Philpott Lane",
        "All Hallows",
        "Custom House",
        "Fenchurch",
        "Aldgate",
        "Duke's Place",
        "Tower Hill",
        "Tower of London",
        "Hounds Ditch",
        "St. Botolphs",
        "Whitechapel",
        "Bethnal",
        "Cheapside",
        "Watlin Street",
        "Baynard's Castle",
        "Bread Street",
        "St Pauls",
        "Barbican",
        "Blackfriars",
        "Ludgate",
        "Newgate",
        "Smithfield",
        "Fleet Street",
        "Holborn",
        "Temple",
    )
    assert set(old) <= set(BOARD.names)


def _all_yellow_two_houses(b):
    for x in b["districts"]:
        if x.get("yellow_label"):
            x["houses"] = 2


def _no_objective(b):
    _district(b, "Temple").pop("objective")
    b["objective_cards"]["III"].remove(_code(b, "Temple"))


@pytest.mark.parametrize(
    "mutate,message",
    [
        (
            lambda b, r: _all_yellow_two_houses(b),
            "Only 16 of the 63 districts with houses hold one house; the rulebook "
            "says most districts show one house symbol",
        ),
        (lambda b, r: _no_objective(b), "Temple holds 3 houses but is no objective"),
        (lambda b, r: _no_objective(b), "There are 23 objective cards; the box holds 24"),
        (
            lambda b, r: _district(b, "Aldgate").__setitem__("houses", 3),
            "Aldgate holds 3 houses; the rulebook gives it 4",
        ),
        (
            lambda b, r: _district(b, "Pudding Lane").__setitem__("houses", 1),
            "Pudding Lane holds houses; the district where the fire starts holds none",
        ),
        (
            lambda b, r: _link(b, "Pudding Lane", "S. Mary").__setitem__("dir", "W"),
            "Example 3: a north card moves fire from Pudding Lane into S. Mary, but the board has no such link",
        ),
        (
            lambda b, r: _link(b, "S. Bennet", "Guild Hall").__setitem__("a", _code(b, "Royal Exchange")),
            "Example 3: a north card moves fire from S. Bennet into Guild Hall, but the board has no such link",
        ),
        (
            lambda b, r: b["links"].append({"a": _code(b, "Moorgate"), "b": "mf", "dir": "E", "via": "arrow"}),
            "leads into the field mf; fire never enters a grassed area",
        ),
        (
            lambda b, r: b["fleet"].__setitem__("bridges", b["fleet"]["bridges"][:1]),
            "has no bridge of the file on the Fleet",
        ),
        (lambda b, r: b["wall"]["gates"][0].__setitem__("at", [1, 1]), "does not lie on the city wall"),
    ],
)
def test_a_board_breaking_a_rulebook_statement_is_refused_with_its_sentence(mutate, message):
    with pytest.raises(DataFileError, match=message):
        corrupt(mutate)()
