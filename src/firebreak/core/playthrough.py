"""Golden playthroughs: one seeded game written out step by step, as OpenSpiel's playthrough files are.

A playthrough records, for every step, what each seat sees, which actions are legal, the action chosen and the
events it caused, so that comparing a freshly generated file with the stored one catches any change to the
rules, the views, the action texts or the sentences players read. Actions are chosen uniformly at random from a
generator seeded with the same seed as the game, so a file is fully determined by its game, player count,
options and seed (``firebreak playthrough GAME --seed S``).

To keep files small enough to review and diff, views are written as *changes*: at the start each seat's whole
view is listed, one flattened field per line (``board.districts[3].fire = 2``); at every later step only the
fields that changed for that seat since its previous listing (``-`` before a field that disappeared), changes
every seat saw listed once. The first :data:`LISTED_ACTIONS` legal actions are listed with their texts; any
further ones as a count, the first and last id and a digest of their ids and texts (so a change is still caught). The text a
player reads (the game's renderer) is printed for every seat at the start and at the end. A game longer than
``max_steps`` is cut there (the header says so); games with a turn limit are given a small one instead, so the
file reaches a real ending.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from typing import Any

from .game import GameSpec, GameState
from .rng import Rng
from .text import seat_label

DEFAULT_MAX_STEPS = 400
"""Steps after which a playthrough stops (a game still running is marked as cut there)."""

LISTED_ACTIONS = 16
"""Legal actions listed with their text at each step; the rest are given as id ranges and a digest of texts."""


_encode = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def _leaf(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if type(value) is int:
        return str(value)
    return _encode(value)


def flatten(value: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """``(path, json)`` pairs for every leaf of a JSON-ready value; lists of plain values stay whole."""
    if isinstance(value, Mapping):
        if not value:
            yield prefix, "{}"
        for key in sorted(value, key=str):
            yield from flatten(value[key], f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, (list, tuple)):
        for v in value:
            if isinstance(v, (Mapping, list, tuple)):
                for i, item in enumerate(value):
                    yield from flatten(item, f"{prefix}[{i}]")
                return
        yield prefix, "[" + ", ".join(_leaf(v) for v in value) + "]"
    else:
        yield prefix, _leaf(value)


def _view_lines(old: dict[str, str], new: dict[str, str]) -> list[str]:
    lines = [f"  {path} = {val}" for path, val in new.items() if old.get(path) != val]
    lines += [f"  - {path}" for path in old if path not in new]
    return lines


def _legal_lines(state: GameState, legal: list[int]) -> list[str]:
    """The legal actions with their texts; past :data:`LISTED_ACTIONS`, ids as ranges and a digest of the texts."""
    lines = [f"legal actions ({len(legal)}):"]
    lines += [f"  {a}: {state.action_to_text(a)}" for a in legal[:LISTED_ACTIONS]]
    rest = legal[LISTED_ACTIONS:]
    if rest:
        texts = "\n".join(f"{a}: {state.action_to_text(a)}" for a in rest)
        digest = hashlib.sha256(texts.encode()).hexdigest()[:16]
        lines.append(f"  and {len(rest)} more, {rest[0]} to {rest[-1]} (digest of their ids and texts {digest})")
    return lines


def _who(visible_to: tuple[int, ...] | None) -> str:
    if visible_to is None:
        return "everyone"
    return ", ".join(seat_label(p) for p in visible_to) or "nobody"


def command_line(game: str, players: int, seed: int, options: Mapping[str, Any], max_steps: int) -> str:
    """The ``firebreak playthrough`` command that writes this playthrough."""
    parts = ["firebreak playthrough", game, f"--seed {seed}", f"--players {players}"]
    if max_steps != DEFAULT_MAX_STEPS:
        parts.append(f"--max-steps {max_steps}")
    for key in sorted(options):
        flag = key.replace("_", "-")
        value = options[key]
        if isinstance(value, bool):
            parts.append(f"--{flag}" if value else f"--no-{flag}")
        else:
            parts.append(f"--{flag} {value}")
    return " ".join(parts)


def read_header(text: str) -> tuple[str, int, int, dict[str, str], int]:
    """``(game, players, seed, options, max_steps)`` from a playthrough's header (option values as text)."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if not line:
            break
        key, _, value = line.partition(": ")
        fields[key] = value
    given = fields["options given"]
    options = {} if given == "none" else dict(item.split("=", 1) for item in given.split(", "))
    return fields["game"], int(fields["players"]), int(fields["seed"]), options, int(fields["max steps"])


def playthrough(
    spec: GameSpec,
    seed: int,
    num_players: int | None = None,
    options: Mapping[str, Any] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> str:
    """The playthrough text of one seeded game (see the module docstring for the format)."""
    n = spec.default_players if num_players is None else num_players
    state: GameState = spec.new_game(n, seed, options)
    chooser = Rng(seed)
    given = {k: state.options[spec.option(k).name] for k in (options or {})}
    out: list[str] = [
        f"game: {spec.name}",
        f"players: {n}",
        f"seed: {seed}",
        "options given: " + (", ".join(f"{k}={given[k]}" for k in sorted(given)) or "none"),
        f"max steps: {max_steps}",
        "options in force: " + ", ".join(f"{k}={v}" for k, v in sorted(state.options.items())),
        f"action space: {state.action_space_size()}",
        f"actions chosen uniformly at random from seed {seed}",
        "made by: " + command_line(spec.name, n, seed, given, max_steps),
        "",
    ]

    def rendered(title: str) -> None:
        for p in range(n):
            out.append(f"{title} text for {state.player_name(p)}:")
            view = state.view(p)
            text = spec.render(view) if spec.render is not None else json.dumps(view, sort_keys=True, indent=1)
            out.extend(f"  | {line}".rstrip() for line in text.splitlines())
        out.append("")

    rendered("Starting")
    last: list[dict[str, str]] = [{} for _ in range(n)]
    step = 0
    while not state.is_terminal() and step < max_steps:
        actor = state.current_player()
        out.append(f"## step {step}: {state.player_name(actor)} to act")
        changes = []
        for p in range(n):
            flat = dict(flatten(state.view(p)))
            changes.append(_view_lines(last[p], flat))
            last[p] = flat
        shared = [line for line in changes[0] if all(line in c for c in changes[1:])]
        common = set(shared)
        word = "fields" if step == 0 else "changes"
        out.append(f"every seat's view, {len(shared)} {word}:")
        out.extend(shared)
        for p in range(n):
            own = [line for line in changes[p] if line not in common]
            out.append(f"{seat_label(p)}'s view alone, {len(own)} {word}:")
            out.extend(own)
        legal = state.legal_actions()
        out.extend(_legal_lines(state, legal))
        action = chooser.choice(legal)
        out.append(f"chosen: {action}: {state.action_to_text(action)}")
        for event in state.apply(action):
            out.append(f"event (seen by {_who(event.visible_to)}): {state.describe_event(event)}")
        out.append("")
        step += 1
    if state.is_terminal():
        out.append(f"game over after {step} steps")
        out.append("scores: " + ", ".join(f"{state.player_name(p)} {s:g}" for p, s in enumerate(state.scores())))
        out.append("winners: " + (", ".join(state.player_name(p) for p in state.winners()) or "nobody"))
        out.append("returns: " + ", ".join(f"{r:g}" for r in state.returns()))
    else:
        out.append(f"cut after {step} steps (the game goes on)")
    out.append("")
    rendered("Final")
    return "\n".join(out).rstrip("\n") + "\n"
