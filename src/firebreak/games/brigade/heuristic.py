"""Position evaluation for greedy and search bots (the lab's per-game statistics: stats.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tables import N_POS

if TYPE_CHECKING:
    from .state import BrigadeState


def _strength(s: "BrigadeState", p: int) -> float:
    """How close ``p`` is to winning: loyal value, progress to the Faction and Citizens wins, renown on the
    board as partial loyalty, water carried, and upgrades (which pay back every later turn)."""
    la, sa, sv = s.loyal, s.st_aff, s.st_value
    counts = [0] * 5
    value = 0
    renown = 0.0
    for pos in range(N_POS):
        if la[pos] == p:
            counts[sa[pos]] += 1
            value += sv[pos]
        else:
            r = s.renown[pos * 4 + p]
            if r and not s.destroyed[pos]:
                renown += sv[pos] * r / s.steal_cost(pos, p)
    rules = s.rules  # the Fire Chief's targets (5 of a faction, 3 of the University when printed)
    faction = max(max(counts[:4]) / rules.faction_loyalty_to_win, counts[4] / rules.university_loyalty_to_win)
    citizens = sum(1 for c in counts if c) / 5.0
    upgrades = sum(s.tracks[3 * p + t] for t in range(3))
    water = s.wb[p] + s.ww[p]
    return (
        3.0 * value
        + 1.5 * renown
        + 12.0 * faction * faction
        + 12.0 * citizens * citizens
        + 0.8 * upgrades
        + 0.4 * water
        + 1.0 * len(s.crew[p])
    )


def heuristic(s: "BrigadeState", p: int) -> float:
    """Own strength minus the strongest rival's; the board's fire threatens everyone's blocks equally, except
    that burning blocks you are loyal to put your score at risk."""
    if s.over:
        w = s.winners()
        return 1000.0 / len(w) if p in w else -1000.0
    strengths = [_strength(s, q) for q in range(s.num_players)]
    return _relative(s, p, strengths)


def heuristic_all(s: "BrigadeState") -> list[float]:
    """:func:`heuristic` for every seat at once (each seat's strength is worked out once, not once per seat)."""
    if s.over:
        w = s.winners()
        return [1000.0 / len(w) if p in w else -1000.0 for p in range(s.num_players)]
    strengths = [_strength(s, q) for q in range(s.num_players)]
    return [_relative(s, p, strengths) for p in range(s.num_players)]


def _relative(s: "BrigadeState", p: int, strengths: list[float]) -> float:
    best = max(v for q, v in enumerate(strengths) if q != p)
    risk = 0.0
    for pos in range(N_POS):
        if s.loyal[pos] == p and s.intensity[pos]:
            risk += s.st_value[pos] * s.intensity[pos] / max(1, s.st_track[pos])
    return strengths[p] - 0.7 * best - 1.0 * risk + _prospects(s, p)


def _prospects(s: "BrigadeState", p: int) -> float:
    """Renown in sight: tokens waiting to be placed, a fire the Brigade stands on and can put out, and the
    distance to the nearest fire it could put out (one-ply search cannot see further on its own)."""
    value = 0.0
    for f in s.stack:
        if f[0] == 1 and f[1] == p:  # renown still to place
            value += 2.2 * f[2]
    bp = s.bpos[p]
    water = s.wb[p] + (s.ww[p] if s.wpos[p] == bp else 0)
    inten = s.intensity
    if inten[bp] and not s.destroyed[bp]:
        if water >= inten[bp]:
            return value + 1.0 * inten[bp] + 0.5
        return value + 0.2 * water
    if water:
        br, bc = divmod(bp, 6)
        best = 9
        for q in range(N_POS):
            if 0 < inten[q] <= water:
                r, c = divmod(q, 6)
                d = max(abs(r - br), abs(c - bc))
                if d < best:
                    best = d
        if best < 9:
            value -= 0.3 * best
    return value
