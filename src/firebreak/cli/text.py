"""Turning protocol objects into text for people: events as sentences, views as screens.

Games may supply ``spec.render(view)``; events become sentences from their kind and data unless the game puts a
``describe_event(event) -> str | None`` hook in ``spec.extra``.
"""

from __future__ import annotations

import json
from typing import Any

from firebreak.core import Event, GameSpec

ACTOR_KEYS = ("player", "seat")


def seat_name(seat: int) -> str:
    return f"P{seat}"


def _value_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_value_text(v)}" for k, v in value.items()) + "}"
    return str(value)


def event_sentence(event: Event, spec: GameSpec | None = None) -> str:
    """A readable sentence: the game's own wording if it has a hook, else actor, kind and data."""
    hook = spec.extra.get("describe_event") if spec is not None else None
    if callable(hook):
        text = hook(event)
        if text:
            return str(text)
    data = event.data
    for key in ("message", "text"):
        if isinstance(data.get(key), str):
            return data[key]
    actor = next((data[k] for k in ACTOR_KEYS if type(data.get(k)) is int), None)
    words = event.kind.replace("_", " ")
    details = ", ".join(
        f"{k.replace('_', ' ')} {_value_text(v)}" for k, v in data.items() if not (k in ACTOR_KEYS and v == actor)
    )
    head = f"{seat_name(actor)} {words}" if actor is not None else words[:1].upper() + words[1:]
    return f"{head}: {details}." if details else f"{head}."


def render_view(spec: GameSpec, view: dict[str, Any]) -> str:
    """The game's own text rendering of a view, or pretty JSON when the game has none."""
    if spec.render is not None:
        return spec.render(view)
    return json.dumps(view, indent=2, ensure_ascii=False, default=str)
