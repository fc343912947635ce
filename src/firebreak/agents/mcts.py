"""Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and Whitehouse).

Each iteration samples a determinisation of the bot's own view (``obs.sample_state``), so the search never reads
the true hidden state; one tree is shared by all samples, its nodes keyed by action. A child's exploration term
counts how often it was *available* rather than how often its parent was visited (different samples allow
different actions). Rewards are vectors, one entry per seat, and each node is judged by the seat that chose the
action leading to it, so the search works for any number of players.

What a reader of the code needs (why each piece is there, and what was measured without it: docs/research.md):

* **Leaves scored by the game's evaluation** after ``depth`` random steps (default 0; -1 plays to the end, the
  default for a game without a heuristic). Evaluations become per-seat rewards summing to 1: a softmax of the
  seats' evaluations over the game's ``search.scale`` (:func:`seat_evaluator`).
* **Common samples.** Rewards are measured against the root's evaluation on the same determinisation, so moves
  are compared by what they change rather than by how lucky their samples were.
* **Progressive bias at the root**: each root move starts with ``prior`` virtual visits worth its one-step value
  over ``prior_samples`` shared determinisations.
* **Implicit minimax backups** (Lanctot et al.): each node keeps the max^n value below it, blended with the mean
  by ``minimax`` during selection.
* **Own turn only** (``turn``, the game's ``search.turn`` hint): the tree stops where another seat is to move.
* **A narrow root searched by sequential halving** (``width``, the game's ``search.width`` hint; Karnin, Koren and
  Somekh): the ``width`` best moves by one-step value, each round on the same samples and random streams.
* **Hints for a large budget** (the game's ``search.large_budget``): searches of at least ``min_iterations`` take
  their own hints, so a stronger level does not change how the weaker bots it is measured against search.
* **The moves a bot weighs** (the game's ``bot_actions`` hook), at the root and inside the tree.
* **Normalised exploration**: siblings' values are rescaled to 0..1 before ``c`` times the exploration term.

The move played is the most visited root move (ties: the better mean reward, then at random); with a narrow root,
the last survivor of the halving.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from firebreak.core import GameSpec, GameState, Rng
from firebreak.core.hooks import SearchHints

from .base import Agent, Observation

FULL_PLAYOUT = -1
"""``depth`` value for playouts that run to the end of the game."""


class _Node:
    __slots__ = ("player", "visits", "avail", "total", "children", "value")

    def __init__(self, player: int) -> None:
        self.player = player  # the seat whose action led here
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[int, _Node] = {}
        self.value: list[float] | None = None  # max^n backup of the evaluations below (implicit minimax)


Evaluator = Callable[[GameState], list[float]]


def seat_evaluator(spec: GameSpec, scale: float, name: str = "") -> Evaluator:
    """Per-seat rewards for a position that is not over, summing to 1 like a game's win shares: a softmax of the
    seats' evaluations (a seat ``scale`` ahead of another is taken to be e times as likely to win). The game's
    ``heuristic_all`` hook scores every seat at once where it has one; without a heuristic, the leaders by points
    share three quarters. ``name`` picks another of the game's evaluations (its ``evaluations`` hook: a name ->
    every-seat evaluation); a game without one of that name is scored by its usual evaluation."""
    every_seat: Evaluator | None = spec.evaluations.get(name) if name else None
    if every_seat is None:
        every_seat = spec.heuristic_all
    heuristic = spec.heuristic
    if every_seat is None and heuristic is not None:

        def every_seat(state: GameState) -> list[float]:
            return [heuristic(state, p) for p in range(state.num_players)]

    if every_seat is None:

        def by_points(state: GameState) -> list[float]:
            n = state.num_players
            scores = state.scores()
            best = max(scores)
            leaders = [p for p, s in enumerate(scores) if s == best]
            rest = 0.25 / n
            lead = (1.0 - rest * (n - len(leaders))) / len(leaders)
            return [lead if p in leaders else rest for p in range(n)]

        return by_points
    exp = math.exp

    def softmax(state: GameState) -> list[float]:
        hs = every_seat(state)
        top = max(hs)
        ex = [exp(max(-60.0, (h - top) / scale)) for h in hs]
        total = sum(ex)
        return [e / total for e in ex]

    return softmax


class _Search:
    """One move's search: the tree below ``root`` and how an iteration walks, extends and scores it."""

    def __init__(
        self, agent: MCTSAgent, me: int, root: _Node, depth: int, evaluate: Evaluator, own_turn: bool, relative: bool
    ) -> None:
        self.agent = agent
        self.root = root
        self.me = me
        self.depth = depth
        self.evaluate = evaluate
        self.own_turn = own_turn
        self.relative = relative  # measure rewards against the root's evaluation on the same sample
        self.moves: Callable[[GameState], list[int]] | None = None  # the game's ``bot_actions`` hint

    def iterate(
        self, state: GameState, rng: Rng, first: int | None = None, base: list[float] | None = None
    ) -> list[float]:
        """One iteration on the determinisation ``state`` (consumed): select and expand (starting with the root
        move ``first`` if given), play out, score, back up. Returns the rewards."""
        agent, me, root = self.agent, self.me, self.root
        c, alpha, own_turn = agent.c, agent.minimax, self.own_turn
        log, sqrt = math.log, math.sqrt
        if base is None and self.relative:
            base = self.evaluate(state)
        node = root
        path = [root]
        if first is not None:
            node = root.children[first]
            node.avail += 1
            state.apply_unchecked(first)
            path.append(node)
        moves = self.moves
        # Selection and expansion (with ``turn``, only while the bot itself is to move).
        while not state.is_terminal() and (not own_turn or state.current_player() == me):
            children = node.children
            legal = state.legal_actions() if moves is None else moves(state)
            # One pass over the moves: each tried child was available (again) and is scored, in case every move
            # was tried; the untried moves are gathered for an expansion otherwise.
            untried: list[int] = []
            lo, hi = 1e18, -1e18
            scored: list[tuple[float, int, _Node]] = []
            add = scored.append
            get = children.get
            if alpha:  # the same loop twice, so that the test of alpha is not made for every child
                for a in legal:
                    child = get(a)
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    q = child.total / child.visits
                    q += alpha * (child.value[child.player] - q)  # type: ignore[index]
                    add((q, a, child))
                    if q < lo:
                        lo = q
                    if q > hi:
                        hi = q
            else:
                for a in legal:
                    child = get(a)
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    q = child.total / child.visits
                    add((q, a, child))
                    if q < lo:
                        lo = q
                    if q > hi:
                        hi = q
            if untried:  # expand
                a = untried[rng.below(len(untried))]
                child = _Node(state.current_player())
                child.avail = 1
                children[a] = child
                state.apply_unchecked(a)
                path.append(child)
                break
            span = hi - lo
            inv = 1.0 / span if span > 1e-9 else 0.0
            best_a, best_v, best_child = -1, -1e18, node
            for q, a, ch in scored:
                v = (q - lo) * inv + c * sqrt(log(ch.avail) / ch.visits)
                if v > best_v:
                    best_a, best_v, best_child = a, v, ch
            state.apply_unchecked(best_a)
            node = best_child
            path.append(node)
        self._play_out(state, rng)
        rewards = state.returns() if state.is_terminal() else self.evaluate(state)
        if base is not None:
            rewards = [r - b for r, b in zip(rewards, base, strict=True)]
        # Backpropagation: means, and the max^n values of the nodes above the new leaf.
        leaf = path[-1]
        changed = leaf.value is None
        if changed:
            leaf.value = rewards
        for n in path[1:]:
            n.visits += 1
            n.total += rewards[n.player]
        if alpha and changed:
            # A node's max^n value changes only if a child's did: only the path's nodes can, from the new leaf
            # up, and once one keeps its value every node above it does too.
            for n in reversed(path[1:-1]):
                before = n.value
                best_value: list[float] | None = None
                best_q = -1e18
                for ch in n.children.values():
                    below = ch.value
                    if below is not None and below[ch.player] > best_q:
                        best_value, best_q = below, below[ch.player]
                n.value = best_value
                if best_value is before:
                    break
        return rewards

    def _play_out(self, state: GameState, rng: Rng) -> None:
        depth = self.depth
        steps = 0
        while not state.is_terminal() and (depth == FULL_PLAYOUT or steps < depth):
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
            steps += 1


class MCTSAgent(Agent):
    """ISMCTS with an iteration budget, a time budget, or both (whichever ends first)."""

    name = "mcts"

    def __init__(
        self,
        iterations: int = 1000,
        seconds: float = 0.0,
        c: float = 0.7,
        depth: int | None = None,
        scale: float | None = None,
        prior: int = 30,
        prior_samples: int = 4,
        minimax: float = 0.5,
        turn: bool | None = None,
        width: int | None = None,
        eval: str = "",
    ) -> None:
        """``depth``: random steps after the tree before the game's evaluation scores the position (0: score the
        leaf itself; -1: play to the end). ``None`` takes the game's hint (``spec.search.depth``), else 0
        for a game with a heuristic and -1 for one without. ``scale`` (None: the game's ``search.scale`` hint, 5
        unless the game says) is the difference of evaluations that makes one seat e times as likely to win as
        another. ``prior``/``prior_samples`` seed the root moves with their one-step values, ``minimax`` (0..1) is
        the weight of the max^n backup beside the mean reward. ``width`` (None: the game's ``search.width`` hint,
        0 = every move unless the game says) narrows the root to its best moves, searched by sequential halving; with
        only a time budget the halving has a single round (every candidate searched alike until time is up).
        ``eval`` names one of the game's alternative evaluations (its ``evaluations`` hook) for the leaves and the
        root's candidates; a game without an evaluation of that name uses its usual one, so a spec with ``eval``
        stays valid in every game (a level can ask for a game's strongest evaluation where it has one). Empty: the
        game's ``search.eval`` hint (a large budget's hints may name one)."""
        if iterations < 1 and seconds <= 0:
            raise ValueError("give mcts a positive iteration or time budget")
        if (depth is not None and depth < FULL_PLAYOUT) or c < 0 or (scale is not None and scale <= 0):
            raise ValueError("mcts needs depth >= -1 (-1: play to the end), c >= 0 and scale > 0")
        if width is not None and width < 0:
            raise ValueError("mcts needs width >= 0 (0: search every move)")
        self.iterations = iterations if iterations > 0 else 10**9
        self.seconds = seconds
        self.c = c
        self.depth = depth
        self.scale = scale
        if prior < 0 or prior_samples < 1:
            raise ValueError("mcts needs prior >= 0 and prior_samples >= 1")
        if not 0.0 <= minimax <= 1.0:
            raise ValueError("mcts needs 0 <= minimax <= 1")
        self.minimax = minimax
        self.turn = turn
        self.width = width
        self.eval = eval.strip()
        self.prior = prior
        self.prior_samples = prior_samples
        self.last_iterations = 0
        self.last_root: _Node | None = None  # the last search's tree, for inspection

    def describe(self) -> str:
        parts = [
            f"iterations={self.iterations}" if self.iterations < 10**9 else "",
            f"seconds={self.seconds:g}" if self.seconds else "",
            f"depth={self.depth}" if self.depth is not None else "",
            f"eval={self.eval}" if self.eval else "",
        ]
        return "mcts:" + ",".join(p for p in parts if p) if any(parts) else "mcts"

    def hints(self, spec: GameSpec) -> SearchHints:
        """The game's hints for this search: ``spec.search``, or its ``large_budget`` hints when this search's
        iteration budget is at least their ``min_iterations`` (a search with only a time budget counts as large).
        A larger budget can afford what would starve a small one (a wider look at every move, or a slower and
        finer evaluation); settings this bot was given by hand still win."""
        return spec.search.for_iterations(self.iterations)

    def _seed_root(
        self, root: _Node, obs: Observation, legal: list[int], evaluate: Evaluator, rng: Rng, width: int
    ) -> None:
        """Progressive bias at the root: each move starts with ``prior`` virtual visits worth its one-step value,
        averaged over ``prior_samples`` determinisations that all moves share (and measured, like every reward,
        against the root's own evaluation on the same sample)."""
        me = obs.player
        sums: list[list[float]] = [[] for _ in legal]
        for k in range(self.prior_samples):
            sample = obs.sample_state(rng)
            base = evaluate(sample)
            for i, action in enumerate(legal):
                child = sample.clone()
                child.apply_unchecked(action)
                value = child.returns() if child.is_terminal() else evaluate(child)
                value = [v - b for v, b in zip(value, base, strict=True)]
                sums[i] = value if k == 0 else [a + b for a, b in zip(sums[i], value, strict=True)]
        ranked = sorted(zip(legal, sums, strict=True), key=lambda x: -x[1][me])
        if width:  # the best ``width`` moves, one of each set with identical values (e.g. same result)
            kept: list[tuple[int, list[float]]] = []
            seen: set[tuple[float, ...]] = set()
            for action, total in ranked:
                key = tuple(round(v, 9) for v in total)
                if key not in seen:
                    seen.add(key)
                    kept.append((action, total))
                    if len(kept) == width:
                        break
            ranked = kept
        prior = 0 if width else self.prior  # the halving compares the candidates by their own iterations only
        for action, total in ranked:
            node = root.children[action] = _Node(me)
            node.visits = node.avail = prior
            node.value = [t / self.prior_samples for t in total]
            node.total = prior * node.value[me]

    def _halving(self, search: _Search, obs: Observation, root: _Node, rng: Rng, deadline: float | None) -> int:
        """Sequential halving over the root's candidate moves (after Karnin, Koren and Somekh): in each round
        every surviving move gets the same number of iterations, on the same determinisations and the same
        random streams (so moves are compared on equal luck), and the better half goes on. The budget is spent
        on telling the best few moves apart rather than on confirming the first that looked good."""
        me = obs.player
        alive = list(root.children)
        sums = dict.fromkeys(alive, 0.0)
        counts = dict.fromkeys(alive, 0)

        def mean(a: int) -> float:
            return sums[a] / counts[a] if counts[a] else -1e18

        rounds = max(1, math.ceil(math.log2(len(alive))))
        budget = self.iterations  # 10**9 with only a time budget: one round, until time is up
        used = 0
        out_of_time = False
        for r in range(rounds):
            per_move = max(1, (budget - used) // ((rounds - r) * len(alive)))
            for _ in range(per_move):
                if used >= budget or (deadline is not None and time.perf_counter() >= deadline):
                    out_of_time = True
                    break
                sample = obs.sample_state(rng)
                base = search.evaluate(sample) if search.relative else None
                stream = Rng.repeatable(rng.below(2**62))  # every move on the same stream, seeded once
                last = alive[-1]
                for a in alive:  # each move on its own copy of the sample; the last move takes the sample itself
                    rewards = search.iterate(sample if a == last else sample.clone(), stream(), first=a, base=base)
                    sums[a] += rewards[me]
                    counts[a] += 1
                    used += 1
            if out_of_time or len(alive) == 1:
                break
            alive.sort(key=mean, reverse=True)
            alive = alive[: (len(alive) + 1) // 2]
        self.last_iterations = used
        best = max(map(mean, alive))
        return rng.choice(sorted(a for a in alive if mean(a) == best))

    def act(self, obs: Observation, rng: Rng) -> int:
        legal_root = obs.bot_actions
        if len(legal_root) == 1:
            return legal_root[0]
        spec = obs.spec
        heuristic = spec.heuristic
        hints = self.hints(spec)
        depth = self.depth
        if depth is None:
            depth = hints.depth if hints.depth is not None else 0 if heuristic is not None else FULL_PLAYOUT
        scale = self.scale if self.scale is not None else hints.scale
        evaluate = seat_evaluator(spec, scale, self.eval or hints.eval)
        width = self.width if self.width is not None else hints.width
        if heuristic is None:
            width = 0  # the candidates are chosen by their one-step evaluations
        root = _Node(obs.player)
        if (self.prior or width) and heuristic is not None:
            self._seed_root(root, obs, legal_root, evaluate, rng, width)
        own_turn = self.turn if self.turn is not None else hints.turn
        search = _Search(self, obs.player, root, depth, evaluate, own_turn, heuristic is not None)
        search.moves = spec.bot_actions
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        if width and root.children:
            self.last_root = root
            if len(root.children) == 1:  # every move but one was pruned (or they all do the same)
                self.last_iterations = 0
                return next(iter(root.children))
            return self._halving(search, obs, root, rng, deadline)
        it = 0
        while it < self.iterations:
            if deadline is not None and time.perf_counter() >= deadline:
                break
            it += 1
            search.iterate(obs.sample_state(rng), rng)
        self.last_iterations = it
        self.last_root = root
        visited = [
            (ch.visits, ch.total / ch.visits, a)
            for a in legal_root
            if (ch := root.children.get(a)) is not None and ch.visits
        ]
        if not visited:
            return legal_root[rng.below(len(legal_root))]
        best = max((v, q) for v, q, _ in visited)
        return rng.choice(sorted(a for v, q, a in visited if (v, q) == best))
