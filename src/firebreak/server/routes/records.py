"""Finished games: the full record and the replay (read-limited per address: see :mod:`..limits`).

- ``GET  /api/games/{id}/log``                     the full record (``firebreak replay`` reads it)
- ``GET  /api/games/{id}/replay?step=k&seat=s``    a finished game as it was after ``k`` actions
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from firebreak.core import GameState, record_of
from firebreak.core.parameters import titled

from .. import errors as E
from .. import table
from ..deps import Client, LimiterDep, Manager, StorageDep
from ..live import GameManager, LiveGame
from ..undo import TakeBack, all_take_backs, replay_notes
from ..views import game_over_words, log_entries, player_names, question_text, render_board, strip_facts
from .seats import state_for

router = APIRouter()


async def finished(manager: GameManager, game_id: str) -> LiveGame:
    live, _ = await state_for(manager, game_id, None)
    if not live.state.is_terminal():
        raise E.ApiError(
            409, "not_finished", "the full log is available once the game is over (its seed reveals every hidden card)"
        )
    return live


@router.get("/api/games/{game_id}/log", summary="Full record of a finished game (for firebreak replay)")
async def game_log(game_id: str, client: Client, manager: Manager, limiter: LimiterDep) -> Response:
    limiter.read(client, "record")
    live = await finished(manager, game_id)
    body = json.dumps(record_of(live.state).to_json(), indent=1, ensure_ascii=False) + "\n"
    return Response(
        body,
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{live.spec.name}-{game_id}.json"'},
    )


@router.get("/api/games/{game_id}/replay", summary="A finished game after a number of actions")
async def game_replay(
    game_id: str,
    client: Client,
    manager: Manager,
    limiter: LimiterDep,
    storage: StorageDep,
    step: int = Query(0, ge=0),
    seat: int | None = None,
) -> dict[str, Any]:
    limiter.read(client, "record")
    live = await finished(manager, game_id)
    total = len(live.state.history)
    step = min(step, total)
    if seat is not None and not 0 <= seat < live.state.num_players:
        raise E.ApiError(422, "bad_seat", f"seat {seat} is not a seat of this game")
    history = live.state.history[:step]
    taken = await all_take_backs(live, lambda: manager.db(storage.load_actions, game_id))
    out = await asyncio.to_thread(replayed, live, game_id, history, seat, taken)  # replays from the start
    out["chat"] = await table.chat.replayed(manager, game_id, step)
    return out


def replayed(
    live: LiveGame, game_id: str, history: list[int], seat: int | None, taken: list[TakeBack]
) -> dict[str, Any]:
    """The replay's answer after ``history`` (in a worker thread: it replays the game from its start)."""
    step, total = len(history), len(live.state.history)
    state: GameState = live.spec.new_game(live.row.num_players, live.row.seed, live.row.options)
    for a in history:
        state.apply_unchecked(a)
    view = state.view(seat)
    svg, text = render_board(live.spec, view, [])
    terminal = state.is_terminal()
    notes, unlisted = replay_notes(live.state, taken, seat, step)
    out = {
        "game_id": game_id,
        "game": live.spec.name,
        "title": titled(live.spec.title, live.row.options),
        "step": step,
        "total": total,
        "viewer": seat,
        "num_players": state.num_players,
        "terminal": terminal,
        "current_player": None if terminal else state.current_player(),
        "names": player_names(state),
        "view": view,
        "svg": svg,
        "text": text,
        "strip": strip_facts(state, seat),
        "question": question_text(state, seat),
        "entries": log_entries(state, live.marks, live.actors, seat, -1, step, live.forced),
        "undone": notes,
        "undone_earlier": unlisted,
    }
    if terminal:  # as the live game: totals, score sheets and winners only once the game is over
        out.update(game_over_words(state))
    return out
