"""`firebreak rules GAME` in an 80-column terminal: every parameter's name whole on a line of its own (a designer
types it into a variant file), with its words, default, allowed values and quote, and no line past 80 columns."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from firebreak.cli.main import app
from firebreak.core import get_game
from firebreak.core.registry import load_all


@pytest.mark.parametrize("game", ["great-fire", "catan", "brigade"])
def test_the_listing_fits_80_columns_with_every_name_whole(game: str) -> None:
    load_all()
    spec = get_game(game)
    result = CliRunner().invoke(app, ["rules", game], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    assert "…" not in result.stdout
    for p in spec.parameters:
        at = lines.index(p.name)  # the name alone on its line, whole
        end = lines.index("", at) if "" in lines[at:] else len(lines)
        block = " ".join(line.strip() for line in lines[at + 1 : end])
        assert block.startswith(" ".join(p.words.split()))
        assert f"Default: {p.default}. Allowed: {p.bounds_words()}." in block
        assert " ".join(f"The rulebook says: {p.quote}".split()) in block


def test_the_listing_shows_a_variants_values(tmp_path) -> None:
    """`firebreak rules GAME --variant FILE` adds the variant's value to each parameter it changes; a variant
    that cannot be played is refused in one sentence."""
    load_all()
    good = tmp_path / "costly.yaml"
    good.write_text("game: great-fire\nname: Costly moves\nrules: {landowner_move_cost: 2, cone_vp: 3}\n")
    result = CliRunner().invoke(app, ["rules", "great-fire", "--variant", str(good)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "with the values of costly.yaml" in " ".join(lines[:2])
    for name, value in (("landowner_move_cost", 2), ("cone_vp", 3)):
        at = lines.index(name)
        assert f"  This variant: {value}." in lines[at : lines.index("", at)]
    assert lines.count("  This variant: 2.") + lines.count("  This variant: 3.") == 2
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: brigade\nname: Deep buckets\nrules: {warden_water: 3}\n")
    result = CliRunner().invoke(app, ["rules", "brigade", "--variant", str(bad)])
    assert result.exit_code == 2 and "rules.warden_water must be between 0 and 2, not 3" in result.output
