"""Taking back a move in a live game: the refusal in words, the rebuilt state, and the log's notes.

The rule is the core's (:meth:`firebreak.core.GameState.undo_refusal`): within one's own turn, one's own actions
that drew nothing and revealed nothing. A take-back is stored as a log row of its own (action
:data:`~firebreak.core.UNDO`), so the record keeps the action and says it was taken back, and a replay shows the
same. Nothing here reads hidden information: the refusal names another seat's move only as a move, and the notes
name the move taken back in the log's words as each viewer read it (the take-back button's words).

Take-backs cost every message nothing: a seat may take back at most ``Limits.undos_per_turn`` moves in a turn
(refused in words after that), a game keeps the notes of its latest :data:`NOTES_KEPT` take-backs only (the
older ones are counted; the stored log and the record keep every one), a ``state`` message lists those and an
``update`` only the take-backs its client has not had (see :func:`notes_since`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from firebreak.core import UNDO, GameState
from firebreak.core.events import Event
from firebreak.core.text import plural

from . import errors as E

if TYPE_CHECKING:
    from .live import LiveGame


NOTES_KEPT = 50
"""Take-back notes a game keeps and sends whole (the latest); earlier ones are only counted."""

TakeBack = tuple[int, int, int, tuple[Event, ...]]
"""A take-back: the action's place in the log, the action, the seat, and the events the action had made (the
note words the move from them, as the log had told it)."""


def taken(before: GameState, after: GameState, seat: int) -> TakeBack:
    """The take-back that led from ``before`` to ``after`` (``after`` is ``before`` without its last action)."""
    at = len(after.history)
    return at, before.history[at], seat, tuple(before.events[len(after.events) :])


def turn_start(actors: Sequence[int], seat: int) -> int:
    """Where ``seat``'s turn began in the log: after the last action of another seat."""
    i = len(actors)
    while i and actors[i - 1] == seat:
        i -= 1
    return i


def taken_this_turn(live: "LiveGame", seat: int) -> int:
    """How many moves ``seat`` has taken back in its current turn."""
    who, start, count = live.turn_undos
    return count if who == seat and start == turn_start(live.actors, seat) else 0


def count_take_back(live: "LiveGame", seat: int) -> None:
    """Count a take-back of ``seat`` (its action already removed from ``live.actors``) towards its turn's cap."""
    live.turn_undos = (seat, turn_start(live.actors, seat), taken_this_turn(live, seat) + 1)


def forced_after(live: "LiveGame", seat: int) -> int:
    """How many of the last actions are forced steps of ``seat`` the table played after its move (see
    :mod:`firebreak.core.forced`): a take-back removes them with the move, or the player would be left facing
    the one possible answer again."""
    k = 0
    i = len(live.state.history) - 1
    while i - k >= 0 and (i - k) in live.forced and live.actors[i - k] == seat:
        k += 1
    return k


def why_not(live: "LiveGame", seat: int, depth: int = 1) -> str | None:
    """Why ``seat`` may not take back a move now (the rules' words first, then the cap per turn), or None.
    ``depth``: the move and the forced steps after it, taken back together."""
    why = live.state.undo_refusal(seat, depth)
    if why is None and taken_this_turn(live, seat) >= live.undo_cap:
        why = f"you have taken back {plural(live.undo_cap, 'move')} this turn, the most a turn allows"
    return why


def refusal(live: "LiveGame", seat: int, depth: int = 1) -> E.ApiError | None:
    """The 409 refusing ``seat``'s take-back now, saying why in words, or None if it is allowed."""
    why = why_not(live, seat, depth)
    if why is None:
        return None
    return E.ApiError(409, "undo_refused", f"You cannot take back a move now: {why}.")


async def take_back(live: "LiveGame", seat: int, depth: int = 1) -> list[GameState]:
    """The states without ``seat``'s last action, last two, ... last ``depth`` (its move and the forced steps
    after it; replayed in a thread: a long game takes a few milliseconds), or the refusal."""
    error = refusal(live, seat, depth)
    if error is not None:
        raise error
    state = live.state

    def run() -> list[GameState]:
        out = [state.undone(seat)]
        while len(out) < depth:
            out.append(out[-1].undone(seat))
        return out

    return await asyncio.to_thread(run)


def undo_offer(live: "LiveGame", viewer: int | None, human: bool) -> dict[str, Any] | None:
    """What the viewer's page shows about taking back: only for the seat to act (a person, not a bot), whether
    it may and, if not, why. ``None`` for everyone else."""
    state = live.state
    if viewer is None or not human or state.is_terminal() or state.current_player() != viewer:
        return None
    forced = forced_after(live, viewer)  # forced steps after the move go back with it: the offer names the move
    why = why_not(live, viewer, forced + 1)
    if why is None:
        return {"allowed": True, "text": move_sentence(live, len(state.history) - 1 - forced, viewer)}
    return {"allowed": False, "why": f"You cannot take back a move now: {why}."}


def move_sentence(live: "LiveGame", index: int, viewer: int) -> str:
    """The log's sentence for action ``index`` as ``viewer`` read it (the first sentence of the events it made),
    so the Take back button names the move in the log's words; the action's text where it made no event."""
    state = live.state
    return sentence_of(
        state, state.events[live.marks[index] : live.marks[index + 1]], state.history[index], viewer, viewer
    )


def sentence_of(state: GameState, events: Sequence[Event], action: int, seat: int, viewer: int | None) -> str:
    """A move in the log's words as ``viewer`` read it: the first sentence of the events it made that ``viewer``
    may see, without its full stop; the action's text where it made none."""
    for event in events:
        if not event.visible(viewer):
            continue
        try:
            text = str(state.describe_event(event)).strip()
        except Exception:  # a game's wording must never stop the page: fall back to the action's text
            break
        if text:
            return text.rstrip(".")
    return state.action_text_for(action, seat, viewer)


def undone_notes(state: GameState, undone: Iterable[TakeBack], viewer: int | None) -> list[dict[str, Any]]:
    """The log's notes of moves taken back, as ``viewer`` may see them, naming each move as the log (and the take
    back button) did: ``at`` is the action's place in the log (shown after entry ``at - 1``)."""
    out = []
    for at, action, seat, events in undone:
        name = state.player_name(seat)
        out.append(
            {
                "at": at,
                "seat": seat,
                "name": name,
                "text": f"{name} took back “{sentence_of(state, events, action, seat, viewer)}”.",
            }
        )
    return out


def notes_since(live: "LiveGame", viewer: int | None, seen: int | None) -> tuple[list[dict[str, Any]], int]:
    """The notes a message carries and how many take-backs before them it leaves out: for a client that has had
    the first ``seen`` take-backs, the later ones; for a new client (``seen`` None), the kept ones."""
    kept = live.undone
    new = live.undone_total - (0 if seen is None else seen)
    listed = list(kept)[-new:] if 0 < new < len(kept) else (list(kept) if new > 0 else [])
    return undone_notes(live.state, listed, viewer), new - len(listed)


def stored_take_backs(start: GameState, rows: Iterable[tuple[int, int]]) -> list[TakeBack]:
    """Every take-back in a game's stored log (its ``(action, seat)`` rows), the game replayed from ``start`` (a
    new game: it is played on) to know the events each move taken back had made."""
    state = start
    out = []
    for action, seat in rows:
        if action == UNDO:
            after = state.undone(seat)
            out.append(taken(state, after, seat))
            state = after
        else:
            state.apply(action)  # (as the live game replays its stored log: the take-back stack is kept)
    return out


async def all_take_backs(live: "LiveGame", read_log: Any) -> list[TakeBack]:
    """Every take-back of a game: the kept ones when that is all of them, else read from its stored log
    (``await read_log()`` gives its rows; the game is replayed in a thread)."""
    if live.undone_total == len(live.undone):
        return list(live.undone)
    rows = await read_log()
    start = live.spec.new_game(live.row.num_players, live.row.seed, live.row.options)
    return await asyncio.to_thread(stored_take_backs, start, rows)


def replay_notes(
    state: GameState, taken: Iterable[TakeBack], viewer: int | None, upto: int
) -> tuple[list[dict[str, Any]], int]:
    """A replay step's notes: the latest :data:`NOTES_KEPT` take-backs before action ``upto``, and how many
    earlier ones are left out."""
    before = [t for t in taken if t[0] < upto]
    listed = before[-NOTES_KEPT:]
    return undone_notes(state, listed, viewer), len(before) - len(listed)
