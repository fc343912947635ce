"""The play server runs Catan on the Seafarers board through the game protocol alone: options, views, legal
actions (an action space larger than the base board's) and the board picture."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .helpers import create, reference, state_of, tokens


def test_a_seafarers_game_is_created_played_and_drawn_by_the_server(client: TestClient) -> None:
    g = create(
        client,
        ["human", "random", "random"],
        game="catan",
        options={"board": "seafarers", "mode": "classic", "new_shores_vp": 13},
    )
    tok = tokens(g)[0]
    s = state_of(client, g["id"], tok)
    ref = reference(g, [])
    assert s["view"] == ref.view(0) and s["view"]["victory_points_to_win"] == 13
    legal = [a["id"] for a in s["legal"]]
    assert legal == ref.legal_actions()
    svg = s.get("svg") or client.get(f"/api/games/{g['id']}/board", headers={"X-Seat-Token": tok}).text
    assert 'class="hex sea"' in svg and "PIRATE" in svg
    # a settlement, then a ship: ids beyond the base board's action space are accepted
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": legal[0], "token": tok})
    assert r.status_code == 200, r.text
    s = state_of(client, g["id"], tok)
    ship = next(a["id"] for a in s["legal"] if a["text"].startswith("ship "))
    assert ship >= ref.lay.ship and ref.lay.ship > 0
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 1, "action": ship, "token": tok})
    assert r.status_code == 200, r.text
    spectator = state_of(client, g["id"])
    assert spectator["view"]["board"]["ships"][0]["player"] == 0


def test_a_bad_board_is_refused(client: TestClient) -> None:
    body = {
        "game": "catan",
        "num_players": 3,
        "seed": 1,
        "options": {"board": "atlantis"},
        "seats": [{"kind": "human"}] * 3,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 422 and "board" in r.text
