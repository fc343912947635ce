"""The registry looks names up among registered games only, and option bounds refuse values the rules cannot use."""

from __future__ import annotations

import importlib
import sys

import pytest

from firebreak.core import OptionError, all_games, get_game
from firebreak.core.errors import UnknownGameError
from firebreak.core.game import OptionSpec


@pytest.mark.parametrize(
    "name",
    [
        "x.y",
        ".catan",
        "../../etc/passwd",
        "catan.state",
        "great_fire.board",
        "os",
        "",
        " ",
        "games",
        "__init__",
        "chess",
        "a" * 500,
    ],
)
def test_unregistered_names_are_refused_without_importing_anything(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    all_games()  # every game package is loaded once, up front
    before = set(sys.modules)

    def no_import(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the registry imported {args} for a user's name")

    monkeypatch.setattr(importlib, "import_module", no_import)
    with pytest.raises(UnknownGameError) as info:
        get_game(name)
    assert set(sys.modules) == before
    message = str(info.value)
    assert message.startswith("unknown game") and "the games are: " in message
    assert all(g in message for g in ("brigade", "catan", "great-fire"))
    assert len(message) < 200  # a long name is shortened, not echoed whole


def test_a_name_that_is_not_text_is_an_unknown_game() -> None:
    with pytest.raises(UnknownGameError):
        get_game(None)  # type: ignore[arg-type]


def test_registered_names_are_found_forgivingly() -> None:
    assert get_game(" Great_Fire ").name == "great-fire"
    assert get_game("CATAN").name == "catan"


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("turn_limit", -5, "option 'turn_limit' must be between 0 and 100000, not -5"),
        ("offers_per_turn", -3, "option 'offers_per_turn' must be between 0 and 20, not -3"),
        ("offers_per_turn", 10**9, "option 'offers_per_turn' must be between 0 and 20"),
        ("turn_limit", "-1", "option 'turn_limit' must be between 0 and 100000, not -1"),
    ],
)
def test_catan_numeric_options_are_bounded(option: str, value: object, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_game("catan").resolve_options(4, {option: value})


def test_bounds_inclusive_and_one_sided() -> None:
    spec = OptionSpec("n", int, 1, "a count", minimum=1)
    assert spec.coerce(1) == 1 and spec.coerce(10**6) == 10**6
    with pytest.raises(OptionError, match="option 'n' must be at least 1, not 0"):
        spec.coerce(0)
    spec = OptionSpec("n", int, 1, "a count", maximum=3)
    assert spec.coerce(3) == 3
    with pytest.raises(OptionError, match="option 'n' must be at most 3, not 4"):
        spec.coerce(4)
    catan = get_game("catan")
    assert catan.resolve_options(4, {"turn_limit": 0, "offers_per_turn": 20})["offers_per_turn"] == 20


def test_every_whole_number_option_of_every_game_is_bounded() -> None:
    for spec in all_games():
        for o in spec.options:
            if o.type is int and o.choices is None:
                assert o.minimum is not None and o.maximum is not None, f"{spec.name}: {o.name} is unbounded"


@pytest.mark.parametrize("name", ["x.y", ".catan", "../../etc/passwd"])
def test_a_record_of_an_unregistered_game_is_a_save_file_error_not_a_traceback(name: str) -> None:
    from firebreak.core import GameRecord, replay
    from firebreak.core.errors import SaveFileError

    with pytest.raises(SaveFileError, match="record cannot start a game: unknown game"):
        replay(GameRecord(game=name, num_players=3, options={}, seed=1, actions=[]))


def test_the_bounds_are_shown_where_options_are_listed() -> None:
    from firebreak.cli.options import describe_option

    line = describe_option(get_game("catan").option("offers_per_turn"))
    assert line == (
        "--offers-per-turn <int>: how many trade offers a player may draft in one turn (a discarded "
        "draft counts) (0 to 20; only with --player-trades) [default: 3]"
    )
