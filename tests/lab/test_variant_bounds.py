"""Every number parameter of every game is refused one past either bound, in one sentence naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from firebreak.core.registry import all_games, load_all
from firebreak.core.variant import VariantError, parse_variant

load_all()
CASES = [(spec.name, p) for spec in all_games() for p in spec.parameters if p.choices is None]


@pytest.mark.parametrize(("game", "param"), CASES, ids=[f"{g}-{p.name}" for g, p in CASES])
def test_a_variant_file_past_a_bound_is_refused_naming_the_field(game: str, param: Any) -> None:
    for bad in (param.minimum - 1, param.maximum + 1):
        with pytest.raises(VariantError) as info:
            parse_variant(f"game: {game}\nname: Bad\nrules: {{{param.name}: {bad}}}\n")
        assert info.value.problems == [
            f"rules.{param.name} must be between {param.minimum} and {param.maximum}, not {bad}"
        ]
