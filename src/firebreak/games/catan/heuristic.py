"""A position evaluation for greedy and search bots: victory points first, then the means to get more.

Scores one seat in a full state (bots only ever pass determinisations). Weights are hand-tuned: 10 per victory
point, then production (pips of the hexes next to one's buildings, cities double), variety of resources, spots
still open for settlements, harbours, the hand (resources one does not produce are worth more; cards above 7
are penalised because of the 7), roads, fire stations (protection in firestorm mode) and development cards.
A pending trade offer is valued as if it went through (for an acceptor) or half-way (for the offerer, who still
has to confirm), so one-ply bots answer offers by what the trade does for them.

Each card still missing for a city counts against the hand (``CITY_STEP``), so bots trade their surplus at the
bank or a harbour towards the city they lack rather than hoard it or pass.

On the Seafarers board (victory points include the island bonus) two more terms: each small island a player has
not settled yet is worth part of its bonus by how many ships their nearest building or ship still needs to reach
a free settlement spot on it (``ISLAND_APPROACH``), so bots sail towards islands a ship at a time rather than only
when a single ship reaches the coast; and a gold field's pips count ``GOLD_WEIGHT`` times a resource hex's (its
owner picks the resource). Both read only the board, so the base board is valued exactly as before.

Trades (ruling B5): a bot makes at most one offer a turn, and only a sensible one (``suggested_offer``: its
surplus for the one or two cards it lacks for its nearest build). A draft is valued by how far it is from that
offer (a small step for each card still missing, 0.5 for each card too many), so a one-ply bot composes it card
by card and proposes it; a second draft in a turn, or a draft with no sensible offer behind it, is valued below
doing nothing, so bots never flood the table with offers. Each step of a draft beyond the shortest way to it (a
card put on and taken off again) costs 0.5 as well. Why: a draft step can be taken back at no cost, and a draft
is valued by the trade it hopes for, so a search (which judges its leaves by this evaluation) otherwise finds
composing on better than proposing (where the rivals may decline) and adds and removes cards for ever: about 150
steps, each a whole search, for every offer, so that no game of search bots finished. Those charges live in the
draft's own value, so a search deep enough to look past "propose offer" still saw no cost in circling; search bots
therefore also weigh only the moves ``bot_actions`` keeps (one sensible offer a turn, composed in forced steps).
"""

from __future__ import annotations

from collections import deque
from functools import cache

from .board import DESERT, GOLD
from .constants import (
    MAIN,
    TRADE_CONFIRM,
    TRADE_DRAFT,
    TRADE_RESPONSE,
)

PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)

GOLD_WEIGHT = 1.3
"""A gold field's pips count this much more than a resource hex's: its owner picks whichever resource it lacks."""
ISLAND_APPROACH = (1.5, 0.9, 0.6, 0.3)
"""Value of an island not yet settled (its island bonus is 2 VP) whose nearest free settlement spot is 0, 1, 2
or 3 ships away from one's own building or ship: one-step bots then sail towards an island a ship at a time,
where before only the ship that touched the spot was worth anything."""


@cache
def _island_paths(topo) -> tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], ...]:
    """For each node, the nodes of every small island within ``len(ISLAND_APPROACH) - 1`` ships over the sea:
    ``(island, ((ships, node), ...) nearest first)``. The board's shape only (the same for every game on it):
    rivals' ships and the pirate are not taken into account."""
    far = len(ISLAND_APPROACH) - 1
    sea_next: list[list[int]] = [[] for _ in range(topo.num_nodes)]
    for e, (a, b) in enumerate(topo.edge_nodes):
        if topo.edge_sea[e]:
            sea_next[a].append(b)
            sea_next[b].append(a)
    isl = topo.node_island
    out = []
    for start in range(topo.num_nodes):
        dist = {start: 0}
        queue = deque([start])
        while queue:
            n = queue.popleft()
            if dist[n] < far:
                for m in sea_next[n]:
                    if m not in dist:
                        dist[m] = dist[n] + 1
                        queue.append(m)
        near: dict[int, list[tuple[int, int]]] = {}
        for m, d in dist.items():
            if isl[m] > 0:
                near.setdefault(isl[m], []).append((d, m))
        out.append(tuple((i, tuple(sorted(v))) for i, v in sorted(near.items())))
    return tuple(out)


def island_approach(s, p: int) -> float:
    """What ``p``'s buildings and ships are worth for the islands they have not settled yet (``ISLAND_APPROACH``
    by the ships still needed to reach the nearest free settlement spot of each). Public information only."""
    paths = _island_paths(s.topo)
    b = s.buildable
    done = s.isles[p]
    ships = s.ships_left[p]
    best: dict[int, int] = {}
    for n in s.sreach[p]:
        for i, near in paths[n]:
            if i in done:
                continue
            for d, m in near:
                if d >= best.get(i, 99) or d > ships:
                    break
                if b[m]:
                    best[i] = d
                    break
    return sum(ISLAND_APPROACH[d] for d in best.values())


def _hand_value(hand: list[int], produced: set[int]) -> float:
    # Each resource: 0.25 a card one produces (0.45 one does not) up to four, 0.05 each beyond; cards above 7 cost
    # 0.4 each. Written with branches rather than min/max (the search calls this for every leaf); the sums are the
    # same floating-point operations in the same order, so every value is bit for bit as before.
    value = 0.0
    cards = 0
    for r in range(5):
        h = hand[r]
        cards += h
        w = 0.25 if r in produced else 0.45
        if h <= 4:
            value += w * h
        else:
            value += w * 4 + 0.05 * (h - 4)
    return value - 0.4 * (cards - 7) if cards > 7 else value


GOAL_WEIGHT = 0.4
"""Value of one card fewer missing for the nearest build, when judging a trade."""
DRAFT_STEP = 0.05
"""Cost of each card a draft differs from the offer the bot means to make (so it composes towards it)."""
IDLE_DRAFT = 1.0
"""Cost of a draft with no sensible offer behind it (a second one in a turn, or nothing worth asking for)."""
STRAY_CARD = 0.5
"""Cost of each card in a draft beyond the offer the bot means to make: a draft it would not propose is worth
less than discarding it, so a search does not pile cards onto a draft it cannot improve."""
CITY_STEP = 0.6
"""Value of each card fewer missing for a city, while a player has a settlement to upgrade and a city to put
there. Without it a bot saw no point in trading towards a city: the hand is valued card by card, so turning two
surplus grain into the ore a city lacks looked no better than into anything else, and search bots holding a 2:1
grain harbour and six grain ended turn after turn a city short in the late game (11 of 14 turns in which maritime
trades could have paid for a city, in the game the README follows). 0.6 rather than less so that even a one-step
bot makes the last 2:1 trade (two cards it does not produce, 0.9, for the ore, 0.45 + 0.6). A city is worth over
fifteen times this much, so the bot still builds as soon as it can; other builds spend at most two grain or one ore
of it."""
WASTED_STEP = 0.5
"""Cost of each draft step beyond the shortest way to the draft as it stands (two per card taken back), so that
composing in circles is worth less than proposing or discarding the draft (see the module docstring)."""


def _goals(s, p: int) -> list[tuple[int, ...]]:
    """The builds a player could aim at now, most valuable first (their costs)."""
    out = []
    mine = [n for n in s.reach[p] if s.node_owner[n] == p]
    if s.cities_left[p] and any(s.node_level[n] == 1 for n in mine):
        out.append(s.costs[2])
    if s.settlements_left[p] and any(s.buildable[n] for n in s.reach[p]):
        out.append(s.costs[1])
    if s.firestorm:
        if s.stations_left[p] and any(not s.station[n] for n in mine):
            out.append(s.costs[4])
    elif s.dev_deck:
        out.append(s.costs[3])
    if s.roads_left[p]:
        out.append(s.costs[0])
    return out


def _missing(hand: list[int], goals: list[tuple[int, ...]]) -> int:
    """Cards missing for the nearest of the goals (0 if one is affordable; 0 without goals)."""
    best = None
    for c in goals:  # loops rather than nested generators: called for every trade the search weighs
        m = 0
        for r in range(5):
            if c[r] > hand[r]:
                m += c[r] - hand[r]
        if best is None or m < best:
            best = m
    return 0 if best is None else best


def trade_gain(
    s,
    p: int,
    give: list[int],
    ask: list[int],
    kinds: set[int] | None = None,
    goals: list[tuple[int, ...]] | None = None,
) -> float:
    """What a trade giving ``give`` for ``ask`` is worth to ``p`` (negative: a bad trade). ``kinds`` and ``goals``:
    ``p``'s produced resources and builds, where the caller has them already."""
    hand = s.hands[p]
    after = [hand[r] - give[r] + ask[r] for r in range(5)]
    if min(after) < 0:
        return -100.0
    kinds = _produced(s, p) if kinds is None else kinds
    goals = _goals(s, p) if goals is None else goals
    return (
        _hand_value(after, kinds)
        - _hand_value(hand, kinds)
        + GOAL_WEIGHT * (_missing(hand, goals) - _missing(after, goals))
    )


def suggested_offer(s, p: int) -> tuple[list[int], list[int]] | None:
    """The offer a bot makes: the one or two cards it lacks for its nearest build, for as many of its surplus
    cards (those the build does not need, most plentiful first); ``None`` when no such offer helps it."""
    hand = s.hands[p]
    caps: tuple[list[int], int] | None = None  # public counts: what the others hold per resource, the largest hand
    best = None
    goals = _goals(s, p)
    for cost in goals:
        lack = [max(0, cost[r] - hand[r]) for r in range(5)]
        m = sum(lack)
        if not (1 <= m <= 2 and (best is None or m < best[0])):
            continue
        if caps is None:
            caps = s._ask_caps(p)
        held, biggest = caps
        if m > biggest or any(lack[r] > held[r] for r in range(5)):
            continue  # nobody could accept
        best = (m, cost, lack)
    if best is None:
        return None
    m, cost, lack = best
    spare = [max(0, hand[r] - cost[r]) if not lack[r] else 0 for r in range(5)]
    if sum(spare) < m:
        return None
    give = [0] * 5
    for _ in range(m):
        r = max(range(5), key=lambda x: spare[x] - give[x])
        give[r] += 1
    if trade_gain(s, p, give, lack, goals=goals) <= 0:
        return None
    return give, lack


def bot_actions(s) -> list[int]:
    """The moves a planning bot weighs (the search's ``bot_actions`` hint; ruling B5a): every legal move, except
    that a bot opens a draft only when it has a sensible offer to make (``suggested_offer``) and has made no
    offer yet this turn, and then composes exactly that offer, one forced step at a time, and proposes it.

    Why: composing is many small steps that can be taken back, and a search judges each step by the evaluation of
    the draft it leads to; without this, search bots composed and took apart offers for hundreds of decisions in a
    late game where no trade could help (no rival would accept), each step a whole search. The whole offer is now
    one choice at the main phase, judged by the search as it plays out (the rivals' answers included). Reads only
    what the seat to move can see: its own hand, the draft, the board and the public card counts. Humans (and the
    random bot) still compose freely; this narrows the bots' choices, never the rules."""
    legal = s.legal_actions()
    ph = s.phase
    if ph == MAIN:
        lay = s.lay
        if legal and legal[-1] == lay.draft and (s.offers_made or suggested_offer(s, s.turn) is None):
            return legal[:-1]
        return legal
    if ph != TRADE_DRAFT:
        return legal
    lay = s.lay
    target = suggested_offer(s, s.turn)
    if target is None:  # a draft a bot did not open (a seat handed over mid-draft): put it away
        return [lay.withdraw_draft]
    want_give, want_ask = target
    give, ask = s.give, s.ask
    step = None
    for r in range(5):  # first take off what the offer does not hold (only in a draft a bot did not compose)
        if give[r] > want_give[r]:
            step = lay.give_remove + r
        elif ask[r] > want_ask[r]:
            step = lay.ask_remove + r
        if step is not None:
            break
    else:
        for r in range(5):
            if give[r] < want_give[r]:
                step = lay.give_add + r
            elif ask[r] < want_ask[r]:
                step = lay.ask_add + r
            if step is not None:
                break
    if step is None:
        step = lay.propose
    return [step] if step in legal else [lay.withdraw_draft]


def _produced(s, p: int) -> set[int]:
    kinds = set()
    for n in s.reach[p]:
        if s.node_owner[n] == p:
            for h in s.topo.node_hexes[n]:
                if s.terrain[h] != DESERT:
                    kinds.add(s.terrain[h])
    return kinds


def _offer_value(s, p: int, value: float, kinds: set[int]) -> float:
    """The hand's value while an offer is drafted or on the table (see the module docstring)."""
    ph = s.phase
    if ph == TRADE_DRAFT:
        if p != s.turn:
            return value
        value -= WASTED_STEP * (s.draft_steps - sum(s.give) - sum(s.ask))
        target = suggested_offer(s, p) if s.offers_made <= 1 else None
        if target is None:
            return value - IDLE_DRAFT
        give, ask = target
        short = sum(max(0, give[r] - s.give[r]) + max(0, ask[r] - s.ask[r]) for r in range(5))
        over = sum(max(0, s.give[r] - give[r]) + max(0, s.ask[r] - ask[r]) for r in range(5))
        return value + 0.5 * trade_gain(s, p, give, ask, kinds) - DRAFT_STEP * (short + 1) - STRAY_CARD * over
    if p == s.turn:
        return value + 0.5 * trade_gain(s, p, s.give, s.ask, kinds)
    if p in s.acceptors:
        return value + trade_gain(s, p, s.ask, s.give, kinds)
    return value


def heuristic(state, player: int) -> float:
    s = state
    p = player
    t = s.topo
    score = 10.0 * s.total_vp(p)
    if s.is_terminal():
        return score + (50.0 if p in s.winners() else 0.0)
    prod = 0.0
    kinds: set[int] = set()
    no = s.node_owner
    lv = s.node_level
    numbers = s.numbers
    terrain = s.terrain
    token = s.token_hex
    secured = 0
    settlements = 0
    for n in s.reach[p]:
        if no[n] != p:
            continue
        k = lv[n]
        settlements += k == 1
        for h in t.node_hexes[n]:
            if numbers[h] and h != token:
                prod += k * PIPS[numbers[h]] * (GOLD_WEIGHT if terrain[h] == GOLD else 1.0)
                kinds.add(terrain[h])
        secured += s.station[n]
    score += 0.35 * prod + 0.6 * len(kinds)
    buildable = s.buildable
    spots = len([n for n in (s.reach[p] | s.sreach[p] if t.sea else s.reach[p]) if buildable[n]])
    score += 0.8 * min(spots, 3)
    if t.sea:  # ships on the way to an island not yet settled are worth part of its island bonus
        score += island_approach(s, p)
    rates = s.rates[p]
    score += 0.4 * (4 * len(rates) - sum(rates))
    hand = s.hands[p]
    value = _hand_value(hand, kinds)
    if settlements and s.cities_left[p]:  # the cards still missing for a city (see CITY_STEP)
        value -= CITY_STEP * sum(max(0, c - h) for c, h in zip(s.costs[2], hand))
    if s.phase in (TRADE_DRAFT, TRADE_RESPONSE, TRADE_CONFIRM):
        value = _offer_value(s, p, value, kinds)
    score += value - 0.01 * s.declined[p]  # a bot declines one offer rather than all of a turn's
    if p == s.turn and s.offers_made > 1:
        score -= IDLE_DRAFT  # a second offer in a turn, whatever comes of it: search never plans one
    score += 0.3 * min(s.road_len[p], 10)
    if s.firestorm:
        score += 1.0 * secured
    else:
        score += 1.2 * sum(s.dev_hand[p]) + 0.6 * s.army[p]
    return score


SCARCITY_LIMITS = (0.7, 1.5)
"""Bounds of a resource's weight in the long-game evaluation: the board's mean pips per resource over its own."""
EARLY_PRODUCTION = 0.35
"""Extra value of a pip of production in the long-game evaluation while the leader is still far from winning (the
whole of it at no points, none at the winning total): a pip pays on every roll still to come."""
STATION_TOWARD_WARDENS = 0.8
"""Extra value of each of a player's first three fire stations in the long-game evaluation (three win The Fire
Wardens' victory points; each also keeps the firestorm off that building's roads)."""

_scarcity_kept: list[tuple[tuple[int, ...], tuple[int, ...], tuple[float, ...]]] = [((), (), ())]


def _scarcity(terrain: tuple[int, ...], numbers: tuple[int, ...]) -> tuple[float, ...]:
    """Each resource's weight on this board: the mean of the resources' pips over its own, within
    ``SCARCITY_LIMITS`` (a resource with few pips on the board is worth more a pip). Kept for the last board seen
    (every determinisation of a game shares its board's tuples; kept as one tuple, replaced whole, so bots in
    several threads never read one board's weights for another)."""
    kept_terrain, kept_numbers, kept = _scarcity_kept[0]
    if kept_terrain is terrain and kept_numbers is numbers:
        return kept
    totals = [0.0] * 5
    for h, r in enumerate(terrain):
        if r < 5 and numbers[h]:
            totals[r] += PIPS[numbers[h]]
    mean = sum(totals) / 5
    lo, hi = SCARCITY_LIMITS
    weights = tuple(min(hi, max(lo, mean / t)) if t else hi for t in totals)
    _scarcity_kept[0] = (terrain, numbers, weights)
    return weights


def _long_game_terms(s, p: int, early: float, weights: tuple[float, ...]) -> float:
    """What the long-game evaluation adds to ``heuristic`` for ``p`` (see :func:`evaluate_all_long_game`)."""
    no, lv, numbers, terrain, token = s.node_owner, s.node_level, s.numbers, s.terrain, s.token_hex
    node_hexes = s.topo.node_hexes
    scarce = 0.0
    pips = 0.0
    stations = 0
    for n in s.reach[p]:
        if no[n] != p:
            continue
        k = lv[n]
        stations += s.station[n]
        for h in node_hexes[n]:
            r = terrain[h]
            if r < 5 and numbers[h] and h != token:
                x = k * PIPS[numbers[h]]
                scarce += x * (weights[r] - 1.0)
                pips += x
    value = 0.35 * scarce + EARLY_PRODUCTION * early * pips
    if s.firestorm:
        value += STATION_TOWARD_WARDENS * min(stations, 3)
    return value


def evaluate_all_long_game(state) -> list[float]:
    """Every seat's ``heuristic`` plus three terms that look past the next few moves (the hard level's evaluation,
    through the large budget's search hints). Production is weighted by how scarce each resource is on the board,
    and counts more while the leader is still far from the winning total (it pays on every roll to come); and
    each of a player's first three fire stations is worth more (three win The Fire Wardens). Why these: each alone
    made the one-step greedy bot about half a point a game stronger in duplicate against plain greedy, and the
    three together +1.3 (docs/research.md). Reads the board, the buildings and the victory points only."""
    s = state
    n = s.num_players
    values = [heuristic(s, p) for p in range(n)]
    if s.is_terminal():
        return values
    lead = max(s.total_vp(p) for p in range(n))
    early = max(0.0, (s.win_vp - lead) / s.win_vp)
    weights = _scarcity(s.terrain, s.numbers)
    return [v + _long_game_terms(s, p, early, weights) for p, v in enumerate(values)]
