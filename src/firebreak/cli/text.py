"""Turning protocol objects into text for people: events as sentences, views as screens, seats by name.

Everything here goes through the game's own words (``GameState.player_name``, ``describe_event``,
``spec.render``); the generic fallbacks live in the core, so the terminal never words an event itself.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from firebreak.core import Event, GameSpec, GameState
from firebreak.core.text import seat_label


def seat_name(seat: int) -> str:
    """A seat by number only ("P0"), for tables about seats rather than players (simulation summaries)."""
    return seat_label(seat)


def event_sentence(state: GameState, event: Event) -> str:
    """An event as the game words it, naming players as the game names them."""
    return state.describe_event(event).strip()


def render_view(spec: GameSpec, view: dict[str, Any]) -> str:
    """The game's own text rendering of a view, or pretty JSON when the game has none."""
    if spec.render is not None:
        return spec.render(view)
    return json.dumps(view, indent=2, ensure_ascii=False, default=str)


def rules_text(spec: GameSpec, width: int = 78) -> str:
    """The game's rules help (``spec.extra["help"]``, as the game page shows it): its summary, then each
    section's points, wrapped to ``width``; a sentence saying there is none for a game without one."""
    hook = spec.extra.get("help") if spec.extra else None
    if hook is None:
        return f"{spec.title} has no rules summary yet."
    helped = hook()
    out = textwrap.wrap(helped["summary"], width)
    for section in helped["sections"]:
        out += ["", section["heading"]]
        for point in section["points"]:
            out += textwrap.wrap(point, width, initial_indent="  - ", subsequent_indent="    ")
    return "\n".join(out)


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
    headline, its name replaced by ``tag`` (e.g. "Purple (P0) (greedy)"); without one, ``"<tag>: <fallback>"``
    (the action's text) heads the list.
    """
    name = state.player_name(seat)
    sentences = [event_sentence(state, e) for e in events]
    if sentences and sentences[0].startswith(name) and sentences[0][len(name):len(name) + 1] in (" ", ":", ",", "'"):
        return [tag + sentences[0][len(name):], *sentences[1:]]
    return [f"{tag}: {fallback}", *sentences]
