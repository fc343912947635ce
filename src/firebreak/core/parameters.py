"""Rule parameters: every number and reading a game's rules fix, declared as data with its default and bounds.

A designer asking "what if" (five action points, another reading of a rule) changes a parameter instead of code.
Each game lists its parameters in its rules data file (a ``parameters`` section, read by
:func:`parameters_from_data`) and hands them to its :class:`~firebreak.core.game.GameSpec`; the state reads its
numbers from the resolved set (:func:`rule_values`), never from constants, so a changed value reaches the rules.

A game's options carry the parameters that differ from their defaults under the reserved key ``rules`` (only when
some differ, so every game played with the printed rules keeps exactly the options, records and fingerprints it
had); a game started from a variant file also carries ``variant`` (its name and the hash of its contents).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DataFileError, OptionError

RULES_KEY = "rules"
"""The options key under which a game's non-default rule parameters travel."""
VARIANT_KEY = "variant"
"""The options key naming the variant a game was started from: ``{"name": ..., "hash": ...}``."""
BOARD_KEY = "variant_board"
"""The options key under which a variant's board file travels, as JSON data (checked by the game's
``check_board``): a game, its save file and its server record carry the whole board, so it replays on it. Like all
options, a board's data is never changed in place once a game is made with it (games find it again by identity)."""


@dataclass(frozen=True)
class RuleParameter:
    """One number or reading the rules fix.

    ``words`` names it for a player ("Action points per turn"); ``quote`` is the rulebook sentence it comes from
    (or says it is a ruling or a design choice); a whole-number parameter has ``minimum`` and ``maximum``
    (inclusive), a reading has ``choices`` (with ``choice_words``, what each choice means, in the same order).
    """

    name: str
    words: str
    default: int | str
    quote: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None
    choice_words: tuple[str, ...] = ()

    def coerce(self, value: Any) -> int | str:
        """The value as this parameter's type, or :class:`OptionError` with one sentence naming the field."""
        field = f"rules.{self.name}"
        if self.choices is not None:
            if not isinstance(value, str) or value not in self.choices:
                raise OptionError(f"{field} must be one of {', '.join(self.choices)}, not {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            else:
                raise OptionError(f"{field} must be a whole number, not {value!r}")
        assert self.minimum is not None and self.maximum is not None
        if not self.minimum <= value <= self.maximum:
            raise OptionError(f"{field} must be between {self.minimum} and {self.maximum}, not {value}")
        return value

    def bounds_words(self) -> str:
        """The values it may take, in words ("1 to 10", "hand back, keep or stock only")."""
        if self.choices is not None:
            return ", ".join(self.choices[:-1]) + (" or " if len(self.choices) > 1 else "") + self.choices[-1]
        return f"{self.minimum} to {self.maximum}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "words": self.words, "default": self.default, "quote": self.quote}
        if self.choices is not None:
            out["choices"] = list(self.choices)
            out["choice_words"] = list(self.choice_words)
        else:
            out.update(minimum=self.minimum, maximum=self.maximum)
        return out


class _ParameterData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    words: str
    default: int | str
    quote: str
    minimum: int | None = None
    maximum: int | None = None
    choices: dict[str, str] | None = None  # choice -> what it means


def parameters_from_data(raw: object, source: str) -> tuple[RuleParameter, ...]:
    """Read and validate a data file's ``parameters`` list; raises :class:`DataFileError` naming the problem."""
    if not isinstance(raw, list) or not raw:
        raise DataFileError(f"{source}: 'parameters' must be a non-empty list")
    out: list[RuleParameter] = []
    for i, item in enumerate(raw):
        try:
            data = _ParameterData.model_validate(item)
        except ValidationError as exc:
            raise DataFileError(f"{source}: parameter {i + 1} is invalid: {exc}") from None
        where = f"{source}: parameter {data.name!r}"
        if data.choices is not None:
            if data.minimum is not None or data.maximum is not None or data.default not in data.choices:
                raise DataFileError(f"{where}: a reading has choices, no bounds, and its default among them")
            param = RuleParameter(
                data.name,
                data.words,
                data.default,
                data.quote,
                choices=tuple(data.choices),
                choice_words=tuple(data.choices.values()),
            )
        else:
            if (
                data.minimum is None
                or data.maximum is None
                or not isinstance(data.default, int)
                or not data.minimum <= data.default <= data.maximum
            ):
                raise DataFileError(f"{where}: a number needs a minimum and a maximum around its default")
            param = RuleParameter(data.name, data.words, data.default, data.quote, data.minimum, data.maximum)
        out.append(param)
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise DataFileError(f"{source}: parameter names are not unique")
    return tuple(out)


def resolve_rules(parameters: Sequence[RuleParameter], given: object, title: str) -> dict[str, Any]:
    """Validate rule values for a game; returns only those differing from their defaults, in declared order.

    Raises :class:`OptionError` with one sentence naming the field for an unknown name or a bad value.
    """
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise OptionError(f"rules must be a table of rule parameters and values, not {given!r}")
    by_name = {p.name: p for p in parameters}
    values: dict[str, Any] = {}
    for name, value in given.items():
        param = by_name.get(name) if isinstance(name, str) else None
        if param is None:
            known = ", ".join(by_name) or "none"
            raise OptionError(f"rules.{name} is not a rule parameter of {title} (parameters: {known})")
        values[name] = param.coerce(value)
    return {p.name: values[p.name] for p in parameters if p.name in values and values[p.name] != p.default}


def check_variant_label(label: object) -> dict[str, str]:
    """The ``variant`` option: a name and a hash of the variant file's contents, both short text."""
    if (
        not isinstance(label, Mapping)
        or set(label) != {"name", "hash"}
        or not all(isinstance(label[k], str) and 0 < len(label[k]) <= 80 for k in ("name", "hash"))
    ):
        raise OptionError("variant must name the variant and the hash of its contents")
    return {"name": label["name"], "hash": label["hash"]}


_CACHE: dict[tuple[int, tuple[tuple[str, Any], ...]], SimpleNamespace] = {}


def rule_values(parameters: Sequence[RuleParameter], options: Mapping[str, Any]) -> SimpleNamespace:
    """Every parameter's value for a game with these (resolved) options, as attributes (``rules.action_points``).

    One shared object per distinct set of values: the rules read attributes in their hot paths, and a clone
    keeps the reference.
    """
    changed = options.get(RULES_KEY) or {}
    key = (id(parameters), tuple(sorted(changed.items())))
    found = _CACHE.get(key)
    if found is None:
        found = SimpleNamespace(**{p.name: changed.get(p.name, p.default) for p in parameters})
        if len(_CACHE) >= 256:  # many distinct rule sets (a server's games): keep memory bounded
            _CACHE.clear()
        _CACHE[key] = found
    return found


def describe_options(options: Mapping[str, Any]) -> str:
    """Options in one line for a result's header: table options, then rule changes, then the variant and its hash
    ("more_destruction=True; rules: action_points=5; variant: Five action points (hash 37040542f2bbdaf6)")."""
    plain = ", ".join(f"{k}={v}" for k, v in sorted(options.items()) if k not in (RULES_KEY, VARIANT_KEY, BOARD_KEY))
    parts = [plain or "none"]
    if options.get(BOARD_KEY) is not None:
        parts.append(f"board: its own (hash {board_hash(options[BOARD_KEY])})")
    if options.get(RULES_KEY):
        parts.append("rules: " + ", ".join(f"{k}={v}" for k, v in options[RULES_KEY].items()))
    label = options.get(VARIANT_KEY)
    if isinstance(label, Mapping):
        parts.append(f"variant: {label.get('name')} (hash {label.get('hash')})")
    return "; ".join(parts)


_NORMAL: dict[int, Any] = {}
"""Boards :func:`board_data` returned, by identity (kept alive): one passed back again (every game of a lab run
resolves the same options) is returned as it is instead of being written out and read back."""


def board_data(board: object) -> Any:
    """A board file's data as JSON data (the form options are saved in: keys become text), or
    :class:`OptionError` if it is not plain data."""
    if _NORMAL.get(id(board)) is board:
        return board
    try:
        out = json.loads(json.dumps(board, sort_keys=True, allow_nan=False))
    except (TypeError, ValueError):
        raise OptionError("board must be a board file's data (tables, lists, text and numbers)") from None
    if len(_NORMAL) >= 64:  # a few boards are in play at a time; never let a long-running process grow
        _NORMAL.clear()
    _NORMAL[id(out)] = out
    return out


def board_hash(board: object) -> str:
    """A board's identity as results show it: the first 16 hex digits of the SHA-256 of its canonical JSON."""
    text = json.dumps(board, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def shown_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options as a listing shows them: a variant's board by its hash, not the whole board file it carries."""
    if options.get(BOARD_KEY) is None:
        return dict(options)
    return {**options, BOARD_KEY: board_hash(options[BOARD_KEY])}


def titled(title: str, options: Mapping[str, Any]) -> str:
    """A game's title as its pages and records show it: a variant's name after the game's ("Great Fire of London
    1666 — Variant: Five action points"), so a game under changed rules is never taken for the printed game."""
    label = options.get(VARIANT_KEY)
    return f"{title} — Variant: {label.get('name')}" if isinstance(label, Mapping) else title
