"""The core action space: named ranges laid end to end, each id decoded, encoded back and read as one text.

Every game's action encoding is built on it, so the round trip is checked on the three games' real spaces too.
"""

import pytest

from firebreak.core.actions import ActionSpace
from firebreak.games.brigade import actions as brigade_actions
from firebreak.games.catan.actions import layout
from firebreak.games.great_fire.state import CODEC


def small_space() -> ActionSpace:
    return ActionSpace(
        [
            ("pass", (), lambda: "pass"),
            ("ship", 0, lambda e: f"ship {e}"),  # empty: a board without sea
            ("move", (2, 3), lambda a, b: f"move {a} -> {b}"),
            ("take", 2, lambda q: f"take from seat {q}"),
        ]
    )


def test_ranges_are_laid_end_to_end_and_an_empty_range_takes_no_id():
    space = small_space()
    assert space.size == 1 + 0 + 6 + 2
    assert [space.start(n) for n in ("pass", "ship", "move", "take")] == [0, 1, 1, 7]
    assert space.texts == (
        "pass",
        "move 0 -> 0",
        "move 0 -> 1",
        "move 0 -> 2",
        "move 1 -> 0",
        "move 1 -> 1",
        "move 1 -> 2",
        "take from seat 0",
        "take from seat 1",
    )


def test_encode_decode_and_text_agree_row_major():
    space = small_space()
    assert space.encode("move", 1, 2) == 6
    assert space.decode(6) == ("move", (1, 2))
    assert space.text(6) == "move 1 -> 2"
    assert space.decode(0) == ("pass", ())
    assert space.encode("pass") == 0
    assert space["take"].stop == space.size


@pytest.mark.parametrize("bad", [-1, 9, 100])
def test_an_id_outside_the_space_is_refused_with_a_clear_error(bad):
    space = small_space()
    with pytest.raises(ValueError, match="outside the action space"):
        space.text(bad)
    with pytest.raises(ValueError, match="outside the action space"):
        space.decode(bad)


def test_an_index_outside_its_range_is_refused():
    space = small_space()
    with pytest.raises(ValueError, match="outside action range 'move'"):
        space.encode("move", 2, 0)
    with pytest.raises(ValueError, match="takes 2 indices"):
        space.encode("move", 1)
    with pytest.raises(ValueError, match="outside action range 'ship'"):
        space.encode("ship", 0)


def test_two_ranges_of_one_name_are_refused():
    with pytest.raises(ValueError, match="same name"):
        ActionSpace([("a", 1, str), ("a", 2, str)])


def game_spaces():
    yield "great-fire", CODEC.space
    yield "brigade", brigade_actions.SPACE
    for n in (3, 4, 5, 6):
        for board in ("base", "seafarers"):
            yield f"catan-{n}p-{board}", layout(n, board).space


@pytest.mark.parametrize("name,space", list(game_spaces()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_games_space_round_trips_and_names_each_action_once(name, space):
    for a in range(space.size):
        range_name, index = space.decode(a)
        assert space.encode(range_name, *index) == a
    assert len(set(space.texts)) == space.size, f"{name}: two actions read the same"


def test_the_great_fire_codec_decodes_through_the_space():
    d = CODEC.d
    fire = CODEC.fire(2, 5, d - 1)
    assert CODEC.space.decode(fire) == ("fire", (2, 5, d - 1))
    x = CODEC.decode(fire)
    assert (x.direction, x.a, x.b) == (2, 5, d - 1)
    band = CODEC.move_band(3, 4)
    assert CODEC.space.decode(band) == ("move_band", (3, 4))
    assert CODEC.text(CODEC.end_actions) == "end actions"


def test_brigade_offsets_are_the_spaces():
    A = brigade_actions
    assert A.SPACE.encode("extinguish", 3, 4) == A.EXTINGUISH + 3 * A.EXT_W + 4
    assert A.SPACE.encode("remove", 7, 2) == A.REMOVE + 7 * 4 + 2
    assert A.action_text(A.DISCARD_PRECIOUS) == "discard sir precious"
    with pytest.raises(ValueError, match="outside the action space"):
        A.action_text(A.NUM_ACTIONS)
