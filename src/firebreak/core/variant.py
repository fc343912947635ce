"""Variant files: a game, a variant name, rule parameters, table options and (where the game has one) a board.

A designer writes a small YAML file instead of code::

    game: great-fire
    name: Five action points
    players: 4                      # optional: the player count the variant is for
    options: {more_destruction: true}
    rules: {action_points: 5}
    board: my-board.yaml            # optional, for a game that reads boards (relative to this file)

It is validated when read: every problem is one sentence naming the field (all of them are listed together).
A variant's hash is the SHA-256 of its contents in a canonical form (the board file's text included), so a result
carrying the hash (under the options key ``variant``) traces back to exactly what was played.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import FirebreakError, OptionError
from .parameters import BOARD_KEY, RULES_KEY, VARIANT_KEY, board_data
from .registry import get_game

MAX_VARIANT_BYTES = 64_000
"""A variant file (and a board file it names) is small; anything larger is refused unread."""
MAX_BOARD_BYTES = 1_000_000
_FIELDS = ("game", "name", "players", "options", "rules", "board", "description")


class VariantError(FirebreakError):
    """A variant file that cannot be used: each problem one sentence naming the field."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(f"{source}: " + " ".join(p if p.endswith(".") else p + "." for p in problems))


@dataclass(frozen=True)
class Variant:
    """A validated variant: what it changes and the hash of its contents."""

    game: str
    name: str
    players: int | None
    options: dict[str, Any]
    rules: dict[str, Any]
    description: str = ""
    board: str | None = None
    board_text: str | None = field(default=None, repr=False)
    hash: str = ""
    board_data: Any = field(default=None, repr=False, compare=False)
    """The board file's data as a game's options carry it (JSON data), or ``None``."""
    player_counts: tuple[int, ...] = field(default=(), compare=False)
    """The player counts it may be played with: each its board can seat (every count of the game without a
    board). The lobby offers only these, with ``players`` (if named) chosen to begin with."""

    def default_players(self, game_default: int) -> int:
        """The player count a game of it gets when none is asked for: its ``players``, else the game's default if
        its board seats that many, else the fewest its board seats."""
        if self.players is not None:
            return self.players
        counts = self.player_counts
        return game_default if not counts or game_default in counts else counts[0]

    def contents(self) -> dict[str, Any]:
        """The variant as recorded with results: every field, the board as the hash of its text."""
        out: dict[str, Any] = {
            "game": self.game,
            "name": self.name,
            "players": self.players,
            "options": self.options,
            "rules": self.rules,
        }
        if self.board_text is not None:
            out["board_sha256"] = hashlib.sha256(self.board_text.encode()).hexdigest()
        return out

    def game_options(self) -> dict[str, Any]:
        """The options a game of this variant is started with: table options, rule parameters and the label."""
        out = dict(self.options)
        if self.rules:
            out[RULES_KEY] = dict(self.rules)
        out[VARIANT_KEY] = {"name": self.name, "hash": self.hash}
        if self.board_data is not None:
            out[BOARD_KEY] = self.board_data
        return out


def variant_hash(contents: dict[str, Any]) -> str:
    """The first 16 hex digits of the SHA-256 of the contents as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(contents, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_variant(path: str | Path) -> Variant:
    """Read and validate a variant file; raises :class:`VariantError` listing every problem."""
    path = Path(path)
    source = str(path)
    try:
        if path.stat().st_size > MAX_VARIANT_BYTES:
            raise VariantError(source, [f"the file is larger than {MAX_VARIANT_BYTES} bytes"])
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError(source, [f"cannot read it ({getattr(exc, 'strerror', None) or exc})"]) from None
    return parse_variant(text, source, base=path.parent)


def parse_variant(text: str, source: str = "variant", base: Path | None = None) -> Variant:
    """Validate a variant file's text (``base``: the folder a board file is looked up in)."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise VariantError(source, [f"it is not valid YAML ({str(exc).splitlines()[0]})"]) from None
    if not isinstance(raw, dict):
        raise VariantError(source, ["it must be a table with the fields game, name, rules and options"])
    problems: list[str] = [
        f"{k} is not a field of a variant (fields: {', '.join(_FIELDS)})" for k in raw if k not in _FIELDS
    ]
    try:
        spec = get_game(str(raw.get("game")))
    except FirebreakError:
        raise VariantError(source, problems + [f"game must name a game, not {raw.get('game')!r}"]) from None
    name = raw.get("name")
    if not isinstance(name, str) or not 0 < len(name.strip()) <= 80:
        problems.append("name must be a short text (1 to 80 characters)")
        name = ""
    description = raw.get("description", "")
    if not isinstance(description, str) or len(description) > 2000:
        problems.append("description must be a text of at most 2000 characters")
        description = ""
    players = raw.get("players")
    if players is not None and (
        isinstance(players, bool) or not isinstance(players, int) or not spec.min_players <= players <= spec.max_players
    ):
        problems.append(
            f"players must be a whole number from {spec.min_players} to {spec.max_players}, not {players!r}"
        )
        players = None
    options = raw.get("options") or {}
    rules = raw.get("rules") or {}
    if not isinstance(options, dict):
        problems.append("options must be a table of option names and values")
        options = {}
    if not isinstance(rules, dict):
        problems.append("rules must be a table of rule parameters and values")
        rules = {}
    for key in (RULES_KEY, VARIANT_KEY):
        if key in options:
            problems.append(f"options.{key} is not a table option (rule parameters go under rules)")
            options.pop(key)
    checked_options: dict[str, Any] = {}
    for k, v in options.items():
        try:
            checked_options[str(k)] = spec.option(str(k)).coerce(v)
        except OptionError as exc:
            problems.append(f"options.{k}: {exc}")
    checked_rules: dict[str, Any] = {}
    by_name = {p.name: p for p in spec.parameters}
    for k, v in rules.items():
        param = by_name.get(k)
        if param is None:
            problems.append(f"rules.{k} is not a rule parameter of {spec.title} (see firebreak rules {spec.name})")
            continue
        try:
            checked_rules[k] = param.coerce(v)
        except OptionError as exc:
            problems.append(str(exc))
    board_file, board_text, board = raw.get("board"), None, None
    if board_file is not None:
        board_text, board = _check_board(spec, board_file, base, problems)
    seated = list(range(spec.min_players, spec.max_players + 1))
    if not problems and board is not None:  # the counts its board seats (none: the first misfit is said below)
        seated = spec.board_players(board, checked_options) or seated
    counts = [players] if players is not None else seated
    if not problems:  # the whole: each player count the variant may be played with
        for n in counts:
            whole = {**checked_options, RULES_KEY: checked_rules}
            if board is not None:  # a board the game can play, but perhaps not with this many players
                whole[BOARD_KEY] = board
            try:
                spec.resolve_options(n, whole)
            except OptionError as exc:
                problems.append(f"with {n} players: {exc}")
                break
    if problems:
        raise VariantError(source, problems)
    variant = Variant(
        spec.name,
        name.strip(),
        players,
        checked_options,
        checked_rules,
        description,
        None if board_file is None else str(board_file),
        board_text,
    )
    return Variant(
        **{
            **variant.__dict__,
            "hash": variant_hash(variant.contents()),
            "board_data": board,
            "player_counts": tuple(seated),
        }
    )


def _check_board(spec: Any, board_file: object, base: Path | None, problems: list[str]) -> tuple[str | None, Any]:
    """Read a board file and have the game check it (its hook adds one sentence per broken constraint); returns
    its text and its data as a game's options carry it (``(None, None)`` if it cannot be read)."""
    check = spec.check_board
    if check is None:
        problems.append(f"board: {spec.title} has no board file to replace")
        return None, None
    if not isinstance(board_file, str) or not board_file.strip():
        problems.append("board must be the path of a board file")
        return None, None
    path = (base or Path(".")) / board_file
    try:
        if path.stat().st_size > MAX_BOARD_BYTES:
            problems.append(f"board: {board_file} is larger than {MAX_BOARD_BYTES} bytes")
            return None, None
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"board: cannot read {board_file} ({getattr(exc, 'strerror', None) or exc})")
        return None, None
    try:
        raw = board_data(yaml.safe_load(text))
    except yaml.YAMLError as exc:
        problems.append(f"board: {board_file} is not valid YAML ({str(exc).splitlines()[0]})")
        return None, None
    except OptionError as exc:
        problems.append(f"board: {exc}")
        return None, None
    found = check(raw)
    problems.extend(p if p.startswith("board.") else f"board: {p}" for p in found)  # (fields named already)
    return text, (None if found else raw)


def load_variants(folder: str | Path) -> list[Variant]:
    """Every variant file in a folder (a ``*.yaml``/``*.yml`` file with a top-level ``game``; others, such as
    the board files variants name, are passed over), sorted by file name; raises on the first bad one."""
    folder = Path(folder)
    out = []
    for path in sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()):
        if path.stat().st_size <= MAX_VARIANT_BYTES:
            try:
                head = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (yaml.YAMLError, UnicodeDecodeError):
                head = {"game": None}  # load_variant says what is wrong with it
            if not isinstance(head, dict) or "game" not in head:
                continue
        out.append(load_variant(path))
    return out
