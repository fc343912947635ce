"""The board and rule data files: the packaged ones load, and a corrupted copy is refused by name."""

from __future__ import annotations

import copy

import pytest

from firebreak.core import DataFileError
from firebreak.games.great_fire.board import build_board, raw_data

from .helpers import BOARD


def test_packaged_board_matches_the_rulebook_constraints():
    assert BOARD.num_districts == 51 + 3  # 51 districts and 3 grassed areas
    assert sum(BOARD.grassed_space) == 3
    assert sum(BOARD.size) == 120
    assert sum(BOARD.yellow) == 20
    assert BOARD.names[BOARD.pudding_lane] == "Pudding Lane" and BOARD.start_fire[BOARD.pudding_lane] == 25
    assert [len(ds) for _, ds in BOARD.objective_decks] == [8, 8, 8]
    assert sum(BOARD.fire_card_counts) == 60
    assert BOARD.size[BOARD.index("Guild Hall")] == 4 and BOARD.size[BOARD.index("Aldgate")] == 4
    assert BOARD.size[BOARD.index("Bethnal")] == 1


def corrupt(mutate):
    board, rules = raw_data()
    board, rules = copy.deepcopy(board), copy.deepcopy(rules)
    mutate(board, rules)
    return lambda: build_board(board, rules)


def _district(board, name):
    return next(x for x in board["districts"] if x["name"] == name)


@pytest.mark.parametrize("mutate,message", [
    (lambda b, r: _district(b, "Guild Hall")["neighbours"].pop(0), "no matching"),
    (lambda b, r: _district(b, "Guild Hall").__setitem__("houses", 5), "region blue holds 31 houses"),
    (lambda b, r: _district(b, "Guild Hall").__setitem__("houses", 9), "0 to 5 houses"),
    (lambda b, r: _district(b, "Bethnal").__setitem__("yellow_label_token", False), "19 yellow-label"),
    (lambda b, r: b["objective_cards"]["I"][0].__setitem__("district", "Atlantis"), "unknown district 'Atlantis'"),
    (lambda b, r: b["fire_movement_cards"]["counts"].__setitem__("N", 17), "do not add up"),
    (lambda b, r: b["fire_stack_cards"]["players_4"].__setitem__("A", 9), "fire stack for 4 players"),
    (lambda b, r: r["fixed_trained_bands"].__setitem__(4, ["Hounds Ditch"]), "trained bands"),
    (lambda b, r: r.pop("hand_size"), "hand_size"),
    (lambda b, r: _district(b, "Moorgate")["neighbours"][0].__setitem__("to", "Nowhere"), "unknown district"),
    (lambda b, r: _district(b, "Moorgate")["neighbours"][-1].__setitem__("playable_with", ["S"]),
     "must be playable with"),
])
def test_corrupted_data_is_refused_with_a_clear_message(mutate, message):
    with pytest.raises(DataFileError, match=message):
        corrupt(mutate)()


def test_uncorrupted_copy_builds_the_same_board():
    assert corrupt(lambda b, r: None)() == BOARD
