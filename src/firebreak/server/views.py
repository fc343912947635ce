"""What each seat (or a spectator) is sent: built only from that seat's view and log.

Every payload that leaves the server for a live game goes through :func:`seat_payload`, which reads the game
only through ``state.view(viewer)``, ``filter_events(..., viewer)``, ``state.action_text_for(..., viewer)``,
the public ``state.player_name(seat)`` and ``state.describe_event`` of events the viewer may see and, for the seat
to act, ``state.legal_actions()`` and ``state.action_choices()``, and the viewer's ``state.seat_summaries(viewer)`` and
``state.question(viewer)`` (the player strip and the action panel's heading). Scores and score sheets are sent only once the
game is over (during play a game shows what its own view allows, e.g. Great Fire hides scores that would reveal
hidden colours). The game's SVG
hook (``GameSpec.svg``) and text render are given that same view, so they cannot leak either.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from firebreak.core import Event, GameSpec, GameState, filter_events
from firebreak.core.parameters import VARIANT_KEY, titled
from firebreak.core.text import generic_sentence

from .undo import notes_since, undo_offer

if TYPE_CHECKING:
    from .live import LiveGame

log = logging.getLogger(__name__)


def legal_pairs(state: GameState) -> list[tuple[int, str]]:
    return [(a, state.action_to_text(a)) for a in state.legal_actions()]


def render_board(spec: GameSpec, view: dict[str, Any], legal: list[tuple[int, str]]) -> tuple[str | None, str | None]:
    """(svg, text) for a view: the game's SVG hook when it has one, else its text render (else the JSON view)."""
    svg = None
    hook = spec.svg
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


def _describe(state: GameState, event: Event) -> str:
    """The game's sentence for an event; a drawing-free fallback if the game's wording fails (play must go on)."""
    try:
        return str(state.describe_event(event))
    except Exception:
        log.exception("describe_event of %s failed", state.spec.name)
        return generic_sentence(event.kind, event.data, state.player_name)


def player_names(state: GameState) -> list[str]:
    """Every seat's name as all screens show it (public facts only, so every viewer may have them)."""
    return [state.player_name(seat) for seat in range(state.num_players)]


def game_over_words(state: GameState) -> dict[str, Any]:
    """What every screen shows once a game is over: the totals, each seat's score sheet in the rulebook's order
    (summing to the totals), the winners and their names. Only for a finished game: during play the sheets could
    reveal what a seat's view hides (e.g. Great Fire's hidden colours), so both the live game and its replay send
    them only at the end."""
    winners = state.winners()
    return {
        "scores": state.scores(),
        "winners": winners,
        "score_sheet": [[[source, points] for source, points in sheet] for sheet in state.score_sheet()],
        "winner_names": [state.player_name(w) for w in winners],
        "score_notes": state.score_notes(),
    }


SETUP_TEXT = "The game begins."
"""The log's first line when the game's set-up says nothing (a Catan board laid out before the first placement);
a game that tells its deal (the Great Fire's houses and cards) is shown by its own sentences instead."""


def log_entries(
    state: GameState,
    marks: list[int],
    actors: list[int],
    viewer: int | None,
    start: int,
    stop: int,
    forced: dict[int, str] | None = None,
) -> list[dict[str, Any]]:
    """Log entries for actions ``start..stop-1`` as ``viewer`` may see them (index -1 is the set-up).

    ``marks[i]`` is the number of events before action ``i`` (``marks[len(history)]`` = all events). Each event
    comes with the game's sentence for it (``text``, from ``state.describe_event``); each entry names its actor
    (``name``, from ``state.player_name``). A forced step played by the table (``forced``: why, by position)
    says why first, to its own seat only (the words come from that seat's view).
    """
    out = []
    for i in range(start, stop):
        if i < 0:
            events = state.events[: marks[0]]
            entry: dict[str, Any] = {"index": -1, "seat": None, "name": None, "action": None, "text": SETUP_TEXT}
        else:
            events = state.events[marks[i] : marks[i + 1]]
            a = state.history[i]
            entry = {
                "index": i,
                "seat": actors[i],
                "name": state.player_name(actors[i]),
                "text": state.action_text_for(a, actors[i], viewer),
            }
            if state.log_quiet(a):  # a step of a form (a trade offer's card): pages leave it out of the log
                entry["quiet"] = True
        entry["events"] = [
            {"kind": e.kind, "data": e.data, "text": _describe(state, e)} for e in filter_events(events, viewer)
        ]
        if forced and i >= 0 and i in forced and viewer is not None and viewer == actors[i]:
            entry["events"].append({"kind": "forced", "data": {}, "text": f"Played for you: {forced[i]}"})
        out.append(entry)
    return out


def seat_board(live: LiveGame, viewer: int | None) -> dict[str, Any]:
    """The part of a viewer's message that does not depend on which log entries it carries: the view, the legal
    actions and their grouped choices (for the seat to act only), the board drawn from them. The costly part, so it is built once per viewer and
    state and shared by that viewer's messages (see ``LiveGame.update_for``)."""
    state = live.state
    view = state.view(viewer)
    mine = viewer is not None and viewer == state.current_player() and live.seats[viewer].kind == "human"
    legal = legal_pairs(state) if mine else []
    choices = [c.to_json() for c in state.action_choices()] if mine else []
    svg, text = render_board(live.spec, view, legal)
    return {
        "view": view,
        "mine": mine,
        "legal": legal,
        "choices": choices,
        "svg": svg,
        "text": text,
        "strip": strip_facts(state, viewer),
        "question": question_text(state, viewer),
    }


def strip_facts(state: GameState, viewer: int | None) -> list[dict[str, Any]]:
    """Each seat's public facts for the player strip, as ``viewer`` may see them (``state.seat_summaries``); a
    bug in a game's hook shows a bare strip (names, clocks, bots) rather than stopping play."""
    try:
        return [s.to_json() for s in state.seat_summaries(viewer)]
    except Exception:
        log.exception("seat_summaries of %s failed", state.spec.name)
        return [{} for _ in range(state.num_players)]


def question_text(state: GameState, viewer: int | None) -> str:
    """The question heading the action panel, in the game's words (``state.question``)."""
    try:
        return str(state.question(viewer))
    except Exception:
        log.exception("question of %s failed", state.spec.name)
        return GameState.question(state, viewer)


def clock_json(live: LiveGame) -> dict[str, Any] | None:
    """The game's clock as every page shows it (seconds left per seat, whose clock runs), or None."""
    return None if live.clock is None else live.clock.to_json(time.time())


def seat_payload(
    live: LiveGame,
    viewer: int | None,
    kind: str,
    start: int,
    board: dict[str, Any] | None = None,
    undone_seen: int | None = None,
) -> dict[str, Any]:
    """A ``state`` (whole log) or ``update`` (entries from ``start``) message for one viewer (``board``: its
    :func:`seat_board` for the current state, if already built). The client drops the entries it holds from
    ``entries_from`` on (a take-back removed them) before adding these. ``undone`` lists the notes of moves taken
    back that the client has not had (``undone_seen``: how many it has; None: the latest kept, for a new
    client), ``undone_earlier`` how many before those are not listed."""
    state = live.state
    spec = live.spec
    if board is None:
        board = seat_board(live, viewer)
    terminal = state.is_terminal()
    notes, unlisted = notes_since(live, viewer, undone_seen)
    msg: dict[str, Any] = {
        "type": kind,
        "game_id": live.id,
        "game": spec.name,
        "title": titled(spec.title, state.options),
        "variant": state.options.get(VARIANT_KEY),
        "num_players": state.num_players,
        "viewer": viewer,
        "index": live.log_len,
        "current_player": None if terminal else state.current_player(),
        "terminal": terminal,
        "your_turn": board["mine"],
        "legal": [{"id": a, "text": t} for a, t in board["legal"]],
        "choices": board.get("choices", []),
        "names": player_names(state),
        "view": board["view"],
        "svg": board["svg"],
        "text": board["text"],
        "seats": live.public_seats(),
        "takeover_after": live.row.takeover_after,
        "entries_from": start,
        "entries": log_entries(state, live.marks, live.actors, viewer, start, len(state.history), live.forced),
        "undo": undo_offer(live, viewer, viewer is not None and live.seats[viewer].kind == "human"),
        "undone": notes,
        "undone_earlier": unlisted,
        "clock": clock_json(live),
        "strip": board.get("strip") or strip_facts(state, viewer),
        "question": board.get("question") or question_text(state, viewer),
    }
    if terminal:
        msg.update(game_over_words(state))
    return msg
