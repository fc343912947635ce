"""A job's output directory: a manifest of its arguments and its results as Parquet chunks.

Layout::

    DIR/manifest.json                the job's arguments (game, players, options, bots, games, seed) + chunk size
    DIR/results/chunk-00000.parquet  the rows of games 0..chunk_size-1, written whole or not at all
    LOGS/logs-manifest.json          with ``--logs LOGS``: the job whose records (``game-00000.json``...) it holds

A chunk is written to a temporary name and renamed into place, so an interrupted run leaves only complete
chunks; re-running the same command plays the missing chunks only. A directory whose manifest records other
arguments, or that holds unrelated files, is refused rather than mixed or overwritten.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from firebreak.core.errors import SaveFileError
from firebreak.core.record import parse_json_bytes, read_capped

from .job import JobSpec, LabError

FORMAT = "firebreak-lab-job"
VERSION = 1
MANIFEST = "manifest.json"
RESULTS = "results"
_CHUNK = re.compile(r"^chunk-(\d{5,})\.parquet$")
LOGS_FORMAT = "firebreak-lab-logs"
LOGS_MANIFEST = "logs-manifest.json"
"""The file in a ``--logs`` folder that names the job its records belong to (the records' own fields do not
name the bots, so two jobs' records could not be told apart without it)."""
MAX_MANIFEST_BYTES = 1024 * 1024
MAX_CHUNK_BYTES = 1024 * 1024 * 1024
"""Caps on what the lab reads back: a manifest is a few hundred bytes and a chunk of rows a few megabytes, so a
file past these is not the job's and is refused before it is loaded into memory."""


def _pyarrow():
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:  # pragma: no cover - a declared dependency
        raise LabError("the lab needs pyarrow: pip install pyarrow") from None
    return pa, pq


def chunk_path(out: Path, chunk: int) -> Path:
    return out / RESULTS / f"chunk-{chunk:05d}.parquet"


def read_manifest(out: Path) -> dict[str, Any]:
    path = out / MANIFEST
    if not path.exists():
        raise LabError(f"{out} holds no lab results (no {MANIFEST})")
    obj = _read_small_json(path)
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise LabError(f"{path} is not a firebreak lab manifest")
    if obj.get("version") != VERSION:
        raise LabError(f"{path} has unsupported version {obj.get('version')!r} (this firebreak reads {VERSION})")
    if not isinstance(obj.get("chunk_size"), int) or obj["chunk_size"] < 1:
        raise LabError(f"{path} has no valid chunk_size")
    JobSpec.from_json(obj.get("job") or {})
    return obj


def _differences(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    return [
        f"{k}: {old.get(k)!r} there, {new.get(k)!r} now"
        for k in sorted(set(old) | set(new))
        if old.get(k) != new.get(k)
    ]


def open_job_dir(out: Path, job: JobSpec, chunk_size: int, kind: str = "simulate") -> int:
    """Create ``out`` for ``job`` or check that it already belongs to it; returns the chunk size to use.

    Raises :class:`LabError` (and touches nothing) if ``out`` is a file, holds unrelated files, or holds
    another job's results.
    """
    if out.exists() and not out.is_dir():
        raise LabError(f"{out} is a file, not a directory")
    manifest = out / MANIFEST
    if manifest.exists():
        obj = read_manifest(out)
        if obj.get("kind", "simulate") != kind:
            raise LabError(f"{out} holds the results of a {obj.get('kind')} job, not {kind}")
        diffs = _differences(obj["job"], job.to_json())
        if diffs:
            raise LabError(
                f"{out} holds another job's results ({'; '.join(diffs)}); "
                "use another --out, or the same arguments to resume"
            )
        return int(obj["chunk_size"])
    if out.exists() and any(out.iterdir()):
        raise LabError(f"{out} is not empty and holds no lab manifest; choose a new or empty directory")
    if chunk_size < 1:
        raise LabError("the chunk size must be at least 1")
    (out / RESULTS).mkdir(parents=True, exist_ok=True)
    obj = {"format": FORMAT, "version": VERSION, "kind": kind, "job": job.to_json(), "chunk_size": chunk_size}
    tmp = manifest.with_name(MANIFEST + ".tmp")
    tmp.write_text(json.dumps(obj, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, manifest)
    return chunk_size


def _read_small_json(path: Path) -> Any:
    """A small JSON file (a manifest), read with a size cap so a huge or endless file is refused, not loaded."""
    try:
        return parse_json_bytes(read_capped(path, MAX_MANIFEST_BYTES), path)
    except SaveFileError as exc:
        raise LabError(f"{path} is unreadable or corrupt: {exc}") from None


def check_logs_dir(logs: Path, job: JobSpec, out: Path | None = None) -> bool:
    """Check that ``logs`` may receive ``job``'s records; True if it already belongs to the job (a resume).

    A folder is accepted if it does not exist, is empty, or holds the logs manifest of the same job. Anything
    else (another job's records, unrelated files) is refused with :class:`LabError` before anything is written,
    as ``--out`` is. When ``logs`` is the ``--out`` folder itself, the job's own results there do not count.
    """
    if logs.exists() and not logs.is_dir():
        raise LabError(f"{logs} is a file, not a directory; --logs needs a folder")
    manifest = logs / LOGS_MANIFEST
    if manifest.exists():
        obj = _read_small_json(manifest)
        if not isinstance(obj, dict) or obj.get("format") != LOGS_FORMAT or not isinstance(obj.get("job"), dict):
            raise LabError(f"{manifest} is not a firebreak logs manifest")
        diffs = _differences(obj["job"], job.to_json())
        if diffs:
            raise LabError(
                f"{logs} holds another job's records ({'; '.join(diffs)}); "
                "use another --logs folder, or the same arguments to resume"
            )
        return True
    if logs.is_dir():
        own = {MANIFEST, RESULTS} if out is not None and logs.resolve() == out.resolve() else set()
        if any(p.name not in own for p in logs.iterdir()):
            raise LabError(
                f"{logs} is not empty and holds no firebreak logs manifest, so its files could be "
                "another job's; choose a new or empty folder for --logs"
            )
    return False


def open_logs_dir(logs: Path, job: JobSpec, out: Path | None = None) -> None:
    """Create (or reopen, for a resume) the folder of a job's records; see :func:`check_logs_dir`."""
    if check_logs_dir(logs, job, out):
        return
    logs.mkdir(parents=True, exist_ok=True)
    manifest = logs / LOGS_MANIFEST
    obj = {"format": LOGS_FORMAT, "version": VERSION, "job": job.to_json()}
    tmp = manifest.with_name(LOGS_MANIFEST + ".tmp")
    tmp.write_text(json.dumps(obj, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(tmp, manifest)


def done_chunks(out: Path) -> list[int]:
    """The chunk numbers already written (complete files only: temporaries are ignored)."""
    folder = out / RESULTS
    if not folder.is_dir():
        return []
    return sorted(int(m.group(1)) for p in folder.iterdir() if (m := _CHUNK.match(p.name)))


def write_rows(path: Path, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Write rows as one Parquet file atomically (temporary file, then rename). Keys starting with ``_`` are
    left out; the columns are the union of the rows' keys (a statistic may be missing from some games)."""
    pa, pq = _pyarrow()
    tmp = path.with_name(path.name + ".tmp")
    columns: dict[str, None] = {}
    for r in rows:
        columns.update(dict.fromkeys(k for k in r if not k.startswith("_")))
    try:
        pq.write_table(pa.Table.from_pylist([{k: r.get(k) for k in columns} for r in rows]), tmp)
        os.replace(tmp, path)
    except BaseException:  # Ctrl-C mid-write included: leave no half-written file behind
        tmp.unlink(missing_ok=True)
        raise
    return path


def write_chunk(out: Path, chunk: int, rows: Sequence[Mapping[str, Any]]) -> Path:
    return write_rows(chunk_path(out, chunk), rows)


def save_tables(out: Path, tables: Mapping[str, Sequence[Mapping[str, Any]]], summary: Mapping[str, Any]) -> None:
    """Save the rows behind a comparison or tournament (``NAME.parquet`` each, plus ``summary.json``) into a new
    or empty directory; an existing non-empty directory is refused, never overwritten."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise LabError(f"{out} exists and is not an empty directory; choose a new one")
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in tables.items():
        write_rows(out / f"{name}.parquet", rows)
    (out / "summary.json").write_text(
        json.dumps(summary, indent=1, sort_keys=True, default=str) + "\n", encoding="utf-8"
    )


def read_chunk(path: Path, expected: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """The rows of one chunk; :class:`LabError` if it is unreadable or does not hold the games it should."""
    _, pq = _pyarrow()
    if not path.is_file():
        raise LabError(f"{path} is not a regular file; delete it and re-run to replay its games")
    if path.stat().st_size > MAX_CHUNK_BYTES:
        raise LabError(
            f"{path} is larger than {MAX_CHUNK_BYTES // (1024 * 1024)} MiB, far more than a chunk of "
            "result rows; delete it and re-run to replay its games"
        )
    try:
        rows = pq.read_table(path).to_pylist()
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several types for damaged files
        raise LabError(
            f"{path} is corrupt ({type(exc).__name__}: {exc}); delete it and re-run to replay its games"
        ) from None
    indices = [r.get("index") for r in rows]
    if expected is not None and indices != list(expected):
        raise LabError(
            f"{path} is corrupt: it holds games {indices[:3]}... instead of {expected[0]}.."
            f"{expected[-1]}; delete it and re-run to replay its games"
        )
    return rows


def chunk_range(chunk: int, chunk_size: int, games: int) -> range:
    return range(chunk * chunk_size, min(games, (chunk + 1) * chunk_size))


def load_results(out: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The manifest and every finished game's row, in game order (checked chunk by chunk)."""
    manifest = read_manifest(out)
    job = JobSpec.from_json(manifest["job"])
    size = manifest["chunk_size"]
    rows: list[dict[str, Any]] = []
    for chunk in done_chunks(out):
        expected = chunk_range(chunk, size, job.games)
        if not expected:
            raise LabError(f"{chunk_path(out, chunk)} is beyond the job's {job.games} games")
        rows.extend(read_chunk(chunk_path(out, chunk), expected))
    return manifest, rows
