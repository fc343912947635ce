"""Turning protocol objects into text for people: events as sentences, views as screens, seats by name.

Everything here goes through the game's own words (``GameState.player_name``, ``describe_event``,
``spec.render``); the generic fallbacks live in the core, so the terminal never words an event itself.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Any

from firebreak.agents import LEVELS, Agent
from firebreak.core import Event, GameSpec, GameState
from firebreak.core.help import help_for
from firebreak.core.text import seat_label

_AGENT_WORDS = {"random": "random bot", "greedy": "greedy bot"}
"""Bots set by hand with a bare spec that is not a level, as a player reads them."""


def seat_name(seat: int) -> str:
    """A seat by number only ("P0"), for tables about seats rather than players (simulation summaries)."""
    return seat_label(seat)


def bot_name(agent: Agent) -> str:
    """A bot as a player reads it: its level (``Easy bot``, ``Medium bot``) when its settings are a level's,
    else what was asked for (``greedy bot``, ``bot mcts:iterations=50``)."""
    spec = agent.describe()
    level = next((lv for lv in LEVELS.values() if lv.spec == spec), None)
    if level is not None:
        return f"{level.title} bot"
    return _AGENT_WORDS.get(spec, f"bot {spec}")


def event_sentence(state: GameState, event: Event) -> str:
    """An event as the game words it, naming players as the game names them."""
    return state.describe_event(event).strip()


def render_view(spec: GameSpec, view: dict[str, Any]) -> str:
    """The game's own text rendering of a view, or pretty JSON when the game has none."""
    if spec.render is not None:
        return spec.render(view)
    return json.dumps(view, indent=2, ensure_ascii=False, default=str)


def rules_text(spec: GameSpec, width: int = 78, options: Mapping[str, Any] | None = None) -> str:
    """The game's rules help (``GameSpec.help``, as the game page shows it) under the rules of a game with
    these ``options`` (a variant's numbers, and the list of what it changed): its summary, then each section's
    points, wrapped to ``width``; a sentence saying there is none for a game without one."""
    helped = help_for(spec, options)
    if helped is None:
        return f"{spec.title} has no rules summary yet."
    out = textwrap.wrap(helped["summary"], width)
    for section in helped["sections"]:
        out += ["", section["heading"]]
        for point in section["points"]:
            out += textwrap.wrap(point, width, initial_indent="  - ", subsequent_indent="    ")
    return "\n".join(out)


def parameter_blocks(spec: GameSpec, width: int = 80, changed: Mapping[str, Any] | None = None) -> list[str]:
    """A game's rule parameters as lines of at most ``width`` characters, one block per parameter: its name whole
    on a line of its own (a designer types it into a variant file), then what it fixes, its default and the
    values allowed, and the rulebook's words, wrapped and indented beneath it; a blank line before each block."""
    width = max(width, 40)
    out: list[str] = []

    def wrapped(text: str, head: str) -> None:
        out.extend(textwrap.wrap(text, width, initial_indent=head, subsequent_indent="    ", break_on_hyphens=False))

    for p in spec.parameters:
        out.append("")
        out.append(p.name)
        wrapped(p.words, "  ")
        wrapped(f"Default: {p.default}. Allowed: {p.bounds_words()}.", "  ")
        if changed and p.name in changed:  # a variant's value, where it changes this one
            wrapped(f"This variant: {changed[p.name]}.", "  ")
        for choice, words in zip(p.choices or (), p.choice_words, strict=False):
            wrapped(f"{choice}: {words}", "  - ")
        wrapped(f"The rulebook says: {p.quote}", "  ")
    return out


def status_lines(screen: str) -> list[str]:
    """The few lines of a rendered view that a player needs every turn: the game's lines about the viewer
    ("Your hand: ...", "Your objectives: ...") and its closing line (by convention who acts and what for).

    The compact screen shows these instead of the whole board, which the ``board`` command prints.
    """
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    mine = [line for line in lines if line.lstrip().startswith("Your ")]
    if lines and lines[-1] not in mine and not lines[-1].lstrip().startswith(("{", "}", '"')):
        mine.append(lines[-1])
    return mine


def move_lines(state: GameState, seat: int, tag: str, fallback: str, events: list[Event]) -> list[str]:
    """One move told as a headline and its consequences: "<tag> <what they did>", then the other sentences.

    ``events`` are the move's events a viewer may see. The game's first sentence about the mover becomes the
    headline, its name replaced by ``tag`` (e.g. "Purple (P0) (Easy bot)"); without one, ``"<tag>: <fallback>"``
    (the action's text) heads the list.
    """
    name = state.player_name(seat)
    sentences = [event_sentence(state, e) for e in events]
    if sentences and sentences[0].startswith(name) and sentences[0][len(name) : len(name) + 1] in (" ", ":", ",", "'"):
        return [tag + sentences[0][len(name) :], *sentences[1:]]
    return [f"{tag}: {fallback}", *sentences]


def taken_back(before: GameState, after: GameState, seat: int, viewer: int | None) -> str:
    """What a take-back undid, as the log told it: the game's first sentence about ``seat`` among the events the
    undone move made that ``viewer`` may see ("Blue (P0) builds a settlement at the corner of ..."), without
    its closing full stop; the action's text when the game said nothing about it."""
    name = before.player_name(seat)
    for e in before.events[len(after.events) :]:
        if e.visible(viewer):
            sentence = event_sentence(before, e)
            if sentence.startswith(name):
                return sentence.rstrip(".")
    return before.action_text_for(before.history[-1], seat, viewer)
