"""Game-agnostic foundation: the game protocol, seeded randomness, events, records and replay.

Nothing in this package knows any particular game.
"""

from .errors import (
    DataFileError,
    FirebreakError,
    IllegalActionError,
    MalformedActionError,
    OptionError,
    SaveFileError,
    UnknownGameError,
)
from .events import Event, filter_events
from .game import TERMINAL, UNDO, ActionChoice, ChoiceLimit, GameSpec, GameState, OptionSpec, check_choices
from .record import GameRecord, load_game, record_of, replay, save_game
from .registry import all_games, get_game, register
from .rng import Rng
from .summary import SeatSummary

__all__ = [
    "TERMINAL",
    "UNDO",
    "ActionChoice",
    "ChoiceLimit",
    "DataFileError",
    "Event",
    "FirebreakError",
    "GameRecord",
    "GameSpec",
    "GameState",
    "IllegalActionError",
    "MalformedActionError",
    "OptionError",
    "OptionSpec",
    "Rng",
    "SaveFileError",
    "SeatSummary",
    "UnknownGameError",
    "all_games",
    "check_choices",
    "filter_events",
    "get_game",
    "load_game",
    "record_of",
    "register",
    "replay",
    "save_game",
]
