"""At the wire: no message to a seat or a spectator ever carries another seat's hidden information.

A whole Great Fire game (optional rule A, hidden colours, so colours are secret too) is played through
WebSockets; every message each client receives is recorded and then checked against a reference replay:
the view is exactly ``view(viewer)``, the log holds exactly the events that seat may see with the action texts
as that seat may read them, legal actions go only to the seat to act, and, spelled out for Great Fire, no
other seat's objectives, hand, tokens or hidden colour appears.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

from fastapi.testclient import TestClient

from firebreak.core import GameState, filter_events

from .helpers import Held, create, reference, tokens


def check_message(msg: dict[str, Any], viewer: int | None, ref: GameState, marks: list[int], actors: list[int]) -> None:
    assert msg["viewer"] == viewer
    assert msg["view"] == ref.view(viewer)
    json.dumps(msg)  # it is what went over the wire
    terminal = ref.is_terminal()
    if viewer is not None and not terminal and ref.current_player() == viewer:
        assert [a["id"] for a in msg["legal"]] == ref.legal_actions()
        assert msg["choices"] == [c.to_json() for c in ref.action_choices()]
    else:
        assert msg["legal"] == [] and msg["choices"] == []
    assert msg["names"] == [ref.player_name(s) for s in range(ref.num_players)]
    # the player strip and the action panel's question: this viewer's, from the game's hooks
    assert msg["strip"] == [s.to_json() for s in ref.seat_summaries(viewer)]
    assert msg["question"] == ref.question(viewer)
    for e in msg["entries"]:
        i = e["index"]
        events = ref.events[: marks[0]] if i < 0 else ref.events[marks[i] : marks[i + 1]]
        visible = filter_events(events, viewer)
        forced = [ev for ev in e["events"] if ev["kind"] == "forced"]  # a forced step's reason: its own seat only
        assert len(forced) <= 1 and all(
            viewer is not None and e["seat"] == viewer and ev["text"].startswith("Played for you: ") for ev in forced
        ), forced
        told = [ev for ev in e["events"] if ev["kind"] != "forced"]
        assert [{"kind": ev["kind"], "data": ev["data"]} for ev in told] == [
            {"kind": ev.kind, "data": ev.data} for ev in visible
        ]
        assert [ev["text"] for ev in told] == [ref.describe_event(ev) for ev in visible]
        if i >= 0:
            assert e["text"] == ref.action_text_for(ref.history[i], actors[i], viewer)
    # Great Fire, spelled out: what other seats hold stays theirs until the game is over.
    hidden = ref.options["hidden_colours"]
    for p in msg["view"]["players"]:
        if p["seat"] == viewer:
            continue
        assert "hand" not in p
        if not terminal:
            assert "objectives" not in p and "tokens" not in p
            if hidden:
                assert p["colour"] is None and "score" not in p
                # the strip shows a rival by pawn colour, with no score at all (the houses' score is the colour)
                facts = msg["strip"][p["seat"]]
                assert facts["score"] is None and facts["score_text"] == "score hidden"
                assert facts["colour_name"] == f"{p['pawn'].capitalize()} pawn"
        facts = msg["strip"][p["seat"]]  # a rival's hand and tokens as counts only
        assert [c["n"] for c in facts["counts"]] == [p["hand_size"], p["tokens_held"]]
    for e in msg["entries"]:
        for ev in e["events"]:
            if ev["kind"] in ("objectives_dealt", "hand_dealt", "card_seen", "token_seen") or (
                hidden and ev["kind"] == "colour_dealt"
            ):
                assert ev["data"]["player"] == viewer, ev
    if not terminal:
        assert "scores" not in msg and "score_sheet" not in msg and "seed" not in json.dumps(msg)


def test_no_message_in_a_whole_game_leaks_another_seats_hidden_information(sqlite_client: TestClient) -> None:
    client = sqlite_client
    g = create(client, ["human"] * 4, seed=11, options={"hidden_colours": True})
    toks = tokens(g)
    viewers: list[int | None] = [0, 1, 2, 3, None]
    ctxs = [client.websocket_connect(f"/ws/games/{g['id']}") for _ in viewers]
    socks = [c.__enter__() for c in ctxs]
    received: dict[int | None, list[dict[str, Any]]] = defaultdict(list)
    rng = random.Random(5)

    def recv(i: int) -> dict[str, Any]:
        while True:
            m = socks[i].receive_json()
            received[viewers[i]].append(m)
            if m["type"] != "seats":
                return m

    try:
        latest: dict[int, dict[str, Any]] = {}
        for i, v in enumerate(viewers):
            socks[i].send_json({"type": "hello", "token": toks[v] if v is not None else None})
            latest[i] = recv(i)
        while not latest[0]["terminal"]:
            actor = next(i for i in range(4) if latest[i]["your_turn"])
            socks[actor].send_json(
                {"type": "act", "index": latest[actor]["index"], "action": rng.choice(latest[actor]["legal"])["id"]}
            )
            for i in range(len(viewers)):
                latest[i] = recv(i)
                assert latest[i]["index"] == latest[0]["index"]
            assert recv(actor)["type"] == "ack"
    finally:
        for c in ctxs:
            c.__exit__(None, None, None)

    live = client.app.state.manager.games[g["id"]]
    history = live.state.history
    assert len(history) > 100
    # one message per viewer per move; a forced step goes with the move before it (see core.forced)
    assert check_all(received, g, history, seed=11) >= 5 * (len(history) - len(live.forced))


def check_all(
    received: dict[int | None, list[dict[str, Any]]], g: dict[str, Any], history: list[int], seed: int
) -> int:
    """Check every recorded message against a reference replay of ``history``; returns how many were checked."""
    by_index: dict[int, list[tuple[int | None, dict[str, Any]]]] = defaultdict(list)
    for viewer, msgs in received.items():
        held = Held()  # updates carry patches of the view and board: rebuilt as the client does, then checked
        for m in msgs:
            if m["type"] == "seats":
                assert set(m) == {"type", "seats"}
            elif m["type"] in ("state", "update"):
                held.read(m)
                by_index[m["index"]].append((viewer, m))
            else:
                assert m["type"] == "ack"
    ref = reference(g, [], seed=seed)
    marks, actors = [len(ref.events)], []
    checked = 0
    for idx in range(len(history) + 1):
        for viewer, m in by_index.get(idx, []):
            check_message(m, viewer, ref, marks, actors)
            checked += 1
        if idx < len(history):
            actors.append(ref.current_player())
            ref.apply(history[idx])
            marks.append(len(ref.events))
    assert ref.is_terminal()
    assert checked == sum(len(v) for v in by_index.values())
    return checked


def test_no_message_leaks_in_a_game_with_bots_either(sqlite_client: TestClient) -> None:
    """Seat 0 plays against two greedy bots (moving on the server) while a spectator watches."""
    client = sqlite_client
    g = create(client, ["human", "greedy", "random"], seed=4, options={"hidden_colours": True})
    received: dict[int | None, list[dict[str, Any]]] = defaultdict(list)
    rng = random.Random(1)
    with (
        client.websocket_connect(f"/ws/games/{g['id']}") as me,
        client.websocket_connect(f"/ws/games/{g['id']}") as spectator,
    ):
        me.send_json({"type": "hello", "token": tokens(g)[0]})
        spectator.send_json({"type": "hello"})
        while True:
            m = me.receive_json()
            received[0].append(m)
            if m["type"] in ("state", "update") and m["your_turn"]:
                me.send_json({"type": "act", "index": m["index"], "action": rng.choice(m["legal"])["id"]})
            if m.get("terminal"):
                break
        while True:
            m = spectator.receive_json()
            received[None].append(m)
            if m.get("terminal"):
                break
    history = client.app.state.manager.games[g["id"]].state.history
    assert check_all(received, g, history, seed=4) > len(history) // 2
