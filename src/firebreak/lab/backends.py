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
    window = workers * 4  # enough queued work to keep every worker busy, little lost on interruption
    with ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(), initializer=_ignore_sigint) as pool:
        pending: deque[Future] = deque()
        it = iter(tasks)
        try:
            for task in it:
                pending.append(pool.submit(play_task, task))
                if len(pending) >= window:
                    break
            while pending:
                row = pending.popleft().result()
                for task in it:
                    pending.append(pool.submit(play_task, task))
                    break
                yield row
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
    remote = ray.remote(play_task)
    window = max(2, workers) * 4
    pending: deque = deque()
    it = iter(tasks)
    try:
        for task in it:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                break
        while pending:
            row = ray.get(pending.popleft())
            for task in it:
                pending.append(remote.remote(task))
                break
            yield row
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):  # best effort on shutdown
                ray.cancel(ref)


def run_tasks(tasks: Sequence[GameTask], workers: int = 1, backend: str = "local",
              address: str | None = None) -> Iterator[dict[str, Any]]:
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
