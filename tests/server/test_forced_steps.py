"""Forced steps at the table: a decision with one possible answer is played by the server for the person whose
step it is, never asked (see ``firebreak.core.forced``), and the log tells that person why, in one line nobody else
is shown; taking back the move before it takes the forced step back too."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from firebreak.core import get_game
from firebreak.core.events import filter_events
from firebreak.core.forced import forced_choice, forced_line

from .helpers import create, play_forced, state_of, tokens


def _act(client: TestClient, gid: str, token: str, index: int, action: int) -> None:
    r = client.post(f"/api/games/{gid}/actions", json={"index": index, "action": action, "token": token})
    assert r.status_code == 200, r.text


def test_the_table_plays_forced_steps_and_tells_only_that_seat_why(sqlite_client: TestClient) -> None:
    client = sqlite_client
    g = create(client, ["human"] * 3, game="great-fire", seed=11)
    toks = tokens(g)
    gid = g["id"]
    ref = get_game("great-fire").new_game(3, 11, g["options"])
    pick = random.Random(5)
    lines: dict[int, tuple[int, str]] = {}  # position of each forced step -> (its seat, why)
    undone = False
    rows = 0  # rows of the log beyond the reference's history: the move taken back and its take-backs
    for _ in range(400):
        if ref.is_terminal() or (len(lines) >= 3 and undone and rows and len(ref.history) > 60):
            break
        seat = ref.current_player()
        mine = state_of(client, gid, toks[seat])
        assert mine["index"] == len(ref.history) + rows  # (a take-back is a row of the log)
        assert len(mine["choices"]) != 1, "a forced step was asked"
        a = pick.choice(ref.legal_actions())
        probe = ref.clone()
        probe.apply(a)
        if (
            not undone
            and probe.current_player() == seat
            and forced_choice(probe) is not None
            and probe.undo_refusal(seat) is None
        ):
            # a move followed by a forced step: Take back names the move and removes both
            before = ref.view(seat)
            _act(client, gid, toks[seat], mine["index"], a)
            after = state_of(client, gid, toks[seat])
            assert after["index"] > mine["index"] + 1  # the forced step was played
            said = [probe.describe_event(e) for e in filter_events(probe.events[len(ref.events) :], seat)]
            assert after["undo"]["allowed"] and after["undo"]["text"] == said[0].rstrip(".")  # the log's words
            assert "->" not in after["undo"]["text"]  # player words, not the action's code
            r = client.post(f"/api/games/{gid}/undo", json={"index": after["index"], "token": toks[seat]})
            assert r.status_code == 200, r.text
            back = state_of(client, gid, toks[seat])
            assert back["view"] == before and back["index"] == after["index"] + after["index"] - mine["index"]
            rows += back["index"] - mine["index"]
            undone = True
            continue
        _act(client, gid, toks[seat], mine["index"], a)
        ref.apply(a)
        while not ref.is_terminal() and (only := forced_choice(ref)) is not None:
            lines[len(ref.history)] = (ref.current_player(), forced_line(only))
            ref.apply(only.action)
    assert lines, "no forced step came up"
    assert undone, "no move followed by a forced step came up"
    for viewer in range(3):
        entries = {e["index"]: e for e in state_of(client, gid, toks[viewer])["entries"]}
        for at, (seat, why) in lines.items():
            said = [e["text"] for e in entries[at]["events"] if e["kind"] == "forced"]
            assert said == ([f"Played for you: {why}"] if viewer == seat else []), (viewer, at, said)
    assert all(
        "forced" not in [e["kind"] for e in entry["events"]] for entry in state_of(client, gid)["entries"]
    )  # a spectator is told nothing of it


def test_play_forced_mirrors_the_table(sqlite_client: TestClient) -> None:
    """The reference the other server tests keep (``helpers.play_forced``) plays exactly what the table plays."""
    client = sqlite_client
    g = create(client, ["human"] * 3, game="great-fire", seed=3)
    toks = tokens(g)
    ref = get_game("great-fire").new_game(3, 3, g["options"])
    pick = random.Random(2)
    for _ in range(120):
        if ref.is_terminal():
            break
        a = pick.choice(ref.legal_actions())
        _act(client, g["id"], toks[ref.current_player()], len(ref.history), a)
        ref.apply(a)
        play_forced(ref)
        assert state_of(client, g["id"])["view"] == ref.view(None)
