"""Taking back a move in a live game: the refusal in words, the rebuilt state, and the log's notes.

The rule is the core's (:meth:`firebreak.core.GameState.undo_refusal`): within one's own turn, one's own actions
that drew nothing and revealed nothing. A take-back is stored as a log row of its own (action
:data:`~firebreak.core.UNDO`), so the record keeps the action and says it was taken back, and a replay shows the
same. Nothing here reads hidden information: the refusal names another seat's move only as a move, and the notes
carry the action's text as each viewer may see it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from firebreak.core import GameState

from . import errors as E

if TYPE_CHECKING:
    from .live import LiveGame


def forced_after(state: GameState, forced: dict[int, str], actors: list[int], seat: int) -> int:
    """How many of the last actions are forced steps of ``seat`` the table played after its move (see
    :mod:`firebreak.core.forced`): a take-back removes them with the move, or the player would be left facing
    the one possible answer again."""
    k = 0
    i = len(state.history) - 1
    while i - k >= 0 and (i - k) in forced and actors[i - k] == seat:
        k += 1
    return k


def refusal(state: GameState, seat: int, depth: int = 1) -> E.ApiError | None:
    """The 409 refusing ``seat``'s take-back now, saying why in words, or None if it is allowed."""
    why = state.undo_refusal(seat, depth)
    if why is None:
        return None
    return E.ApiError(409, "undo_refused", f"You cannot take back a move now: {why}.")


async def take_back(state: GameState, seat: int, depth: int = 1) -> list[GameState]:
    """The states without ``seat``'s last action, last two, ... last ``depth`` (replayed in a thread: a long
    game takes a few milliseconds), or the refusal."""
    error = refusal(state, seat, depth)
    if error is not None:
        raise error

    def run() -> list[GameState]:
        out = [state.undone(seat)]
        while len(out) < depth:
            out.append(out[-1].undone(seat))
        return out

    return await asyncio.to_thread(run)


def undo_offer(state: GameState, viewer: int | None, human: bool, forced: int = 0) -> dict[str, Any] | None:
    """What the viewer's page shows about taking back: only for the seat to act (a person, not a bot), whether
    it may and, if not, why. ``None`` for everyone else. ``forced``: forced steps played after the move, which
    go with it (the offer names the move itself)."""
    if viewer is None or not human or state.is_terminal() or state.current_player() != viewer:
        return None
    why = state.undo_refusal(viewer, forced + 1)
    if why is None:
        last = state.history[-1 - forced]
        return {"allowed": True, "text": state.action_text_for(last, viewer, viewer)}
    return {"allowed": False, "why": f"You cannot take back a move now: {why}."}


def undone_notes(state: GameState, undone: list[tuple[int, int, int]], viewer: int | None,
                 upto: int | None = None) -> list[dict[str, Any]]:
    """The log's notes of moves taken back, as ``viewer`` may see them: ``at`` is the action's place in the log
    (shown after entry ``at - 1``); ``upto``: only those before that many actions (a replay's step)."""
    out = []
    for at, action, seat in undone:
        if upto is not None and at >= upto:
            continue
        name = state.player_name(seat)
        out.append({"at": at, "seat": seat, "name": name,
                    "text": f"{name} took back “{state.action_text_for(action, seat, viewer)}”."})
    return out


def live_notes(live: "LiveGame", viewer: int | None) -> list[dict[str, Any]]:
    return undone_notes(live.state, live.undone, viewer)
