"""The lab: batch simulation and statistics for designers and researchers (game-agnostic)."""

from .simulate import SimulationResult, game_seeds, seat_assignment, simulate

__all__ = ["SimulationResult", "game_seeds", "seat_assignment", "simulate"]
