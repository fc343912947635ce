"""The Great Fire's evaluation weights, measured by paired games (a step of a by-hand coordinate search).

    .venv/bin/python benchmarks/tune_great_fire.py --weights NAME=key:value[/key:value...] [--weights ...] \
        --a mcts:iterations=100,eval=NAME --b mcts:iterations=100 --against mcts:iterations=100 --games 24

Each ``--weights`` names an evaluation with other weights (``heuristic.Weights``: ``prospect``, ``step``,
``band_threat``, ``threat``, ``rival``; the others keep their defaults), usable as ``eval=NAME`` in any search bot
of this process; the remaining arguments go to ``paired_bots.py`` (game ``great-fire`` is implied). The names
exist only in this process: tuning candidates are not evaluations a player or the server can pick.

Example: is a smaller threat weight better, at the medium budget, paired against the usual weights:
``tune_great_fire.py --weights t3=threat:0.3 --a mcts:iterations=100,eval=t3 --b mcts:iterations=100
--against mcts:iterations=100 --games 24``.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.core import get_game  # noqa: E402
from firebreak.games.great_fire.heuristic import Weights, weighted_evaluation  # noqa: E402


def parse_weights(text: str) -> tuple[str, Weights]:
    """``NAME=key:value/key:value`` -> the name and its weights (unknown keys and bad numbers are refused)."""
    name, eq, body = text.partition("=")
    if not eq or not name.strip():
        raise ValueError(f"--weights {text!r}: write NAME=key:value[/key:value...]")
    fields = {f.name for f in dataclasses.fields(Weights)}
    values: dict[str, float] = {}
    for item in filter(None, body.split("/")):
        key, colon, raw = item.partition(":")
        if not colon or key not in fields:
            raise ValueError(f"--weights {text!r}: {item!r} is not key:value with key one of {sorted(fields)}")
        values[key] = float(raw)
    return name.strip(), Weights(**values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], add_help=False)
    parser.add_argument("--weights", action="append", default=[])
    args, rest = parser.parse_known_args(argv)
    spec = get_game("great-fire")
    evaluations = dict(spec.evaluations)
    for text in args.weights:
        try:
            name, weights = parse_weights(text)
        except ValueError as exc:
            parser.error(str(exc))
        evaluations[name] = weighted_evaluation(weights)
        print(f"eval={name}: {weights}", flush=True)
    # the games this run plays see the candidates (a state reads its spec from its class); the registered spec
    # keeps the game's own evaluations
    spec.state_class.spec = dataclasses.replace(spec, evaluations=evaluations)
    from paired_bots import main as paired  # this folder: a script's own directory is on its path

    paired(["great-fire", *rest])


if __name__ == "__main__":
    main()
