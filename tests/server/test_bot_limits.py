"""Bots cannot starve the server: budgets over the server's limits are refused (422 naming the limit), and bots
at the largest budgets think in worker processes while every other request is answered at once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from firebreak.agents import BotLimits
from firebreak.server import create_app

from .helpers import create, error_code, state_of, tokens

FREEZE = "mcts:iterations=0,seconds=100000"
LONGEST = "mcts:iterations=0,seconds=5"  # the largest budget the default limits allow


@pytest.fixture
def one_worker(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}", bot_workers=1)) as c:
        yield c


def brigade_of(bot: str) -> dict:
    return {"game": "brigade", "num_players": 2, "seats": [{"kind": "bot", "bot": bot}] * 2}


def timed_catalog(client: TestClient) -> float:
    start = time.perf_counter()
    assert client.get("/api/catalog").status_code == 200
    return time.perf_counter() - start


def test_the_seven_request_freeze_is_refused_and_the_largest_budgets_leave_the_server_answering(
        one_worker: TestClient) -> None:
    client = one_worker
    for _ in range(7):
        r = client.post("/api/games", json=brigade_of(FREEZE))
        assert r.status_code == 422 and error_code(r) == "bad_bot"
        message = r.json()["error"]["message"]
        assert "seconds=100000" in message and "limit of 5 (mcts.seconds)" in message
        assert timed_catalog(client) < 1.0
    assert client.get("/api/games").json()["games"] == []  # nothing was created

    client.portal.call(client.app.state.manager.bot_pool.warm)  # (the workers' start is not what is measured)
    ids = [client.post("/api/games", json=brigade_of(LONGEST)).json()["id"] for _ in range(7)]
    # a game of a person and a quick bot, meanwhile: its bot is never queued behind the searches
    quick = create(client, ["human", "greedy"], game="brigade", seed=3)
    tok = tokens(quick)[0]
    worst = 0.0
    end = time.time() + 10
    moved_at = None
    while time.time() < end:
        worst = max(worst, timed_catalog(client))
        if moved_at is None:
            s = state_of(client, quick["id"], tok)
            if s["current_player"] == 0 and s["legal"]:
                index = s["index"]
                start = time.perf_counter()
                r = client.post(f"/api/games/{quick['id']}/actions", json={"index": index, "action": s["legal"][0]["id"]},
                                headers={"X-Seat-Token": tok})
                assert r.status_code == 200 and time.perf_counter() - start < 1.0
                moved_at = time.time(), index
        else:
            s = state_of(client, quick["id"], tok)
            if s["current_player"] == 0 or s["terminal"]:
                break  # the greedy bot answered
        time.sleep(0.1)
    assert worst < 1.0
    assert moved_at is not None and (s["current_player"] == 0 or s["terminal"]) and s["index"] > moved_at[1] + 1
    assert time.time() - moved_at[0] < 4.0  # behind the searches it would wait 5 s for each one queued before it
    # and the searches did think, in their worker
    end = time.time() + 15
    while time.time() < end and not any(state_of(client, g)["index"] > 0 for g in ids):
        assert timed_catalog(client) < 1.0
        time.sleep(0.2)
    assert any(state_of(client, g)["index"] > 0 for g in ids)


def test_a_bot_over_a_limit_is_refused_at_creation_and_at_takeover(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "great-fire", "num_players": 3, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "greedy:samples=1000000000"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 422 and error_code(r) == "bad_bot"
    assert "seat 1" in r.json()["error"]["message"] and "(greedy.samples)" in r.json()["error"]["message"]
    r = client.post("/api/games", json=brigade_of("mcts:iterations=1000000"))
    assert r.status_code == 422 and "limit of 5000 (mcts.iterations)" in r.json()["error"]["message"]
    r = client.post("/api/games", json=brigade_of("mcts:prior_samples=100000,seconds=1"))
    assert r.status_code == 422 and "(mcts.prior_samples)" in r.json()["error"]["message"]

    g = create(client, ["human", "human", "human"], takeover_after=1)
    toks = tokens(g)
    with client.websocket_connect(f"/ws/games/{g['id']}") as ws:  # seat 0, to move, is here: the game waits
        ws.send_json({"type": "hello", "token": toks[0]})
        assert ws.receive_json()["type"] == "state"
        time.sleep(1.1)  # seat 2, not to move, has been away long enough to be handed over by hand
        for bot in (FREEZE, "greedy:samples=1000000000", "mcts:iterations=0"):
            r = client.post(f"/api/games/{g['id']}/seats/2/takeover", json={"token": toks[1], "bot": bot})
            assert r.status_code == 422 and error_code(r) == "bad_bot", r.text
            assert "limit" in r.json()["error"]["message"]
        assert state_of(client, g["id"])["seats"][2]["kind"] == "human"  # nothing changed
        r = client.post(f"/api/games/{g['id']}/seats/2/takeover", json={"token": toks[1], "bot": "greedy:samples=4"})
        assert r.status_code == 200


def test_an_operator_sets_the_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FIREBREAK_BOT_LIMITS", "greedy.samples=2, mcts.seconds=0.5")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}")) as client:
        r = client.post("/api/games", json=brigade_of("greedy:samples=3"))
        assert r.status_code == 422 and "limit of 2 (greedy.samples)" in r.json()["error"]["message"]
        r = client.post("/api/games", json=brigade_of("mcts:seconds=1"))
        assert r.status_code == 422 and "limit of 0.5 (mcts.seconds)" in r.json()["error"]["message"]
        assert client.post("/api/games", json=brigade_of("greedy:samples=2")).status_code == 201
    with pytest.raises(Exception, match="agent.parameter=number"):
        BotLimits.from_env("greedy.wisdom=3")
    with pytest.raises(Exception, match="above 0"):
        BotLimits.from_env("mcts.seconds=-1")
