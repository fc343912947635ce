"""Taking back a move over the API: allowed within one's own turn for a move that drew and revealed nothing,
refused in words otherwise, stored as a take-back (the record and the replay agree with the live game), and never
showing anything hidden."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from fastapi.testclient import TestClient

from firebreak.core import GameRecord, get_game, replay

from .helpers import create, error_code, play_forced, state_of, tokens

GAMES = ["great-fire", "brigade", "catan"]
SEEDS = {"great-fire": 11, "brigade": 1, "catan": 11}  # deals where every case comes up within a few hundred moves


def undo(client: TestClient, gid: str, token: str | None, index: int):  # type: ignore[no-untyped-def]
    return client.post(f"/api/games/{gid}/undo", json={"index": index, "token": token})


def act(client: TestClient, gid: str, token: str, index: int, action: int) -> None:
    r = client.post(f"/api/games/{gid}/actions", json={"index": index, "action": action, "token": token})
    assert r.status_code == 200, r.text


def _undoable(state, seat):  # type: ignore[no-untyped-def]
    """An action of ``seat`` now that could be taken back, and one that could not (either may be None)."""
    good = bad = None
    for a in state.legal_actions():
        probe = state.clone()
        probe.apply(a)
        if probe.undo_refusal(seat) is None:
            good = good if good is not None else a
        elif probe.current_player() == seat:
            bad = bad if bad is not None else a
    return good, bad


@pytest.mark.parametrize("game", GAMES)
def test_undo_allowed_then_refused_after_a_draw_and_after_another_seat(client: TestClient, game: str) -> None:
    n = 3
    g = create(client, ["human"] * n, game=game, seed=SEEDS[game])
    toks = tokens(g)
    gid = g["id"]
    spec = get_game(game)
    ref = spec.new_game(n, SEEDS[game], g["options"])
    index = 0
    seen = {"allowed": False, "drew": False, "other": False}
    pick = random.Random(3)
    for _ in range(400):
        if all(seen.values()) or ref.is_terminal():
            break
        seat = ref.current_player()
        good, bad = _undoable(ref, seat)
        if good is not None and not seen["allowed"]:
            before = {s: state_of(client, gid, toks[s])["view"] for s in range(n)}
            before[None] = state_of(client, gid)["view"]
            act(client, gid, toks[seat], index, good)
            probe = ref.clone()
            probe.apply(good)
            index += 1 + play_forced(probe)  # the forced steps after the move go back with it
            r = undo(client, gid, toks[seat], index)
            assert r.status_code == 200, r.text
            index = state_of(client, gid)["index"]
            for s in range(n):  # every seat sees exactly the game as it was before the move
                now = state_of(client, gid, toks[s])
                assert now["view"] == before[s] and now["index"] == index
            spectator = state_of(client, gid)
            assert spectator["view"] == before[None]
            name = ref.player_name(seat)
            assert spectator["undone"][-1]["text"].startswith(f"{name} took back “")
            seen["allowed"] = True
            continue
        if bad is not None and not seen["drew"]:
            act(client, gid, toks[seat], index, bad)
            ref.apply(bad)
            index += 1 + play_forced(ref)
            r = undo(client, gid, toks[seat], index)
            assert r.status_code == 409 and error_code(r) == "undo_refused"
            msg = r.json()["error"]["message"]
            assert msg.startswith("You cannot take back a move now: you ") and msg.endswith(" since."), msg
            assert state_of(client, gid)["index"] == index  # nothing changed
            seen["drew"] = True
            continue
        a = pick.choice(ref.legal_actions())
        act(client, gid, toks[seat], index, a)
        ref.apply(a)
        index += 1 + play_forced(ref)
        now = ref.current_player()
        if seen["allowed"] and not seen["other"] and ref.history and now != seat and not ref.is_terminal():
            # the seat that just moved asks, then the next seat moves reversibly and the first asks on its turn
            r = undo(client, gid, toks[seat], index)
            assert r.status_code == 409
            assert r.json()["error"]["message"] == (f"You cannot take back a move now: it is "
                                                    f"{ref.player_name(now)}'s turn, not yours.")
            seen["other"] = True
    assert all(seen.values()), seen
    # a spectator, a stale index and a bad token are refused too
    assert error_code(undo(client, gid, None, index)) == "bad_token"
    assert error_code(undo(client, gid, toks[ref.current_player()], index - 1)) == "stale_index"


def test_undo_refused_after_another_seat_moved_names_that_seat(client: TestClient) -> None:
    g = create(client, ["human"] * 3, game="catan", seed=5)
    toks = tokens(g)
    gid = g["id"]
    ref = get_game("catan").new_game(3, 5, g["options"])
    first = ref.current_player()
    for i in range(3):  # settlement, road (the turn passes), then the next seat's settlement
        seat = ref.current_player()
        a = ref.legal_actions()[0]
        act(client, gid, toks[seat], i, a)
        ref.apply(a)
    second = ref.current_player()
    r = undo(client, gid, toks[second], 3)
    assert r.status_code == 200
    r = undo(client, gid, toks[second], 4)
    assert r.status_code == 409
    assert r.json()["error"]["message"] == (f"You cannot take back a move now: you have not moved since "
                                            f"{ref.player_name(first)} did, so there is nothing to take back.")


def test_record_and_replay_agree_with_the_live_game_after_undos(client: TestClient) -> None:
    g = create(client, ["human"] * 3, game="great-fire", seed=4, takeover_after=1)
    toks = tokens(g)
    gid = g["id"]
    pick = random.Random(1)
    taken = 0
    with contextlib.ExitStack() as stack:  # the players are here while they play (so no seat goes to a bot)
        for s in range(3):
            ws = stack.enter_context(client.websocket_connect(f"/ws/games/{gid}"))
            ws.send_json({"type": "hello", "token": toks[s]})
            assert ws.receive_json()["type"] == "state"
        for _ in range(60):
            st = state_of(client, gid)
            tok = toks[st["current_player"]]
            mine = state_of(client, gid, tok)
            offer = mine["undo"]
            if offer and offer["allowed"] and pick.random() < 0.4:
                assert undo(client, gid, tok, mine["index"]).status_code == 200
                taken += 1
                continue
            act(client, gid, tok, mine["index"], pick.choice(mine["legal"])["id"])
    # everyone leaves: each seat goes to a bot when its turn comes, and the bots finish the game
    end = time.time() + 90
    while not state_of(client, gid)["terminal"]:
        assert time.time() < end, "the bots did not finish the game"
        time.sleep(0.2)
    assert taken > 0
    live = state_of(client, gid)
    assert live["terminal"]
    data = client.get(f"/api/games/{gid}/log").json()
    assert sum(1 for m in data["moves"] if m.get("undo")) == taken
    state = replay(GameRecord.from_json(data))
    assert state.scores() == live["scores"] and state.winners() == live["winners"]
    total = len(data["actions"])
    rp = client.get(f"/api/games/{gid}/replay", params={"step": total, "seat": 0}).json()
    assert rp["total"] == total and rp["view"] == state.view(0)
    assert len(rp["undone"]) == taken and all("took back" in u["text"] for u in rp["undone"])
    # a restarted server (the cache rebuilt from the database) has the same game, take-backs included
    app = client.app
    app.state.manager.games.clear()
    again = state_of(client, gid)
    assert again["view"] == live["view"] and len(again["undone"]) == taken and again["index"] == live["index"]
