"""Lines typed before a question was shown are not answers to it.

Each decision at the terminal numbers its options from 1, so "1" means something else from one question to the
next. A player who types ahead (a second "1" while the first is being played, or a move typed while the bots are
moving) would otherwise answer a question they have not seen. At a real terminal such lines are still waiting in
the terminal's input queue when the new question is shown: :func:`drop_typed_ahead` throws them away and the
session says so. Piped input (a script) is read line by line as written and never dropped.
"""

from __future__ import annotations

import os
import select
import sys

try:
    import termios
except ImportError:  # not a POSIX system: no terminal queue to look at
    termios = None  # type: ignore[assignment]


def pending_input(fd: int) -> bool:
    """Whether the terminal ``fd`` holds input typed but not yet read."""
    ready, _, _ = select.select([fd], [], [], 0)
    return bool(ready)


def drop_typed_ahead(fd: int | None = None) -> bool:
    """Discard what was typed at the terminal (standard input by default) and not yet read; return whether
    anything was. Does nothing when the input is not a terminal.

    A terminal in line mode hands over one line per read, so lines typed ahead stay in the terminal's queue
    (not in Python's buffer) until read, and ``tcflush`` removes exactly them.
    """
    if termios is None:
        return False
    if fd is None:
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, ValueError, OSError):
            return False
    if not os.isatty(fd) or not pending_input(fd):
        return False
    termios.tcflush(fd, termios.TCIFLUSH)
    return True
