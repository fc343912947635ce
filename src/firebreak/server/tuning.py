"""The interpreter's settings ``firebreak serve`` changes for a server process (not for tests or the library)."""

from __future__ import annotations

from firebreak.core import all_games


def tune_gc() -> None:
    """Keep Python's cycle collector from pausing play.

    With a hundred live games the server holds some 10^5 container objects (states, histories, events, views);
    with the default thresholds the collector went through all of them every few seconds, a pause of up to
    150 ms (measured with ``gc.callbacks`` under ``benchmarks/server_load.py``), and through the young ones
    dozens of times a second: 7% of the server's time and the worst of its latency. Almost nothing it holds forms
    reference cycles (reference counting frees it), so: import every game now and exempt all of that from
    collection (``gc.freeze``), collect young objects every 50 000 allocations rather than 700, and everything
    only every 1000th time the middle generation is (some hours of play; cycles that outlive their youth wait
    that long to be freed).
    """
    import gc

    all_games()
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 1000)


def tune_threads() -> None:
    """Hand the interpreter lock to a waiting thread after 1 ms instead of 5.

    On PostgreSQL the actions are committed by a writer thread (``commits.py``); while the event loop is busy,
    that thread waited up to 5 ms for the lock at every step of a commit, so a bot's two answers took longer
    than the update waits for them (``live.BOT_WAIT``) and went out as separate updates, three times the work.
    """
    import sys

    sys.setswitchinterval(0.001)
