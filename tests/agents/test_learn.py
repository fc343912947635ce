"""The training tool for learned evaluations (firebreak.agents.learn) writes a model the game can load."""

from __future__ import annotations

import pytest

from firebreak.core.value_model import load_value_model
from firebreak.games.great_fire import value

np = pytest.importorskip("numpy")  # training needs NumPy (the rl/train extras); playing with a model does not


def test_the_learning_tool_records_fits_and_writes_a_loadable_model(tmp_path, capsys):
    from firebreak.agents.learn import main
    out, data = tmp_path / "model.json", tmp_path / "records.npz"
    main(["great-fire", "--games", "3", "--epochs", "30", "--hidden", "3", "--holdout", "0.34",
          "--data", str(data), "--out", str(out)])
    printed = capsys.readouterr().out
    assert "played 3 games" in printed and "| quarter 4" in printed and "evaluation (best scale)" in printed
    model = load_value_model(out, value.NAMES)
    assert len(model.layers) == 2 and "--games 3" in model.source
    with np.load(data) as saved:
        assert saved["features"].shape[1:] == (4, len(value.NAMES))
        assert set(saved["game"].tolist()) == {0, 1, 2}
    main(["great-fire", "--data", str(data), "--epochs", "5", "--hidden", "0"])  # reuses the records
    assert "records from" in capsys.readouterr().out
