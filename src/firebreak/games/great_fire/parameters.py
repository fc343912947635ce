"""The Great Fire's rule parameters (the ``parameters`` section of data/rules.yaml) and what ties them together.

Loaded and checked once: each default must equal the number printed in the same file (one source of truth), and
the fire stacks dealt from the defaults must be the board's printed stacks. :func:`check_rules` refuses a set of
values the table cannot be laid out with (too few fire cards to deal, more cones on Pudding Lane than in the box).
"""

from __future__ import annotations

from types import SimpleNamespace

from firebreak.core import DataFileError
from firebreak.core.parameters import parameters_from_data

from .data import Board, _load_yaml, load_board
from .tables import board_problems

BOARD = load_board()
RULES = BOARD.rules
TOTAL_FIRE_CARDS = sum(BOARD.fire_card_counts)
_PRINTED = {
    "action_points": RULES.action_points,
    "hand_size": RULES.hand_size,
    "fire_cones": RULES.fire_cones,
    "pudding_lane_start_cones": RULES.pudding_lane_start_cones,
    "pudding_lane_refill": RULES.pudding_lane_refill,
    "intensify_cones": RULES.intensify_cones,
    "intensify_cap_over_houses": RULES.intensify_cap_over_houses,
    **{f"cards_to_box_{n}": boxed for n, boxed in RULES.cards_to_box.items()},
    "hero_of_london_threshold": RULES.hero_of_london_threshold,
    "hero_of_london_vp": RULES.hero_of_london_vp,
    "house_vp": RULES.house_vp,
    "final_rounds": RULES.final_rounds["normal"],
    "final_rounds_more_destruction": RULES.final_rounds["more_destruction"],
    "cone_vp": RULES.cone_vp,
    "demolition_min_houses": RULES.objective_min_houses,
    "landowner_move_cost": RULES.action_costs["move_landowner"],
    "trained_band_move_cost": RULES.action_costs["move_trained_band"],
    "put_out_fire_cost": RULES.action_costs["put_out_fire"],
    "demolition_cost": RULES.action_costs["demolition"],
}


def _load() -> tuple:
    raw = _load_yaml("rules.yaml")
    params = parameters_from_data(raw.get("parameters") if isinstance(raw, dict) else None, "Great Fire rules.yaml")
    for p in params:
        if p.name in _PRINTED and p.default != _PRINTED[p.name]:
            raise DataFileError(
                f"Great Fire rules.yaml: parameter {p.name!r} defaults to {p.default}, "
                f"but the rules print {_PRINTED[p.name]}"
            )
    missing = set(_PRINTED) - {p.name for p in params}
    if missing:
        raise DataFileError(f"Great Fire rules.yaml: no parameter for {', '.join(sorted(missing))}")
    return params


PARAMETERS = _load()


def stack_counts(num_players: int, rules: SimpleNamespace, board: Board = BOARD) -> tuple[int, ...]:
    """Cards dealt onto each Fire Stack card: what the hands and the box leave, spread evenly over the stack
    cards the rulebook uses for this player count on the board played (larger piles first, as the printed 6, 6, 6,
    5, 5, 5)."""
    return _spread(num_players, rules.hand_size, getattr(rules, f"cards_to_box_{num_players}"), board)


def _spread(num_players: int, hand_size: int, boxed: int, board: Board = BOARD) -> tuple[int, ...]:
    letters = len(board.stack_counts[num_players])
    left = max(0, TOTAL_FIRE_CARDS - num_players * hand_size - boxed)
    return tuple(left // letters + (1 if i < left % letters else 0) for i in range(letters))


def check_rules(num_players: int, rules: SimpleNamespace) -> list[str]:
    """Sentences naming what a set of rule values cannot lay out for this player count (empty: it can)."""
    problems = []
    dealt = num_players * rules.hand_size + getattr(rules, f"cards_to_box_{num_players}")
    if dealt > TOTAL_FIRE_CARDS:
        problems.append(
            f"rules.hand_size and rules.cards_to_box_{num_players} need {dealt} fire cards for "
            f"{num_players} players, but there are only {TOTAL_FIRE_CARDS}"
        )
    if rules.pudding_lane_start_cones > rules.fire_cones:
        problems.append(
            f"rules.pudding_lane_start_cones ({rules.pudding_lane_start_cones}) is more than "
            f"rules.fire_cones ({rules.fire_cones})"
        )
    return problems


for _n, _boxed in RULES.cards_to_box.items():  # the even spread gives the printed stacks (checked at import)
    if _spread(_n, RULES.hand_size, _boxed) != BOARD.stack_counts[_n]:
        raise DataFileError(
            f"Great Fire board.yaml: the fire stacks for {_n} players are not an even spread "
            f"of the cards left, {_spread(_n, RULES.hand_size, _boxed)}"
        )


def check_board(raw: object) -> list[str]:
    """Sentences naming what is wrong with a board file given in a variant (empty: it can be played).

    The loader's own checks (links that do not match the borders, houses the bags cannot fill, fire stacks that do
    not add up, ...), one sentence each; a board that passes them is played (see :mod:`.tables`)."""
    return board_problems(raw)
