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
from firebreak.server.storage import Storage

from .helpers import create, error_code, state_of, tokens, wait_until

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
    one_worker: TestClient,
) -> None:
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
                r = client.post(
                    f"/api/games/{quick['id']}/actions",
                    json={"index": index, "action": s["legal"][0]["id"]},
                    headers={"X-Seat-Token": tok},
                )
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
    r = client.post(
        "/api/games",
        json={
            "game": "great-fire",
            "num_players": 3,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": "greedy:samples=1000000000"},
                {"kind": "bot", "bot": "random"},
            ],
        },
    )
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


NOT_FINITE = [
    "mcts:iterations=0,seconds=nan",
    "mcts:iterations=0,seconds=inf",
    "mcts:iterations=0,seconds=1e400",
    "greedy:blunder=-inf",
    "mcts:seconds=1,c=nan",
]


@pytest.mark.parametrize("bot", NOT_FINITE)
def test_a_bot_with_a_number_that_is_not_finite_is_refused_at_creation_and_at_takeover(
    client: TestClient, bot: str
) -> None:
    param = bot.rsplit(",", 1)[-1].split(":")[-1].split("=")[0]
    r = client.post("/api/games", json=brigade_of(bot))
    assert r.status_code == 422 and error_code(r) == "bad_bot", r.text
    message = r.json()["error"]["message"]
    assert message.startswith("seat 0: ") and f"parameter '{param}' must be a finite number" in message, message
    assert client.get("/api/games").json()["games"] == []  # nothing was created

    g = create(client, ["human", "human", "human"], takeover_after=1)
    toks = tokens(g)
    time.sleep(1.1)  # seat 2 has been away long enough to be handed to a bot by hand
    r = client.post(f"/api/games/{g['id']}/seats/2/takeover", json={"token": toks[0], "bot": bot})
    assert r.status_code == 422 and error_code(r) == "bad_bot", r.text
    message = r.json()["error"]["message"]
    assert message.startswith("bot: ") and f"parameter '{param}' must be a finite number" in message, message
    assert state_of(client, g["id"])["seats"][2]["kind"] == "human"  # nothing changed
    assert client.app.state.storage.load_seats(g["id"])[2].kind == "human"


def test_a_negative_iteration_count_is_no_way_round_the_time_limit(client: TestClient) -> None:
    r = client.post("/api/games", json=brigade_of("mcts:iterations=-1"))
    assert r.status_code == 422 and "iterations=-1 means no limit; give seconds as well" in r.json()["error"]["message"]
    with pytest.raises(Exception, match="finite number above 0"):
        BotLimits.from_env("mcts.seconds=inf")


OVERRUN = "mcts:iterations=0,seconds=5"  # within the bot limits, but over the short move limit set below


@pytest.fixture
def short_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A server whose bot moves may take 2 s of wall-clock time each, with one heavy worker."""
    monkeypatch.setenv("FIREBREAK_BOT_MOVE_SECONDS", "2")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}", bot_workers=1)) as c:
        yield c


def test_a_move_over_the_wall_clock_limit_is_stopped_and_the_seat_plays_its_fallback_while_others_play_on(
    short_moves: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    from firebreak.agents import agent_rng
    from firebreak.core import get_game
    from firebreak.server.live import fallback_move

    client = short_moves
    pool = client.app.state.manager.bot_pool
    client.portal.call(pool.warm)
    stuck = create(client, [OVERRUN, OVERRUN], game="brigade", seed=5)
    other = create(client, ["mcts:iterations=20", "mcts:iterations=20"], game="brigade", seed=6)
    first = set(pool.pids(heavy=True))
    wait_until(
        lambda: state_of(client, stuck["id"])["index"] >= 2 and state_of(client, other["id"])["index"] >= 4,
        120,
        "two fallback moves in one game and four moves in the other",
    )
    assert first and not first & set(pool.pids(heavy=True))  # the worker that overran was killed and replaced
    # each of the stuck game's moves is its seat's fallback: a random legal move from the move's own stream
    state = get_game("brigade").new_game(2, 5)
    for action, seat in client.app.state.storage.load_actions(stuck["id"])[:2]:
        assert seat == state.current_player()
        assert action == fallback_move(state, seat, agent_rng(5, seat, len(state.history)))
        state.apply(action)
    assert "bot thought for more than 2 s, so it was stopped and played a random legal move instead" in caplog.text


def test_fair_queue_serves_the_client_with_fewest_moves_running_then_the_least_worker_time_used() -> None:
    from firebreak.server.bots import USAGE_HALF_LIFE, FairQueue

    now = [0.0]
    q = FairQueue(clock=lambda: now[0])
    for i in range(3):
        q.push("many", f"m{i}", f"m{i}")
    assert q.pop({}) == "m0"
    q.push("one", "o0", "o0")
    assert q.pop({"many": 1}) == "o0"  # "many" has a move thinking, "one" none
    q.charge("many", 5.0)  # m0 took 5 s of a worker, o0 1 s
    q.charge("one", 1.0)
    assert q.owed("one") and not q.owed("many")  # "one" used less than every client waiting
    q.push("one", "o1", "o1")
    assert q.pop({}) == "o1"  # nothing running: the one that used less worker time
    assert q.pop({}) == "m1" and q.pop({}) == "m2" and len(q) == 0
    now[0] += 10 * USAGE_HALF_LIFE  # old use fades
    assert q.used("many") < 0.01


def pool_order(moves: list[tuple[str, str, str, int]]) -> list[str]:
    """The order in which a pool of one search worker answers ``moves`` (client, game, bot, how many in a row:
    each asked for once the one before is answered, as a bot's turn is), asked for in that order."""
    import asyncio
    import pickle

    from firebreak.agents import agent_rng
    from firebreak.core import get_game
    from firebreak.server.bots import BotPool

    state = get_game("brigade").new_game(2, 1)
    blob, seat = pickle.dumps(state), state.current_player()

    async def served() -> list[str]:
        pool = BotPool(workers=1)
        try:
            await pool.warm()
            order: list[str] = []

            async def turn(client: str, game: str, bot: str, count: int) -> None:
                for k in range(count):
                    await pool.think(bot, blob, seat, agent_rng(1, seat, k), True, client, game)
                    order.append(game if count == 1 else f"{game}.{k}")

            tasks = []
            for move in moves:
                tasks.append(asyncio.create_task(turn(*move)))
                await asyncio.sleep(0)  # each asks before the next (the first one thinking at once)
            await asyncio.gather(*tasks)
            return order
        finally:
            pool.close()

    return asyncio.run(served())


def test_one_clients_many_games_cannot_starve_another_clients_game() -> None:
    """Ten games of one address queue their bots' moves before one game of another address: with one worker,
    the other address's move is the very next one served, not the eleventh (order, not speed, is asserted)."""
    order = pool_order(
        [("10.0.0.1", f"many-{i}", "random", 1) for i in range(10)] + [("10.0.0.2", "other", "random", 1)]
    )
    assert order[:3] == ["many-0", "other", "many-1"], order
    assert sorted(order) == sorted([f"many-{i}" for i in range(10)] + ["other"])


def test_a_bots_turn_of_several_moves_waits_once_not_before_each_move() -> None:
    """Another address's bot plays a turn of three moves while one address's six searches wait: it used less
    of the worker than they did, so each of its moves is served as soon as it asks, after the search that was
    already thinking."""
    order = pool_order(
        [("10.0.0.1", f"search-{i}", "mcts:iterations=1000", 1) for i in range(6)] + [("10.0.0.2", "turn", "random", 3)]
    )
    assert order[:4] == ["search-0", "turn.0", "turn.1", "turn.2"], order


def test_a_game_stored_with_a_bot_the_limits_now_refuse_plays_on_with_the_usual_bot_after_a_restart(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A game stored before the limits refused it (``seconds=nan`` searched for ever) is not stuck on restart."""
    with TestClient(create_app(db_url)) as client:
        g = create(client, ["human", "human"], game="brigade", seed=3)
        seat = state_of(client, g["id"])["current_player"]
    storage = Storage(db_url)
    try:
        storage.set_seat_bot(g["id"], seat, "mcts:iterations=0,seconds=nan")  # as an older server stored it
    finally:
        storage.dispose()
    with TestClient(create_app(db_url)) as client:  # the restart brings the game's bots back by itself
        wait_until(lambda: state_of(client, g["id"])["index"] >= 1, 120, "a move of the usual bot")
        assert state_of(client, g["id"])["seats"][seat]["bot"] == "greedy"
        assert client.app.state.storage.load_seats(g["id"])[seat].bot == "greedy"
    assert "bot asked for more thinking than this server allows" in caplog.text
