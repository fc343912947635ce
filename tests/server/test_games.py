"""Game-agnostic: every registered game can be created, joined and played through the server, with the same API;
and the server deals: a seed is chosen only where no other person sits, and stays secret until the game is over."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.core import all_games
from firebreak.server import create_app
from firebreak.server.limits import Limits

from .helpers import Held, create, error_code, reference, tokens


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
    assert [seat for seat in live.actors[:3]] == [
        reference(g, live.state.history[:i], seed=3).current_player() for i in range(min(3, len(live.actors)))
    ]


# ----------------------------------------------------------------------------------------------- the deal
@pytest.fixture
def dealer(sqlite_url: str) -> Iterator[TestClient]:
    """A server as deployed: it deals every game other people sit in (the other tests may choose seeds)."""
    with TestClient(create_app(sqlite_url, limits=Limits.from_env(seeds_with_people=0))) as c:
        yield c


def seats(*kinds: str) -> list[dict[str, str]]:
    return [{"kind": k} if k in ("human", "open") else {"kind": "bot", "bot": k} for k in kinds]


def stored_seed(client: TestClient, game_id: str) -> int:
    return client.app.state.storage.load_game(game_id).seed  # type: ignore[no-any-return]


def test_a_chosen_seed_is_refused_where_another_person_can_sit_and_accepted_when_every_other_seat_is_a_bot(
    dealer: TestClient,
) -> None:
    client = dealer
    for kinds in (("human", "human", "random"), ("human", "open", "random"), ("open", "open", "open")):
        r = client.post("/api/games", json={"game": "great-fire", "num_players": 3, "seed": 5, "seats": seats(*kinds)})
        assert r.status_code == 422 and error_code(r) == "seed_refused", r.text
        words = r.json()["error"]["message"]
        assert words.startswith("seed: a seed can be chosen only for a game where every seat but yours is a bot")
        assert "leave out the seed" in words
    assert client.get("/api/games").json()["games"] == []  # nothing was created
    for body in ({"seats": seats("human", "random", "greedy")}, {}, {"seats": seats("random", "random", "random")}):
        r = client.post("/api/games", json={"game": "great-fire", "num_players": 3, "seed": 5, **body})
        assert r.status_code == 201, r.text
        assert stored_seed(client, r.json()["id"]) == 5
    dealt = [
        client.post(
            "/api/games", json={"game": "great-fire", "num_players": 3, "seats": seats("human", "open", "random")}
        ).json()["id"]
        for _ in range(3)
    ]
    assert len({stored_seed(client, g) for g in dealt}) == 3  # the server deals each one afresh


def test_the_seed_is_in_no_payload_while_the_game_runs_and_in_the_record_once_it_is_over(dealer: TestClient) -> None:
    client = dealer
    g = client.post(
        "/api/games",
        json={
            "game": "great-fire",
            "num_players": 3,
            "options": {"hidden_colours": True},
            "seats": seats("human", "open", "random"),
        },
    )
    assert g.status_code == 201
    game_id = g.json()["id"]
    seed = stored_seed(client, game_id)
    seen: list[str] = [g.text]

    def look(r: Any) -> dict[str, Any]:
        assert r.status_code == 200, r.text
        seen.append(r.text)
        return r.json()  # type: ignore[no-any-return]

    look(client.get("/api/games?status=joinable"))
    joined = look(client.post(f"/api/games/{game_id}/seats/1/join"))  # a stranger takes the open seat
    toks = {0: tokens(g.json())[0], 1: joined["token"]}
    for tok in toks.values():
        look(client.post(f"/api/games/{game_id}/join", json={}, headers={"X-Seat-Token": tok}))
        look(client.post(f"/api/games/{game_id}/chat", json={"text": "good luck"}, headers={"X-Seat-Token": tok}))
    with (
        client.websocket_connect(f"/ws/games/{game_id}") as spectator,
        client.websocket_connect(f"/ws/games/{game_id}") as player,
    ):
        spectator.send_json({"type": "hello"})
        player.send_json({"type": "hello", "token": toks[1]})
        deadline = time.time() + 60
        while not (st := look(client.get(f"/api/games/{game_id}")))["terminal"]:
            assert time.time() < deadline
            for path in ("log", "replay?step=1"):  # the record waits for the end
                r = client.get(f"/api/games/{game_id}/{path}")
                assert r.status_code == 409 and error_code(r) == "not_finished"
                seen.append(r.text)
            look(client.get("/api/games"))
            seat = st["current_player"]
            if seat not in toks:
                time.sleep(0.01)  # the bot's turn
                continue
            mine = look(client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": toks[seat]}))
            if mine["index"] == st["index"]:
                client.post(
                    f"/api/games/{game_id}/actions",
                    json={"index": mine["index"], "action": mine["legal"][-1]["id"]},
                    headers={"X-Seat-Token": toks[seat]},
                )
        for ws in (spectator, player):  # every message the pages got, up to the end
            while not ((m := ws.receive_json()).get("terminal")):
                seen.append(json.dumps(m))
            seen.append(json.dumps(m))
    assert len(seen) > 200
    for text in seen:
        assert str(seed) not in text and '"seed"' not in text
    record = client.get(f"/api/games/{game_id}/log")
    assert record.status_code == 200 and record.json()["seed"] == seed  # the record replays the game offline
    replayed = client.get(f"/api/games/{game_id}/replay?step=5")
    assert replayed.status_code == 200 and replayed.json()["step"] == 5


def play_alone(client: TestClient, created: dict[str, Any]) -> None:
    """Play a game whose only person is seat 0 (the others bots) to its end, seat 0 taking its last legal action."""
    game_id, tok = created["id"], tokens(created)[0]
    deadline = time.time() + 60
    while not (st := client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tok}).json())["terminal"]:
        assert time.time() < deadline
        if st["your_turn"]:
            client.post(
                f"/api/games/{game_id}/actions",
                json={"index": st["index"], "action": st["legal"][-1]["id"]},
                headers={"X-Seat-Token": tok},
            )
        else:
            time.sleep(0.01)


def test_a_rematch_deals_afresh_never_from_the_old_seed(dealer: TestClient) -> None:
    """Two finished games of one chosen seed: their rematches' seeds differ from it and from each other, so a
    rematch's deal cannot be worked out from the game before it."""
    client = dealer
    news = []
    for _ in range(2):
        g = client.post(
            "/api/games",
            json={"game": "great-fire", "num_players": 3, "seed": 5, "seats": seats("human", "random", "random")},
        ).json()
        play_alone(client, g)
        r = client.post(f"/api/games/{g['id']}/rematch", json={"start": True}, headers={"X-Seat-Token": tokens(g)[0]})
        assert r.status_code == 200, r.text
        news.append(stored_seed(client, r.json()["id"]))
    assert 5 not in news and news[0] != news[1]
