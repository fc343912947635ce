"""A board variant on the server (`firebreak serve --variants DIR`): the lobby offers it, a game created from it is
played and drawn on its board (the example: the Fleet's bridges down), over HTTP and the WebSocket, and the board
stays with the game through a restart of the server, the replay, the record and a rematch (it is stored in the
game's options, so no migration is needed)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from fastapi.testclient import TestClient

from firebreak.core import replay
from firebreak.core.parameters import BOARD_KEY, board_hash
from firebreak.core.record import GameRecord
from firebreak.core.registry import load_all
from firebreak.core.variant import load_variants
from firebreak.games.great_fire.data import load_board
from firebreak.server import create_app

from .helpers import error_code, state_of, tokens
from .test_games import play_alone
from .test_variants import EXAMPLES, _create

BRIDGE = "Holborn Bridge"


@pytest.fixture
def variants() -> list[Any]:
    load_all()
    return load_variants(EXAMPLES)


def _app(db_url: str, variants: list[Any]) -> TestClient:
    return TestClient(create_app(db_url, variants=variants))


@pytest.fixture
def vclient(db_url: str, variants: list[Any]) -> Iterator[TestClient]:
    with _app(db_url, variants) as c:
        yield c


def _bridgeless(variants: list[Any]) -> Any:
    return next(v for v in variants if v.board is not None and v.game == "great-fire")


def test_the_lobby_offers_the_board_variant_and_its_game_is_drawn_on_its_board(
    vclient: TestClient, variants: list[Any]
) -> None:
    v = _bridgeless(variants)
    offered = {x["name"]: x for x in vclient.get("/api/catalog").json()["variants"]}
    assert offered[v.name]["board"] == "boards/great-fire-fleet-without-bridges.yaml"
    assert offered["Five action points"]["board"] is None
    r = _create(vclient, {"variant": v.hash})
    assert r.status_code == 201, r.text
    created = r.json()
    assert created["title"] == "Great Fire of London 1666 — Variant: The Fleet without bridges"
    assert created["options"][BOARD_KEY] == board_hash(v.board_data)  # listings name the board, not carry it
    page = state_of(vclient, created["id"], tokens(created)[0])
    assert page["view"]["board"] and BOARD_KEY not in page["view"]["options"]
    assert "Holborn" in page["svg"] and BRIDGE not in page["svg"] and 'data-link="HO>NE"' not in page["svg"]
    printed = _create(vclient, {}).json()
    assert BRIDGE in state_of(vclient, printed["id"], tokens(printed)[0])["svg"]
    with vclient.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.send_json({"type": "hello", "token": tokens(created)[0]})
        pushed = ws.receive_json()
        assert pushed["type"] == "state" and BRIDGE not in pushed["svg"] and "Holborn" in pushed["svg"]


def test_a_board_comes_only_with_an_offered_variant(vclient: TestClient) -> None:
    """(A whole board file is larger than a request may be; a small one is refused for what it is.)"""
    r = _create(vclient, {"options": {BOARD_KEY: {"format": 2, "districts": []}}})
    assert r.status_code == 422 and error_code(r) == "bad_options"


def test_the_board_survives_a_restart_and_goes_into_the_replay_the_record_and_the_rematch(
    db_url: str, variants: list[Any]
) -> None:
    v = _bridgeless(variants)
    with _app(db_url, variants) as client:
        created = _create(client, {"variant": v.hash}).json()
        game_id, tok = created["id"], tokens(created)[0]
        before = state_of(client, game_id, tok)
    with _app(db_url, variants) as client:  # the server restarted: the game is rebuilt from its stored row
        after = state_of(client, game_id, tok)
        assert after["svg"] == before["svg"] and BRIDGE not in after["svg"]
        assert client.app.state.storage.load_game(game_id).options[BOARD_KEY] == v.board_data
        play_alone(client, created)
        shown = client.get(f"/api/games/{game_id}/replay?step=40").json()
        assert BRIDGE not in shown["svg"] and shown["view"]["board"] == before["view"]["board"]
        record = client.get(f"/api/games/{game_id}/log").json()
        assert record["options"][BOARD_KEY] == v.board_data
        replayed = replay(GameRecord.from_json(record))
        assert replayed.is_terminal() and len(replayed.board.links) == len(load_board().links) - 2
        r = client.post(f"/api/games/{game_id}/rematch", json={"start": True}, headers={"X-Seat-Token": tok})
        assert r.status_code == 200, r.text
        again = r.json()
        new_id = again["id"]
        assert client.app.state.storage.load_game(new_id).options[BOARD_KEY] == v.board_data
        assert BRIDGE not in state_of(client, new_id)["svg"]
