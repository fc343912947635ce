"""Invariants checked after every action of the randomised whole games."""

from __future__ import annotations

from firebreak.games.brigade import actions as A
from firebreak.games.brigade.tables import N_POS, tables


def check(s) -> None:
    T = tables()
    n = s.num_players
    box = T.box
    # water: within the box and within every capacity
    assert 0 <= sum(s.wb) + sum(s.ww) <= box.water_tokens
    for p in range(n):
        assert 0 <= s.wb[p] <= s.brigade_cap(p), (p, s.wb[p], s.brigade_cap(p))
        assert 0 <= s.ww[p] <= s.wagon_cap(p)
        assert len(s.crew[p]) <= s._crew_cap(p)
        for t in range(3):
            assert 0 <= s.tracks[3 * p + t] <= T.track_last[t]
    # renown and loyalty tokens: on the board + in supply = the box's count
    for p in range(n):
        on = sum(s.renown[q * 4 + p] for q in range(N_POS))
        assert on + s.renown_left[p] == box.renown_per_player and s.renown_left[p] >= 0
        lo = sum(1 for q in range(N_POS) if s.loyal[q] == p)
        assert lo + s.loyalty_left[p] == box.loyalty_per_player and s.loyalty_left[p] >= 0
    # flames: within each track; none on firehouses or destroyed blocks
    burning = 0
    for q in range(N_POS):
        i = s.intensity[q]
        assert 0 <= i <= s.st_track[q]
        if s.st_aff[q] < 0 or s.destroyed[q]:
            assert i == 0
        burning += i > 0
        if s.destroyed[q] and q not in s.doomed:
            assert s.loyal[q] == -1
    assert burning <= box.flame_tokens
    assert s.n_destroyed == sum(s.destroyed)
    # cards: every crew card and event card is in exactly one place
    crew = s.crew_deck + s.crew_discard + s.drawn + [c for cs in s.crew for c in cs]
    crew += [f[2] for f in s.stack if f[0] == 4]  # a recruit waiting for the member it replaces
    if s.precious >= 0 or any(f[0] == 28 for f in s.stack):  # Sir Precious held or being given
        crew.append(21)
    assert sorted(crew) == list(range(len(T.crew) if s.addon else T.n_base_crew))
    events = sorted(s.event_deck + s.event_discard)
    expected = list(range(T.n_base_events)) + (list(T.festival_ids) if s.festival else [])
    assert events == expected
    # actions: never above the Leadership value plus bonuses
    if s.phase == 1 and not s.over:
        assert s.used <= s.actions_allowed()
    # meeples on the board; Brigades never share a block
    for p in range(n):
        assert 0 <= s.bpos[p] < N_POS and 0 <= s.wpos[p] < N_POS
    if not s.over and not (s.stack and s.stack[-1][0] in (10, 20)):  # Mog's push, Aurath passing through
        assert len(set(s.bpos)) == n
    # the decision
    if s.over:
        assert s.legal_actions() == [] and s.current_player() == -1
    else:
        legal = s.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert all(0 <= a < A.NUM_ACTIONS for a in legal)
        assert 0 <= s.current_player() < n
