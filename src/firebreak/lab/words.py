"""Names in words for the lab's tables: a statistic a game exports as ``fires_put_out`` is shown "Fires put out".

A game may name its statistics itself through ``GameSpec.stat_words`` (``{"vp_cards": "Victory point
cards"}``); every other name is read by the generic rule: underscores become spaces, the first letter is capital,
and the abbreviations players know are written as they are (VP).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from firebreak.core import GameSpec
from firebreak.core.parameters import BOARD_KEY, board_hash

_ABBREVIATIONS = {"vp": "VP", "ai": "AI", "id": "ID"}


def words(name: str, spec: GameSpec | None = None) -> str:
    """A statistic's name for a reader: the game's own wording if it gives one, else the generic rule."""
    if spec is not None:
        own = spec.stat_words.get(name)
        if own is not None:
            return own
    parts = [_ABBREVIATIONS.get(p, p) for p in name.replace("-", "_").split("_") if p]
    if not parts:
        return name
    first = parts[0]
    parts[0] = first if first.isupper() else first[:1].upper() + first[1:]
    return " ".join(parts)


def options_words(options: Mapping[str, Any] | str, spec: GameSpec | None = None) -> str:
    """The rules a group of games was played under, in words: the options that differ from the game's defaults
    ("More destruction: on"), or "the standard rules" when none does."""
    opts = json.loads(options) if isinstance(options, str) else dict(options)
    if spec is not None:  # the options a variant's board replaces change nothing: not shown
        opts = spec.listed_options(opts)
    defaults = {o.name: o.default for o in spec.options} if spec is not None else {}
    changed = {k: v for k, v in sorted(opts.items()) if k not in defaults or defaults[k] != v}
    if not changed:
        return "the standard rules"
    if changed.get(BOARD_KEY) is not None:  # a variant's board: named by its hash, not written out
        changed[BOARD_KEY] = f"its own (hash {board_hash(changed[BOARD_KEY])})"

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "on" if v else "off"
        if isinstance(v, Mapping):
            if "name" in v and "hash" in v:  # a variant file, as results record it
                return f"{v['name']} (hash {str(v['hash'])[:16]})"
            return ", ".join(f"{words(str(k))} {value(x)}" for k, x in sorted(v.items()))
        return str(v).replace("_", " ")

    return ", ".join(f"{words(k)}: {value(v)}" for k, v in changed.items())


def outcome_words(name: str, spec: GameSpec | None = None) -> str:
    """An outcome of ``compare`` for a reader: a statistic's name (``houses_lost``, or ``hero_of_london = P2`` for
    a category) in words; outcomes the lab names itself are words already."""
    stat, sep, category = name.partition(" = ")
    if sep:
        return f"{words(stat, spec)} = {category}"
    return words(name, spec) if " " not in name else name
