"""Run a job: play the games not yet done, write them chunk by chunk, and return every row.

Resuming is the normal path: the rows already on disk are read back, only the missing chunks are played, and the
final table is the same as from one uninterrupted run (rows are pure functions of their tasks, in game order).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from firebreak.core import GameRecord

from .backends import run_tasks
from .job import JobSpec, LabError, job_tasks
from .store import (
    check_logs_dir,
    chunk_path,
    chunk_range,
    done_chunks,
    open_job_dir,
    open_logs_dir,
    read_chunk,
    write_chunk,
)

DEFAULT_CHUNK = 20
"""Games per results file: small enough that an interruption loses little, large enough to keep files few."""

OnRow = Callable[[dict[str, Any]], None]


def prepare(
    job: JobSpec,
    out: str | Path | None,
    chunk_size: int = DEFAULT_CHUNK,
    kind: str = "simulate",
    logs: str | Path | None = None,
) -> tuple[int, dict[int, list[dict[str, Any]]]]:
    """Open (or create) the job's directory and read back its finished chunks: (chunk size, rows by chunk).

    Raises :class:`LabError` before anything is played or written if the results directory or the ``logs``
    folder belongs to another job or a chunk is corrupt, so front ends can check a job up front.
    """
    if logs is not None:
        check_logs_dir(Path(logs), job, Path(out) if out is not None else None)
    if out is None:
        return chunk_size, {}
    out_dir = Path(out)
    size = open_job_dir(out_dir, job, chunk_size, kind)
    existing: dict[int, list[dict[str, Any]]] = {}
    for chunk in done_chunks(out_dir):
        expected = chunk_range(chunk, size, job.games)
        if not expected:
            raise LabError(f"{chunk_path(out_dir, chunk)} is beyond the job's {job.games} games")
        existing[chunk] = read_chunk(chunk_path(out_dir, chunk), expected)
    return size, existing


def run_job(
    job: JobSpec,
    out: str | Path | None = None,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    logs: str | Path | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    on_row: OnRow | None = None,
    on_resume: Callable[[int], None] | None = None,
    kind: str = "simulate",
) -> list[dict[str, Any]]:
    """Play ``job`` and return its rows in game order.

    With ``out``, finished chunks are read back instead of replayed (``on_resume`` is told how many games
    that saves) and new chunks are written as they complete. ``on_row`` is called for each newly played game.
    ``logs`` receives each new game's record as ``game-00000.json`` (replayable with ``firebreak replay``).
    """
    if workers < 1:
        raise LabError("the number of workers must be at least 1")
    out_dir = Path(out) if out is not None else None
    logs_dir = Path(logs) if logs is not None else None
    size, existing = prepare(job, out_dir, chunk_size, kind, logs_dir)
    if logs_dir is not None:
        try:
            open_logs_dir(logs_dir, job, out_dir)
        except OSError as exc:
            raise LabError(f"cannot create the logs directory {logs_dir}: {exc.strerror}") from None
    if on_resume is not None and existing:
        on_resume(sum(len(r) for r in existing.values()))
    num_chunks = (job.games + size - 1) // size
    todo = [i for c in range(num_chunks) if c not in existing for i in chunk_range(c, size, job.games)]
    tasks = job_tasks(job, todo, want_record=logs_dir is not None)
    fresh: dict[int, list[dict[str, Any]]] = {}
    rows_iter = run_tasks(tasks, workers, backend, address)
    try:
        for row in rows_iter:
            record = row.pop("_record", None)
            if record is not None and logs_dir is not None:
                GameRecord.from_json(record).save(logs_dir / f"game-{row['index']:05d}.json")
            chunk = row["index"] // size
            bucket = fresh.setdefault(chunk, [])
            bucket.append(row)
            if on_row is not None:
                on_row(row)
            if len(bucket) == len(chunk_range(chunk, size, job.games)) and out_dir is not None:
                write_chunk(out_dir, chunk, bucket)
    finally:
        close = getattr(rows_iter, "close", None)
        if close is not None:
            close()
    merged = {**existing, **fresh}
    return [row for c in sorted(merged) for row in merged[c]]
