"""Taking back a move over the API: allowed within one's own turn for a move that drew and revealed nothing,
refused in words otherwise, stored as a take-back (the record and the replay agree with the live game), and never
showing anything hidden."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from firebreak.core import UNDO, GameRecord, get_game, replay
from firebreak.server import create_app
from firebreak.server.limits import Limits
from firebreak.server.undo import NOTES_KEPT, replay_notes, stored_take_backs

from .helpers import Held, create, error_code, play_forced, state_of, tokens

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


def _said(state, action: int, viewer: int | None) -> str:  # type: ignore[no-untyped-def]
    """The log's first sentence about ``action`` played now, as ``viewer`` reads it, without its full stop."""
    probe = state.clone()
    told = len(probe.events)
    probe.apply(action)
    seen = [e for e in probe.events[told:] if e.visible(viewer)]
    return probe.describe_event(seen[0]).strip().rstrip(".")


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
            button = state_of(client, gid, toks[seat])["undo"]["text"]  # the take-back button's words
            r = undo(client, gid, toks[seat], index)
            assert r.status_code == 200, r.text
            index = state_of(client, gid)["index"]
            for s in range(n):  # every seat sees exactly the game as it was before the move
                now = state_of(client, gid, toks[s])
                assert now["view"] == before[s] and now["index"] == index
            spectator = state_of(client, gid)
            assert spectator["view"] == before[None]
            name = ref.player_name(seat)
            assert spectator["undone"][-1]["text"] == f"{name} took back “{button}”."  # the note says what the
            assert button == _said(ref, good, None)  # button said: the log's sentence, not the action's code
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
            assert r.json()["error"]["message"] == (
                f"You cannot take back a move now: it is {ref.player_name(now)}'s turn, not yours."
            )
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
    assert r.json()["error"]["message"] == (
        f"You cannot take back a move now: you have not moved since "
        f"{ref.player_name(first)} did, so there is nothing to take back."
    )


def test_record_and_replay_agree_with_the_live_game_after_undos(client: TestClient) -> None:
    # 5 s, not 1: a seat whose player has not connected yet is away, and on a loaded machine opening the three
    # sockets can take over a second, so a bot could take seat 0 before its player arrives
    g = create(client, ["human"] * 3, game="great-fire", seed=4, takeover_after=5)
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
    end = time.time() + 120
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


def _lifted(url: str, **limits: Any) -> TestClient:
    """A server on ``url`` with the tests' generous limits and these ones."""
    base: dict[str, Any] = {
        name: 100000
        for name in (
            "games_per_minute",
            "open_games",
            "connecting_per_client",
            "sockets_per_seat",
            "spectator_sockets_per_client",
            "spectator_sockets_per_game",
            "actions_per_second",
            "messages_per_second",
            "state_reads_per_second",
            "record_reads_per_second",
        )
    }
    base["seeds_with_people"] = 1  # the tests replay known deals
    return TestClient(create_app(url, limits=Limits(**(base | limits))))


def _first_undoable(g: dict[str, Any], seed: int) -> tuple[Any, int, int]:
    """The reference game, its first seat and an action of that seat it may take back."""
    ref = get_game(g["game"]).new_game(g["num_players"], seed, g["options"])
    seat = ref.current_player()
    good, _ = _undoable(ref, seat)
    assert good is not None
    return ref, seat, good


def _follow(ws: Any, held: Held, log: list[dict[str, Any]], notes: list[dict[str, Any]], upto: int) -> list[int]:
    """Read a socket's game messages until one is at log index ``upto``, rebuilding the log, the notes, the view
    and the board as the page does; returns each message's size in bytes."""
    sizes = []
    while True:
        raw = ws.receive_text()
        m = json.loads(raw)
        if m["type"] not in ("state", "update"):
            continue
        sizes.append(len(raw.encode()))
        held.read(m)
        log[:] = [e for e in log if e["index"] < m["entries_from"]] + m["entries"]
        notes.extend(m["undone"])
        if m["index"] == upto:
            return sizes


def test_messages_and_the_kept_state_stay_small_after_many_take_backs(sqlite_url: str) -> None:
    """500 move and take-back pairs: every message a seat and a spectator get stays under a fixed bound (an
    update carries the new note only, never the list), the state a new client gets does not grow, the game keeps
    the latest notes only, and what the pages rebuild is the game as it stands."""
    pairs = 500
    with _lifted(sqlite_url, undos_per_turn=pairs) as client:
        g = create(client, ["human"] * 3, game="catan", seed=5)
        toks = tokens(g)
        gid = g["id"]
        ref, seat, good = _first_undoable(g, 5)
        fresh = len(client.get(f"/api/games/{gid}").content)
        with client.websocket_connect(f"/ws/games/{gid}") as me, client.websocket_connect(f"/ws/games/{gid}") as spy:
            me.send_json({"type": "hello", "token": toks[seat]})
            spy.send_json({"type": "hello"})
            follow = {ws: (Held(), [], []) for ws in (me, spy)}
            for ws, (held, log, notes) in follow.items():
                _follow(ws, held, log, notes, 0)
            sizes: list[list[int]] = []  # per 50 pairs
            index = 0
            for _ in range(pairs):
                act(client, gid, toks[seat], index, good)
                assert undo(client, gid, toks[seat], index + 1).status_code == 200
                index += 2
                if index % 100 == 0:  # (a socket's queue holds 1000 messages: read them as a page would)
                    sizes.append(
                        [n for ws, (held, log, notes) in follow.items() for n in _follow(ws, held, log, notes, index)]
                    )
            spectator = state_of(client, gid)
            mine = state_of(client, gid, toks[seat])
            for (held, log, notes), now in zip(follow.values(), (mine, spectator)):
                assert held.view == now["view"] and "<g".join(held.pieces) == now["svg"]
                assert log == now["entries"] and log[-1]["index"] == -1  # the set-up only: every move taken back
                assert len(notes) == pairs and notes[-1] == now["undone"][-1]
        live = client.app.state.manager.games[gid]
        assert live.undone_total == pairs and len(live.undone) == NOTES_KEPT
        assert len(spectator["undone"]) == NOTES_KEPT and spectator["undone_earlier"] == pairs - NOTES_KEPT
        assert spectator["undone"][-1]["text"] == f"{ref.player_name(seat)} took back “{_said(ref, good, None)}”."
        grown = len(json.dumps(spectator, ensure_ascii=False).encode()) - fresh
        first, last = max(sizes[0]), max(sizes[-1])
        print(f"largest update: {first} B in the first 50 pairs, {last} B in the last 50; the state grew by {grown} B")
        assert last <= first + 1000 and max(map(max, sizes)) < 64_000 and grown < 12_000


def test_take_backs_in_a_turn_are_capped_with_a_refusal_in_words(sqlite_url: str) -> None:
    """Over the cap a take-back is refused in words (HTTP and the page's offer), nothing changes, the cap holds
    after the server reloads the game, and the next turn starts afresh."""
    with _lifted(sqlite_url, undos_per_turn=3) as client:
        g = create(client, ["human"] * 3, game="catan", seed=5)
        toks = tokens(g)
        gid = g["id"]
        ref, seat, good = _first_undoable(g, 5)
        index = 0
        for _ in range(3):
            act(client, gid, toks[seat], index, good)
            assert undo(client, gid, toks[seat], index + 1).status_code == 200
            index += 2
        act(client, gid, toks[seat], index, good)
        index += 1
        words = "You cannot take back a move now: you have taken back 3 moves this turn, the most a turn allows."
        r = undo(client, gid, toks[seat], index)
        assert r.status_code == 409 and error_code(r) == "undo_refused" and r.json()["error"]["message"] == words
        offer = state_of(client, gid, toks[seat])["undo"]
        assert offer == {"allowed": False, "why": words}
        client.app.state.manager.games.clear()  # rebuilt from the stored log: the count is too
        r = undo(client, gid, toks[seat], index)
        assert r.status_code == 409 and r.json()["error"]["message"] == words
        assert state_of(client, gid)["index"] == index
        ref.apply(good)
        while ref.current_player() == seat:  # finish the turn
            a = ref.legal_actions()[0]
            act(client, gid, toks[seat], index, a)
            ref.apply(a)
            index += 1
        while ref.current_player() != seat:  # the others play theirs
            s = ref.current_player()
            a = ref.legal_actions()[0]
            act(client, gid, toks[s], index, a)
            ref.apply(a)
            index += 1
        good, _ = _undoable(ref, seat)  # a new turn: take-backs allowed again
        act(client, gid, toks[seat], index, good)
        assert undo(client, gid, toks[seat], index + 1).status_code == 200


def test_a_replay_lists_the_latest_take_backs_before_its_step_from_the_stored_log() -> None:
    spec = get_game("brigade")
    state = spec.new_game(2, 1, {})
    seat = state.current_player()
    first, _ = _undoable(state, seat)
    after = state.clone()
    after.apply(first)
    second, _ = _undoable(after, seat)
    assert first is not None and second is not None and after.current_player() == seat
    rows = [(first, seat), (UNDO, seat), (first, seat), (second, seat), (UNDO, seat), (UNDO, seat)]
    taken = stored_take_backs(spec.new_game(2, 1, {}), rows)
    assert [t[:3] for t in taken] == [(0, first, seat), (1, second, seat), (0, first, seat)]  # (where, action, seat)
    notes, earlier = replay_notes(state, taken, None, 1)
    assert [n["at"] for n in notes] == [0, 0] and earlier == 0  # the one at 1 comes after step 1
    # each note names the move as the log told it, not by the action's code
    said = spec.new_game(2, 1, {})
    told = len(said.events)
    said.apply(first)
    sentence = said.describe_event(said.events[told]).rstrip(".")
    assert notes[0]["text"] == f"{state.player_name(seat)} took back “{sentence}”."
    assert state.action_to_text(first) not in notes[0]["text"]
    many = [taken[0]] * (NOTES_KEPT + 7)
    notes, earlier = replay_notes(state, many, None, 2)
    assert len(notes) == NOTES_KEPT and earlier == 7
