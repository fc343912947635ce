"""Events: what happened when an action was applied.

Each event carries who may see it. ``visible_to=None`` means everyone (the public log); otherwise a tuple of
seats. Filtering the log per player is then one comprehension, and replays compare events one by one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def visible(self, player: int | None) -> bool:
        """Whether ``player`` (``None`` = spectator) may see this event."""
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        return out

    @staticmethod
    def from_json(obj: Any) -> "Event":
        if not isinstance(obj, dict) or not isinstance(obj.get("kind"), str):
            raise ValueError("an event needs a string 'kind'")
        data = obj.get("data", {})
        if not isinstance(data, dict):
            raise ValueError("an event's 'data' must be an object")
        vis = obj.get("visible_to")
        if vis is not None:
            if not isinstance(vis, list) or not all(isinstance(p, int) for p in vis):
                raise ValueError("an event's 'visible_to' must be a list of seats")
            vis = tuple(vis)
        return Event(obj["kind"], data, vis)


_new = object.__new__
_set_kind = Event.kind.__set__  # type: ignore[attr-defined,misc]  # a slot descriptor, which mypy types as the field
_set_data = Event.data.__set__  # type: ignore[attr-defined,misc]
_set_visible_to = Event.visible_to.__set__  # type: ignore[misc,union-attr]


def make_event(kind: str, data: dict[str, Any], visible_to: tuple[int, ...] | None) -> Event:
    """``Event(kind, data, visible_to)``, built about twice as fast: every rule that happens emits an event, so this
    is on every game's hot path, and a frozen dataclass's ``__init__`` pays for a generic ``object.__setattr__``
    per field. The result is an ordinary :class:`Event` (same class, equality, repr, immutability)."""
    event = _new(Event)
    _set_kind(event, kind)
    _set_data(event, data)
    _set_visible_to(event, visible_to)
    return event


def filter_events(events: list[Event], player: int | None) -> list[Event]:
    return [e for e in events if e.visible(player)]
