"""Per-game statistics for the lab: what the dice, the fire and the trades did, and how the game ended."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from firebreak.core.text import seat_label

from .constants import OVER

if TYPE_CHECKING:
    from .state import CatanState


def game_stats(state: "CatanState") -> dict[str, Any]:
    """Per-game statistics for the lab.

    Scalars (averaged over a batch by the lab): turns, actions, sevens, firestorms, cards lost to fire, buildings
    burned, cards taken by the firestorm or robber, fire stations built, trade offers put to the table, trades
    between players, maritime trades with the bank (4:1) and at harbours (3:1, 2:1); categories (texts, reported as shares of
    games): mode, who holds each special card ("P0" ... or "nobody"), how the game ended. Tables (kept in
    per-game logs): firestorms per hex and per-seat lists.
    """
    t = state.topo
    n = state.num_players
    stations = [state.rules.fire_stations_per_player - x for x in state.stations_left] if state.firestorm else [0] * n

    def holder(q: int) -> str:
        return seat_label(q) if q >= 0 else "nobody"

    ended = "not over"
    if state.phase == OVER:
        ended = (
            "victory"
            if len(state.over_winners) == 1 and state.total_vp(state.over_winners[0]) >= state.win_vp
            else "turn limit"
        )
    return {
        "mode": "firestorm" if state.firestorm else "classic",
        "board": "seafarers" if t.sea else "base",
        "turns": state.turn_count,
        "actions": len(state.history),
        "sevens": state.st_sevens,
        "firestorms": sum(state.st_fire_hex),
        "cards_lost_to_fire": sum(state.st_fire_lost),
        "buildings_burned": sum(state.st_burned),
        "cards_taken": sum(state.st_taken),
        "fire_stations_built": sum(stations),
        "trade_offers": sum(state.st_offers),
        "trades_between_players": sum(state.st_trades) // 2,
        "bank_trades": state.st_maritime[0],
        "harbour_trades": state.st_maritime[1],
        "longest_road": holder(state.road_holder),
        "largest_army": holder(state.army_holder),
        "fire_wardens": holder(state.wardens_holder),
        "ended_by": ended,
        "firestorms_per_hex": {t.hex_labels[h]: c for h, c in enumerate(state.st_fire_hex) if c},
        "cards_lost_to_fire_by_seat": state.st_fire_lost[:],
        "buildings_burned_by_seat": state.st_burned[:],
        "cards_taken_by_seat": state.st_taken[:],
        "trades_by_seat": state.st_trades[:],
        "fire_stations_by_seat": stations,
        "victory_points": [state.total_vp(q) for q in range(n)],
        "winners": state.winners(),
    }
