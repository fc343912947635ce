"""Errors raised by the game protocol.

Every error a user can provoke (an illegal move, a malformed action, a bad option, a corrupt save file)
is a subclass of :class:`FirebreakError`, so front ends can catch one type and show its message.
"""


class FirebreakError(Exception):
    """Base class for every error a user of firebreak can provoke."""


class IllegalActionError(FirebreakError):
    """The action is well-formed but not legal in the current state (the state is unchanged)."""


class MalformedActionError(FirebreakError):
    """The action is not an action of this game at all: wrong type, out of range, unparseable text."""


class OptionError(FirebreakError):
    """Unknown option, bad value, or unsupported player count."""


class UnknownGameError(FirebreakError):
    """No game is registered under that name."""


class SaveFileError(FirebreakError):
    """A save or log file is unreadable, corrupt, or does not replay to what it records."""


class DataFileError(FirebreakError):
    """A game's packaged data file failed validation."""
