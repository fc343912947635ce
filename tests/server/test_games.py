"""Game-agnostic: every registered game can be created, joined and played through the server, with the same API."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from firebreak.core import all_games

from .helpers import Held, create, reference, tokens


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_every_registered_game_plays_through_the_server(sqlite_client: TestClient, game: str) -> None:
    client = sqlite_client
    spec = next(s for s in all_games() if s.name == game)
    n = spec.default_players
    g = create(client, ["human"] + ["random"] * (n - 1), game=game, seed=3)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens(g)[0]})
        acted = 0
        held = Held()
        while acted < 40:
            m = ws.receive_json()
            if m["type"] not in ("state", "update"):
                continue
            assert held.read(m) or m["text"]  # a board: the game's SVG, or its text render
            if m["terminal"]:
                break
            if m["your_turn"]:
                ws.send_json({"type": "act", "index": m["index"], "action": m["legal"][-1]["id"]})
                acted += 1
    live = client.app.state.manager.games[g["id"]]
    ref = reference(g, live.state.history, seed=3)
    assert ref.state_dict() == live.state.state_dict()
    assert [seat for seat in live.actors[:3]] == [reference(g, live.state.history[:i], seed=3).current_player()
                                                   for i in range(min(3, len(live.actors)))]
