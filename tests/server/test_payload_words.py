"""What the page reads from a game's message: players by name, event sentences, and at game over each seat's score
sheet and the winners by name, all from the game's own protocol methods (the page adds no words of its own)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.core import all_games, filter_events

from .helpers import create, reference, state_of


def finished(client: TestClient, game_id: str) -> dict[str, Any]:
    """The spectator's message once the bots have played the game to its end."""
    deadline = time.time() + 120
    msg = state_of(client, game_id)
    while not msg["terminal"]:
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
        msg = state_of(client, game_id)
    return msg


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_a_finished_game_sends_names_score_sheets_and_winners_by_name(sqlite_client: TestClient, game: str) -> None:
    client = sqlite_client
    spec = next(s for s in all_games() if s.name == game)
    n = spec.default_players
    g = create(client, ["random"] * n, game=game, seed=5)
    msg = finished(client, g["id"])
    live = client.app.state.manager.games[g["id"]]
    ref = reference(g, live.state.history, seed=5)
    names = [ref.player_name(s) for s in range(n)]
    assert msg["names"] == names
    assert msg["choices"] == [] and msg["legal"] == []
    sheets = ref.score_sheet()
    assert msg["score_sheet"] == [[[source, points] for source, points in sheet] for sheet in sheets]
    for sheet, total in zip(msg["score_sheet"], msg["scores"]):
        assert sum(points for _, points in sheet) == pytest.approx(total)
    assert msg["winner_names"] == [names[w] for w in ref.winners()] and msg["winner_names"]
    # every log entry names its actor as everywhere else, and every event comes as the game's sentence
    for e in msg["entries"]:
        if e["index"] >= 0:
            assert e["name"] == names[e["seat"]]
        for ev in e["events"]:
            assert ev["text"] and ev["text"] == ref.describe_event(
                next(x for x in filter_events(ref.events, None) if x.kind == ev["kind"] and x.data == ev["data"])
            )


def test_the_seat_to_act_gets_its_grouped_choices_and_nobody_else_does(sqlite_client: TestClient) -> None:
    client = sqlite_client
    g = create(client, ["human", "human", "human"], game="brigade", seed=2)
    toks = {s["seat"]: s["token"] for s in g["seats"]}
    ref = reference(g, [], seed=2)
    to_act = ref.current_player()
    for seat, tok in toks.items():
        msg = state_of(client, g["id"], tok)
        if seat == to_act:
            assert msg["choices"] == [c.to_json() for c in ref.action_choices()]
            assert {a for c in msg["choices"] for a in [c["id"], *c["same"]]} == set(ref.legal_actions())
        else:
            assert msg["choices"] == []
    assert state_of(client, g["id"])["choices"] == []
    assert "score_sheet" not in state_of(client, g["id"])


@pytest.mark.parametrize("game", [s.name for s in all_games()])
def test_a_replay_names_the_players_and_ends_with_the_same_score_sheets_and_winners(
    sqlite_client: TestClient, game: str
) -> None:
    """The replay page reads the same words as the game page: names at every step, and at the last step only the
    score sheets (summing to the scores) and the winners by name, whichever seat it is seen by."""
    client = sqlite_client
    spec = next(s for s in all_games() if s.name == game)
    n = spec.default_players
    g = create(client, ["random"] * n, game=game, seed=11)
    live_msg = finished(client, g["id"])
    history = client.app.state.manager.games[g["id"]].state.history
    ref = reference(g, history, seed=11)
    names = [ref.player_name(s) for s in range(n)]
    for seat in (None, 0, n - 1):
        params = {"step": len(history)} | ({} if seat is None else {"seat": seat})
        r = client.get(f"/api/games/{g['id']}/replay", params=params).json()
        assert r["terminal"] and r["names"] == names
        assert r["score_sheet"] == [[[source, points] for source, points in sheet] for sheet in ref.score_sheet()]
        assert r["score_sheet"] == live_msg["score_sheet"]
        for sheet, total in zip(r["score_sheet"], r["scores"]):
            assert sum(points for _, points in sheet) == pytest.approx(total)
        assert r["scores"] == ref.scores() and r["winners"] == ref.winners()
        assert r["winner_names"] == [names[w] for w in ref.winners()] and r["winner_names"]
        assert r["winner_names"] == live_msg["winner_names"]
    for step in (0, len(history) // 2, len(history) - 1):
        mid = client.get(f"/api/games/{g['id']}/replay", params={"step": step, "seat": 0}).json()
        assert not mid["terminal"] and mid["names"] == names
        assert not {"score_sheet", "scores", "winners", "winner_names"} & mid.keys()
