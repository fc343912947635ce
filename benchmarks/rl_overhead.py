"""What the learning environment costs over the bare engine: whole random games, both ways, in one run.

Run on demand (not a test):  .venv/bin/python benchmarks/rl_overhead.py [GAME] [--games K] [--players N]
(needs the rl extra: pip install -e '.[rl]')

For each game, K seeded games are played with uniformly random legal moves twice: on the bare engine
(``legal_actions`` + ``apply_unchecked``, as benchmarks/throughput.py does) and through the PettingZoo AEC
environment (``env.last()`` for the acting agent, i.e. its view encoded and its mask built, then ``env.step``),
the same games move for move. Printed: microseconds per decision each way and their ratio (target: at most 3x);
the environment's time is split into the seat's view (the game's own ``view``, 0 when the game's encoder has a
fast path that reads the state directly), the encoding (whichever path: ``compiled``, the game's C writer when it
was built; ``fast``, its Python path; ``view``) and the rest. Run with ``FIREBREAK_PURE_PYTHON=1`` to
measure the Python paths instead of the compiled ones. The random agent reads its
legal actions from the 0/1 int8 mask viewed as booleans with ``ndarray.nonzero`` (numpy finds the non-zeros of a
boolean array about ten times faster, which matters for Great Fire's 14857 actions, and the method skips the
Python layers of ``np.flatnonzero``); that is the agent's cost, counted on the environment's side.
Times are this process's CPU time (one core). The two ways are run ``--repeats`` times in turn and the fastest run
of each is kept, so a busy machine's slow spells fall on neither side; the ratio comes from runs without the
split's timers (each costs about a microsecond), which one more run then measures. Catan is given a turn limit of
100 so its random games end (they otherwise run thousands of turns).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from firebreak.core import GameSpec, all_games, get_game
from firebreak.rl import aec_env

OPTIONS = {"catan": {"turn_limit": 100}}


def bare(spec: GameSpec, n: int, seeds: range, options: dict) -> tuple[float, int]:
    decisions = 0
    start = time.process_time()
    for seed in seeds:
        rng = np.random.default_rng(seed)
        state = spec.new_game(n, seed, options)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return time.process_time() - start, decisions


def play(env, seeds: range) -> int:
    """Whole random games through ``env``: the acting agent's observation and mask, then its move."""
    decisions = 0
    for seed in seeds:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[int(rng.integers(len(legal)))]))
            decisions += 1
    return decisions


def through_env(env, seeds: range) -> tuple[float, int]:
    start = time.process_time()
    decisions = play(env, seeds)
    return time.process_time() - start, decisions


def split(env, spec: GameSpec, seeds: range) -> tuple[float, float]:
    """The time spent in the seat's view and in the encoding, over the same games (timed call by call)."""
    raw = env.unwrapped
    encoder = raw.encoder
    view_time = encode_time = 0.0
    state_class = spec.state_class
    original_view = state_class.view
    own_view = "view" in state_class.__dict__
    original_write = raw._write  # the path the environment chose once (ObservationEncoder.writer)

    def timed_write(state, viewer, out):
        nonlocal encode_time
        t = time.process_time()
        original_write(state, viewer, out)
        encode_time += time.process_time() - t

    def timed_view(self, player):
        nonlocal view_time
        t = time.process_time()
        out = original_view(self, player)
        view_time += time.process_time() - t
        return out

    raw._write = timed_write
    state_class.view = timed_view
    try:
        play(env, seeds)
    finally:
        raw._write = original_write
        if own_view:
            state_class.view = original_view
        else:
            del state_class.view
    # the view path's writer calls the view itself: that time is the view's, not the encoding's
    return view_time, encode_time - (0.0 if encoder.compiled is not None or encoder.has_fast_path else view_time)


def path(raw) -> str:
    """Which encoding path the environment uses."""
    encoder = raw.encoder
    if encoder.compiled is not None:
        return "compiled"
    return "fast" if encoder.has_fast_path else "view"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="one game (default: every registered game)")
    parser.add_argument("--games", type=int, default=20, help="games per game type (default 20)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each way, the fastest kept (default 3)")
    args = parser.parse_args(argv)
    specs = [get_game(args.game)] if args.game else all_games()
    header = (
        f"{'game':<12} {'players':>7} {'decisions':>9} {'engine us':>10} {'env us':>9} {'ratio':>6}"
        f" {'path':>8} {'view us':>8} {'encode us':>9} {'rest us':>8}"
    )
    print(header)
    print("-" * len(header))
    for spec in specs:
        n = spec.default_players if args.players is None else args.players
        options = OPTIONS.get(spec.name, {})
        seeds = range(args.games)
        env = aec_env(spec.name, n, **options)
        engine_runs, env_runs = [], []
        for _ in range(max(1, args.repeats)):
            engine_s, decisions = bare(spec, n, seeds, options)
            env_s, env_decisions = through_env(env, seeds)
            assert env_decisions == decisions, "the two runs must play the same games"
            engine_runs.append(engine_s)
            env_runs.append(env_s)
        engine_s, env_s = min(engine_runs), min(env_runs)
        view_s, encode_s = split(env, spec, seeds)
        per = 1e6 / decisions
        rest = env_s - view_s - encode_s - engine_s
        print(
            f"{spec.name:<12} {n:>7} {decisions:>9} {engine_s * per:>10.1f} {env_s * per:>9.1f}"
            f" {env_s / engine_s:>5.1f}x {path(env.unwrapped):>8} {view_s * per:>8.1f} {encode_s * per:>9.1f}"
            f" {rest * per:>8.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
