"""Catan with Fire Stations and the Firestorm: the base game (3-4 players, 5-6 extension) or Seafarers' Heading
for New Shores, in two rule modes."""

from firebreak.core import ChoiceLimit, GameSpec, OptionSpec, register
from firebreak.core.help import help_hook
from firebreak.core.hooks import LargeBudget, SearchHints

from .board import NO_BEGINNER_56
from .encode import CatanEncoder
from .heuristic import bot_actions, evaluate_all_long_game, heuristic
from .layouts import layout_fit, layout_problems
from .parameters import PARAMETERS
from .render import render
from .state import CatanState
from .svg import render_svg


def _stats(state: CatanState) -> dict:
    return state.stats()


SPEC = register(
    GameSpec(
        name="catan",
        title="Catan with Fire Stations",
        min_players=3,
        max_players=6,
        default_players=4,
        state_class=CatanState,
        options=(
            OptionSpec(
                "mode",
                str,
                "firestorm",
                "firestorm: the Fire Stations variant (no robber, development cards or Largest Army); "
                "classic: the published base rules (robber, development cards, Largest Army)",
                choices=("firestorm", "classic"),
                title="Rules",
            ),
            OptionSpec(
                "board",
                str,
                "base",
                "base: the base game's island (the 5-6 extension board for 5-6 players); seafarers: Seafarers' "
                "Heading for New Shores (main island, small islands, gold fields, ships)",
                choices=("base", "seafarers"),
                title="Board",
            ),
            OptionSpec(
                "new_shores_vp",
                int,
                14,
                "victory points needed to win on the Seafarers board (the rule sheets say 14, some editions 13)",
                choices=(13, 14),
                title="Victory points to win on Seafarers",
                only_when=(("board", ("seafarers",)),),
            ),
            OptionSpec(
                "layout",
                str,
                "random",
                "beginner: a fixed starting layout (the rulebook's on the base "
                "board for 3-4 players, one fixed deal on Seafarers; the 5-6 extension has no beginner layout); "
                "random: shuffled terrain, numbers and harbours with no 6 and 8 side by side",
                choices=("beginner", "random"),
                title="Starting layout",
                unavailable=(ChoiceLimit("beginner", NO_BEGINNER_56, players=(5, 6), when=(("board", ("base",)),)),),
            ),
            OptionSpec(
                "firestorm_discard",
                bool,
                True,
                "on a 7 in firestorm mode, players holding more than 7 cards still discard half",
                title="Discard half on a 7 (firestorm rules)",
                only_when=(("mode", ("firestorm",)),),
            ),
            OptionSpec(
                "player_trades",
                bool,
                True,
                "allow trade offers between players (any cards for any other cards)",
                title="Trades between players",
            ),
            OptionSpec(
                "offers_per_turn",
                int,
                3,
                "how many trade offers a player may draft in one turn (a discarded draft counts)",
                minimum=0,
                maximum=20,
                title="Trade offers a turn",
                only_when=(("player_trades", (True,)),),
            ),
            OptionSpec(
                "turn_limit",
                int,
                1000,
                "end the game after this many turns, drawn among the players with most points (0 = no limit)",
                minimum=0,
                maximum=100_000,
                title="Turn limit",
            ),
        ),
        parameters=PARAMETERS,
        description="The Catan base game with the Fire Stations variant: a 7 sends the firestorm across a hex and "
        "along the roads (and ships, on the Seafarers board); fire stations secure settlements and cities; "
        "The Fire Wardens is worth 2 VP.",
        render=render,
        heuristic=heuristic,
        stats=_stats,
        svg=render_svg,
        help=help_hook(__package__),
        observation_encoder=CatanEncoder,
        # scale: 10 evaluation points = 1 VP. width: the search spends its budget on the 8 best moves by one-step value
        # (sequential halving); searching every move, mcts:iterations=100 lost to greedy on the base board (18.8% to
        # 31.2% of 32 seats, seed 0), with the narrow root it won 31.2% to 18.8% over 96 (README).
        # large budget (the hard level): the same search scored by the long-game evaluation (production by scarcity
        # and by the turns still to come, fire stations toward The Fire Wardens; docs/research.md)
        search=SearchHints(
            scale=10.0, width=8, large_budget=LargeBudget(1000, SearchHints(scale=10.0, width=8, eval="long_game"))
        ),
        evaluations={"long_game": evaluate_all_long_game},
        # the search composes only the offer it means to make, in forced steps, once a turn (ruling B5a)
        bot_actions=bot_actions,
        benchmark_variants={"seafarers": {"board": "seafarers"}},
        # a variant's layout file (docs/variants.md): its deal on the base or 5-6 frame, one sentence per problem
        check_board=layout_problems,
        board_fit=layout_fit,
        # a layout is the base island's deal: the board, its Seafarers target and the layout option have no say
        board_replaces=("board", "layout", "new_shores_vp"),
    )
)
