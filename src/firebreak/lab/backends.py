"""Where games run: in this process, in local worker processes, or on a Ray cluster.

Every backend yields rows in task order, so what is written, and when, does not depend on the backend or the
number of workers; only the speed does. Each game is a pure function of its task (see :mod:`.job`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from .job import GameTask, LabError, play_task

BACKENDS = ("local", "ray")

MAX_BATCH = 16
"""Most games sent to a worker at once. A random-bot game can take a few milliseconds, about as long as shipping a
task and its row between processes, so games travel in batches; a batch is never so large that a worker runs out
of work long before the others (see :func:`batch_size`)."""


def batch_size(num_tasks: int, workers: int) -> int:
    """Games per batch: up to :data:`MAX_BATCH`, while leaving each worker at least eight batches to balance."""
    return max(1, min(MAX_BATCH, num_tasks // (max(1, workers) * 8)))


def play_batch(batch: Sequence[GameTask]) -> list[dict[str, Any]]:
    """Play several games in one worker call (their rows in task order)."""
    return [play_task(task) for task in batch]


def _batches(tasks: Sequence[GameTask], workers: int) -> Iterator[list[GameTask]]:
    size = batch_size(len(tasks), workers)
    for start in range(0, len(tasks), size):
        yield list(tasks[start : start + size])


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which saves what is finished and stops them (no traceback spam)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _mp_context() -> multiprocessing.context.BaseContext:
    """``fork`` where available: workers inherit every registered game, including ones registered at run time
    (a plug-in, or the tests' toy game); elsewhere ``spawn``, where games are found by importing their package."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run_local(tasks: Sequence[GameTask], workers: int) -> Iterator[dict[str, Any]]:
    """Rows in task order from ``workers`` processes (1: in this process, no pool at all)."""
    if workers <= 1:
        for task in tasks:
            yield play_task(task)
        return
    window = workers * 3  # enough queued batches to keep every worker busy, little lost on interruption
    with ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(), initializer=_ignore_sigint) as pool:
        pending: deque[Future] = deque()
        it = _batches(tasks, workers)
        try:
            for batch in it:
                pending.append(pool.submit(play_batch, batch))
                if len(pending) >= window:
                    break
            while pending:
                rows = pending.popleft().result()
                for batch in it:
                    pending.append(pool.submit(play_batch, batch))
                    break
                yield from rows
        finally:
            for f in pending:
                f.cancel()


def run_ray(tasks: Sequence[GameTask], workers: int, address: str | None = None) -> Iterator[dict[str, Any]]:
    """Rows in task order from a Ray cluster (``address``), or from a local Ray instance with ``workers`` CPUs.

    An already initialised Ray (e.g. by the caller) is used as it is.
    """
    try:
        import ray
    except ImportError:
        raise LabError("the ray backend needs Ray: pip install 'ray'") from None
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), log_to_driver=False, include_dashboard=False)
    remote = ray.remote(play_batch)
    window = max(2, workers) * 3
    pending: deque = deque()
    it = _batches(tasks, workers)
    try:
        for batch in it:
            pending.append(remote.remote(batch))
            if len(pending) >= window:
                break
        while pending:
            rows = ray.get(pending.popleft())
            for batch in it:
                pending.append(remote.remote(batch))
                break
            yield from rows
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):  # best effort on shutdown
                ray.cancel(ref)


def run_tasks(
    tasks: Sequence[GameTask], workers: int = 1, backend: str = "local", address: str | None = None
) -> Iterator[dict[str, Any]]:
    if backend == "local":
        return run_local(tasks, workers)
    if backend == "ray":
        return run_ray(tasks, workers, address)
    raise LabError(f"unknown backend {backend!r} (backends: {', '.join(BACKENDS)})")


def default_workers() -> int:
    """One worker per CPU this process may use."""
    import os

    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
