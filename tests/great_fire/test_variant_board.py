"""A game played on a variant's own board: the rules, the views, the drawing, saves and bot workers all read the
board the game carries in its options, never the packaged one.

Two hand-made boards: the example variant's (examples/variants: the Fleet's two bridges down, so no fire link
crosses the Fleet) and, built here, the packaged board with the houses of two districts swapped.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import pytest
import yaml

from firebreak.core import MalformedActionError, OptionError, SaveFileError
from firebreak.core.parameters import BOARD_KEY
from firebreak.core.record import GameRecord, record_of, replay
from firebreak.core.variant import load_variant
from firebreak.games.great_fire.data import raw_data
from firebreak.games.great_fire.render import render_view
from firebreak.games.great_fire.svg import render_svg

from .helpers import BOARD, SPEC, N, Position, S, W
from .invariants import check

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "variants" / "great-fire-fleet-without-bridges.yaml"


@pytest.fixture(scope="module")
def no_bridges() -> dict:
    return load_variant(EXAMPLE).game_options()


def swapped_board() -> tuple[dict, str, str]:
    """The packaged board with a one-house and a two-house district of one region swapped (neither an objective
    nor named by the rulebook): the region still holds 30 houses, so every check passes."""
    board, rules = raw_data()
    board = copy.deepcopy(board)
    required = set(rules["required_houses"])
    plain = [
        x
        for x in board["districts"]
        if x.get("objective") is None and x["name"] not in required and x["houses"] in (1, 2)
    ]
    for one in (x for x in plain if x["houses"] == 1):
        two = next((x for x in plain if x["houses"] == 2 and x["region"] == one["region"]), None)
        if two is not None:
            one["houses"], two["houses"] = 2, 1
            return board, one["name"], two["name"]
    raise AssertionError("no two districts to swap")


def test_the_variant_file_carries_its_board_into_the_games_options(no_bridges: dict) -> None:
    state = SPEC.new_game(4, 3, no_bridges)
    assert state.options[BOARD_KEY] == no_bridges[BOARD_KEY]
    assert state.board is not BOARD
    assert state.board.names == BOARD.names  # the same districts, fewer links
    assert len(state.board.links) == len(BOARD.links) - 2


def test_fire_crosses_the_fleet_by_a_bridge_on_the_packaged_board_only(no_bridges: dict) -> None:
    """Newgate burning, a West card: on the packaged board the cone may cross Holborn Bridge into Holborn; with
    the bridges down it may not (the fire's other ways west out of Newgate stay)."""
    packaged, variant = Position(4, seed=1), Position(4, seed=1, **no_bridges)
    for pos in (packaged, variant):
        pos.hand(pos.s.player, W, W, W, N, S)
        pos.fire("Newgate", 3)
    west = {t for (dr, src, t) in packaged.targets("west") if src == "Newgate"}
    assert "Holborn" in west
    assert {t for (dr, src, t) in variant.targets("west") if src == "Newgate"} == west - {"Holborn"}


def test_random_games_on_the_bridgeless_board_never_burn_west_of_the_fleet(no_bridges: dict) -> None:
    west = {"Temple", "Fleet Street", "Holborn", "Whitefriars"}
    for seed in range(6):
        state = SPEC.new_game(4, seed, no_bridges)
        r = random.Random(seed)
        while not state.is_terminal():
            state.apply(r.choice(state.legal_actions()))
            for e in state.events[-3:]:
                if e.kind == "fire_spread":
                    assert e.data["to"] not in west, e.data
        check(state)
        assert state.winners()


def test_a_district_is_dealt_and_burns_to_the_size_its_board_gives_it() -> None:
    board, now_two, now_one = swapped_board()
    for seed in range(3):
        state = SPEC.new_game(4, seed, {BOARD_KEY: board})
        i, j = state.board.index(now_two), state.board.index(now_one)
        assert (len(state.houses[i]), len(state.houses[j])) == (2, 1)
        packaged = SPEC.new_game(4, seed)
        assert (len(packaged.houses[i]), len(packaged.houses[j])) == (1, 2)
    view = {d["name"]: d for d in state.view(None)["districts"]}
    assert (view[now_two]["size"], view[now_one]["size"]) == (2, 1)
    # fire entering it burns its houses and tops it up to the size its board gives it: two cones now
    s = SPEC.new_game(4, 0, {BOARD_KEY: board})
    dr, src = next((dr, x) for dr in range(4) for x in range(s.board.num_districts) if i in s.board.fire_links[dr][x])
    s.player, s.fire[src] = 0, 3
    s.spread(src, i, dr)
    assert s.houses[i] == [] and s.fire[i] == 2


def test_a_board_that_breaks_a_rule_is_refused_with_one_sentence_and_no_game_is_made() -> None:
    board, _rules = raw_data()
    broken = copy.deepcopy(board)
    broken["districts"][0]["houses"] += 1  # its region now holds 31 houses
    with pytest.raises(OptionError) as err:
        SPEC.new_game(4, 0, {BOARD_KEY: broken})
    text = str(err.value)
    assert text.startswith("The board cannot be played: The ") and "31 houses" in text
    assert text.count(".") >= 1 and "\n" not in text


def test_a_board_with_too_many_spaces_is_refused_before_any_table_is_built() -> None:
    board, _rules = raw_data()
    huge = copy.deepcopy(board)
    first = huge["districts"][0]
    codes = [f"Z{a}{b}" for a in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for b in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"][:400]
    huge["districts"] += [{**first, "code": code, "name": f"Extra {code}"} for code in codes]
    with pytest.raises(OptionError) as err:
        SPEC.new_game(4, 0, {BOARD_KEY: huge})
    assert "at most 250" in str(err.value) and "districts and fields" in str(err.value)


def test_a_save_carries_the_board_and_replays_on_it_and_a_tampered_board_is_refused(no_bridges: dict) -> None:
    state = SPEC.new_game(4, 8, no_bridges)
    r = random.Random(8)
    for _ in range(150):
        state.apply(r.choice(state.legal_actions()))
    data = record_of(state).to_json()
    again = replay(GameRecord.from_json(json.loads(json.dumps(data))))
    assert again.state_dict() == state.state_dict() and again.board.links == state.board.links
    bad = json.loads(json.dumps(data))
    bad["options"][BOARD_KEY]["districts"][0]["houses"] += 1
    with pytest.raises(SaveFileError) as err:
        replay(GameRecord.from_json(bad))
    assert "The board cannot be played" in str(err.value)


def test_a_state_on_a_variant_board_travels_to_a_bot_worker_and_plays_on(no_bridges: dict) -> None:
    state = SPEC.new_game(4, 2, no_bridges)
    r = random.Random(2)
    for _ in range(60):
        state.apply(r.choice(state.legal_actions()))
    twin = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert twin.tables is state.tables
    for _ in range(60):
        if state.is_terminal():
            break
        assert twin.legal_actions() == state.legal_actions()
        a = r.choice(state.legal_actions())
        state.apply(a)
        twin.apply(a)
    assert twin.state_dict() == state.state_dict()


def test_views_name_the_board_by_its_key_and_the_drawings_draw_it(no_bridges: dict) -> None:
    state = SPEC.new_game(4, 1, no_bridges)
    view = state.view(0)
    assert view["board"] == state.tables.key and BOARD_KEY not in view["options"]
    assert "board" not in SPEC.new_game(4, 1).view(0)
    svg, packaged_svg = render_svg(view, []), render_svg(SPEC.new_game(4, 1).view(0), [])
    assert "Holborn Bridge" in packaged_svg and "Holborn Bridge" not in svg
    assert 'data-link="HO>NE"' in packaged_svg and 'data-link="HO>NE"' not in svg  # the bridge's arrow is gone
    assert packaged_svg.count("data-link=") == svg.count("data-link=") + 4  # two arrows, two halves each
    assert "Holborn" in render_view(view)


def test_learning_encoders_refuse_a_variant_board_with_a_clear_sentence(no_bridges: dict) -> None:
    assert SPEC.observation_encoder is not None
    with pytest.raises(OptionError, match="packaged board only"):
        SPEC.observation_encoder(4, SPEC.resolve_options(4, no_bridges))


def test_the_action_space_follows_the_board(no_bridges: dict) -> None:
    state = SPEC.new_game(4, 1, no_bridges)
    assert SPEC.num_distinct_actions(4, no_bridges) == state.action_space_size() == state.tables.codec.size
    assert state.text_to_action("move landowner to Holborn") == SPEC.new_game(4, 1).text_to_action(
        "move landowner to Holborn"
    )


def test_the_variant_board_file_is_the_packaged_one_with_two_links_and_two_bridges_less() -> None:
    here = yaml.safe_load((EXAMPLE.parent / "boards" / "great-fire-fleet-without-bridges.yaml").read_text())
    packaged, _ = raw_data()
    assert here["districts"] == packaged["districts"]
    assert len(here["links"]) == len(packaged["links"]) - 2
    assert here["fleet"]["bridges"] == []


def split_field_board() -> dict:
    """The packaged board with Lincoln's Inn / Gray's Inn Fields cut in two: one more space on the map."""
    board, _rules = raw_data()
    board = copy.deepcopy(board)
    field = next(f for f in board["fields"] if f["code"] == "lg")
    field["outline"], field["label"] = [[0, 150], [104, 150], [104, 369], [0, 413]], [51, 260]
    board["fields"].append(
        {
            "name": "Gray's Inn Fields",
            "code": "gi",
            "outline": [[0, 0], [104, 0], [104, 150], [0, 150]],
            "label": [51, 75],
            "source": field["source"],
        }
    )
    return board


def test_a_board_with_one_more_space_has_more_actions_and_plays_on_them() -> None:
    options = {BOARD_KEY: split_field_board()}
    state = SPEC.new_game(4, 4, options)
    assert state.board.num_districts == BOARD.num_districts + 1
    size = SPEC.num_distinct_actions(4, options)
    assert size == state.action_space_size() > SPEC.num_distinct_actions(4)
    moved = state.text_to_action("move landowner to Gray's Inn Fields")
    assert state.action_to_text(moved) == "move landowner to Gray's Inn Fields"
    with pytest.raises(MalformedActionError):
        SPEC.new_game(4, 4).text_to_action("move landowner to Gray's Inn Fields")
    placed = state.text_to_action("place landowner in Gray's Inn Fields")
    r = random.Random(4)
    entered = False
    while not state.is_terminal():
        legal = state.legal_actions()
        a = placed if placed in legal and not entered else r.choice(legal)
        entered |= a == placed
        state.apply(a)
    assert entered and state.winners()
    assert "Gray's Inn Fields" in {e.data.get("district") for e in state.events if e.kind == "landowner_placed"}
    view = state.view(None)
    assert len(view["districts"]) == BOARD.num_districts + 1
    assert 'data-place="Gray\'s Inn Fields"' in render_svg(view, [])
    assert ":gi:" in render_view(view)  # the terminal's map draws it too
