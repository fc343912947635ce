"""The board and rule data files: the packaged ones load, and a board file that breaks a rule of the rulebook or
of the drawing is refused with a sentence naming it."""

from __future__ import annotations

import copy

import pytest
import yaml

from firebreak.core import DataFileError
from firebreak.games.great_fire.data import board_from_file, build_board, raw_data

from .helpers import BOARD


def corrupt(mutate):
    board, rules = raw_data()
    board, rules = copy.deepcopy(board), copy.deepcopy(rules)
    mutate(board, rules)
    return lambda: build_board(board, rules)


def _district(board, name):
    return next(x for x in board["districts"] if x["name"] == name)


def _code(board, name):
    return _district(board, name)["code"]


def _link(board, a, b):
    ca, cb = _code(board, a), _code(board, b)
    return next(x for x in board["links"] if {x["a"], x["b"]} == {ca, cb})


def _drop_link(board, a, b):
    board["links"].remove(_link(board, a, b))


def _shift(board, name, dx, dy):
    d = _district(board, name)
    d["outline"] = [[x + dx, y + dy] for x, y in d["outline"]]
    d["label"] = [d["label"][0] + dx, d["label"][1] + dy]


def _flip_dir(board, a, b):
    link = _link(board, a, b)
    link["dir"] = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}[link["dir"]]


def _bow_tie(board, name):
    d = _district(board, name)
    o = d["outline"]
    o[0], o[1] = o[1], o[0]


def _move_cross(board):
    c = board["crosses"][0]
    c["at"] = [c["at"][0] + 7, c["at"][1] + 3]


def _bands_in_green(board):
    _district(board, "Bridgeward")["trained_bands"] = {4: 1}


@pytest.mark.parametrize(
    "mutate,message",
    [
        (lambda b, r: _district(b, "Guild Hall").__setitem__("houses", 9), "less than or equal to 5"),
        (lambda b, r: _district(b, "Guild Hall").__setitem__("houses", 5), "The blue region holds 31 houses"),
        (
            lambda b, r: _district(b, "Guild Hall").__setitem__("houses", 5),
            "Guild Hall holds 5 houses; the rulebook gives",
        ),
        (
            lambda b, r: _district(b, "Bethnal").__setitem__("yellow_label", False),
            "19 districts have yellow labels but there are 20 tokens",
        ),
        (
            lambda b, r: b["objective_cards"]["I"].__setitem__(0, "ZZ"),
            "Objective deck I names ZZ, which is no district",
        ),
        (lambda b, r: b["fire_movement_cards"]["counts"].__setitem__("N", 17), "add up to 61"),
        (lambda b, r: b["fire_stack_cards"][4].__setitem__(0, 9), "The fire stack for 4 players deals 33 cards"),
        (
            lambda b, r: _district(b, "Hounds Ditch").pop("trained_bands"),
            "In a 4-player game the board places trained bands in St. Botolphs; the rulebook places them in Hounds Ditch",
        ),
        (lambda b, r: _bands_in_green(b), "Bridgeward gets a trained band at set-up but lies in the green region"),
        (lambda b, r: r.pop("hand_size"), "hand_size"),
        (lambda b, r: _link(b, "Sion College", "Moorgate").__setitem__("b", "ZZ"), "names ZZ, which is no district"),
        (
            lambda b, r: _drop_link(b, "Sion College", "Moorgate"),
            "Sion College and Moorgate share a border with no arrow across it",
        ),
        (
            lambda b, r: _drop_link(b, "Sion College", "Moorgate"),
            "Example 1: an east card moves fire from Sion College into Moorgate, but the board has no such link",
        ),
        (lambda b, r: _flip_dir(b, "Sion College", "Moorgate"), "but their shared border faces the other way"),
        (
            lambda b, r: _flip_dir(b, "Sion College", "Finsbury"),
            "The cross from [A-Z]+ to [A-Z]+ is printed (NE|SW) but [A-Za-z. ]+ lies (NE|SW) of [A-Za-z. ]+ at the cross",
        ),
        (lambda b, r: _shift(b, "Guild Hall", 30, 0), "overlap; spaces may share borders but not ground"),
        (lambda b, r: _district(b, "Guild Hall").__setitem__("label", [0, 0]), "The label of Guild Hall lies outside"),
        (lambda b, r: _bow_tie(b, "Guild Hall"), "The outline of Guild Hall has sides that cross"),
        (lambda b, r: _move_cross(b), "a four-way cross sits where four districts meet"),
        (
            lambda b, r: _link(b, "Sion College", "Moorgate").__setitem__("via", "bridge"),
            "crosses no stretch of the Fleet the two share",
        ),
        (
            lambda b, r: _district(b, "Bethnal").__setitem__("objective", {"deck": "III", "vp": 2}),
            "Bethnal is an objective with only 1 house",
        ),
        (
            lambda b, r: _district(b, "Guild Hall").__setitem__("yellow_label", True),
            "Guild Hall has a yellow label and is an objective",
        ),
        (
            lambda b, r: _district(b, "Pudding Lane").__setitem__("start_fire_cones", 20),
            "Pudding Lane starts with 20 fire cones; the rulebook puts 25 there",
        ),
        (lambda b, r: _district(b, "Guild Hall").__setitem__("source", "nowhere"), "cites the source nowhere"),
    ],
)
def test_a_board_file_that_breaks_a_rule_is_refused_with_a_sentence_naming_it(mutate, message):
    with pytest.raises(DataFileError, match=message):
        corrupt(mutate)()


def test_every_broken_rule_is_named_at_once():
    def two_mistakes(b, r):
        _district(b, "Bethnal")["yellow_label"] = False
        b["fire_movement_cards"]["counts"]["N"] = 17

    with pytest.raises(DataFileError) as err:
        corrupt(two_mistakes)()
    assert "19 districts have yellow labels" in str(err.value) and "add up to 61" in str(err.value)


def test_uncorrupted_copy_builds_the_same_board():
    assert corrupt(lambda b, r: None)() == BOARD


def test_a_board_is_built_from_a_given_file(tmp_path):
    board, _ = raw_data()
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(board), encoding="utf-8")
    assert board_from_file(path) == BOARD
    _district(board, "Bethnal")["yellow_label"] = False
    path.write_text(yaml.safe_dump(board), encoding="utf-8")
    with pytest.raises(DataFileError, match="19 districts have yellow labels"):
        board_from_file(path)
    with pytest.raises(DataFileError, match="cannot be read"):
        board_from_file(tmp_path / "missing.yaml")


def test_links_are_drawn_where_they_are_printed():
    """Each arrow sits on the border it crosses, each cross on its corner, each bridge on the Fleet."""
    from firebreak.games.great_fire import geometry as geo

    for link in BOARD.links:
        if link.kind == "cross":
            assert any(c.at == link.at and {link.a, link.b} <= set(c.spaces) for c in BOARD.crosses)
        elif link.kind == "bridge":
            assert geo.on_polyline(link.at, BOARD.fleet) and link.at in {at for _, at in BOARD.bridges}
        else:
            for space in (link.a, link.b):
                assert any(geo.on_segment(link.at, *side, tol=0.5) for side in geo.edges(BOARD.outlines[space]))


def test_movement_crosses_every_shared_border_and_the_fleet():
    """Pieces move across every border, into the fields and over the Fleet (no barrier to movement), and along
    every link; fire only along links."""
    for i in range(BOARD.num_districts):
        assert set(BOARD.fire_adjacent[i]) <= set(BOARD.neighbours[i])
        if BOARD.grassed_space[i]:
            assert BOARD.fire_adjacent[i] == () and BOARD.neighbours[i]


def test_the_packaged_board_is_what_its_generator_writes():
    """board.yaml is made by scripts/great_fire_board.py, not edited by hand (needs the "board" extra)."""
    import importlib.util
    from pathlib import Path

    pytest.importorskip("scipy")
    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("great_fire_board", root / "scripts" / "great_fire_board.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert generator.build() == generator.OUT.read_text(encoding="utf-8")
