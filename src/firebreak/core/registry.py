"""The registry of games.

Each package under ``firebreak.games`` registers its :class:`GameSpec` when imported; :func:`load_all` imports
them all, so front ends find every game without a list to keep up to date.

A name a user typed (or a record or request carried) is only ever looked up among the registered games: it is
never turned into a module path, so ``"x.y"``, ``".catan"`` or ``"../../etc/passwd"`` cannot make us import
anything; they are unknown games like any other.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TypeVar

from .errors import UnknownGameError
from .game import GameSpec, GameState

S = TypeVar("S", bound=GameState)

_GAMES: dict[str, GameSpec] = {}
_LOADED = False


def register(spec: GameSpec[S]) -> GameSpec[S]:
    """Register a game; its state class learns its spec. Registering the same name twice is an error."""
    existing = _GAMES.get(spec.name)
    if existing is not None and existing is not spec:
        raise ValueError(f"a game named {spec.name!r} is already registered")
    spec.state_class.spec = spec
    _GAMES[spec.name] = spec
    return spec


def load_all() -> None:
    """Import every game package under ``firebreak.games`` (once)."""
    global _LOADED
    if _LOADED:
        return
    import firebreak.games as games_pkg

    for info in pkgutil.iter_modules(games_pkg.__path__):
        if info.ispkg:
            importlib.import_module(f"firebreak.games.{info.name}")
    _LOADED = True


def get_game(name: str) -> GameSpec:
    """The game registered as ``name``, forgiving case, spaces and ``_`` for ``-`` (``Great_Fire`` ->
    ``great-fire``). Every game package is imported first (once); the name itself is only looked up."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else None
    if key not in _GAMES:
        load_all()
    if key is not None and key in _GAMES:
        return _GAMES[key]
    shown = repr(name) if not isinstance(name, str) or len(name) <= 60 else repr(name[:60] + "...")
    raise UnknownGameError(f"unknown game {shown}; the games are: {', '.join(sorted(_GAMES))}")


def all_games() -> list[GameSpec]:
    load_all()
    return [_GAMES[k] for k in sorted(_GAMES)]
