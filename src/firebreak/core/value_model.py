"""Learned position values: a small model that turns one seat's features into a score, read from a data file.

A game that ships a learned evaluation registers a :class:`FeatureSet` (what the model reads: numbers computed from
one seat's own view, so the model can never use what that seat cannot see) and keeps the fitted weights in a JSON
file in its package. Win shares are a softmax of every seat's score, the same form search bots use for any
evaluation (:func:`firebreak.agents.mcts.seat_evaluator`), so each seat's score depends on its own view alone.

The model is a tiny multi-layer perceptron (no hidden layer: a conditional logit). Inference is plain Python on
purpose: a position has a few seats of a few dozen numbers, where list arithmetic is as fast as NumPy's call
overhead, and the core install stays free of NumPy. Training (NumPy) is :mod:`firebreak.agents.learn`.

The file format (``kind`` and ``version`` below), every field checked when loaded:

* ``features``: the feature names, in the game's order (a file for other features is refused);
* ``products``: pairs ``[i, j]`` of feature indices whose products are appended to the features (a linear score
  whose weights change as the game goes on: each feature times a measure of the game's progress);
* ``mean``, ``std``: per input (the features, then the products), subtracted then divided before the first layer;
* ``layers``: ``{"weights": [[...] per input], "bias": [...]}`` each; every layer but the last is followed by
  ``tanh``; the last has one output, the seat's score;
* ``source``: how the weights were made (games, bots, seeds, command), for anyone reproducing them.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import FirebreakError

KIND = "firebreak-value-model"
VERSION = 1


class ValueModelError(FirebreakError):
    """A value-model file that cannot be used (missing, not JSON, or not a model for these features)."""


@dataclass(frozen=True)
class FeatureSet:
    """What a game's learned evaluation reads: ``compute(state, seat)`` gives the numbers named ``names``, from
    ``seat``'s own view only (a game's hidden-information tests pin that)."""

    names: tuple[str, ...]
    compute: Callable[[Any, int], list[float]]


@dataclass(frozen=True)
class ValueModel:
    """A loaded, validated model: :meth:`score` maps one seat's features to its score (a logit)."""

    features: tuple[str, ...]
    products: tuple[tuple[int, int], ...]
    mean: tuple[float, ...]
    std: tuple[float, ...]
    layers: tuple[tuple[tuple[tuple[float, ...], ...], tuple[float, ...]], ...]  # (weights[out][in], bias[out])
    source: str

    def __post_init__(self) -> None:
        # the standardisation folded into the first layer, so scoring is plain dot products (search bots score
        # thousands of positions a move)
        weights, bias = self.layers[0]
        rows = tuple(tuple(w / s for w, s in zip(row, self.std)) for row in weights)
        first = (rows, tuple(b - sum(w * m for w, m in zip(row, self.mean)) for row, b in zip(rows, bias)))
        object.__setattr__(self, "_folded", (first, *self.layers[1:]))

    def score(self, features: Sequence[float]) -> float:
        if len(features) != len(self.features):
            raise ValueError(f"the model reads {len(self.features)} features, not {len(features)}")
        x = list(features)
        x += [features[i] * features[j] for i, j in self.products]
        layers = self._folded  # type: ignore[attr-defined]
        last = len(layers) - 1
        tanh, mul = math.tanh, operator.mul
        for i, (weights, bias) in enumerate(layers):
            x = [b + sum(map(mul, row, x)) for row, b in zip(weights, bias)]
            if i < last:
                x = [tanh(v) for v in x]
        return x[0]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": KIND, "version": VERSION, "features": list(self.features),
                "products": [list(p) for p in self.products], "mean": list(self.mean),
                "std": list(self.std), "source": self.source,
                "layers": [{"weights": [list(r) for r in w], "bias": list(b)} for w, b in self.layers]}


def _numbers(value: Any, size: int, what: str) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != size:
        raise ValueModelError(f"{what} must be a list of {size} numbers")
    out = []
    for v in value:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise ValueModelError(f"{what} holds {v!r}, not a finite number")
        out.append(float(v))
    return tuple(out)


def model_from_dict(data: Any, features: Sequence[str], where: str = "the value model") -> ValueModel:
    """Check ``data`` (a parsed model file) against the feature names the game computes; a clear error if not."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ValueModelError(f"{where} is not a value model (its kind must be {KIND!r})")
    if data.get("version") != VERSION:
        raise ValueModelError(f"{where} has version {data.get('version')!r}; this code reads version {VERSION}")
    if data.get("features") != list(features):
        raise ValueModelError(f"{where} was trained on other features than the game computes "
                              f"(expected {len(features)} named {', '.join(features[:3])}...)")
    products = data.get("products", [])
    if not isinstance(products, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(i) is int and 0 <= i < len(features) for i in p)
            for p in products):
        raise ValueModelError(f"{where}: products must be pairs of feature indices")
    n = len(features) + len(products)
    mean = _numbers(data.get("mean"), n, f"{where}: mean")
    std = _numbers(data.get("std"), n, f"{where}: std")
    if any(s <= 0 for s in std):
        raise ValueModelError(f"{where}: every std must be positive")
    source = data.get("source")
    if not isinstance(source, str) or not source.strip():
        raise ValueModelError(f"{where} must say how it was trained (its source)")
    raw = data.get("layers")
    if not isinstance(raw, list) or not raw:
        raise ValueModelError(f"{where} must have at least one layer")
    layers = []
    inputs = n
    for i, layer in enumerate(raw):
        if not isinstance(layer, dict) or not isinstance(layer.get("weights"), list) or not layer["weights"]:
            raise ValueModelError(f"{where}: layer {i + 1} needs weights and a bias")
        weights = tuple(_numbers(row, inputs, f"{where}: layer {i + 1} weights") for row in layer["weights"])
        bias = _numbers(layer.get("bias"), len(weights), f"{where}: layer {i + 1} bias")
        layers.append((weights, bias))
        inputs = len(weights)
    if inputs != 1:
        raise ValueModelError(f"{where}: the last layer must have one output, not {inputs}")
    return ValueModel(tuple(features), tuple((i, j) for i, j in products), mean, std, tuple(layers), source)


def load_value_model(path: Path, features: Sequence[str]) -> ValueModel:
    """Read and validate a model file (see the module docstring for the format)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueModelError(f"cannot read the value model {path}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise ValueModelError(f"the value model {path} is not valid JSON: {exc}") from exc
    return model_from_dict(data, features, f"the value model {Path(path).name}")
