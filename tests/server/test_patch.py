"""Patches: updates carry only what changed on the SVG board and in the view, and a client rebuilds exactly the
board the server drew and the view it built for that seat at that point of the game."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from firebreak.server import patch
from firebreak.server.views import legal_pairs, render_board

from .helpers import Held, create, reference, tokens

pieces = st.lists(st.sampled_from(["a", "b", "c", "d", "rect x='1'/>", ""]), max_size=30)


@settings(max_examples=400, deadline=None)
@given(old=pieces, new=pieces)
def test_a_patch_turns_any_board_into_any_other(old: list[str], new: list[str]) -> None:
    ops = patch.diff(old, new)
    held = list(old)
    for at, delete, insert in ops:  # as game.js splices
        held[at : at + delete] = insert
    assert held == new
    assert patch.size(ops) <= sum(len(p) + 1 for p in new)


@settings(max_examples=300, deadline=None)
@given(
    old=st.recursive(
        st.integers(0, 3) | st.text("ab", max_size=2),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.sampled_from("xyz"), kids, max_size=3),
        max_leaves=12,
    ),
    new=st.recursive(
        st.integers(0, 3) | st.text("ab", max_size=2),
        lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.sampled_from("xyz"), kids, max_size=3),
        max_leaves=12,
    ),
)
def test_a_view_patch_turns_any_json_value_into_any_other(old: object, new: object) -> None:
    import copy

    assert patch.view_apply(copy.deepcopy(old), patch.view_diff(old, new)) == new


def test_a_small_change_makes_a_small_patch() -> None:
    old = [f"g id='d{i}'>" for i in range(500)]
    new = old[:100] + ["circle r='3'/>"] + old[100:300] + old[301:]  # one piece added, one removed
    new[400] = "g id='burning'>"
    ops = patch.diff(old, new)
    assert patch.apply(list(old), ops) == new
    assert patch.size(ops) < 60


def test_every_board_and_view_a_client_rebuilds_is_the_one_drawn_for_its_seat(sqlite_client: TestClient) -> None:
    """A player and a spectator follow a game against two bots; every board and view they rebuild from the
    patches equals the one drawn from the reference replay for that seat (with the player's clickable moves on
    their turn)."""
    client = sqlite_client
    g = create(client, ["human", "random", "random"], seed=8)
    rng = random.Random(3)
    received: dict[int | None, list[dict]] = {0: [], None: []}
    with (
        client.websocket_connect(f"/ws/games/{g['id']}") as me,
        client.websocket_connect(f"/ws/games/{g['id']}") as spectator,
    ):
        me.send_json({"type": "hello", "token": tokens(g)[0]})
        spectator.send_json({"type": "hello"})
        held = {0: Held(), None: Held()}
        for viewer, ws in ((0, me), (None, spectator)):
            while True:
                m = ws.receive_json()
                if m["type"] not in ("state", "update"):
                    continue
                held[viewer].read(m)
                received[viewer].append(m)
                if m["terminal"] or (viewer is None and len(received[None]) >= 60):
                    break
                if viewer == 0 and m["your_turn"]:
                    ws.send_json({"type": "act", "index": m["index"], "action": rng.choice(m["legal"])["id"]})
                if viewer == 0 and len(received[0]) >= 60:
                    break
    history = client.app.state.manager.games[g["id"]].state.history
    spec = reference(g, [], seed=8).spec
    patched = whole = 0
    for viewer, msgs in received.items():
        assert msgs[0]["type"] == "state" and "svg_patch" not in msgs[0]
        for m in msgs:
            ref = reference(g, history[: m["index"]], seed=8)
            mine = viewer is not None and not ref.is_terminal() and ref.current_player() == viewer
            assert m["svg"] == render_board(spec, ref.view(viewer), legal_pairs(ref) if mine else [])[0]
            assert m["view"] == ref.view(viewer)
            assert m["type"] == "state" or "view_patch" in m
            patched += "svg_patch" in m
            whole += m["type"] == "update" and "svg_patch" not in m
    assert patched > 40 and patched > 5 * whole  # updates are patches, bar the odd sweeping change
