"""Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and Whitehouse).

Each iteration samples a determinisation of the bot's own view (``obs.sample_state``), so the search never reads
the true hidden state; one tree is shared by all samples, its nodes keyed by action. Because different samples
allow different actions, a child's exploration term counts how often it was *available* rather than how often
its parent was visited. Rewards are vectors, one entry per seat, and each node is judged by the seat that chose
the action leading to it, so the search works for any number of players.

Playouts are random. They may stop after ``depth`` actions, when the position is scored by the game's heuristic
(squashed to 0..1 per seat) instead of played to the end: the game-supplied evaluation for cut-off rollouts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from firebreak.core import GameState, Rng

from .base import Agent, Observation


class _Node:
    __slots__ = ("player", "visits", "avail", "total", "children")

    def __init__(self, player: int) -> None:
        self.player = player          # the seat whose action led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}


def _terminal_rewards(state: GameState) -> list[float]:
    return state.returns()


class MCTSAgent(Agent):
    """ISMCTS with an iteration budget, a time budget, or both (whichever ends first)."""

    name = "mcts"

    def __init__(self, iterations: int = 1000, seconds: float = 0.0, c: float = 0.7, depth: int | None = None,
                 scale: float = 5.0) -> None:
        """``depth=None`` takes the game's own hint (``spec.extra["mcts_depth"]``, 0 = play to the end): long
        games such as Catan need cut-off playouts to search at a useful rate."""
        if iterations < 1 and seconds <= 0:
            raise ValueError("give mcts a positive iteration or time budget")
        if (depth is not None and depth < 0) or c < 0 or scale <= 0:
            raise ValueError("mcts needs depth >= 0, c >= 0 and scale > 0")
        self.iterations = iterations if iterations > 0 else 10**9
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.scale = scale
        self.last_iterations = 0

    def describe(self) -> str:
        parts = [f"iterations={self.iterations}" if self.iterations < 10**9 else "",
                 f"seconds={self.seconds:g}" if self.seconds else "", f"depth={self.depth}" if self.depth else ""]
        return "mcts:" + ",".join(p for p in parts if p) if any(parts) else "mcts"

    def _cutoff_rewards(self, state: GameState, heuristic: Callable[[GameState, int], float] | None) -> list[float]:
        if heuristic is None:
            scores = state.scores()
            best = max(scores)
            leaders = [p for p, s in enumerate(scores) if s == best]
            return [1.0 / len(leaders) if p in leaders else 0.0 for p in range(state.num_players)]
        out = []
        for p in range(state.num_players):
            h = heuristic(state, p) / self.scale
            out.append(1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, h)))))
        return out

    def act(self, obs: Observation, rng: Rng) -> int:
        legal_root = obs.legal_actions
        if len(legal_root) == 1:
            return legal_root[0]
        heuristic = obs.spec.heuristic
        depth = self.depth if self.depth is not None else int(obs.spec.extra.get("mcts_depth", 0))
        root = _Node(obs.player)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        c = self.c
        it = 0
        while it < self.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            it += 1
            state = obs.sample_state(rng)
            node = root
            path = [root]
            # Selection and expansion.
            while not state.is_terminal():
                legal = state.legal_actions()
                children = node.children
                untried = []
                for a in legal:
                    child = children.get(a)
                    if child is None:
                        untried.append(a)
                    else:
                        child.avail += 1
                if untried:
                    a = untried[rng.below(len(untried))]
                    child = _Node(state.current_player())
                    child.avail = 1
                    children[a] = child
                    state.apply_unchecked(a)
                    path.append(child)
                    break
                best_a, best_v = -1, -1.0
                for a in legal:
                    ch = children[a]
                    v = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_v:
                        best_a, best_v = a, v
                state.apply_unchecked(best_a)
                node = children[best_a]
                path.append(node)
            # Playout.
            steps = 0
            while not state.is_terminal() and (depth == 0 or steps < depth):
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.below(len(legal))])
                steps += 1
            rewards = _terminal_rewards(state) if state.is_terminal() else self._cutoff_rewards(state, heuristic)
            # Backpropagation.
            for n in path[1:]:
                n.visits += 1
                n.total += rewards[n.player]
        self.last_iterations = it
        visited = [(root.children[a].visits, a) for a in legal_root if a in root.children]
        if not visited:
            return legal_root[rng.below(len(legal_root))]
        most = max(v for v, _ in visited)
        return rng.choice(sorted(a for v, a in visited if v == most))
