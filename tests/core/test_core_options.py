"""Option, player-count and seed validation through GameSpec (core/game.py), on the toy game."""

import pytest

from firebreak.core import OptionError, get_game


def test_defaults_are_filled_in(toy):
    state = toy.new_game(2, 1)
    assert state.options == {"hand_size": 3, "open_hands": False, "scoring": "wind"}
    assert [len(h) for h in state.hands] == [3, 3]


def test_options_change_the_game(toy):
    state = toy.new_game(3, 1, {"hand_size": 4, "open_hands": True, "scoring": "plain"})
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert "hands" in state.view(None)  # open hands are public


def test_string_values_are_coerced_as_typed_at_a_prompt(toy):
    resolved = toy.resolve_options(2, {"hand_size": "2", "open_hands": "yes"})
    assert resolved["hand_size"] == 2 and resolved["open_hands"] is True


def test_registry_finds_the_game_by_forgiving_name(toy):
    assert get_game("Ember_Cards") is toy


@pytest.mark.parametrize(
    "options, message",
    [
        ({"colour": "red"}, "no option 'colour'"),
        ({"hand_size": "many"}, "expects a whole number"),
        ({"hand_size": True}, "expects a whole number"),
        ({"hand_size": float("nan")}, "option 'hand_size' expects a whole number, not nan"),
        ({"hand_size": float("inf")}, "option 'hand_size' expects a whole number, not inf"),
        ({"hand_size": 2.5}, "option 'hand_size' expects a whole number, not 2.5"),  # not cut to 2
        ({"hand_size": 9}, "must be one of 2, 3, 4"),
        ({"open_hands": "maybe"}, "expects true or false"),
        ({"scoring": 3}, "expects text"),
        ({"scoring": "double"}, "must be one of plain, wind"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(toy, options, message):
    with pytest.raises(OptionError, match=message):
        toy.new_game(2, 0, options)


def test_unknown_option_message_lists_the_known_ones(toy):
    with pytest.raises(OptionError) as info:
        toy.new_game(2, 0, {"colour": "red"})
    assert "hand_size, open_hands, scoring" in str(info.value)


@pytest.mark.parametrize("players", [0, 1, 4, -2, True, "2", 2.0])
def test_bad_player_counts_are_refused(toy, players):
    with pytest.raises(OptionError, match="player"):
        toy.new_game(players, 0)


@pytest.mark.parametrize("seed", [-1, True, "3", 1.5, None])
def test_bad_seeds_are_refused(toy, seed):
    with pytest.raises(OptionError, match="seed"):
        toy.new_game(2, seed)


def test_default_player_count_is_used_when_none_given(toy):
    assert toy.new_game(None, 0).num_players == toy.default_players == 2
