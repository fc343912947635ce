"""The lab: batch simulation and statistics for designers and researchers (game-agnostic).

``simulate`` (in-process batch with totals), ``run_job`` (workers or Ray, Parquet chunks, resume), ``build_report``
/ ``write_report``, ``compare`` (paired rule variants with a sequential stop), ``tournament`` (Plackett-Luce),
``figures`` (what describes a game: when it is decided, lead changes, comebacks, margins...) and ``duplicate``
(one bot against another on the same deals and seats).
"""

from .job import GameTask, JobSpec, LabError, job_tasks, make_job, play_task
from .runner import DEFAULT_CHUNK, run_job
from .simulate import SimulationResult, game_seeds, seat_assignment, simulate
from .stats import paired_difference, wilson_interval

__all__ = [
    "DEFAULT_CHUNK",
    "GameTask",
    "JobSpec",
    "LabError",
    "SimulationResult",
    "game_seeds",
    "job_tasks",
    "make_job",
    "paired_difference",
    "play_task",
    "run_job",
    "seat_assignment",
    "simulate",
    "wilson_interval",
]
