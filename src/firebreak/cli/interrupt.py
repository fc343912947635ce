"""Ctrl-C that is never lost.

Python turns SIGINT into ``KeyboardInterrupt`` wherever the main thread happens to be. If that is inside a
``__del__`` (a garbage collection finalising a Parquet writer, say), Python prints "Exception ignored" and carries
on: the user's Ctrl-C is swallowed and a long job runs to its end. :func:`interruptible` remembers every press, so
the next progress callback raises it again at a safe point.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Interrupts:
    """Counts Ctrl-C presses while a job runs; :meth:`check` re-raises one that was swallowed."""

    def __init__(self) -> None:
        self.pressed = 0

    def _handler(self, signum: int, frame: object) -> None:
        self.pressed += 1
        raise KeyboardInterrupt

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed (call from progress callbacks: a press that a
        finaliser swallowed reaches the caller here)."""
        if self.pressed:
            raise KeyboardInterrupt

    def after(self, callback: Callable[..., None]) -> Callable[..., None]:
        """``callback`` (a progress callback), then :meth:`check`."""

        def checked(*args: object) -> None:
            callback(*args)
            self.check()

        return checked


@contextmanager
def interruptible() -> Iterator[Interrupts]:
    """Install the remembering handler for the block. Outside the main thread, or where SIGINT is ignored (a job
    started with ``nohup``), nothing is installed and :meth:`Interrupts.check` never raises."""
    guard = Interrupts()
    if threading.current_thread() is not threading.main_thread() or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield guard
        return
    previous = signal.signal(signal.SIGINT, guard._handler)
    try:
        yield guard
    finally:
        signal.signal(signal.SIGINT, previous)
