"""The ceiling of search: a search bot that CHEATS, measured paired against a fair one (benchmark only).

    .venv/bin/python benchmarks/omniscient_bots.py great-fire --a omniscient:iterations=1500 --b hard \
        [--against mcts:iterations=300] [--games 12] [--seed 0] ...

Takes the arguments of ``paired_bots.py`` (this script registers one more bot name and then runs it).

``omniscient`` is ``mcts`` (same parameters, same game hints) planning on the TRUE state: every "determinisation"
it searches is a copy of the real game, so it sees every rival's hand, objectives and tokens and the order of the
fire deck. No player could play like this; it exists to answer one question: how much would a perfect guess of the
hidden information be worth to the search at a given budget? If it is clearly stronger than ``hard`` on the same
games, better inference about hidden cards is the lever; if not, hidden information is not what holds the search
back, and more of it (or a better model of it) cannot lift the bot.

The bot is registered only inside this script's process (and its forked workers): it is no level, no server or
lobby can name it, and nothing in ``src/`` knows about it.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from firebreak.agents.base import Observation  # noqa: E402
from firebreak.agents.factory import AgentType, _AGENTS, register_agent  # noqa: E402
from firebreak.agents.mcts import MCTSAgent  # noqa: E402
from firebreak.core import GameState, Rng  # noqa: E402


class TrueStateObservation(Observation):
    """An observation whose samples are the true state (hidden cards, objectives and deck order as they are);
    only the sample's own random stream is reseeded (the Great Fire draws nothing from it after setup)."""

    __slots__ = ()

    def sample_state(self, rng: Rng) -> GameState:
        sample = self._state.clone()
        self._state._seal_determinization(sample, self.player, rng)
        return sample


class OmniscientMCTSAgent(MCTSAgent):
    """``MCTSAgent`` planning on the true state (a cheat, for measuring the ceiling of search)."""

    name = "omniscient"

    def act(self, obs: Observation, rng: Rng) -> int:
        return super().act(TrueStateObservation(obs._state, obs.player), rng)

    def describe(self) -> str:
        return "omniscient" + super().describe()[len("mcts") :]


def register() -> None:
    """Make ``omniscient:...`` a bot spec in this process only (same parameters as ``mcts``)."""
    if "omniscient" not in _AGENTS:
        register_agent(
            AgentType(
                "omniscient",
                OmniscientMCTSAgent,
                dict(_AGENTS["mcts"].params),
                "mcts planning on the true state (a cheat, benchmarks only)",
            )
        )


if __name__ == "__main__":
    register()
    from paired_bots import main  # noqa: E402  (this folder: a script's own directory is on its path)

    main()
