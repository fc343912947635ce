"""Where the server's bots think: worker processes, apart from the event loop and the database threads.

A bot asked to think hard (``mcts:seconds=5``) holds a CPU for that long. In a thread it also held the interpreter
lock the event loop needs, and the thread pool every database call uses, so seven such games froze the server.
Here each move is computed in a worker process of a bounded pool, from the pickled state the bot may see (as
:class:`~firebreak.agents.Observation` gives it), so the loop and the database threads stay free however long the
bots think.

Fairness: a game has at most one move in flight (its bot loop waits for it), and there are two lanes, each
served first come first served: ``heavy`` bots (searches, or any bot whose last move took over :data:`QUICK`
seconds) and quick ones. A game of quick bots never waits behind another game's long search; a search waits at
most for the searches queued before it, each bounded by the server's bot limits
(:class:`~firebreak.agents.BotLimits`).

On shutdown the pools are stopped at once: queued moves are cancelled and the workers terminated (a move in
progress is simply never stored; the bot thinks again after a restart).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from firebreak.agents import Agent, Observation, make_agent
from firebreak.agents.factory import parse_spec

QUICK = 0.05
"""Seconds: a bot whose last move took longer than this thinks in the heavy lane."""

_agents: dict[str, Agent] = {}  # per worker process: bots by spec (a bot keeps no state between moves)


def default_workers() -> int:
    """Worker processes for the heavy lane: ``FIREBREAK_BOT_WORKERS``, else all CPUs but one (at least one)."""
    raw = os.environ.get("FIREBREAK_BOT_WORKERS", "").strip()
    if raw:
        try:
            n = int(raw)
        except ValueError:
            raise ValueError(f"FIREBREAK_BOT_WORKERS must be a whole number, not {raw!r}") from None
        if n < 1:
            raise ValueError("FIREBREAK_BOT_WORKERS must be at least 1")
        return n
    return max(1, (os.cpu_count() or 2) - 1)


def is_heavy(spec: str) -> bool:
    """Whether a bot searches (a budget of iterations or seconds): it goes to the heavy lane from its first move."""
    agent_type, _ = parse_spec(spec)
    return "iterations" in agent_type.params or "seconds" in agent_type.params


def think(spec: str, state_bytes: bytes, seat: int, rng: Any) -> tuple[int, float]:
    """In a worker: the move of bot ``spec`` for ``seat`` and the CPU seconds it took."""
    agent = _agents.get(spec)
    if agent is None:
        agent = _agents[spec] = make_agent(spec)
    state = pickle.loads(state_bytes)
    start = time.process_time()
    action = agent.act(Observation(state, seat), rng)
    return action, time.process_time() - start


def ready() -> bool:
    """In a worker: nothing to do (see :meth:`BotPool.warm`); importing this module loaded the bots."""
    return True


class BotPool:
    """Two bounded pools of worker processes (heavy and quick lanes), started on first use."""

    def __init__(self, workers: int | None = None, quick_workers: int = 1) -> None:
        self.workers = default_workers() if workers is None else workers
        self.quick_workers = quick_workers
        self._pools: dict[bool, ProcessPoolExecutor] = {}
        self._closed = False

    def _pool(self, heavy: bool) -> ProcessPoolExecutor:
        pool = self._pools.get(heavy)
        if pool is None:
            # spawn, not fork: the server process has threads (database, listener) a fork would copy mid-step
            pool = self._pools[heavy] = ProcessPoolExecutor(
                self.workers if heavy else self.quick_workers, mp_context=multiprocessing.get_context("spawn"))
        return pool

    async def think(self, spec: str, state_bytes: bytes, seat: int, rng: Any, heavy: bool) -> tuple[int, float]:
        """A bot's move computed in a worker; a pool whose worker died is replaced and the move asked again."""
        for attempt in range(2):
            if self._closed:
                raise asyncio.CancelledError
            pool = self._pool(heavy)
            try:
                return await asyncio.wrap_future(pool.submit(think, spec, state_bytes, seat, rng))
            except BrokenProcessPool:
                if self._pools.get(heavy) is pool:
                    del self._pools[heavy]
                if attempt:
                    raise
        raise AssertionError("unreachable")

    async def warm(self) -> None:
        """Start the workers of both lanes now (a new interpreter takes a second or more to import the games),
        so the first bot moves are not delayed by it."""
        await asyncio.gather(*(asyncio.wrap_future(self._pool(heavy).submit(ready)) for heavy in (False, True)))

    def close(self) -> None:
        """Cancel every queued move and terminate the workers now (a search in progress is not waited for)."""
        self._closed = True
        for pool in list(self._pools.values()):
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for p in processes:  # shutdown() alone would wait for a running search to end
                if p.is_alive():
                    p.terminate()
            for p in processes:
                p.join(timeout=2)
        self._pools.clear()
