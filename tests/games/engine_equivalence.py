"""Fingerprints of many seeded random playthroughs, to prove an engine change leaves every game unchanged.

Speed work on a rules engine must not change a single playthrough: the same seed has to give exactly the same
legal actions, chosen actions, events, views and scores. :func:`fingerprint` plays one seeded random game and
hashes, at every step, the seat to act, the legal actions, the action choices, the action chosen, the events it
caused and every seat's view (and the spectator's); every few steps it also hashes each seat's heuristic value,
a determinisation's views (so sampling hidden information is pinned too) and continues the game on a clone (so
clones must carry everything); at the end the scores, score sheets, winners and statistics. Games with large views
and long playthroughs (Catan) hash the views and probe every few steps instead (:data:`SPARSE`) and record fewer
seeds (:data:`FEWER_SEEDS`).

The reference fingerprints live in ``data/engine_hashes.json``, recorded from the engine before any speed work.
If a change is *meant* to alter play (a rules fix, a reworded event, a new field in a view), record them again:

    PYTHONPATH=src python tests/games/engine_equivalence.py --write

Without ``--write`` the script checks every recorded seed of every configuration (a few minutes; ``--game catan``
checks one game).

and say in the commit why the games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

from firebreak.core import Rng, get_game

HASHES = Path(__file__).with_name("data") / "engine_hashes.json"

GREAT_FIRE_OPTIONS = [dict(hidden_colours=h, more_destruction=m) for h, m in itertools.product((False, True), repeat=2)]
BRIGADE_OPTIONS = [
    {},
    {"advanced": True},
    {"big_buildings": True},
    {"fire_festival": True},
    {"addon_pack": True},
    {"advanced": True, "addon_pack": True},
    {"advanced": True, "big_buildings": True, "fire_festival": True, "addon_pack": True},
]
CATAN_OPTIONS = [{"board": "base", "mode": m} for m in ("firestorm", "classic")]
CONFIGS: list[tuple[str, int, dict[str, Any]]] = (
    [("great-fire", n, o) for n in (3, 4, 5, 6) for o in GREAT_FIRE_OPTIONS]
    + [("brigade", n, o) for n in (2, 3, 4) for o in BRIGADE_OPTIONS]
    + [("catan", n, o) for n in (3, 4, 5, 6) for o in CATAN_OPTIONS]
)
"""Every (game, player count, option set) checked: each game's options alone and together, every player count."""

RECORDED_SEEDS = range(6)
"""Seeds recorded for every configuration (all of them are checked by hand with this script after an engine change)."""
SLOW_SEEDS = range(3)
"""Seeds the slow test tier checks for every configuration."""
FEWER_SEEDS: dict[str, int] = {"catan": 2}
"""Games with long playthroughs (a random game of Catan takes thousands of decisions) record only their first
few seeds, so the whole check stays well under a minute per game."""


def seeds_of(game: str, seeds: range) -> range:
    """The seeds of ``seeds`` recorded for ``game``."""
    return range(min(len(seeds), FEWER_SEEDS.get(game, len(seeds))))


def fast_cases() -> list[tuple[str, int, dict[str, Any], int]]:
    """The fast tier: each option set of each game once, the player counts taken in turn, seed 0."""
    out = [("great-fire", 3 + i, o, 0) for i, o in enumerate(GREAT_FIRE_OPTIONS)]
    out += [("brigade", 2 + i % 3, o, 0) for i, o in enumerate(BRIGADE_OPTIONS)]
    out += [("catan", 4 - i, o, 0) for i, o in enumerate(CATAN_OPTIONS)]
    return out


EVERY = 5
"""Steps between the costlier probes (heuristics, a determinisation, continuing on a clone)."""

SPARSE: dict[str, tuple[int, int]] = {"catan": (10, 10)}
"""Games whose views are large (Catan's whole board): steps between hashing every seat's view and between the
costlier probes. Hashing them at every step would make the check take minutes; a state that went wrong stays wrong,
so a view every few steps still shows it. Other games hash views at every step and probe every :data:`EVERY`."""


def config_key(game: str, players: int, options: dict[str, Any], seed: int) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"
    return f"{game}/{players}/{opts}/{seed}"


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def fingerprint(game: str, players: int, options: dict[str, Any], seed: int) -> str:
    """Play one seeded random game and return the hash of everything a user or a bot could observe in it."""
    spec = get_game(game)
    views_every, every = SPARSE.get(game, (1, EVERY))
    state = spec.new_game(players, seed, options)
    chooser = random.Random(seed * 1000 + players)
    h = hashlib.sha256()
    seats: list[int | None] = [None, *range(players)]
    seen = 0
    step = 0
    while True:
        new = state.events[seen:]
        seen = len(state.events)
        h.update(_dump([e.to_json() for e in new]))
        if step % views_every == 0 or state.is_terminal():
            h.update(_dump([state.view(p) for p in seats]))
        if state.is_terminal():
            break
        legal = state.legal_actions()
        h.update(_dump([state.current_player(), legal, [c.to_json() for c in state.action_choices()]]))
        if step % every == 0:
            if spec.heuristic is not None:
                h.update(_dump([round(spec.heuristic(state, p), 9) for p in range(players)]))
            seat = state.current_player()
            det = state.determinize(seat, Rng(step))
            h.update(_dump([det.legal_actions(), [det.view(p) for p in seats], len(det.events)]))
            state = state.clone()
        action = legal[chooser.randrange(len(legal))]
        h.update(_dump(action))
        state.apply(action)
        step += 1
    h.update(_dump([state.scores(), state.winners(), state.returns(), state.score_sheet(), step]))
    if spec.stats is not None:
        h.update(_dump(spec.stats(state)))
    return h.hexdigest()


def compute(seeds: range, game: str | None = None) -> dict[str, str]:
    """Fingerprints of every configuration (of ``game`` only, if given) and seed."""
    return {
        config_key(g, n, o, s): fingerprint(g, n, o, s)
        for g, n, o in CONFIGS
        if game in (None, g)
        for s in seeds_of(g, seeds)
    }


def slow_cases() -> list[tuple[str, int, dict[str, Any], int]]:
    """The slow tier: every configuration with the first few seeds."""
    return [(g, n, o, s) for g, n, o in CONFIGS for s in seeds_of(g, SLOW_SEEDS)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record or check the engine fingerprints.")
    parser.add_argument(
        "--write", action="store_true", help="record the fingerprints (only when play is meant to change)"
    )
    parser.add_argument(
        "--seeds", type=int, default=len(RECORDED_SEEDS), help="seeds per configuration (default: all recorded)"
    )
    parser.add_argument("--game", help="check or record one game only (default: every game)")
    args = parser.parse_args(argv)
    got = compute(range(args.seeds), args.game)
    if args.write:
        old = json.loads(HASHES.read_text()) if HASHES.exists() else {}
        old.update(got)
        HASHES.write_text(json.dumps(old, indent=1, sort_keys=True) + "\n")
        print(f"recorded {len(got)} fingerprints in {HASHES}")
        return 0
    want = json.loads(HASHES.read_text())
    bad = [k for k, v in got.items() if want.get(k) != v]
    print(f"{len(got) - len(bad)}/{len(got)} playthroughs unchanged")
    for k in bad:
        print("changed:", k)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
