"""The Brigade (Tinderbox): compete as Fire Wardens to win the loyalty of a burning town.

Registers the game as ``brigade``. Options: ``advanced`` (side 2 wardens and firehouse boards), ``big_buildings``
and ``fire_festival`` (the two add-ons printed in the rulebook), and ``addon_pack`` (the six further Crew cards
and six further Wardens whose text the rulebook prints; the data file marks them as an add-on pack).
"""

from __future__ import annotations

from firebreak.core import GameSpec, OptionSpec, register
from firebreak.core.help import help_hook
from firebreak.core.hooks import LargeBudget, SearchHints

from .encode import BrigadeEncoder
from .heuristic import heuristic, heuristic_all
from .parameters import PARAMETERS, check_rules
from .render import render
from .state import BrigadeState
from .stats import game_stats as stats
from .svg import render_svg

SPEC = register(
    GameSpec(
        name="brigade",
        title="The Brigade",
        min_players=2,
        max_players=4,
        default_players=3,
        state_class=BrigadeState,
        options=(
            OptionSpec(
                "advanced",
                bool,
                False,
                "advanced play: side 2 Warden cards and Firehouse boards, dealt at random",
                title="Advanced play",
            ),
            OptionSpec(
                "big_buildings",
                bool,
                False,
                "Big Buildings add-on: four special blocks with effects when destroyed",
                title="Big Buildings add-on",
            ),
            OptionSpec(
                "fire_festival",
                bool,
                False,
                "Fire Festival add-on: four extra events in the event deck",
                title="Fire Festival add-on",
            ),
            OptionSpec(
                "addon_pack",
                bool,
                False,
                "Crew and Warden pack: six more Crew cards, and six more Wardens in advanced play",
                title="Crew and Warden pack",
            ),
        ),
        parameters=PARAMETERS,
        check_rules=check_rules,
        description="Family strategy game: fight the fires of Tinderbox, earn renown and the loyalty of its blocks.",
        render=render,
        heuristic=heuristic,
        stats=stats,
        svg=render_svg,
        help=help_hook(__package__),
        observation_encoder=BrigadeEncoder,
        heuristic_all=heuristic_all,
        # searches of 1000 iterations and more (the hard level) plan their own turn and search the 8 best moves by
        # sequential halving (why, and what it measured: docs/research.md)
        search=SearchHints(scale=2.0, large_budget=LargeBudget(1000, SearchHints(scale=2.0, turn=True, width=8))),
    )
)

__all__ = ["SPEC", "BrigadeState"]
