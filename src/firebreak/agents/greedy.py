"""The one-step greedy bot: tries every legal action on determinisations and keeps the best-scoring one.

It never reads hidden information: it plans on ``obs.sample_state(rng)``, a state in which everything it cannot
see has been resampled. A position is scored with the game's own ``spec.heuristic`` when the game supplies one,
otherwise with the score lead (and a decisive bonus for a finished game that it wins).
"""

from __future__ import annotations

from collections.abc import Callable

from firebreak.core import GameState, Rng

from .base import Agent, Observation

WIN_BONUS = 1e6
"""Added by the fallback evaluation to a finished game that the seat wins, so a win beats any points lead."""


def score_lead(state: GameState, player: int) -> float:
    """Fallback evaluation: own score minus the best other score (plus :data:`WIN_BONUS` for a won game)."""
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != player]
    value = scores[player] - (max(others) if others else 0.0)
    if state.is_terminal() and player in state.winners():
        value += WIN_BONUS / len(state.winners())
    return value


class GreedyAgent(Agent):
    """One-ply lookahead averaged over ``samples`` determinisations; ties are broken at random.

    ``blunder`` (0..1) is the chance of playing a uniformly random legal move instead: a weaker bot for players
    who are learning a game (the easy level), which still plays sensibly most of the time.
    """

    name = "greedy"

    def __init__(self, samples: int = 1, blunder: float = 0.0, eval: str = "") -> None:
        """``eval`` names one of the game's alternative evaluations (its ``evaluations`` hook), as the search bot's
        does; a game without one of that name is scored by its usual heuristic, so the spec stays valid in every
        game. It lets a finer evaluation be screened on the one-step bot, whose choices depend on nothing else."""
        if samples < 1:
            raise ValueError("samples must be at least 1")
        if not 0.0 <= blunder <= 1.0:
            raise ValueError("blunder is a chance from 0 to 1")
        self.samples = samples
        self.blunder = blunder
        self.eval = eval.strip()

    def describe(self) -> str:
        parts = [
            f"samples={self.samples}" if self.samples != 1 else "",
            f"blunder={self.blunder:g}" if self.blunder else "",
            f"eval={self.eval}" if self.eval else "",
        ]
        return self.name + (":" + ",".join(p for p in parts if p) if any(parts) else "")

    def act(self, obs: Observation, rng: Rng) -> int:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.blunder and rng.random() < self.blunder:
            return legal[rng.below(len(legal))]
        evaluate: Callable[[GameState, int], float] = obs.spec.heuristic or score_lead
        every_seat = obs.spec.evaluations.get(self.eval) if self.eval else None
        if every_seat is not None:
            named = every_seat

            def evaluate(state: GameState, seat: int) -> float:
                return named(state)[seat]

        player = obs.player
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            sample = obs.sample_state(rng)
            for i, action in enumerate(legal):
                child = sample.clone()
                child.apply_unchecked(action)
                totals[i] += evaluate(child, player)
        best = max(totals)
        return rng.choice([a for a, t in zip(legal, totals, strict=True) if t == best])
