"""A position evaluation for the Great Fire, used by greedy bots and search cut-offs.

It reads only the state it is given; bots call it on determinisations, so it never sees true hidden data.
The estimate is the player's running score minus the best rival's, less the houses and objectives that stand
next to uncontained fire (a fire move will likely reach them), plus the fire-fighting the player is placed to do.

The last part is what makes bots fight the fire. Putting out a fire takes several action points in a row (trained
bands walked into a burning district until they equal its cones, the landowner walked there, then one point per
cone), and no single step of it scores. An evaluation that counts only points gives every step the same value as
standing still, so a one-step bot never starts and a search, whose candidate moves are chosen by their one-step
values, keeps one landowner move of many alike (they all look the same) and loses the walk towards the fire. So
the evaluation counts a *fire-fighting prospect*: for each burning district outside Pudding Lane, the cones the
player could put out there, discounted by the action points still needed to do it (the landowner's walk, and the
walks of the nearest free trained bands that would contain it). Every step of a plan then raises the value, and
putting a cone out (a sure point) is worth more than the prospect of it.

Measured (README, bot levels): greedy bots put out 2.6 times as many fires with it, and the search bot with it
held its own against the search bot without it; but a lone greedy bot with it lost more often to greedy bots
without it. Fighting the fire pays less than it looks: by mid-game the cones run out and put-out cones are taken
back (finding F1 in docs/rulings/great-fire.md), so a one-step bot that walks to fires gives up protecting houses
for points it will not keep, where the search, which sees its whole turn, weighs the two.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GreatFireState


WIN_BONUS = 100.0
"""Added to a winner's evaluation of a finished game."""

PROSPECT_WEIGHT = 0.9
"""A cone that can be put out at once (contained, landowner present) is worth this much of its sure point."""
STEP_DISCOUNT = 0.85
"""Each action point still needed to put a cone out multiplies its prospect by this."""
MAX_BAND_WALK = 6
"""Bands farther than this many steps from a fire are not counted on to contain it (a turn has four points)."""
CONES_PER_TURN = 4
"""A landowner can put out at most this many cones in one turn (one per action point): a bigger fire is a prospect
for later turns and counts no more."""


BAND_THREAT = 0.4
"""The threat to a district an uncontained fire touches when a trained band stands in it (it will contain the
first cone that comes) relative to one without."""
THREAT_WEIGHT = 0.6
"""How much of the points at risk next to uncontained fire the evaluation takes off."""


FIRE_MEMO_SIZE = 4096
"""Threats and fire sites remembered per board (see :func:`_fire_key`); the table is emptied when full."""


def _fire_key(state: "GreatFireState", kind: str, param: float) -> tuple:
    """What :func:`_threat` and :func:`_fire_sites` read of a state (the fire, the trained bands, the demolished
    districts; the memo is the board's own, ``state.tables.eval_memo``): a search scores many leaves with the same fire (every
    line that moved no cone and no band), so their results are remembered by it. The callers only read them."""
    return kind, param, bytes(state.fire), bytes(state.bands), bytes(state.demolished)


def _remembered(state: "GreatFireState", key: tuple, compute: Callable[[], list]) -> list:
    memo = state.tables.eval_memo
    value = memo.get(key)
    if value is None:
        if len(memo) >= FIRE_MEMO_SIZE:
            memo.clear()
        value = memo[key] = compute()
    return value


def _threat(state: "GreatFireState", band_threat: float = BAND_THREAT) -> list[float]:
    """For each district: 1.0 if an uncontained fire touches it (and it could burn), ``band_threat`` if a trained
    band stands there, else 0 (remembered by the fire: the list is shared, not to be changed)."""
    return _remembered(state, _fire_key(state, "threat", band_threat), lambda: _threat_of(state, band_threat))


def _threat_of(state: "GreatFireState", band_threat: float) -> list[float]:
    board = state.tables.board
    fire, bands = state.fire, state.bands
    out = [0.0] * board.num_districts
    for d in range(board.num_districts):
        if fire[d] > bands[d]:
            for t in board.fire_adjacent[d]:
                if not state.demolished[t] and fire[t] <= bands[t]:
                    out[t] = 1.0 if bands[t] == 0 else band_threat
    return out


def _fire_sites(state: "GreatFireState", step: float = STEP_DISCOUNT) -> list[tuple[int, float]]:
    """Burning districts a landowner could work on, each with the discount of the band walks it still needs:
    ``(district, cones worth having * STEP_DISCOUNT ** band steps)``. Bands counted for one fire are not counted
    for another nearer fire first (fires are taken nearest-need first, smallest first). Remembered by the fire:
    the list is shared, not to be changed."""
    return _remembered(state, _fire_key(state, "sites", step), lambda: _fire_sites_of(state, step))


def _fire_sites_of(state: "GreatFireState", step: float) -> list[tuple[int, float]]:
    board = state.tables.board
    fire, bands = state.fire, state.bands
    dist = state.tables.distances()
    pl = board.pudding_lane
    free: list[int] = []  # one entry per free band, its space
    for x in range(board.num_districts):
        spare = bands[x] - fire[x]
        if spare > 0:
            free.extend([x] * spare)
    burning = [d for d in range(board.num_districts) if fire[d] and d != pl]
    burning.sort(key=lambda d: fire[d] - bands[d])
    out = []
    for d in burning:
        need = fire[d] - bands[d]
        walk = 0
        if need > 0:
            if need > len(free):
                continue
            row = dist[d]
            near = sorted(free, key=lambda x: row[x])[:need]
            walk = sum(row[x] for x in near)
            if walk > MAX_BAND_WALK:
                continue
            for x in near:
                free.remove(x)
        out.append((d, min(fire[d], CONES_PER_TURN) * step**walk))
    return out


def _prospects(state: "GreatFireState", weight: float = PROSPECT_WEIGHT, step: float = STEP_DISCOUNT) -> list[float]:
    """Each seat's fire-fighting prospect: the best site by cones and discounted steps for its landowner."""
    sites = _fire_sites(state, step)
    dist = state.tables.distances()
    out = []
    for p in range(state.num_players):
        lo = state.landowner[p]
        if lo < 0 or not sites:
            out.append(0.0)
            continue
        row = dist[lo]
        out.append(weight * max(v * step ** row[d] for d, v in sites))
    return out


KEEP_STOCK = 15
"""With at least this many cones in the stock, a put-out cone is taken to be kept to the end (three Pudding Lane
refills' worth); with fewer, it is likely to go back (rule R3), in proportion, for the ``lasting`` evaluation."""
KEEP_FLOOR = 0.2
"""What a put-out cone is still worth, relative to its point, once the stock is empty (it breaks ties and counts
towards the Hero of London card, which returns do not move)."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's tunable weights (the defaults are the module's constants). ``rival`` is how the rivals'
    standing is taken off a seat's own: 1 counts the best rival only, 0 the rivals' mean, between a blend (a seat
    that leads is then still rewarded for keeping the others low, not only the runner-up)."""

    prospect: float = PROSPECT_WEIGHT
    step: float = STEP_DISCOUNT
    band_threat: float = BAND_THREAT
    threat: float = THREAT_WEIGHT
    rival: float = 1.0


DEFAULT_WEIGHTS = Weights()


def weighted_evaluation(weights: Weights) -> Callable[["GreatFireState"], list[float]]:
    """:func:`evaluate_all` with other weights (for tuning them: ``benchmarks/tune_great_fire.py``)."""

    def every_seat(state: "GreatFireState") -> list[float]:
        return _evaluate_all(state, 1.0, weights)

    return every_seat


def evaluate_all(state: "GreatFireState") -> list[float]:
    """:func:`evaluate` for every seat at once (search bots score a position for all seats; this shares the
    work of finding the threatened districts, the fire-fighting sites and each seat's standing)."""
    return _evaluate_all(state, 1.0)


def evaluate_all_lasting(state: "GreatFireState") -> list[float]:
    """:func:`evaluate_all` with put-out cones and fire-fighting prospects counted by how likely they are to be
    kept: in full while the stock is well stocked, less as it empties (once it is empty every new need for cones
    takes one back from each player who holds any, rule R3 and finding F1), so the points a landowner keeps (its
    houses, its objectives, the Hero of London card) outweigh cones that will be handed back. A search bot uses it
    with ``mcts:eval=lasting``; the usual evaluation is unchanged. Measured (2026-11-24, one
    ``mcts:iterations=100,eval=lasting`` against three ``mcts:iterations=100``, 20 four-player games): 3.5 wins,
    17.5% of seats (fair 25%; 95% Wilson 7%-39%). The hard level scores with it (the game's large-budget search
    hints): tables of medium bots put out about 15 cones a game and hold under one at the end, so counting them as
    kept points made a larger search spend its turns on them (docs/research.md, README "Longer runs in
    duplicate")."""
    keep = 1.0 if state.is_terminal() else KEEP_FLOOR + (1.0 - KEEP_FLOOR) * min(1.0, state.stock / KEEP_STOCK)
    return _evaluate_all(state, keep)


def _evaluate_all(state: "GreatFireState", keep: float, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    board = state.tables.board
    over = state.is_terminal()
    n = state.num_players
    houses = state.houses
    picture: list | None = None  # what the fire alone decides (not once the game is over)
    if over:  # no fire moves once the game is over
        threat = [0.0] * board.num_districts
        threatened: list[tuple[int, float]] = []
        prospects = [0.0] * n
    else:
        # What the fire alone decides, remembered by it (a search scores many leaves with the same fire): the
        # threat, the threatened districts (ascending, as the sum over every district adds them) and each
        # landowner space's fire-fighting prospect (as :func:`_prospects` computes it).
        key = (
            "eval",
            w.band_threat,
            w.prospect,
            w.step,
            bytes(state.fire),
            bytes(state.bands),
            bytes(state.demolished),
        )
        picture = state.tables.eval_memo.get(key)
        if picture is None:
            threat = _threat(state, w.band_threat)
            picture = [
                threat,
                [(d, t * 2) for d, t in enumerate(threat) if t],
                _fire_sites(state, w.step),
                {},
                None,
                None,
            ]
            _remembered(state, key, lambda: picture)
        threat, threatened, sites, by_space, seen_houses, seen_at_risk = picture
        prospects = []
        for p in range(n):
            lo = state.landowner[p]
            value = by_space.get(lo)
            if value is None:
                value = by_space[lo] = _prospects_at(state, lo, sites, w.prospect, w.step)
            prospects.append(value)
    # Each colour's houses next to uncontained fire, weighed by the threat (added in the same order as a sum
    # over the threatened districts for each seat, so the same value to the last bit); remembered with the fire
    # for the houses last seen with it (houses burn far less often than the fire is scored).
    if not over and houses == seen_houses:
        at_risk_of: dict[int, float] = seen_at_risk
    else:
        at_risk_of = {}
        for d, risk in threatened:
            here = houses[d]
            if len(here) == 1:
                colour = here[0]
                at_risk_of[colour] = at_risk_of.get(colour, 0.0) + risk
            elif here:
                for colour in set(here):
                    at_risk_of[colour] = at_risk_of.get(colour, 0.0) + risk * here.count(colour)
        if picture is not None:  # (not over)
            picture[4] = [list(h) for h in houses]
            picture[5] = at_risk_of
    values = []
    for p in range(n):
        b = state.score_breakdown(p)
        at_risk = at_risk_of.get(state.colour[p], 0.0)
        for o in state.objectives[p]:
            if houses[o]:
                at_risk += threat[o] * board.objective_vp[o] * 0.5
        cones = (1.0 - keep) * b["fires_put_out"]
        values.append(b["total"] - cones - w.threat * at_risk + keep * prospects[p])
    out = []
    mix = w.rival
    if n > 1 and mix == 1.0:  # the best rival: the top value, or the second for the seat that holds the top
        top = max(values)
        leader = values.index(top)
        second = max(v for q, v in enumerate(values) if q != leader)
        out = [v - (second if p == leader else top) for p, v in enumerate(values)]
    else:
        for p in range(n):
            if n > 1:
                others = [v for q, v in enumerate(values) if q != p]
                rival = mix * max(others) + (1.0 - mix) * sum(others) / len(others)
            else:
                rival = 0.0
            out.append(values[p] - rival)
    if over:  # a finished game: the rulebook's winners (tie-breaks included) beat any lead by points
        for p in state.winners():
            out[p] += WIN_BONUS
    return out


def _prospects_at(
    state: "GreatFireState", space: int, sites: list[tuple[int, float]], weight: float, step: float
) -> float:
    """A landowner's fire-fighting prospect from ``space`` (no landowner: -1): :func:`_prospects` for one seat."""
    if space < 0 or not sites:
        return 0.0
    row = state.tables.distances()[space]
    return weight * max(v * step ** row[d] for d, v in sites)


def evaluate(state: "GreatFireState", player: int) -> float:
    return evaluate_all(state)[player]


TARGET_TEMPERATURE = 1.5
"""How sharply a seat is taken to prefer its best fire target (in points of houses it burns) in the ``targeted``
evaluation: a softmax over the threatened districts at this temperature."""
TARGET_ROUNDS = 1.5
"""How many rounds of rivals' fire moves the ``targeted`` evaluation charges for (a threat outlives one round)."""
OWN_HOUSE_WORTH = -3.0
"""What burning one of its own houses is worth to the seat moving the fire (a rival's is one, the leader's more)."""
LEADER_WORTH = 1.5
"""What burning a house of the leader by public points is worth to the seat moving the fire."""


def evaluate_all_targeted(state: "GreatFireState") -> list[float]:
    """:func:`evaluate_all` with the threat of the fire charged by who will send it where: every seat moves the
    fire once a round and burns what hurts its rivals most (the public leader's houses above all) and its own least
    (the rulebook scores houses at two points each, and nearly every house burns in the end). The uniform threat
    charges every house next to uncontained fire alike, so the search cannot tell a house its rivals are keen to
    burn from one no rival wants, and being the leader every rival aims at costs nothing. Here each seat's fire
    move is a softmax over the threatened districts by what their houses are worth to it (its own minus three,
    the leader's by public points one and a half, another rival's one; a trained band holds the first cone), and
    each house and objective is charged by the chance that some seat's move burns it. A search bot uses it with
    ``mcts:eval=targeted``; it reads only the state it is given (a determinisation, for bots). Measured
    (2026-11-24, under heavy load, one ``mcts:iterations=1500,eval=targeted`` against three ``mcts:iterations=300``,
    games 0-15 of ``benchmarks/strength.py great-fire --seed 0``): 4.33 wins of 16 (27.1%, 95% Wilson 11.5%-51.6%;
    fair 25%), against 5 for hard with the usual evaluation on the same games, so no level uses it."""
    board = state.tables.board
    n = state.num_players
    if state.is_terminal():
        return _evaluate_all(state, 1.0)
    exp = math.exp
    fire, bands, houses, demolished = state.fire, state.bands, state.houses, state.demolished
    adjacent = board.fire_adjacent
    # Threatened districts: an uncontained fire touches them and an incoming cone would burn their houses (the
    # Fire Movement Priority sends the fire to houses first, so districts without any are left out).
    seen: set[int] = set()
    for d in range(board.num_districts):
        if fire[d] > bands[d]:
            seen.update(t for t in adjacent[d] if fire[t] == bands[t] and houses[t] and not demolished[t])
    targets = sorted(seen)
    prospects = _prospects(state)
    breakdown = [state.score_breakdown(p) for p in range(n)]
    public = [b["houses"] + b["fires_put_out"] + b["hero_of_london"] for b in breakdown]
    colour = state.colour
    burn = [0.0] * len(targets)  # chance each threatened district burns within the rounds charged
    if targets:
        counts = [[houses[t].count(colour[q]) for q in range(n)] for t in targets]
        for m in range(n):
            worth = [1.0] * n
            leader = max((q for q in range(n) if q != m), key=lambda q: public[q], default=None)
            if leader is not None:
                worth[leader] = LEADER_WORTH
            worth[m] = OWN_HOUSE_WORTH
            prefs = [sum(w * k for w, k in zip(worth, row)) for row in counts]
            top = max(prefs)
            ex = [exp((v - top) / TARGET_TEMPERATURE) for v in prefs]
            total = sum(ex)
            for i, e in enumerate(ex):
                burn[i] += e / total
    chance = {t: min(1.0, TARGET_ROUNDS * b) for t, b in zip(targets, burn, strict=True)}
    house_vp = state.rules.house_vp
    values = []
    for p in range(n):
        at_risk = 0.0
        if targets:
            at_risk = house_vp * sum(chance[t] * row[p] for t, row in zip(targets, counts, strict=True))
        for o in state.objectives[p]:
            if o in chance and houses[o]:
                at_risk += chance[o] * board.objective_vp[o]
        values.append(breakdown[p]["total"] - at_risk + prospects[p])
    out = []
    for p in range(n):
        rival = max(v for q, v in enumerate(values) if q != p) if n > 1 else 0.0
        out.append(values[p] - rival)
    return out
