"""The JSON API: every endpoint, and every refusal leaves the game exactly as it was."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from firebreak.agents import known_agents
from firebreak.core import GameRecord, all_games, replay
from firebreak.server.storage import hash_token

from .helpers import create, error_code, reference, state_of, tokens


def history(client: TestClient, game_id: str) -> list[int]:
    return list(client.app.state.manager.games[game_id].state.history)


def test_catalog_lists_every_registered_game_its_options_and_the_bots(client: TestClient) -> None:
    cat = client.get("/api/catalog").json()
    assert [g["name"] for g in cat["games"]] == [s.name for s in all_games()]
    gf = next(g for g in cat["games"] if g["name"] == "great-fire")
    assert {o["name"] for o in gf["options"]} == {"hidden_colours", "more_destruction"}
    assert (gf["min_players"], gf["max_players"]) == (3, 6)
    assert {b["name"] for b in cat["bots"]} == {t.name for t in known_agents()}


def test_catalog_names_every_option_in_words_a_player_reads(client: TestClient) -> None:
    """The lobby labels options with their titles: words with capitals and spaces, never the key with underscores
    (Catan's ``new_shores_vp`` reads "Victory points to win on Seafarers")."""
    for game in client.get("/api/catalog").json()["games"]:
        for option in game["options"]:
            title = option["title"]
            assert title and "_" not in title and title[0].isupper() and title != option["name"], (game["name"], title)
    catan = next(g for g in client.get("/api/catalog").json()["games"] if g["name"] == "catan")
    assert {o["name"]: o["title"] for o in catan["options"]}["new_shores_vp"] == "Victory points to win on Seafarers"


def test_catalog_says_which_choices_some_player_counts_and_boards_lack(client: TestClient) -> None:
    """The lobby greys out Catan's beginner layout for 5-6 players on the base board from this declaration, the
    same one that refuses such a game; Seafarers' one fixed deal stays offered for every count."""
    catan = next(g for g in client.get("/api/catalog").json()["games"] if g["name"] == "catan")
    layout = next(o for o in catan["options"] if o["name"] == "layout")
    assert layout["unavailable"] == [
        {
            "choice": "beginner",
            "players": [5, 6],
            "when": {"board": ["base"]},
            "reason": "the 5-6 player extension has no beginner layout (its rules lay the terrain at random)",
        }
    ]
    assert all(o["unavailable"] == [] for o in catan["options"] if o["name"] != "layout")
    body = {"game": "catan", "num_players": 5, "seats": [{"kind": "human"}] * 5}
    r = client.post("/api/games", json=body | {"options": {"board": "seafarers", "layout": "beginner"}})
    assert r.status_code == 201
    r = client.post("/api/games", json=body | {"options": {"layout": "beginner"}})
    assert r.status_code == 422 and "no beginner layout" in r.json()["error"]["message"]


def test_openapi_schema_documents_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for p in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/join",
        "/api/games/{game_id}/log",
        "/api/games/{game_id}/replay",
        "/api/catalog",
        "/api/games/{game_id}/seats/{seat}/takeover",
        "/api/games/{game_id}/reclaim",
    ):
        assert p in paths


def test_create_gives_secret_links_to_human_seats_only_and_stores_them_hashed(client: TestClient) -> None:
    g = create(client, ["human", "random", "human"])
    toks = tokens(g)
    assert set(toks) == {0, 2}
    assert g["seats"][1] == {"seat": 1, "name": "Yellow (P1)", "kind": "bot", "bot": "random"}
    assert g["seats"][0]["url"] == f"/play/{g['id']}#seat=0&token={toks[0]}"
    seats = client.app.state.storage.load_seats(g["id"])
    assert [s.token_hash for s in seats] == [hash_token(toks[0]), None, hash_token(toks[2])]
    assert all(toks[0] not in (s.token_hash or "") for s in seats)


def test_create_refuses_bad_games_counts_options_seats_and_bots(client: TestClient) -> None:
    def post(**over):  # type: ignore[no-untyped-def]
        body = {"game": "great-fire", "num_players": 3, "seats": [{"kind": "human"}] * 3} | over
        return client.post("/api/games", json=body)

    assert error_code(post(game="chess")) == "bad_game"
    assert error_code(post(num_players=9, seats=[{"kind": "human"}] * 9)) == "bad_game"
    assert error_code(post(options={"no_such_rule": True})) == "bad_game"
    assert error_code(post(options={"hidden_colours": "perhaps"})) == "bad_game"
    r = post(game="catan", num_players=5, seats=[{"kind": "human"}] * 5, options={"layout": "beginner"})
    assert r.status_code == 422 and error_code(r) == "bad_game"  # the option's declared limit (Catan ruling B8)
    assert r.json()["error"]["message"] == (
        "the 5-6 player extension has no beginner layout (its rules lay the terrain at random): choose layout random"
    )
    assert error_code(post(seats=[{"kind": "human"}] * 2)) == "bad_seats"
    assert error_code(post(seats=[{"kind": "alien"}] * 3)) == "bad_seats"
    r = post(seats=[{"kind": "human"}, {"kind": "bot", "bot": "genius"}, {"kind": "human"}])
    assert r.status_code == 422 and error_code(r) == "bad_bot" and "random" in r.json()["error"]["message"]
    assert client.get("/api/games").json()["games"] == []


def test_list_games_shows_public_facts_only(client: TestClient) -> None:
    g = create(client, ["human", "greedy", "random"])
    listed = client.get("/api/games").json()["games"]
    assert [x["id"] for x in listed] == [g["id"]]
    text = json.dumps(listed)
    assert "seed" not in text and tokens(g)[0] not in text and "token_hash" not in text


def test_state_is_each_seats_own_view_and_spectators_see_the_public_view(client: TestClient) -> None:
    g = create(client, ["human"] * 4, options={"hidden_colours": True})
    toks = tokens(g)
    ref = reference(g, [])
    spectator = state_of(client, g["id"])
    assert spectator["viewer"] is None and spectator["view"] == ref.view(None) and spectator["legal"] == []
    for seat, tok in toks.items():
        s = state_of(client, g["id"], tok)
        assert s["viewer"] == seat and s["view"] == ref.view(seat)
        if seat == ref.current_player():
            assert [a["id"] for a in s["legal"]] == ref.legal_actions() and s["your_turn"]
        else:
            assert s["legal"] == [] and not s["your_turn"]
    assert "seed" not in spectator


def test_join_checks_the_seat_token(client: TestClient) -> None:
    g = create(client, ["human", "human", "random"])
    r = client.post(f"/api/games/{g['id']}/join", json={"token": tokens(g)[1]})
    assert r.status_code == 200 and r.json()["seat"] == 1 and r.json()["state"]["viewer"] == 1
    r = client.post(f"/api/games/{g['id']}/join", json={"token": "not-a-token"})
    assert r.status_code == 403 and error_code(r) == "bad_token"
    r = client.post(f"/api/games/{g['id']}/join", json={})
    assert r.status_code == 403


def test_unknown_game_is_404_everywhere(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert (
        error_code(client.post("/api/games/nope/actions", json={"index": 0, "action": 0, "token": "x"}))
        == "unknown_game"
    )
    assert client.get("/api/games/nope/log").status_code == 404


def _first_legal(client: TestClient, game_id: str, token: str) -> dict:
    return state_of(client, game_id, token)


def test_an_accepted_action_is_stored_and_seen_by_everyone(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    toks = tokens(g)
    s = state_of(client, g["id"], toks[0])
    assert s["current_player"] == 0
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": s["legal"][0]["id"], "token": toks[0]})
    assert r.status_code == 200 and r.json() == {"ok": True, "index": 0}
    assert client.app.state.storage.load_actions(g["id"]) == [(s["legal"][0]["id"], 0)]
    ref = reference(g, [s["legal"][0]["id"]])
    spectator = state_of(client, g["id"])
    assert spectator["index"] == 1 and spectator["view"] == ref.view(None)
    assert spectator["entries"][-1]["seat"] == 0 and spectator["entries"][-1]["text"] == s["legal"][0]["text"]


def test_actions_can_be_given_by_their_text_and_the_token_by_header(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    tok = tokens(g)[0]
    s = state_of(client, g["id"], tok)
    text = s["legal"][1]["text"].upper()
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": text}, headers={"X-Seat-Token": tok})
    assert r.status_code == 200
    assert history(client, g["id"]) == [s["legal"][1]["id"]]


def test_every_refused_action_changes_nothing(client: TestClient) -> None:
    g = create(client, ["human"] * 3)
    toks = tokens(g)
    gid = g["id"]
    s = state_of(client, gid, toks[0])
    good = s["legal"][0]["id"]
    ref = reference(g, [])
    illegal = next(a for a in range(ref.num_distinct_actions(3)) if not ref.is_legal(a))

    def act(body: dict, headers: dict | None = None):  # type: ignore[no-untyped-def]
        return client.post(f"/api/games/{gid}/actions", json=body, headers=headers or {})

    cases = [
        (act({"index": 0, "action": good, "token": toks[1]}), 409, "not_your_turn"),  # another seat's turn
        (act({"index": 0, "action": good}), 403, "bad_token"),  # no token
        (act({"index": 0, "action": good, "token": toks[0] + "x"}), 403, "bad_token"),  # forged token
        (act({"index": 3, "action": good, "token": toks[0]}), 409, "stale_index"),  # wrong expected index
        (act({"index": "0", "action": good, "token": toks[0]}), 422, "malformed_action"),
        (act({"index": 0, "action": 10**9, "token": toks[0]}), 422, "malformed_action"),  # outside the space
        (act({"index": 0, "action": "dance a jig", "token": toks[0]}), 422, "malformed_action"),
        (act({"index": 0, "action": [1, 2], "token": toks[0]}), 422, "malformed_action"),
        (act({"index": 0, "action": True, "token": toks[0]}), 422, "malformed_action"),
        (act({"index": 0, "action": illegal, "token": toks[0]}), 422, "illegal_action"),
        (act({"index": 0, "token": toks[0]}), 422, "bad_request"),  # no action at all
        (
            client.post(
                f"/api/games/{gid}/actions", content=b"{not json", headers={"Content-Type": "application/json"}
            ),
            400,
            "bad_json",
        ),
        (act({"index": 0, "action": good, "token": toks[0], "pad": "x" * 20000}), 413, "too_large"),
    ]
    for r, status, code in cases:
        assert (r.status_code, error_code(r)) == (status, code), r.text
        assert r.json()["error"]["message"]
    assert history(client, gid) == []
    assert client.app.state.storage.load_actions(gid) == []
    assert state_of(client, gid)["view"] == ref.view(None)
    # and the right seat can still play that very action afterwards
    assert act({"index": 0, "action": good, "token": toks[0]}).status_code == 200


def test_a_seat_handed_to_nobody_else_cannot_be_played_through_spectator_or_other_links(client: TestClient) -> None:
    g = create(client, ["human", "human", "human"])
    toks = tokens(g)
    s = state_of(client, g["id"], toks[0])
    for tok in (toks[1], toks[2]):
        r = client.post(f"/api/games/{g['id']}/actions", json={"index": 0, "action": s["legal"][0]["id"], "token": tok})
        assert error_code(r) == "not_your_turn" and "(P0)'s turn" in r.json()["error"]["message"]


def play_to_end(client: TestClient, game_id: str, toks: dict[int, str]) -> None:
    """Human seats play their first legal action until the game is over (bots play on the server)."""
    for _ in range(5000):
        s = state_of(client, game_id)
        if s["terminal"]:
            return
        seat = s["current_player"]
        if seat not in toks:
            continue  # a bot is thinking
        mine = state_of(client, game_id, toks[seat])
        if not mine["your_turn"]:
            continue
        r = client.post(
            f"/api/games/{game_id}/actions",
            json={"index": mine["index"], "action": mine["legal"][0]["id"], "token": toks[seat]},
        )
        assert r.status_code in (200, 409), r.text
    raise AssertionError("game did not end")


def test_log_is_refused_until_the_game_is_over_then_replays_with_firebreak_replay(client: TestClient) -> None:
    g = create(client, ["human", "random", "random"])
    toks = tokens(g)
    r = client.get(f"/api/games/{g['id']}/log")
    assert r.status_code == 409 and error_code(r) == "not_finished"
    assert client.get(f"/api/games/{g['id']}/replay").status_code == 409
    play_to_end(client, g["id"], toks)
    r = client.get(f"/api/games/{g['id']}/log")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    record = GameRecord.from_json(r.json())
    final = replay(record)
    assert final.is_terminal() and final.history == history(client, g["id"])
    assert record.seed == 7
    # the finished game refuses further actions
    r = client.post(f"/api/games/{g['id']}/actions", json={"index": len(final.history), "action": 0, "token": toks[0]})
    assert error_code(r) == "game_over"
    assert client.get("/api/games").json()["games"][0]["finished"] is True


def test_replay_steps_through_a_finished_game_from_any_seat(client: TestClient) -> None:
    g = create(client, ["human", "random", "random"], options={"hidden_colours": True})
    play_to_end(client, g["id"], tokens(g))
    hist = history(client, g["id"])
    for step in (0, 1, 10, len(hist)):
        r = client.get(f"/api/games/{g['id']}/replay", params={"step": step}).json()
        ref = reference(g, hist[:step])
        assert r["step"] == step and r["total"] == len(hist) and r["view"] == ref.view(None)
        assert len(r["entries"]) == step + 1  # the set-up and one entry per action
        r1 = client.get(f"/api/games/{g['id']}/replay", params={"step": step, "seat": 1}).json()
        assert r1["view"] == ref.view(1)
    assert client.get(f"/api/games/{g['id']}/replay", params={"step": 5, "seat": 9}).status_code == 422
    assert client.get(f"/api/games/{g['id']}/replay", params={"step": 10**6}).json()["step"] == len(hist)


def test_pages_are_served(client: TestClient) -> None:
    for path in (
        "/",
        "/play/abc",
        "/replay/abc",
        "/static/app.css",
        "/static/game.js",
        "/static/lobby.js",
        "/static/replay.js",
        "/static/common.js",
    ):
        assert client.get(path).status_code == 200, path
    assert "<html" in client.get("/").text
    assert client.get("/static/../storage.py").status_code == 404


def test_idle_games_leave_the_cache_and_come_back_from_the_database(sqlite_client: TestClient) -> None:
    client = sqlite_client
    manager = client.app.state.manager
    manager.max_cached = 2
    games = [create(client, ["human"] * 3, seed=s) for s in (1, 2, 3)]
    first = games[0]
    s = state_of(client, first["id"])
    tok = tokens(first)[s["current_player"]]
    mine = state_of(client, first["id"], tok)
    assert (
        client.post(
            f"/api/games/{first['id']}/actions", json={"index": 0, "action": mine["legal"][0]["id"], "token": tok}
        ).status_code
        == 200
    )
    for g in games[1:]:
        state_of(client, g["id"])
    assert first["id"] not in manager.games and len(manager.games) == 2
    again = state_of(client, first["id"], tok)  # reloaded by replaying the stored actions
    assert again["index"] == 1 and again["view"] == reference(first, [mine["legal"][0]["id"]], seed=1).view(
        again["viewer"]
    )
