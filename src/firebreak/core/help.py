"""A game's rules help for players: a short summary in our own words and a legend of its board's symbols.

Each game keeps it as ``data/help.yaml`` in its package and registers ``help=help_hook(__package__)``
on its :class:`~firebreak.core.game.GameSpec`; the server serves it as it is (``GET /api/help/<game>``), so the
pages need no code of any game. The file is checked when first loaded: a missing or misspelt field raises
:class:`HelpError` naming it.

Format::

    summary: one paragraph: what the game is about and how it is won
    sections:                      # a few headings, each with short points
      - heading: Your turn
        points: [First ..., Then ...]
    legend:                        # every symbol the board draws
      - symbol: "B0"
        meaning: the Brigade of the first seat
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml

from .errors import FirebreakError


class HelpError(FirebreakError):
    """A help file that does not have the shape above."""


def _text(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HelpError(f"{where} must be a non-empty text")
    return " ".join(value.split())


def check_help(data: object, source: str = "help") -> dict[str, Any]:
    """The help as served, or :class:`HelpError` saying what is wrong."""
    if not isinstance(data, dict):
        raise HelpError(f"{source}: expected a mapping with summary, sections and legend")
    unknown = set(data) - {"summary", "sections", "legend"}
    if unknown:
        raise HelpError(f"{source}: unknown fields {', '.join(sorted(unknown))}")
    sections = data.get("sections")
    legend = data.get("legend")
    if not isinstance(sections, list) or not sections:
        raise HelpError(f"{source}: sections must be a non-empty list")
    if not isinstance(legend, list) or not legend:
        raise HelpError(f"{source}: legend must be a non-empty list")
    out_sections = []
    for i, sec in enumerate(sections):
        if (
            not isinstance(sec, dict)
            or set(sec) != {"heading", "points"}
            or not isinstance(sec["points"], list)
            or not sec["points"]
        ):
            raise HelpError(f"{source}: section {i + 1} needs a heading and a non-empty list of points")
        out_sections.append(
            {
                "heading": _text(sec["heading"], f"{source}: section {i + 1} heading"),
                "points": [_text(p, f"{source}: section {i + 1} point") for p in sec["points"]],
            }
        )
    out_legend = []
    for i, item in enumerate(legend):
        if not isinstance(item, dict) or set(item) != {"symbol", "meaning"}:
            raise HelpError(f"{source}: legend entry {i + 1} needs a symbol and a meaning")
        out_legend.append(
            {
                "symbol": _text(str(item["symbol"]), f"{source}: legend entry {i + 1} symbol"),
                "meaning": _text(item["meaning"], f"{source}: legend entry {i + 1} meaning"),
            }
        )
    return {"summary": _text(data.get("summary"), f"{source}: summary"), "sections": out_sections, "legend": out_legend}


@lru_cache(maxsize=None)
def load_help(package: str) -> dict[str, Any]:
    """The checked help of a game package (its ``data/help.yaml``), read once."""
    path = resources.files(package).joinpath("data", "help.yaml")
    return check_help(yaml.safe_load(path.read_text(encoding="utf-8")), f"{package}/data/help.yaml")


def help_hook(package: str) -> Callable[[], dict[str, Any]]:
    """The ``GameSpec.help`` hook of a game package."""
    return lambda: load_help(package)
