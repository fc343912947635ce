"""The shapes of the hooks a game hands the front ends through its :class:`~firebreak.core.game.GameSpec`.

A game plugs into the server, the terminal, the lab, the bots and the learning code through the typed fields of
its spec (``svg``, ``help``, ``observation_encoder``, ``search``, ...), never through a dictionary read by string
key: a type checker follows every hook from the game that sets it to the front end that calls it, and a
misspelt hook is an error where the spec is built. The hooks that take the game's own state are typed on
``GameSpec`` itself (generic in the state class); the ones here take plain data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .encoding import ObservationEncoder

SvgHook = Callable[[dict[str, Any], list[tuple[int, str]]], str]
"""Draws a board: ``(view, legal)`` -> SVG markup, where ``view`` is one seat's :meth:`GameState.view` (so the
drawing cannot show what that seat may not see) and ``legal`` the ``(action, text)`` pairs the seat may play now
(empty when it is not that seat's turn)."""

HelpHook = Callable[[], dict[str, Any]]
"""The game's rules help for players: ``{"summary", "sections", "legend"}`` as :func:`firebreak.core.help.check_help`
returns it (see :func:`firebreak.core.help.help_hook`)."""

EncoderFactory = Callable[[int, dict[str, Any]], "ObservationEncoder"]
"""Builds the game's :class:`~firebreak.core.encoding.ObservationEncoder` for ``(num_players, resolved options)``
(usually the encoder class itself)."""

RulesCheck = Callable[[int, SimpleNamespace], list[str]]
"""``(num_players, rule values)`` -> one sentence per thing the changed rule parameters cannot lay out for that
player count (empty: they can). Checks what the parameters' own ranges cannot, such as a sum of two of them."""

BoardCheck = Callable[[object], list[str]]
"""A board file a variant gives (parsed YAML, untrusted) -> one sentence per broken constraint (empty: it can be
played). A game without this hook has no board a variant may replace."""

BoardFit = Callable[[int, Mapping[str, Any], Any], list[str]]
"""``(num_players, resolved options, checked board)`` -> one sentence per reason a board that passes its
``BoardCheck`` cannot be played with this many players or these table options (Catan: a 3-4 player frame with 5
players, a layout on the Seafarers board); empty: it can."""

ReportHook = Callable[[Sequence[Mapping[str, Any]]], list[tuple[str, Any]]]
"""The lab report's own figures of a game: result rows -> ``[(title, matplotlib Figure), ...]``, reading the
statistics its ``stats`` hook exported (``json.loads(row["stats"])``)."""


@dataclass(frozen=True)
class SearchHints:
    """How the search bots (:mod:`firebreak.agents.mcts`) are best tuned for this game.

    Each is a default: a bot spec that sets the same thing (``mcts:width=0``) wins. Why each helps, and what was
    measured without it: docs/research.md.
    """

    scale: float = 5.0
    """The difference of two seats' evaluations that makes one e times as likely to win as the other: the
    search turns evaluations into win shares with a softmax over it (``benchmarks/evaluation_calibration.py``
    measures it)."""

    depth: int | None = None
    """Random steps played after the tree before a leaf is evaluated (-1: play to the end); ``None``: 0 for a
    game with a heuristic, -1 for one without."""

    turn: bool = False
    """Plan the bot's own turn only: the tree stops where another seat is to move (a turn of several actions)."""

    width: int = 0
    """Search only the ``width`` best root moves by one-step value, by sequential halving (0: every move)."""

    eval: str = ""
    """The evaluation the search scores leaves and the root's candidates with: a name of the game's ``evaluations``
    hook (``""``: its usual one). A large budget's hints can name a finer evaluation than the weaker levels use; a
    bot spec's own ``eval`` wins."""

    large_budget: LargeBudget | None = None
    """Other hints for searches with a large budget, so a stronger level can search differently without changing
    how the weaker bots it is measured against search."""

    def for_iterations(self, iterations: int) -> SearchHints:
        """The hints for a search of ``iterations`` iterations (a search with only a time budget counts as
        large): ``large_budget``'s from its ``min_iterations`` up, else these."""
        large = self.large_budget
        if large is None or iterations < large.min_iterations:
            return self
        return large.hints


@dataclass(frozen=True)
class LargeBudget:
    """The :class:`SearchHints` that replace a game's usual ones for searches of ``min_iterations`` and more."""

    min_iterations: int
    hints: SearchHints


__all__ = [
    "BoardCheck",
    "BoardFit",
    "EncoderFactory",
    "HelpHook",
    "LargeBudget",
    "ReportHook",
    "RulesCheck",
    "SearchHints",
    "SvgHook",
]
