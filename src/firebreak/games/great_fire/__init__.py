"""Great Fire of London 1666 (Richard Denning; Medusa Games / Prime Games, 2010), for 3-6 players."""

from firebreak.core import GameSpec, OptionSpec, register
from firebreak.core.help import help_hook
from firebreak.core.hooks import LargeBudget, SearchHints

from .encode import GreatFireEncoder
from .heuristic import evaluate, evaluate_all, evaluate_all_lasting, evaluate_all_targeted
from .parameters import PARAMETERS, check_board, check_rules
from .render import render_view
from .report import report_figures
from .state import GreatFireState
from .stats import game_stats
from .svg import render_svg

SPEC = register(
    GameSpec(
        name="great-fire",
        title="Great Fire of London 1666",
        min_players=3,
        max_players=6,
        default_players=4,
        state_class=GreatFireState,
        options=(
            OptionSpec(
                "hidden_colours",
                bool,
                False,
                "Optional rule A: colours dealt face down, pawns drawn at random",
                title="Hidden colours",
            ),
            OptionSpec(
                "more_destruction",
                bool,
                False,
                "Optional rule B: two more rounds after the last intensify",
                title="More destruction",
            ),
        ),
        parameters=PARAMETERS,
        description="Landowners steer the fire, the trained bands and demolitions to save their own houses.",
        flagship=True,
        render=render_view,
        heuristic=evaluate,
        stats=game_stats,
        svg=render_svg,
        help=help_hook(__package__),
        observation_encoder=GreatFireEncoder,
        check_rules=check_rules,
        check_board=check_board,
        report=report_figures,
        heuristic_all=evaluate_all,
        # mcts:eval=lasting: put-out cones counted by how likely they are to be kept (the hard level's, below);
        # mcts:eval=targeted: the fire's threat charged by where each seat will likely send it (the public leader's
        # houses first); measured no stronger at hard's budget, no level uses it
        evaluations={"lasting": evaluate_all_lasting, "targeted": evaluate_all_targeted},
        # evaluations 2 apart are a factor e in winning chances; a turn is a fire move and up to four actions of one
        # seat, so the search plans the bot's own turn; it searches the 8 best moves by one-step value (by
        # sequential halving); searches of 1000 iterations and more (hard) score with the lasting evaluation: a
        # cone put out once the stock is low is taken back before the end, and a larger search otherwise spends
        # its turns on those points (docs/research.md)
        search=SearchHints(
            scale=2.0,
            turn=True,
            width=8,
            large_budget=LargeBudget(1000, SearchHints(scale=2.0, turn=True, width=8, eval="lasting")),
        ),
        # the lab's names for the statistics and score parts, in the rulebook's terms (lab/words.py)
        stat_words={
            "turns": "Turns",
            "districts_burnt": "Districts burnt",
            "districts_demolished": "Districts demolished",
            "houses_lost": "Houses lost",
            "fires_put_out": "Fires put out",
            "put_out_cones_kept": "Fire cones kept",
            "demolitions": "Demolitions",
            "fire_cones_on_board": "Fire cones on the board",
            "hero_of_london": "Hero of London",
            "tokens_taken": "Tokens taken",
            "houses": "Houses",
            "objectives": "Objectives",
            "one_vp_tokens": "1 VP tokens",
        },
    )
)

__all__ = ["SPEC", "GreatFireState"]
