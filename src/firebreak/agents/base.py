"""The agent interface: what a bot is given and what it returns.

A bot never receives the game state. It receives an :class:`Observation`: its seat, its own view, the legal
actions, and a way to sample a *determinisation* (a full state in which everything hidden from it has been
resampled). Search and greedy bots plan on those samples, so they cannot read other players' hands, objectives
or deck orders.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from firebreak.core import GameState, Rng


class Observation:
    """What one seat may know when it must act."""

    __slots__ = ("player", "_state", "_view")

    def __init__(self, state: GameState, player: int) -> None:
        self.player = player
        self._state = state
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    @property
    def legal_actions(self) -> list[int]:
        return self._state.legal_actions()

    @property
    def bot_actions(self) -> list[int]:
        """The legal actions a planning bot weighs: those the game's ``bot_actions`` hint keeps (a function of the
        state that leaves out moves no sensible bot makes, such as taking a card back out of a trade offer being
        composed; it reads only what the seat to move can see), else every legal action.

        Always a subset of :attr:`legal_actions`, which an observation may narrow (a bridge to another engine
        offers only the moves that engine allows): the hint's moves outside it are dropped, and if none is left
        the bot weighs every allowed move."""
        keep = self._state.spec.bot_actions
        legal = self.legal_actions
        if keep is None:
            return legal
        allowed = set(legal)
        return [a for a in keep(self._state) if a in allowed] or legal

    @property
    def spec(self):
        return self._state.spec

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def action_to_text(self, action: int) -> str:
        return self._state.action_to_text(action)

    def sample_state(self, rng: Rng) -> GameState:
        """A determinisation for this seat: hidden information resampled, future chance reseeded."""
        return self._state.determinize(self.player, rng)


class Agent(ABC):
    """A player that chooses one legal action at a time."""

    name: str = "agent"

    @abstractmethod
    def act(self, obs: Observation, rng: Rng) -> int:
        """Return one of ``obs.legal_actions``."""

    def describe(self) -> str:
        return self.name
