"""Invariants of a Great Fire position, checked after every action of randomised games."""

from __future__ import annotations

from firebreak.games.great_fire.data import TOKEN_KINDS, load_board
from firebreak.games.great_fire.state import P_FIRE, P_OVER, STACK, GreatFireState

BOARD = load_board()


def check(s: GreatFireState, caps: bool = True) -> None:
    """``caps=False`` skips the per-district cone cap, for hand-made positions that park spare cones."""
    r = BOARD.rules
    n = s.num_players
    pl = BOARD.pudding_lane
    # Pieces conserved; no negative counts.
    assert min(s.fire) >= 0 and s.stock >= 0 and min(s.put_out) >= 0 and min(s.bands) >= 0
    assert sum(s.fire) + s.stock + sum(s.put_out) == r.fire_cones
    placed = len(r.fixed_trained_bands.get(n, ())) + n * r.setup_trained_band_rounds[n] - len(s.setup_bands)
    assert sum(s.bands) == placed
    for c in range(len(r.colours)):
        on_board = sum(h.count(c) for h in s.houses)
        assert on_board + s.lost[c] == r.houses_per_colour
    cards = sum(sum(h) for h in s.hands) + len(s.discards) + len(s.box) + sum(1 for c in s.deck if c < STACK)
    assert cards == 60
    tokens = (
        sum(1 for t in s.token if t >= 0) + sum(len(h) for h in s.held) + len(s.spent_tokens) + len(s.destroyed_tokens)
    )
    assert tokens == sum(r.tokens.values())
    all_tokens = [t for t in s.token if t >= 0] + [t for h in s.held for t in h] + s.spent_tokens + s.destroyed_tokens
    for k, kind in enumerate(TOKEN_KINDS):
        assert all_tokens.count(k) == r.tokens[kind]
    # Board rules.
    for i in range(BOARD.num_districts):
        assert len(s.houses[i]) in (0, BOARD.size[i])
        if s.demolished[i]:
            assert s.fire[i] == 0 and not s.houses[i]
        if s.houses[i]:
            assert s.fire[i] <= s.bands[i], "houses never stand in an uncontained fire"
        if s.token[i] >= 0:
            assert BOARD.yellow[i] and s.houses[i]
        if i != pl and caps:
            assert s.fire[i] <= max(BOARD.size[i] + r.intensify_cap_over_houses, s.bands[i] + 1)
    assert s.bands[pl] == 0 and pl not in s.landowner
    assert s.fire[pl] >= 1
    # Hands and turn structure.
    if s.phase != P_OVER and s.turn >= 0 and s.phase not in (0, 1):
        assert 0 <= s.ap <= r.action_points
    for h in s.hands:
        assert min(h) >= 0 and sum(h) <= r.hand_size
    if s.phase == P_FIRE and s.final_turns < 0:
        assert sum(s.hands[s.player]) == r.hand_size
    if s.is_terminal():
        rounds = r.final_rounds["more_destruction" if s.options["more_destruction"] else "normal"]
        assert all(sum(h) == r.hand_size - rounds for h in s.hands)
    for p in range(n):
        assert all(0 <= s.known[p][dr] <= s.hands[p][dr] for dr in range(4))
    # Scores are consistent with their parts.
    for p in range(n):
        b = s.score_breakdown(p)
        assert b["total"] == sum(v for k, v in b.items() if k != "total")
        assert s.scores()[p] == b["total"]
    if s.hero >= 0:
        assert s.put_out[s.hero] >= 0
    if s.is_terminal():
        assert s.winners() and s.legal_actions() == []
