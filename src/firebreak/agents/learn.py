"""Train a game's learned evaluation: record games, fit a small model of who wins, write its weights file.

    python -m firebreak.agents.learn GAME [--games 600] [--agents greedy,greedy:blunder=0.2] [--hidden 16]
        [--workers 1] [--seed 0] [--holdout 0.2] [--out PATH] [--data FILE.npz]

Works for any game that registers ``value_features`` (a :class:`firebreak.core.value_model.FeatureSet`: numbers
from one seat's own view) in its spec's ``extra``; the result is the JSON file that game's learned evaluation
loads (:mod:`firebreak.core.value_model`). Uses only the core protocol.

1. **Data.** Plays ``--games`` games at the game's default player count, each seat a bot drawn from ``--agents``
   (seeded, so a run is reproducible), and records every seat's features each time the turn passes, with the
   game's hand-made evaluation of every seat (for the comparison) and the final win shares. ``--data`` keeps the
   records in a NumPy file and reuses them when it exists (fit again without playing again).
2. **Model.** A softmax over seats of each seat's score (a conditional logit), the score a tiny tanh network
   (``--hidden`` units; 0: linear) of that seat's features; fitted by Adam on the log loss against the win shares.
   The last ``--holdout`` of the games are never fitted on.
3. **Report.** On the held-out games, per quarter of the game: the model's log loss, the hand-made evaluation's
   under its best softmax scale for that quarter (what ``benchmarks/evaluation_calibration.py`` prints), and the
   uniform guess. The model is then refitted on every game and written to ``--out``.

NumPy is needed to train (it is in the ``rl``/``train`` extras); the games play the learned evaluation without it.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from firebreak.core import get_game
from firebreak.core.value_model import KIND, VERSION, FeatureSet

from . import Observation, make_agent
from .runner import agent_rng

SCALES = (0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30)
"""The softmax scales tried for the hand-made evaluation (as in benchmarks/evaluation_calibration.py)."""


def feature_set(game: str) -> FeatureSet:
    spec = get_game(game)
    features = spec.extra.get("value_features")
    if not isinstance(features, FeatureSet):
        raise SystemExit(f"{spec.title} has no value_features to learn from")
    return features


def seat_agents(agents: list[str], players: int, seed: int) -> list[str]:
    """The bot in each seat of game ``seed``: drawn from ``agents``, the same for the same seed."""
    pick = random.Random(f"learn-{seed}")
    return [pick.choice(agents) for _ in range(players)]


def record_game(game: str, players: int, seed: int, agents: list[str]) -> dict[str, Any]:
    """One game's records: ``progress`` (share of the game's actions played), ``features`` (seat x feature),
    ``heuristic`` (the game's evaluation of each seat, on the true state) at every change of turn; ``shares``."""
    spec = get_game(game)
    features = feature_set(game)
    every_seat = spec.extra.get("heuristic_all")
    if every_seat is None and spec.heuristic is not None:
        def every_seat(state):
            return [spec.heuristic(state, p) for p in range(state.num_players)]
    state = spec.new_game(players, seed)
    names = seat_agents(agents, players, seed)
    bots = [make_agent(a) for a in names]
    rngs = [agent_rng(seed, p) for p in range(players)]
    at, feats, heur = [], [], []
    steps, last = 0, None
    while not state.is_terminal():
        p = state.current_player()
        if p != last:
            at.append(steps)
            feats.append([features.compute(state, q) for q in range(players)])
            heur.append(every_seat(state) if every_seat else [0.0] * players)
            last = p
        state.apply(bots[p].act(Observation(state, p), rngs[p]))
        steps += 1
    return {"progress": [a / steps for a in at], "features": feats, "heuristic": heur,
            "shares": list(state.returns())}


def play(game: str, games: int, agents: list[str], seed: int, workers: int) -> dict[str, Any]:
    """Record ``games`` games on seeds ``seed``, ``seed + 1``, ... as NumPy arrays (``game`` holds each row's
    game number, so held-out splits are by game)."""
    import numpy as np
    players = get_game(game).default_players
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(record_game, [game] * games, [players] * games,
                                    range(seed, seed + games), [agents] * games))
    else:
        results = [record_game(game, players, s, agents) for s in range(seed, seed + games)]
    rows = {"game": [], "progress": [], "features": [], "heuristic": [], "shares": []}
    for g, r in enumerate(results):
        for i in range(len(r["progress"])):
            rows["game"].append(g)
            rows["progress"].append(r["progress"][i])
            rows["features"].append(r["features"][i])
            rows["heuristic"].append(r["heuristic"][i])
            rows["shares"].append(r["shares"])
    return {k: np.asarray(v, dtype=float if k != "game" else int) for k, v in rows.items()}


def load_records(paths: list[Path]) -> dict[str, Any]:
    """Records from saved files, their games numbered on from one file to the next (in the order given)."""
    import numpy as np
    parts = []
    offset = 0
    for path in paths:
        with np.load(path) as saved:
            part = {k: saved[k] for k in saved.files}
        part["game"] = part["game"] + offset
        offset = int(part["game"].max()) + 1
        parts.append(part)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def _forward(params: list, x):
    """Scores (rows x seats) and the hidden activations, for ``x`` (rows x seats x features, standardised)."""
    import numpy as np
    acts = [x]
    h = x
    for i, (w, b) in enumerate(params):
        h = h @ w + b
        if i < len(params) - 1:
            h = np.tanh(h)
        acts.append(h)
    return h[..., 0], acts


def softmax_loss(scores, shares) -> float:
    """Mean over rows of the cross-entropy between win shares and the softmax of the scores."""
    import numpy as np
    z = scores - scores.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float(-(shares * np.maximum(logp, math.log(1e-12))).sum(axis=1).mean())


def fit(x, shares, hidden: int, seed: int, epochs: int = 1500, l2: float = 1e-4, lr: float = 0.01) -> list:
    """Adam on the full batch: the parameters ``[(weights, bias), ...]`` of the score network."""
    import numpy as np
    rng = np.random.default_rng(seed)
    k = x.shape[-1]
    sizes = [k, hidden, 1] if hidden else [k, 1]
    params = [(rng.normal(0, 1 / math.sqrt(a), (a, b)), np.zeros(b)) for a, b in zip(sizes, sizes[1:])]
    flat = [p for pair in params for p in pair]
    m = [np.zeros_like(p) for p in flat]
    v = [np.zeros_like(p) for p in flat]
    rows = x.shape[0]
    for t in range(1, epochs + 1):
        scores, acts = _forward(params, x)
        z = scores - scores.max(axis=1, keepdims=True)
        prob = np.exp(z)
        prob /= prob.sum(axis=1, keepdims=True)
        grad = ((prob - shares) / rows)[..., None]  # d loss / d score
        grads = []
        for i in range(len(params) - 1, -1, -1):
            w, _ = params[i]
            a = acts[i]
            gw = np.einsum("rsi,rso->io", a, grad) + l2 * w
            gb = grad.sum(axis=(0, 1))
            grads = [gw, gb] + grads
            if i:
                grad = (grad @ w.T) * (1 - acts[i] ** 2)
        for j, (p, g) in enumerate(zip(flat, grads)):
            m[j] = 0.9 * m[j] + 0.1 * g
            v[j] = 0.999 * v[j] + 0.001 * g * g
            p -= lr * (m[j] / (1 - 0.9 ** t)) / (np.sqrt(v[j] / (1 - 0.999 ** t)) + 1e-8)
    return params


def heuristic_loss(values, shares, scale: float) -> float:
    return softmax_loss(values / scale, shares)


def quarter_table(data: dict, scores, label: str) -> list[str]:
    """Held-out log loss per quarter: the model, the hand-made evaluation at its best scale, and uniform."""
    import numpy as np
    n = data["shares"].shape[1]
    lines = [f"| part of the game | positions | {label:>13} | evaluation (best scale) | uniform |",
             "|------------------|----------:|--------------:|------------------------:|--------:|"]
    parts = [(f"quarter {q + 1}", (data["progress"] >= q / 4) & (data["progress"] < (q + 1) / 4)) for q in range(4)]
    parts.append(("whole game", np.ones(len(data["progress"]), dtype=bool)))
    for name, mask in parts:
        if not mask.any():
            continue
        shares, values = data["shares"][mask], data["heuristic"][mask]
        best = min(SCALES, key=lambda s: heuristic_loss(values, shares, s))
        lines.append(f"| {name:<16} | {int(mask.sum()):>9} | {softmax_loss(scores[mask], shares):>13.3f} | "
                     f"{heuristic_loss(values, shares, best):>14.3f} (at {best:<4g}) | {math.log(n):>7.3f} |")
    return lines


def subset(data: dict, mask) -> dict:
    return {k: v[mask] for k, v in data.items()}


def standardise(x):
    import numpy as np
    flat = x.reshape(-1, x.shape[-1])
    mean, std = flat.mean(axis=0), flat.std(axis=0)
    std = np.where(std < 1e-6, 1.0, std)
    return mean, std


def with_products(x, products: list[tuple[int, int]]):
    """The features followed by the products of the pairs ``products`` (the model's inputs)."""
    import numpy as np
    if not products:
        return x
    return np.concatenate([x] + [x[..., i:i + 1] * x[..., j:j + 1] for i, j in products], axis=-1)


def model_dict(names: tuple[str, ...], products: list[tuple[int, int]], mean, std, params: list,
               source: str) -> dict[str, Any]:
    return {"kind": KIND, "version": VERSION, "features": list(names), "products": [list(p) for p in products],
            "mean": [round(float(v), 6) for v in mean],
            "std": [round(float(v), 6) for v in std], "source": source,
            "layers": [{"weights": [[round(float(v), 6) for v in row] for row in w.T],
                        "bias": [round(float(v), 6) for v in b]} for w, b in params]}


def main(argv: list[str] | None = None) -> None:
    import numpy as np
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--agents", default="greedy,greedy:blunder=0.2",
                        help="bots drawn for each seat, comma-separated (a spec with commas: separate by ';')")
    parser.add_argument("--hidden", type=int, default=16, help="hidden tanh units (0: a linear score)")
    parser.add_argument("--epochs", type=int, default=1500)
    parser.add_argument("--l2", type=float, default=0.05)
    parser.add_argument("--interact", default="",
                        help="a feature (e.g. the game's progress) multiplied into every other one as extra inputs")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--holdout", type=float, default=0.2, help="share of the games (the last) held out")
    parser.add_argument("--data", type=Path, nargs="+", default=None,
                        help="a .npz to keep the records in and reuse (several existing ones: their games joined)")
    parser.add_argument("--note", default="", help="words added to the model's source (e.g. how --data was made)")
    parser.add_argument("--out", type=Path, default=None, help="where to write the model (default: only report)")
    args = parser.parse_args(argv)
    features = feature_set(args.game)
    sep = ";" if ";" in args.agents else ","
    agents = [a.strip() for a in args.agents.split(sep) if a.strip()]
    start = time.process_time()
    if args.data and all(path.exists() for path in args.data):
        data = load_records(args.data)
        print(f"records from {', '.join(map(str, args.data))}: {int(data['game'].max()) + 1} games, "
              f"{len(data['game'])} positions")
    elif args.data and len(args.data) > 1:
        raise SystemExit("several --data files are joined only when they all exist")
    else:
        data = play(args.game, args.games, agents, args.seed, args.workers)
        print(f"played {args.games} games ({', '.join(agents)}), {len(data['game'])} positions, "
              f"{time.process_time() - start:.0f} CPU s in this process")
        if args.data:
            np.savez_compressed(args.data[0], **data)
    if data["features"].shape[-1] != len(features.names):
        raise SystemExit(f"the records hold {data['features'].shape[-1]} features; the game computes "
                         f"{len(features.names)}: record again")
    products: list[tuple[int, int]] = []
    if args.interact:
        if args.interact not in features.names:
            raise SystemExit(f"no feature {args.interact!r}; the features are {', '.join(features.names)}")
        k = features.names.index(args.interact)
        products = [(i, k) for i in range(len(features.names))]
    data = {**data, "inputs": with_products(data["features"], products)}
    games = int(data["game"].max()) + 1
    cut = games - max(1, round(games * args.holdout))
    train, test = subset(data, data["game"] < cut), subset(data, data["game"] >= cut)
    mean, std = standardise(train["inputs"])
    params = fit((train["inputs"] - mean) / std, train["shares"], args.hidden, args.seed, args.epochs, args.l2)
    scores, _ = _forward(params, (test["inputs"] - mean) / std)
    model = f"{'linear score' if not args.hidden else f'{args.hidden} tanh units'}"
    print(f"\nheld-out games {cut}-{games - 1} ({len(test['game'])} positions), trained on {cut} games; log loss:")
    print("\n".join(quarter_table(test, scores, "learned")))
    print(f"train log loss {softmax_loss(_forward(params, (train['inputs'] - mean) / std)[0], train['shares']):.3f}")
    if args.out is not None:
        mean, std = standardise(data["inputs"])
        params = fit((data["inputs"] - mean) / std, data["shares"], args.hidden, args.seed, args.epochs, args.l2)
        source = (f"python -m firebreak.agents.learn {args.game} --games {games} --agents '{sep.join(agents)}' "
                  f"--hidden {args.hidden} --epochs {args.epochs} --l2 {args.l2} --seed {args.seed}"
                  + (f" --interact {args.interact}" if args.interact else "") + ": "
                  f"a softmax over seats of a {model} network of each seat's features, fitted on "
                  f"{len(data['game'])} positions (every change of turn) of {games} games at the default player "
                  f"count to the final win shares" + (f"; {args.note}" if args.note else ""))
        args.out.write_text(json.dumps(model_dict(features.names, products, mean, std, params, source), indent=1)
                            + "\n",
                            encoding="utf-8")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    sys.exit(main())
