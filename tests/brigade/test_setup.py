"""Setup: the town, the wardens, the tracks, the starting water, the decks and the first player's start."""

import pytest

from firebreak.core import DataFileError, OptionError, get_game
from firebreak.games.brigade.data import load_data, load_data_text
from firebreak.games.brigade.tables import CORNER_POS, TOWN_POS, UNIVERSITY_POS, tables
from firebreak.games.brigade.state import ACTION_PHASE

from .helpers import A, new


def test_data_file_loads_and_has_the_box_contents():
    d = load_data()
    assert sum(len(v) for v in d.blocks.values()) == 28
    assert len(d.crew) == 16
    assert d.box.water_tokens == 40


def test_invalid_data_is_rejected_with_a_clear_error():
    from importlib import resources

    text = resources.files("firebreak.games.brigade").joinpath("data/brigade.yaml").read_text()
    broken = text.replace('- {name: "Timber Yard", value: 4, track: 3}', "")
    with pytest.raises(DataFileError, match="28 blocks"):
        load_data_text(broken)
    with pytest.raises(DataFileError):
        load_data_text(text.replace("value: 5\n  track: 6", "value: 5\n  track: 0"))


def test_town_layout_university_centre_firehouses_corners_blocks_shuffled():
    a, b = new(3, 1), new(3, 2)
    for p in UNIVERSITY_POS:
        assert a.st_aff[p] == 4 and a.st_value[p] == 5
    for p in CORNER_POS:
        assert a.st_aff[p] == -1 and a.intensity[p] == 0
    assert sorted(a.st_name[p] for p in TOWN_POS) == sorted(b.st_name[p] for p in TOWN_POS)
    assert [a.st_name[p] for p in TOWN_POS] != [b.st_name[p] for p in TOWN_POS]


def test_university_starts_at_intensity_two_before_the_starters():
    s = new(3, 5)
    # the starters never mark the University, so its four tiles are still at 2
    assert [s.intensity[p] for p in UNIVERSITY_POS] == [2, 2, 2, 2]


def test_three_starter_events_resolved_then_first_player_action_phase():
    """Ruling R2 (docs/rulings/brigade.md)."""
    s = new(3, 3)
    T = tables()
    assert len(s.event_discard) == 3 and all(T.events[e][3] for e in s.event_discard)
    # the other three starters were shuffled into the 24 main cards
    assert len(s.event_deck) == 27
    assert sum(1 for e in s.event_deck if T.events[e][3]) == 3
    burning = [p for p in TOWN_POS if s.intensity[p] > 0]
    assert len(burning) == 6 and all(s.intensity[p] == 1 for p in burning)
    assert s.current_player() == 0 and s.phase == ACTION_PHASE and s.actions_allowed() == 4
    assert A.END_TURN in s.legal_actions()


def test_players_start_at_firehouse_with_two_water_each_and_tracks_on_first_circle():
    """Ruling R1 (docs/rulings/brigade.md)."""
    s = new(4, 0)
    for p in range(4):
        assert s.bpos[p] == s.wpos[p] == s.firehouse[p]
        assert s.wb[p] == 2 and s.ww[p] == 2
        assert s.tracks[3 * p : 3 * p + 3] == [0, 0, 0]
        assert s.crew[p] == []
    assert s.colour == (0, 1, 2, 3)  # basic side: fixed colours in seat order


def test_advanced_deals_wardens_and_firehouse_boards_at_random():
    """Ruling R1 (docs/rulings/brigade.md)."""
    seen = set()
    for seed in range(12):
        s = new(3, seed, advanced=True)
        assert len(set(s.warden)) == 3 and all(0 <= w < 4 for w in s.warden)
        assert s.firehouse == tuple(tables().firehouse[c] for c in s.colour)
        seen.add(s.colour)
    assert len(seen) > 3


def test_fire_festival_adds_four_events_and_big_buildings_four_special_blocks():
    s = new(3, 0, fire_festival=True)
    assert len(s.event_deck) == 31
    b = new(3, 0, big_buildings=True)
    specials = [p for p in TOWN_POS if b.st_big[p]]
    assert len(specials) == 4 and all(b.st_value[p] == 3 and b.st_track[p] == 4 for p in specials)


def test_player_counts_and_options_are_validated():
    spec = get_game("brigade")
    with pytest.raises(OptionError):
        spec.new_game(5)
    with pytest.raises(OptionError):
        spec.new_game(1)
    with pytest.raises(OptionError):
        spec.new_game(3, 0, {"advanced": "maybe"})
    assert spec.title == "The Brigade"
    assert {o.name for o in spec.options} == {"advanced", "big_buildings", "fire_festival", "addon_pack"}


def test_same_seed_same_game():
    assert new(3, 9).state_dict() == new(3, 9).state_dict()
