"""A position evaluation for greedy and search bots: victory points first, then the means to get more.

Scores one seat in a full state (bots only ever pass determinisations). Weights are hand-tuned: 10 per victory
point, then production (pips of the hexes next to one's buildings, cities double), variety of resources, spots
still open for settlements, harbours, the hand (resources one does not produce are worth more; cards above 7
are penalised because of the 7), roads, fire stations (protection in firestorm mode) and development cards.
A pending trade offer is valued as if it went through (for an acceptor) or half-way (for the offerer, who still
has to confirm), so one-ply bots answer offers by what the trade does for them.
"""

from __future__ import annotations

from .actions import offer_decode

PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)


def _hand_value(hand: list[int], produced: set[int]) -> float:
    value = 0.0
    for r in range(5):
        w = 0.25 if r in produced else 0.45
        value += w * min(hand[r], 4) + 0.05 * max(0, hand[r] - 4)
    cards = sum(hand)
    return value - 0.4 * max(0, cards - 7)


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
    for n in s.reach[p]:
        if no[n] != p:
            continue
        k = lv[n]
        for h in t.node_hexes[n]:
            if numbers[h] and h != token:
                prod += k * PIPS[numbers[h]]
                kinds.add(terrain[h])
        secured += s.station[n]
    score += 0.35 * prod + 0.6 * len(kinds)
    spots = sum(1 for n in (s.reach[p] | s.sreach[p] if t.sea else s.reach[p]) if s.buildable[n])
    score += 0.8 * min(spots, 3)
    if t.sea:  # ships that reach an island not yet settled are worth most of its island bonus
        isl = t.node_island
        b = s.buildable
        score += 1.5 * len({isl[n] for n in s.sreach[p] if b[n] and isl[n] > 0 and isl[n] not in s.isles[p]})
    score += 0.4 * sum(4 - r for r in s.rates[p])
    hand = s.hands[p]
    value = _hand_value(hand, kinds)
    if s.offer >= 0 and (p == s.turn or p in s.acceptors):
        give, qg, get, qr = offer_decode(s.offer)
        traded = hand[:]
        sign = 1 if p == s.turn else -1
        traded[give] -= sign * qg
        traded[get] += sign * qr
        after = _hand_value(traded, kinds)
        value = 0.5 * (value + after) if p == s.turn else after
    score += value
    score += 0.3 * min(s.road_len[p], 10)
    if s.firestorm:
        score += 1.0 * secured
    else:
        score += 1.2 * sum(s.dev_hand[p]) + 0.6 * s.army[p]
    return score
