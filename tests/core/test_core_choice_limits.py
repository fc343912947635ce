"""Choices that exist only for some player counts or other options (ChoiceLimit on OptionSpec, core/game.py):
the one declaration the validation, the catalog and the lobby all read."""

from __future__ import annotations

import pytest

from firebreak.core import ChoiceLimit, GameSpec, OptionError, OptionSpec

from toygame.game import EmberState  # the state class does not matter: these specs are never played


def spec(*options: OptionSpec) -> GameSpec:
    return GameSpec(
        name="limits",
        title="Limits",
        min_players=2,
        max_players=6,
        default_players=3,
        state_class=EmberState,
        options=options,
    )


BOARD = OptionSpec("board", str, "small", "the board", choices=("small", "big"))
SETUP = OptionSpec(
    "setup",
    str,
    "fixed",
    "the set-up",
    choices=("fixed", "shuffled", "draft"),
    unavailable=(
        ChoiceLimit(
            "fixed", "the big board prints no fixed set-up for 5-6 players", players=(5, 6), when={"board": ("big",)}
        ),
        ChoiceLimit("draft", "drafting needs at least 3 players", players=(2, 2)),
    ),
)
GAME = spec(BOARD, SETUP)


@pytest.mark.parametrize(
    "players, board, offered",
    [
        (2, "small", ("fixed", "shuffled")),
        (3, "big", ("fixed", "shuffled", "draft")),
        (4, "big", ("fixed", "shuffled", "draft")),
        (5, "small", ("fixed", "shuffled", "draft")),
        (5, "big", ("shuffled", "draft")),
        (6, "big", ("shuffled", "draft")),
    ],
)
def test_the_choices_offered_follow_the_player_count_and_the_other_options(players, board, offered):
    assert SETUP.available(players, {"board": board, "setup": "fixed"}) == offered


def test_an_unavailable_choice_is_refused_with_its_reason_and_what_to_choose_instead():
    with pytest.raises(OptionError) as info:
        GAME.resolve_options(5, {"board": "big", "setup": "fixed"})
    assert str(info.value) == ("the big board prints no fixed set-up for 5-6 players: choose setup shuffled or draft")
    with pytest.raises(OptionError, match="^drafting needs at least 3 players: choose setup fixed or shuffled$"):
        GAME.resolve_options(2, {"setup": "draft"})
    assert GAME.resolve_options(4, {"board": "big", "setup": "fixed"})["setup"] == "fixed"
    assert GAME.resolve_options(5, {"board": "small", "setup": "fixed"})["setup"] == "fixed"


def test_a_default_that_does_not_fit_gives_way_to_the_first_choice_that_does():
    """Only a value the player left to the default moves; one they asked for is refused (above)."""
    assert GAME.resolve_options(5, {"board": "big"})["setup"] == "shuffled"
    assert GAME.resolve_options(5)["setup"] == "fixed"


def test_the_limit_says_why_and_serialises_for_the_catalog():
    assert SETUP.why_unavailable("fixed", 6, {"board": "big"}) == "the big board prints no fixed set-up for 5-6 players"
    assert SETUP.why_unavailable("fixed", 4, {"board": "big"}) is None
    assert SETUP.unavailable[0].to_json() == {
        "choice": "fixed",
        "players": [5, 6],
        "when": {"board": ["big"]},
        "reason": "the big board prints no fixed set-up for 5-6 players",
    }
    assert SETUP.unavailable[1].to_json()["when"] == {}
    hash(SETUP)  # a limit keeps the option a plain frozen value


@pytest.mark.parametrize(
    "limit, message",
    [
        (ChoiceLimit("huge", "no such setup"), "not one of its choices"),
        (ChoiceLimit("fixed", "why", when={"colour": ("red",)}), "not another option"),
        (ChoiceLimit("fixed", "why", when={"board": ("medium",)}), "cannot take"),
    ],
)
def test_a_limit_naming_a_choice_or_option_that_does_not_exist_is_a_mistake_in_the_spec(limit, message):
    with pytest.raises(ValueError, match=message):
        spec(
            BOARD, OptionSpec("setup", str, "fixed", "the set-up", choices=("fixed", "shuffled"), unavailable=(limit,))
        )


def test_an_option_that_matters_only_with_another_says_so_and_a_spec_naming_no_option_is_refused():
    """Catan's Seafarers target changes nothing on the base board: ``matters`` tells front ends to hide it."""
    target = OptionSpec(
        "target",
        int,
        14,
        "points to win on the big board",
        choices=(13, 14),
        only_when={"board": ("big",)},
        title="Points to win on the big board",
    )
    assert target.only_when == (("board", ("big",)),)
    assert target.matters({"board": "big"}) and not target.matters({"board": "small"})
    assert BOARD.matters({"board": "small"})  # an option with no condition always matters
    assert spec(BOARD, target).resolve_options(3, {"board": "small", "target": 13})["target"] == 13  # kept, unused
    assert (target.label, BOARD.label) == ("Points to win on the big board", "Board")
    with pytest.raises(ValueError, match="not another option"):
        spec(target)
    with pytest.raises(ValueError, match="cannot take"):
        spec(BOARD, OptionSpec("t", int, 1, "t", only_when={"board": ("huge",)}))
