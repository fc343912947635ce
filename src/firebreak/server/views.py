"""What each seat (or a spectator) is sent: built only from that seat's view and log.

Every payload that leaves the server for a live game goes through :func:`seat_payload`, which reads the game
only through ``state.view(viewer)``, ``filter_events(..., viewer)``, ``state.action_text_for(..., viewer)`` and,
for the seat to act, ``state.legal_actions()``. Scores are sent only once the game is over (during play a game
shows what its own view allows, e.g. Great Fire hides scores that would reveal hidden colours). The game's SVG
hook (``GameSpec.extra["svg"]``) and text render are given that same view, so they cannot leak either.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from firebreak.core import Event, GameSpec, GameState, filter_events

if TYPE_CHECKING:
    from .live import LiveGame

log = logging.getLogger(__name__)


def legal_pairs(state: GameState) -> list[tuple[int, str]]:
    return [(a, state.action_to_text(a)) for a in state.legal_actions()]


def render_board(spec: GameSpec, view: dict[str, Any], legal: list[tuple[int, str]]) -> tuple[str | None, str | None]:
    """(svg, text) for a view: the game's SVG hook when it has one, else its text render (else the JSON view)."""
    svg = None
    hook = spec.extra.get("svg") if spec.extra else None
    if hook is not None:
        try:
            svg = hook(view, legal)
        except Exception:  # a drawing bug must not stop play: the page falls back to the text render
            log.exception("SVG hook of %s failed", spec.name)
    text = None
    if svg is None and spec.render is not None:  # the page shows the text only when there is no board
        try:
            text = spec.render(view)
        except Exception:
            log.exception("text render of %s failed", spec.name)
    if svg is None and text is None:
        import json

        text = json.dumps(view, indent=1)
    return svg, text


def _describe(spec: GameSpec, event: Event) -> str | None:
    """The game's own sentence for an event (``GameSpec.extra["describe_event"]``), if it has one."""
    hook = spec.extra.get("describe_event") if spec.extra else None
    if not callable(hook):
        return None
    try:
        text = hook(event)
    except Exception:
        log.exception("describe_event of %s failed", spec.name)
        return None
    return str(text) if text else None


def log_entries(state: GameState, marks: list[int], actors: list[int], viewer: int | None,
                start: int, stop: int) -> list[dict[str, Any]]:
    """Log entries for actions ``start..stop-1`` as ``viewer`` may see them (index -1 is the set-up).

    ``marks[i]`` is the number of events before action ``i`` (``marks[len(history)]`` = all events). Each event
    comes with the game's sentence for it (``text``, or null when the game has no ``describe_event`` hook).
    """
    spec = state.spec
    out = []
    for i in range(start, stop):
        if i < 0:
            events = state.events[: marks[0]]
            entry: dict[str, Any] = {"index": -1, "seat": None, "action": None, "text": "set-up"}
        else:
            events = state.events[marks[i]: marks[i + 1]]
            a = state.history[i]
            entry = {"index": i, "seat": actors[i], "text": state.action_text_for(a, actors[i], viewer)}
        entry["events"] = [{"kind": e.kind, "data": e.data, "text": _describe(spec, e)}
                           for e in filter_events(events, viewer)]
        out.append(entry)
    return out


def seat_board(live: LiveGame, viewer: int | None) -> dict[str, Any]:
    """The part of a viewer's message that does not depend on which log entries it carries: the view, the legal
    actions (for the seat to act), the board drawn from them. The costly part, so it is built once per viewer and
    state and shared by that viewer's messages (see ``LiveGame.update_for``)."""
    state = live.state
    view = state.view(viewer)
    mine = viewer is not None and viewer == state.current_player() and live.seats[viewer].kind == "human"
    legal = legal_pairs(state) if mine else []
    svg, text = render_board(live.spec, view, legal)
    return {"view": view, "mine": mine, "legal": legal, "svg": svg, "text": text}


def seat_payload(live: LiveGame, viewer: int | None, kind: str, start: int,
                 board: dict[str, Any] | None = None) -> dict[str, Any]:
    """A ``state`` (whole log) or ``update`` (entries from ``start``) message for one viewer (``board``: its
    :func:`seat_board` for the current state, if already built)."""
    state = live.state
    spec = live.spec
    if board is None:
        board = seat_board(live, viewer)
    terminal = state.is_terminal()
    msg: dict[str, Any] = {
        "type": kind,
        "game_id": live.id,
        "game": spec.name,
        "title": spec.title,
        "num_players": state.num_players,
        "viewer": viewer,
        "index": len(state.history),
        "current_player": None if terminal else state.current_player(),
        "terminal": terminal,
        "your_turn": board["mine"],
        "legal": [{"id": a, "text": t} for a, t in board["legal"]],
        "view": board["view"],
        "svg": board["svg"],
        "text": board["text"],
        "seats": live.public_seats(),
        "takeover_after": live.row.takeover_after,
        "entries": log_entries(state, live.marks, live.actors, viewer, start, len(state.history)),
    }
    if terminal:
        msg["scores"] = state.scores()
        msg["winners"] = state.winners()
    return msg
