"""Learning environments for every firebreak game (the optional ``rl`` extra: ``pip install -e '.[rl]'``).

- :func:`aec_env`: a PettingZoo AEC environment (every player count and option set);
- :func:`gym_env`: a single-agent Gymnasium environment against firebreak bots, with ``action_masks()``;
- :func:`register_openspiel_games`: each game as an OpenSpiel Python game (``python_firebreak_<game>``).

Observations come from the games' own encoders (:mod:`firebreak.core.encoding`), read from the acting seat's view
only. The heavy libraries are imported when an environment is first asked for, so ``import firebreak.rl`` works
without them and says what to install when they are missing.
"""

from __future__ import annotations

from typing import Any

_EXTRA = "the rl extra is not installed: pip install -e '.[rl]' (pettingzoo, gymnasium, numpy, open_spiel)"


def _need(module: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ImportError(f"{module} is missing; {_EXTRA}")


def aec_env(game: Any, num_players: int | None = None, **kwargs: Any) -> Any:
    """A PettingZoo AEC environment; see :func:`firebreak.rl.aec.aec_env`."""
    _need("pettingzoo")
    from .aec import aec_env as make

    return make(game, num_players, **kwargs)


def gym_env(game: Any, seat: int = 0, opponents: Any = "greedy", **kwargs: Any) -> Any:
    """A single-agent Gymnasium environment; see :class:`firebreak.rl.gym.FirebreakGym`."""
    _need("gymnasium")
    from .gym import FirebreakGym

    return FirebreakGym(game, seat=seat, opponents=opponents, **kwargs)


def register_openspiel_games() -> list[str]:
    """Register every game with OpenSpiel; returns the short names (see :mod:`firebreak.rl.openspiel`)."""
    _need("pyspiel")
    from .openspiel import register_all

    return register_all()


__all__ = ["aec_env", "gym_env", "register_openspiel_games"]
