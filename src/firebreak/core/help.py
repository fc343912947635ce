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

A number the rules fix is written as its rule parameter, so the help a game shows follows that game's rules (a
variant's): ``{hand_size}`` is the value, ``{action_points|action point}`` the value and the noun in the right
number ("4 action points", "no action points"). :func:`help_for` fills them in, and under changed rules puts first a
section listing every value that differs from the rulebook's (the texts that cannot say a number, the board's
legend, the rulebook's worked examples, are then read against it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

import yaml

from .errors import FirebreakError
from .parameters import RULES_KEY, VARIANT_KEY
from .text import plural, plural_of

if TYPE_CHECKING:
    from .game import GameSpec


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


_NUMBER = re.compile(r"\{([a-z][a-z0-9_]*)(?:\|([^{}|]+))?\}")
"""A rule parameter in a help text: ``{name}`` or ``{name|noun}``."""

RULES_HEADING = "This game's rules"
"""The heading of the section a game under changed rules shows first."""


def fill_numbers(text: str, values: Mapping[str, Any], source: str = "help") -> str:
    """``text`` with each ``{name}`` replaced by the rule's value and each ``{name|noun}`` by the value and the
    noun in the right number; :class:`HelpError` for a name that is no rule parameter of the game."""

    def one(match: re.Match[str]) -> str:
        name, noun = match.group(1), match.group(2)
        if name not in values:
            raise HelpError(f"{source}: {{{name}}} is not a rule parameter of the game")
        value = values[name]
        if noun and value == 0:
            return "no " + plural_of(noun)  # "no action points"
        return plural(value, noun) if noun else str(value)

    return _NUMBER.sub(one, text)


def rule_changes(spec: GameSpec, changed: Mapping[str, Any]) -> list[str]:
    """One sentence per rule value that differs from the rulebook's, in the game's order of its parameters:
    "Action points per turn: 5 (the rulebook: 4).\""""
    return [f"{p.words}: {changed[p.name]} (the rulebook: {p.default})." for p in spec.parameters if p.name in changed]


def help_for(spec: GameSpec, options: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The rules help a game with these options shows (``None``: the game has none): its numbers are the game's
    resolved rules, the printed ones without options. Under changed rules a first section names the variant and
    lists each changed value beside the rulebook's, so nothing shown passes for the printed game's number."""
    hook = spec.help
    if hook is None:
        return None
    options = options or {}
    values = vars(spec.rules(options))
    raw = hook()
    where = f"{spec.title} help"
    sections = [
        {
            "heading": fill_numbers(sec["heading"], values, where),
            "points": [fill_numbers(p, values, where) for p in sec["points"]],
        }
        for sec in raw["sections"]
    ]
    changed = options.get(RULES_KEY) or {}
    if changed:
        label = options.get(VARIANT_KEY)
        named = f"a variant ({label['name']})" if isinstance(label, Mapping) and label.get("name") else "a variant"
        points = [f"This game is played under {named}: these rules differ from the rulebook's, and they apply."]
        sections.insert(0, {"heading": RULES_HEADING, "points": points + rule_changes(spec, changed)})
    return {
        "summary": fill_numbers(raw["summary"], values, where),
        "sections": sections,
        "legend": [
            {"symbol": item["symbol"], "meaning": fill_numbers(item["meaning"], values, where)}
            for item in raw["legend"]
        ],
    }
